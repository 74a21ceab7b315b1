// Package date is the one calendar-date type of the house: birth dates,
// founding dates, term ends, 入党 dates. A Date travels as "2006-01-02" in
// JSON, is stored in a DATE column on both databases, and the empty Date is
// NULL / null. Workbook text ("2024年3月1日", Excel serials) is read by
// ParseLoose; forms and query strings by Parse.
package date

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Layout is how dates travel and are stored.
const Layout = "2006-01-02"

// China is UTC+8, the zone whose calendar day "today" and a timestamp's date
// mean for a Chinese university whatever the server's TZ is.
var China = time.FixedZone("CST", 8*3600)

// Date is a calendar date "2006-01-02"; "" is no date.
type Date string

// Parse reads a date sent by a form or a query string: "2006-01-02", also
// with a time of day ("2006-01-02 15:04:05"), or RFC 3339, whose calendar
// day in China is taken. "" is no date; ok is false for anything else.
func Parse(s string) (Date, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", true
	}
	if t, err := time.Parse(Layout, s); err == nil {
		return Of(t), true
	}
	if t, err := time.Parse("2006-01-02 15:04:05", s); err == nil {
		return Of(t), true
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return Of(t.In(China)), true
	}
	return "", false
}

// MustParse is Parse for literals in code and tests; it panics on bad text.
func MustParse(s string) Date {
	d, ok := Parse(s)
	if !ok {
		panic("date: bad literal " + s)
	}
	return d
}

var (
	loosePattern  = regexp.MustCompile(`^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$`)
	compactDate   = regexp.MustCompile(`^(\d{4})(\d{2})(\d{2})$`)
	serialPattern = regexp.MustCompile(`^\d{5}(\.\d+)?$`) // 10000 = 1927-05-18: shorter numbers are no dates
)

// excelEpoch is day 0 of Excel's 1900 date system (serial 60, the
// non-existent 1900-02-29, is why it is the 30th and not the 31st).
var excelEpoch = time.Date(1899, 12, 30, 0, 0, 0, 0, time.UTC)

// ParseLoose reads a date as people type it in a workbook: 2024-03-01,
// 2024-3-1, 2024/3/1, 2024.03.01, 2024年3月1日, 20240301, an Excel serial
// number of five digits (a cell formatted as a date), each optionally
// followed by a time of day. "" is no date; ok is false for anything else.
func ParseLoose(s string) (Date, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", true
	}
	if i := strings.IndexAny(s, " T"); i > 0 { // a time of day after the date
		s = s[:i]
	}
	var y, m, d int
	switch {
	case loosePattern.MatchString(s):
		p := loosePattern.FindStringSubmatch(s)
		y, m, d = atoi(p[1]), atoi(p[2]), atoi(p[3])
	case compactDate.MatchString(s):
		p := compactDate.FindStringSubmatch(s)
		y, m, d = atoi(p[1]), atoi(p[2]), atoi(p[3])
	case serialPattern.MatchString(s):
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f < 1 {
			return "", false
		}
		return Of(excelEpoch.AddDate(0, 0, int(f))), true
	default:
		return "", false
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if y < 1900 || t.Year() != y || int(t.Month()) != m || t.Day() != d { // 2023-02-30 does not exist
		return "", false
	}
	return Of(t), true
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// Of is the calendar date of t in t's location.
func Of(t time.Time) Date { return Date(t.Format(Layout)) }

// Today is the current calendar date in China.
func Today() Date { return Of(time.Now().In(China)) }

// Time is the date at midnight UTC (the zero time when empty or malformed).
func (d Date) Time() time.Time {
	t, _ := time.Parse(Layout, string(d))
	return t
}

// Compact is the date without dashes ("20240301"), as export file names carry it.
func (d Date) Compact() string { return strings.ReplaceAll(string(d), "-", "") }

// IsZero tells whether the date is empty.
func (d Date) IsZero() bool { return d == "" }

// String is the date as text ("" when empty).
func (d Date) String() string { return string(d) }

// Before and After compare two non-empty dates (the layout sorts as text).
func (d Date) Before(o Date) bool { return d < o }
func (d Date) After(o Date) bool  { return d > o }

// AddYears moves the date by n years (29 February → 1 March in a common year).
func (d Date) AddYears(n int) Date {
	if d == "" {
		return ""
	}
	return Of(d.Time().AddDate(n, 0, 0))
}

// AddMonths moves the date by n months, as periods in regulations count
// them: the same day of the month n months on, or that month's last day
// when it is shorter (31 January + 1 month = 28 or 29 February, not 3 March).
func (d Date) AddMonths(n int) Date {
	if d == "" {
		return ""
	}
	t := d.Time()
	first := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, n, 0)
	last := first.AddDate(0, 1, -1).Day()
	return Of(first.AddDate(0, 0, min(t.Day(), last)-1))
}

// AddDays moves the date by n days.
func (d Date) AddDays(n int) Date {
	if d == "" {
		return ""
	}
	return Of(d.Time().AddDate(0, 0, n))
}

// Value writes NULL or "2006-01-02".
func (d Date) Value() (driver.Value, error) {
	if d == "" {
		return nil, nil
	}
	return string(d), nil
}

// Scan reads a DATE column: PostgreSQL gives a time.Time, SQLite text or a
// time.Time (the driver parses columns declared DATE).
func (d *Date) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*d = ""
	case time.Time:
		*d = Of(v)
	case string:
		*d = Date(firstN(v, 10))
	case []byte:
		*d = Date(firstN(string(v), 10))
	default:
		return fmt.Errorf("date: cannot scan %T into Date", src)
	}
	return nil
}

func firstN(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// MarshalJSON writes null for the empty date.
func (d Date) MarshalJSON() ([]byte, error) {
	if d == "" {
		return []byte("null"), nil
	}
	return json.Marshal(string(d))
}

// UnmarshalJSON keeps the text as sent; validation parses it (so that a bad
// date is a Chinese 400 naming the field, not a decoding error).
func (d *Date) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*d = ""
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*d = Date(strings.TrimSpace(s))
	return nil
}
