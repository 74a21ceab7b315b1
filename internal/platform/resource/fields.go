package resource

import (
	"reflect"
	"slices"
	"strings"
	"sync"
)

// Kind is how a declared field is kept, checked, shown and imported.
type Kind int

const (
	// Text is a string, trimmed; Required and Max bound it.
	Text Kind = iota
	// Code is a code of dictionary Field.Dict, shown by its label.
	Code
	// Day is a date.Date ("YYYY-MM-DD"); NotFuture refuses one after today.
	Day
	// Ref is an int64 id (or *int64, nil for none) of a row of Field.Table,
	// shown by that row's name.
	Ref
	// Int is an int (an order), shown by its digits; no generic check.
	Int
	// List is a list of texts ([]string or a type of it), shown joined by
	// "、"; the module checks it and the import leaves it.
	List
)

// Field declares one field of a resource's record once, for everything that
// names it: the trail (Decl, TrailView), the export (Columns), the view's
// labels (Shows), the import template and reading (ImportColumns, Read) and
// the generic checks (Check). Name is the record's JSON name, which is also
// the trail field and the import column key, except for a Ref, whose trail
// field and column are Key (the name it is shown by: "org" for "orgId").
type Field struct {
	Name, Label string
	Kind        Kind
	Required    bool
	Max         int    // Text: at most Max characters (0: unbounded)
	Dict        string // Code: the dictionary
	NotFuture   bool   // Day: not after today
	Table       string // Ref: the table whose name column shows the id
	Key         string // Ref: the trail field and import column key
	// Shown is the JSON name of the view's field showing the value: a Code's
	// label (filled by Shows), a Ref's name (joined by the resource).
	Shown string
	// Export is the field's column width in the export; 0 leaves it out.
	Export float64
	// Example and Note explain the import template's column.
	Example, Note string
	// Chars: a Required text's Max counts the characters of a code (the
	// message says 个字符, record.RequiredCode). A Required text without a
	// Max is only asked for (请输入…): its Valid bounds it.
	Chars bool
	// Valid is a Text's format check after its length (record.ContactPhone),
	// or a Day's check of the text sent before the kit parses it (a record
	// whose messages word a malformed date otherwise).
	Valid func(field, label, v string) error
	// Trail is the trail's text of a value people read otherwise than it is
	// stored (a count with its unit, a status by its name); the export
	// shows the value (or Shown) still.
	Trail func(v any) string
	// Fixed is a field the record's operations set (a revocation), not its
	// form: no generic check, no import column.
	Fixed bool
	// Where a record's older wording names the field otherwise than Label
	// (the trail's): Asks in the checks' messages, Header in the export,
	// Column in the import template.
	Asks, Header, Column string
}

// Fields is the declared field list of record type M, in the form's order.
type Fields[M any] []Field

// key is the trail field and import column of f.
func (f Field) key() string {
	if f.Key != "" {
		return f.Key
	}
	return f.Name
}

// asks is the label the checks' messages name f by.
func (f Field) asks() string { return or(f.Asks, f.Label) }

// or is s, or else if s is empty.
func or(s, otherwise string) string {
	if s != "" {
		return s
	}
	return otherwise
}

// In is the fields named (their JSON names), in that order: an import
// template or an export whose layout is older than the declaration keeps
// its columns and their order. A name the list lacks is a programming error.
func (fs Fields[M]) In(names ...string) Fields[M] {
	out := make(Fields[M], 0, len(names))
	for _, n := range names {
		i := slices.IndexFunc(fs, func(f Field) bool { return f.Name == n })
		if i < 0 {
			panic("resource: no declared field " + n)
		}
		out = append(out, fs[i])
	}
	return out
}

// jsonField is the field of struct value v (or of a struct it embeds) whose
// JSON name is name. A name the type lacks is a programming error.
func jsonField(v reflect.Value, name string) reflect.Value {
	if f, ok := findJSON(v, name); ok {
		return f
	}
	panic("resource: " + v.Type().String() + " has no JSON field " + name)
}

// jsonPaths are the field index paths of a struct type by JSON name, built once
// per type: a record's save, trail, check and every shown list row look its
// declared fields up by name, and scanning the struct's tags for each lookup
// was about 7% of the CPU of seeding the demo's 600 cadres.
var jsonPaths sync.Map // reflect.Type → map[string][]int

func findJSON(v reflect.Value, name string) (reflect.Value, bool) {
	t := v.Type()
	paths, ok := jsonPaths.Load(t)
	if !ok {
		m := map[string][]int{}
		indexJSON(t, nil, m)
		paths, _ = jsonPaths.LoadOrStore(t, m)
	}
	path, ok := paths.(map[string][]int)[name]
	if !ok {
		return reflect.Value{}, false
	}
	return v.FieldByIndex(path), true
}

// indexJSON adds the JSON names of t's exported fields to m, those of embedded
// untagged structs included, each at its first place in declaration order (a
// depth-first walk): the field a scan of the tags in that order finds first.
func indexJSON(t reflect.Type, at []int, m map[string][]int) {
	for i := range t.NumField() {
		sf := t.Field(i)
		tag, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		path := append(slices.Clip(at), i)
		if sf.Anonymous && tag == "" && sf.Type.Kind() == reflect.Struct {
			indexJSON(sf.Type, path, m)
		} else if _, seen := m[tag]; sf.IsExported() && !seen {
			m[tag] = path
		}
	}
}

// refID is a Ref field's id (nil for none), of an int64 or a *int64.
func refID(v reflect.Value) *int64 {
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	id := v.Int()
	return &id
}

// of is field f of record m.
func of[M any](m *M, f Field) reflect.Value { return jsonField(reflect.ValueOf(m).Elem(), f.Name) }
