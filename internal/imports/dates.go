package imports

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// DateLayout is how a parsed date is returned.
const DateLayout = "2006-01-02"

var (
	datePattern   = regexp.MustCompile(`^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$`)
	compactDate   = regexp.MustCompile(`^(\d{4})(\d{2})(\d{2})$`)
	serialPattern = regexp.MustCompile(`^\d{5}(\.\d+)?$`) // 10000 = 1927-05-18: shorter numbers are no dates
)

// excelEpoch is day 0 of Excel's 1900 date system (serial 60, the
// non-existent 1900-02-29, is why it is the 30th and not the 31st).
var excelEpoch = time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)

// ParseDate reads a date as people type it in a workbook: 2024-03-01,
// 2024-3-1, 2024/3/1, 2024.03.01, 2024年3月1日, 20240301, an Excel serial
// number of five digits (a cell formatted as a date), each optionally followed by a time
// of day. It returns "2006-01-02"; "" is no date; ok is false for anything else.
func ParseDate(s string) (date string, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", true
	}
	if i := strings.IndexAny(s, " T"); i > 0 { // a time of day after the date
		s = s[:i]
	}
	var y, m, d int
	switch {
	case datePattern.MatchString(s):
		p := datePattern.FindStringSubmatch(s)
		y, m, d = atoi(p[1]), atoi(p[2]), atoi(p[3])
	case compactDate.MatchString(s):
		p := compactDate.FindStringSubmatch(s)
		y, m, d = atoi(p[1]), atoi(p[2]), atoi(p[3])
	case serialPattern.MatchString(s):
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f < 1 {
			return "", false
		}
		return excelEpoch.AddDate(0, 0, int(f)).Format(DateLayout), true
	default:
		return "", false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if y < 1900 || t.Year() != y || int(t.Month()) != m || t.Day() != d { // 2023-02-30 does not exist
		return "", false
	}
	return t.Format(DateLayout), true
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
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
