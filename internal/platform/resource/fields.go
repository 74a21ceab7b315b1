package resource

import (
	"reflect"
	"strings"
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
	// Ref is an int64 id of a row of Field.Table, shown by that row's name.
	Ref
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

// jsonField is the field of struct value v (or of a struct it embeds) whose
// JSON name is name. A name the type lacks is a programming error.
func jsonField(v reflect.Value, name string) reflect.Value {
	if f, ok := findJSON(v, name); ok {
		return f
	}
	panic("resource: " + v.Type().String() + " has no JSON field " + name)
}

func findJSON(v reflect.Value, name string) (reflect.Value, bool) {
	t := v.Type()
	for i := range t.NumField() {
		sf := t.Field(i)
		tag, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if sf.Anonymous && tag == "" && sf.Type.Kind() == reflect.Struct {
			if f, ok := findJSON(v.Field(i), name); ok {
				return f, true
			}
		} else if sf.IsExported() && tag == name {
			return v.Field(i), true
		}
	}
	return reflect.Value{}, false
}

// of is field f of record m.
func of[M any](m *M, f Field) reflect.Value { return jsonField(reflect.ValueOf(m).Elem(), f.Name) }
