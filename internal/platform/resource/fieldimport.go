package resource

import (
	"slices"

	"zhdj/internal/imports"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/record"
)

// dateNote explains a date column in the import template.
const dateNote = "日期如 2024-03-01、2024/3/1 或 2024.03.01"

// ImportColumns is the import template: a column per field (but Fixed
// and List ones), keyed by its trail name, required as the field is; a Ref's errors
// (on its Name) are shown on its column.
func (fs Fields[M]) ImportColumns() imports.Columns {
	out := make(imports.Columns, 0, len(fs))
	for _, f := range fs {
		if !f.imported() {
			continue
		}
		c := imports.Column{Key: f.key(), Label: or(f.Column, f.Label), Required: f.Required, Example: f.Example, Note: f.Note}
		if f.Kind == Code {
			c.Dict = f.Dict
		}
		if f.Kind == Day && c.Note == "" {
			c.Note = dateNote
		}
		if f.key() != f.Name {
			c.Field = f.Name
		}
		out = append(out, c)
	}
	return out
}

// imported tells whether the import template has a column for f.
func (f Field) imported() bool { return !f.Fixed && f.Kind != List }

// RefCell resolves a Ref column's cell of a row into an id, failing the
// cell when it names none (org.OrgCells.Cell).
type RefCell func(r *imports.Row, key string) (int64, bool)

// Read fills m from the cells of row r: texts as typed, a code from its
// label or value (dicts), a date as people type it, a Ref through ref (with
// ref nil, and for an Int, the module reads the column itself). A bad cell
// fails on its column; a column the file lacks leaves the field.
func (fs Fields[M]) Read(r *imports.Row, dicts *imports.Dicts, ref RefCell, m *M) {
	cols := fs.ImportColumns()
	for _, f := range fs {
		if !f.imported() {
			continue
		}
		col := cols[slices.IndexFunc(cols, func(c imports.Column) bool { return c.Key == f.key() })]
		v, key := of(m, f), f.key()
		switch {
		case f.Kind == Ref && ref != nil:
			id, _ := ref(r, key)
			v.SetInt(id)
		case f.Kind == Ref || f.Kind == Int || !r.Has(key):
		case f.Kind == Code:
			v.SetString(dicts.Cell(r, col))
		case f.Kind == Day:
			v.SetString(imports.DateCell(r, col))
		default:
			v.SetString(r.Cells[key])
		}
	}
}

// ReadNew validates import rows that are each a new record: it reads a row
// into an M, runs check on it (the save path's checks) and leaves the
// record to insert in Row.Data, or the errors on their columns.
func (fs Fields[M]) ReadNew(rows []*imports.Row, dicts *imports.Dicts, ref RefCell, check func(M) (M, error)) {
	cols := fs.ImportColumns()
	for _, r := range rows {
		var m M
		if fs.Read(r, dicts, ref, &m); len(r.Errors) > 0 {
			continue
		}
		m, err := check(m)
		if err != nil {
			cols.FailErr(r, err)
			continue
		}
		r.Status, r.Data = imports.StatusNew, m
	}
}

// Dicts are the dictionaries of the Code fields (to load for an import).
func (fs Fields[M]) Dicts() []string {
	var out []string
	for _, f := range fs {
		if f.Kind == Code {
			out = append(out, f.Dict)
		}
	}
	return out
}

// DictUses are the columns of M's table holding the codes of the fields'
// dictionaries (the module descriptor's Dicts).
func (fs Fields[M]) DictUses() []module.DictUse {
	dicts := map[string]string{}
	for _, f := range fs {
		if f.Kind == Code {
			dicts[f.Name] = f.Dict
		}
	}
	return record.DictUses((*M)(nil), dicts)
}
