package date

import (
	"database/sql/driver"
	"fmt"
	"time"
)

// Month is a calendar month "2006-01"; "" is no month. Like Date it is
// text, so it sorts, compares and travels (JSON, VARCHAR columns) as it
// always has; ParseMonth is the one place its text is checked.
type Month string

// MonthLayout is how months travel and are stored.
const MonthLayout = "2006-01"

// The years a month may have: dues, reductions and fees paid up to are
// from this century's systems; a month outside is a typing error.
const (
	MinMonthYear = 2000
	MaxMonthYear = 2099
)

// ParseMonth reads "YYYY-MM" (exactly: no spaces) of a year
// MinMonthYear–MaxMonthYear and a month 01–12; ok is false otherwise
// (also for "", which callers that allow no month test first).
func ParseMonth(s string) (Month, bool) {
	t, err := time.Parse(MonthLayout, s)
	if err != nil || len(s) != 7 || t.Year() < MinMonthYear || t.Year() > MaxMonthYear {
		return "", false
	}
	return Month(s), true
}

// MonthOf is the month of t in t's location.
func MonthOf(t time.Time) Month { return Month(t.Format(MonthLayout)) }

// MonthOfYM is the month of yyyymm v (202603 → "2026-03").
func MonthOfYM(v int) Month { return Month(fmt.Sprintf("%04d-%02d", v/100, v%100)) }

// ThisMonth is the current month in China.
func ThisMonth() Month { return MonthOf(time.Now().In(China)) }

// Month is the month of the date ("" when empty).
func (d Date) Month() Month {
	if len(d) < 7 {
		return ""
	}
	return Month(d[:7])
}

// Time is the month's first day at midnight UTC (zero when empty or malformed).
func (m Month) Time() time.Time {
	t, _ := time.Parse(MonthLayout, string(m))
	return t
}

// Year and Num are the month's year and number (1–12).
func (m Month) Year() int { return m.Time().Year() }
func (m Month) Num() int  { return int(m.Time().Month()) }

// YM is the month as yyyymm (202603), as integer columns store it.
func (m Month) YM() int { return m.Year()*100 + m.Num() }

// First and Last are the month's first and last day (29 February in a leap year).
func (m Month) First() Date { return Of(m.Time()) }
func (m Month) Last() Date  { return Of(m.Time().AddDate(0, 1, -1)) }

// AddMonths is the month n months on (n < 0: back).
func (m Month) AddMonths(n int) Month {
	if m == "" {
		return ""
	}
	return MonthOf(m.Time().AddDate(0, n, 0))
}

// Next and Prev are the following and the preceding month.
func (m Month) Next() Month { return m.AddMonths(1) }
func (m Month) Prev() Month { return m.AddMonths(-1) }

// MonthsTo is how many months lie from m to o (o − m: 2026-01 to 2026-03 is 2).
func (m Month) MonthsTo(o Month) int {
	a, b := m.Time(), o.Time()
	return (b.Year()-a.Year())*12 + int(b.Month()) - int(a.Month())
}

// Before and After compare two non-empty months (the layout sorts as text).
func (m Month) Before(o Month) bool { return m < o }
func (m Month) After(o Month) bool  { return m > o }

// IsZero tells whether the month is empty; String is its text.
func (m Month) IsZero() bool   { return m == "" }
func (m Month) String() string { return string(m) }

// Value writes NULL or "2006-01".
func (m Month) Value() (driver.Value, error) {
	if m == "" {
		return nil, nil
	}
	return string(m), nil
}

// Scan reads a VARCHAR month column (NULL is no month).
func (m *Month) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*m = ""
	case string:
		*m = Month(v)
	case []byte:
		*m = Month(string(v))
	default:
		return fmt.Errorf("date: cannot scan %T into Month", src)
	}
	return nil
}
