package resource

import (
	"cmp"
	"context"
	"reflect"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/record"
)

// Decl is the record's trail declaration: every field under its trail name
// and label, a Code shown by its dictionary's label.
func (fs Fields[M]) Decl(module int, noun string) *record.Decl {
	d := &record.Decl{Module: module, Noun: noun}
	for _, f := range fs {
		if f.Kind == Code {
			d.Fields = append(d.Fields, record.Dict(f.key(), f.Label, f.Dict))
		} else {
			d.Fields = append(d.Fields, record.Text(f.key(), f.Label))
		}
	}
	return d
}

// TrailView is the raw trail view of m (Resource.TrailView): the values as
// stored, a Ref by its row's name read through idb.
func (fs Fields[M]) TrailView(ctx context.Context, idb bun.IDB, m *M) (map[string]string, error) {
	var failed error
	out := fs.RawView(m, func(f Field, id *int64) string {
		name, err := record.NameOf(ctx, idb, f.Table, "name", id)
		failed = cmp.Or(failed, err)
		return name
	})
	return out, failed
}

// RawView is the raw trail view of m with each Ref's name given by name (an
// import that read the names it needs at once): the values as stored, an
// Int by its digits, a List joined, a field with Trail by its text.
func (fs Fields[M]) RawView(m *M, name func(f Field, id *int64) string) map[string]string {
	out := make(map[string]string, len(fs))
	for _, f := range fs {
		v := of(m, f)
		switch {
		case f.Kind == Ref:
			out[f.key()] = name(f, refID(v))
		case f.Trail != nil:
			out[f.key()] = f.Trail(v.Interface())
		default:
			out[f.key()] = text(v)
		}
	}
	return out
}

// Shows fills the labels of a view V of the record (Resource.Show): each
// Code field with a Shown field gets its dictionary label there.
func Shows[V, M any](fs Fields[M]) func(v *V, label audit.Labeller) {
	return func(v *V, label audit.Labeller) {
		rv := reflect.ValueOf(v).Elem()
		for _, f := range fs {
			if f.Kind == Code && f.Shown != "" {
				jsonField(rv, f.Shown).SetString(label(f.Dict, jsonField(rv, f.Name).String()))
			}
		}
	}
}

// Columns are the export columns of the fields with a width, each showing
// what the list shows: the Shown field when there is one, else the value.
func Columns[V, M any](fs Fields[M]) []Column[V] {
	var out []Column[V]
	for _, f := range fs {
		if f.Export == 0 {
			continue
		}
		name := f.Name
		if f.Shown != "" {
			name = f.Shown
		}
		out = append(out, Column[V]{Header: or(f.Header, f.Label), Width: f.Export, Cell: func(v *V) any {
			return cell(jsonField(reflect.ValueOf(v).Elem(), name))
		}})
	}
	return out
}

// cell is a view's value as an export cell: text as a plain string.
func cell(v reflect.Value) any {
	switch v.Kind() {
	case reflect.String, reflect.Int64, reflect.Int, reflect.Slice:
		return text(v)
	}
	return v.Interface()
}

// text is a string, integer or list value as text.
func text(v reflect.Value) string {
	switch v.Kind() {
	case reflect.String:
		return v.String()
	case reflect.Slice:
		items := make([]string, v.Len())
		for i := range items {
			items[i] = v.Index(i).String()
		}
		return strings.Join(items, "、")
	}
	return strconv.FormatInt(v.Int(), 10)
}
