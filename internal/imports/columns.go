package imports

import "fmt"

// Columns is the declared template of a kind: each column's key, label,
// dictionary, personal kind and the input field it fills. The cell readers
// below fill an input from a row by these declarations.
type Columns []Column

// Get is the column of key (a bare column named key when undeclared).
func (cs Columns) Get(key string) Column {
	for _, c := range cs {
		if c.Key == key {
			return c
		}
	}
	return Column{Key: key, Label: key}
}

// keyOf is the column a save-path error's input field is shown on: the
// column whose Field or Key is field, "" (the row as a whole) for none.
func (cs Columns) keyOf(field string) string {
	if field == "" {
		return ""
	}
	for _, c := range cs {
		if c.Field == field {
			return c.Key
		}
	}
	for _, c := range cs {
		if c.Key == field {
			return c.Key
		}
	}
	return ""
}

// Text copies the cell of key into dst when the file has the column (a
// column left out keeps the live record's value; an empty cell clears it).
func (r *Row) Text(key string, dst *string) {
	if r.Has(key) {
		*dst = r.Cells[key]
	}
}

// Ref reads the cell of column key, a record named by its code or name,
// into dst when the file has the column (a column left out keeps the live
// record's value): an empty cell clears it, any other text find resolves
// to an id or says why it cannot, which fails the cell.
func (r *Row) Ref(key string, dst **int64, find func(text string) (id int64, problem string)) {
	if !r.Has(key) {
		return
	}
	*dst = nil
	text := r.Cells[key]
	if text == "" {
		return
	}
	id, problem := find(text)
	if problem != "" {
		r.Fail(key, problem)
		return
	}
	*dst = &id
}

// Named resolves name to the one record of ids bearing it (names may
// repeat where codes do not): none fails with missing, several with the
// format several of their count and the name.
func Named(ids []int64, name, missing, several string) (int64, string) {
	switch len(ids) {
	case 1:
		return ids[0], ""
	case 0:
		return 0, missing
	}
	return 0, fmt.Sprintf(several, len(ids), name)
}

// Dict reads the dictionary cell of column key into dst (the item's value),
// failing the cell when its text is not in the column's dictionary.
func (cs Columns) Dict(r *Row, d *Dicts, key string, dst *string) {
	if r.Has(key) {
		*dst = d.Cell(r, cs.Get(key))
	}
}

// Date reads the date cell of column key into dst (date.ParseLoose),
// failing the cell when its text is not a date.
func (cs Columns) Date(r *Row, key string, dst *string) {
	if r.Has(key) {
		*dst = DateCell(r, cs.Get(key))
	}
}

// Dicts maps the key of each dictionary column to its dictionary (what
// record.DictUses reads a model's dictionary columns by).
func (cs Columns) Dicts() map[string]string {
	out := map[string]string{}
	for _, c := range cs {
		if c.Dict != "" {
			out[c.Key] = c.Dict
		}
	}
	return out
}
