package record

import (
	"reflect"
	"sort"
	"strings"
	"unicode"

	"zhdj/internal/platform/module"
)

// DictUses are the columns of the decl's dictionary fields in the table of
// model (a bun model, e.g. (*Member)(nil)): what the module descriptor
// declares as its dictionary uses.
func (d *Decl) DictUses(model any) []module.DictUse {
	dicts := map[string]string{}
	for _, f := range d.Fields {
		if f.Dict != "" {
			dicts[f.Name] = f.Dict
		}
	}
	return DictUses(model, dicts)
}

// DictUses are the columns of model's table (a bun model) holding the
// dictionaries of fields (a field's name → its dictionary), found by the
// field's JSON name or, failing that, by its name as a column
// (educationLevel → education_level). A field the model lacks is a
// programming error, which the module's tests hit.
func DictUses(model any, fields map[string]string) []module.DictUse {
	t := reflect.TypeOf(model)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	table, columns := bunTable(t)
	out := make([]module.DictUse, 0, len(fields))
	for name, dict := range fields {
		col, ok := columns.byJSON[name]
		if !ok {
			col, ok = snake(name), columns.all[snake(name)]
		}
		if !ok || table == "" {
			panic("record: " + t.String() + " has no column for dictionary field " + name)
		}
		out = append(out, module.DictUse{Dict: dict, Table: table, Column: col})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Column < out[j].Column })
	return out
}

type modelColumns struct {
	byJSON map[string]string // JSON name → column
	all    map[string]bool
}

// bunTable reads the table name and the columns of a bun model type,
// embedded structs included.
func bunTable(t reflect.Type) (string, modelColumns) {
	cols := modelColumns{byJSON: map[string]string{}, all: map[string]bool{}}
	var table string
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := range t.NumField() {
			f := t.Field(i)
			tag, _, _ := strings.Cut(f.Tag.Get("bun"), ",")
			switch {
			case f.Type.Name() == "BaseModel":
				table = strings.TrimPrefix(strings.Split(f.Tag.Get("bun"), ",")[0], "table:")
			case f.Anonymous && f.Type.Kind() == reflect.Struct && (tag == "" || tag == "extend"):
				walk(f.Type)
			case f.IsExported() && tag != "" && tag != "-":
				cols.all[tag] = true
				if j, _, _ := strings.Cut(f.Tag.Get("json"), ","); j != "" && j != "-" {
					cols.byJSON[j] = tag
				}
			}
		}
	}
	walk(t)
	return table, cols
}

// snake is a camelCase name as a column: educationLevel → education_level.
func snake(name string) string {
	var b strings.Builder
	for i, r := range name {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
