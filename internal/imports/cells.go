package imports

import "zhdj/internal/platform/date"

// Enum reads the cell of column key, one of a fixed list of names (values
// maps each name people may type to its value): the value, or "" with the
// cell failed with bad when the text (or an empty cell) names none.
func (r *Row) Enum(key string, values map[string]string, bad string) string {
	v, ok := values[r.Cells[key]]
	if !ok {
		r.Fail(key, bad)
	}
	return v
}

// Require fails each cell of keys that is empty: 请填写<列名>.
func (cs Columns) Require(r *Row, keys ...string) {
	for _, key := range keys {
		if r.Cells[key] == "" {
			r.Fail(key, "请填写"+cs.Get(key).Label)
		}
	}
}

// Dates reads the date cells of keys (DateCell) by key: an empty or bad
// cell is no date, a bad one failed.
func (cs Columns) Dates(r *Row, keys ...string) map[string]date.Date {
	out := make(map[string]date.Date, len(keys))
	for _, key := range keys {
		out[key] = date.Date(DateCell(r, cs.Get(key)))
	}
	return out
}
