package imports

import (
	"fmt"

	"zhdj/internal/platform/date"
)

// DateLayout is how a parsed date is returned.
const DateLayout = date.Layout

// ParseDate reads a date as people type it in a workbook (date.ParseLoose)
// and returns "2006-01-02"; "" is no date; ok is false for anything else.
func ParseDate(s string) (string, bool) {
	d, ok := date.ParseLoose(s)
	return string(d), ok
}

// DateCell reads the date cell of column c: the date, or "" with a cell
// error when the text is not a date.
func DateCell(r *Row, c Column) string {
	v, ok := ParseDate(r.Cells[c.Key])
	if !ok {
		r.Fail(c.Key, fmt.Sprintf("「%s」不是有效的%s，请填写如 2024-03-01 的日期", r.Cells[c.Key], c.Label))
		return ""
	}
	return v
}
