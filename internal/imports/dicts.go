package imports

import (
	"context"
	"fmt"
	"strings"

	"zhdj/internal/system"
)

// Dicts turns the dictionary labels typed in a file into values. It is
// loaded once per validation; a cell may hold an item's label or its value.
type Dicts struct{ byName map[string]*dictItems }

type dictItems struct {
	valueOf map[string]string // label → value
	labelOf map[string]string // value → label
	labels  []string          // in the dictionary's order
}

// LoadDicts reads the items of the named dictionaries in one query. A
// disabled item is read too (a row may keep the value its record holds)
// but not offered: the row's save-path check (record.DictValue) refuses it
// for a new record or a changed value, as a form's does.
func LoadDicts(ctx context.Context, sys *system.Service, names ...string) (*Dicts, error) {
	opts, err := sys.DictItems(ctx, names)
	if err != nil {
		return nil, err
	}
	return NewDicts(opts), nil
}

// NewDicts builds Dicts from dictionary options keyed by dictionary name.
func NewDicts(opts map[string][]system.DictOption) *Dicts {
	d := &Dicts{byName: make(map[string]*dictItems, len(opts))}
	for name, items := range opts {
		di := &dictItems{valueOf: map[string]string{}, labelOf: map[string]string{}}
		// Enabled items first: a label a disabled item shares names the enabled one.
		for _, disabled := range []bool{false, true} {
			for _, it := range items {
				if it.Disabled != disabled {
					continue
				}
				if _, dup := di.valueOf[it.Label]; !dup {
					di.valueOf[it.Label] = it.Value
					if !disabled {
						di.labels = append(di.labels, it.Label)
					}
				}
				di.labelOf[it.Value] = it.Label
			}
		}
		d.byName[name] = di
	}
	return d
}

// Value is the value of text in dict: text is a label or a value; "" is
// no value. ok is false for text the dictionary does not hold.
func (d *Dicts) Value(dict, text string) (value string, ok bool) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", true
	}
	di := d.byName[dict]
	if di == nil {
		return "", false
	}
	if v, ok := di.valueOf[text]; ok {
		return v, true
	}
	if _, ok := di.labelOf[text]; ok {
		return text, true
	}
	return "", false
}

// Label is the label of value in dict (value itself when unknown).
func (d *Dicts) Label(dict, value string) string {
	if di := d.byName[dict]; di != nil {
		if l, ok := di.labelOf[value]; ok {
			return l
		}
	}
	return value
}

// Labels are the labels of dict a file may choose (its enabled items), in
// its order.
func (d *Dicts) Labels(dict string) []string {
	if di := d.byName[dict]; di != nil {
		return di.labels
	}
	return nil
}

// maxListed bounds the labels an error message lists.
const maxListed = 12

// Cell reads the dictionary cell of column c from r: the value, or "" with
// a cell error 「xxx」不是有效的<列名>，可选：… when the text is not a label
// (or value) of the column's dictionary.
func (d *Dicts) Cell(r *Row, c Column) string {
	text := r.Cells[c.Key]
	v, ok := d.Value(c.Dict, text)
	if !ok {
		r.Fail(c.Key, d.unknown(c, text))
		return ""
	}
	return v
}

func (d *Dicts) unknown(c Column, text string) string {
	labels := d.Labels(c.Dict)
	list := strings.Join(labels, "、")
	if len(labels) > maxListed {
		list = strings.Join(labels[:maxListed], "、") + fmt.Sprintf(" 等 %d 项（见模板“填写说明”）", len(labels))
	}
	return fmt.Sprintf("「%s」不是有效的%s，可选：%s", text, c.Label, list)
}
