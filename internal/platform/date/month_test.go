package date

import (
	"testing"
	"time"
)

func TestParseMonthBounds(t *testing.T) {
	for _, c := range []struct {
		in string
		ok bool
	}{
		{"2026-01", true}, {"2026-12", true}, {" 2026-12", false},
		{"2026-00", false}, {"2026-13", false}, {"2026-1", false}, {"2026-001", false},
		{"2000-01", true}, {"1999-12", false}, {"2099-12", true}, {"2100-01", false},
		{"", false}, {"2026/01", false}, {"2026-01-01", false}, {"二〇二六-01", false},
	} {
		m, ok := ParseMonth(c.in)
		if ok != c.ok {
			t.Errorf("ParseMonth(%q) ok = %v, want %v", c.in, ok, c.ok)
		}
		if ok && len(m) != 7 {
			t.Errorf("ParseMonth(%q) = %q", c.in, m)
		}
	}
}

func TestMonthDays(t *testing.T) {
	for _, c := range []struct {
		m           Month
		first, last Date
	}{
		{"2024-02", "2024-02-01", "2024-02-29"}, // leap
		{"2026-02", "2026-02-01", "2026-02-28"},
		{"2000-02", "2000-02-01", "2000-02-29"}, // divisible by 400: leap
		{"2100-02", "2100-02-01", "2100-02-28"}, // by 100 only: not
		{"2026-12", "2026-12-01", "2026-12-31"},
		{"2026-04", "2026-04-01", "2026-04-30"},
	} {
		if c.m.First() != c.first || c.m.Last() != c.last {
			t.Errorf("%s: %s–%s, want %s–%s", c.m, c.m.First(), c.m.Last(), c.first, c.last)
		}
	}
}

func TestMonthArithmetic(t *testing.T) {
	m := Month("2026-12")
	if m.Next() != "2027-01" || Month("2026-01").Prev() != "2025-12" {
		t.Errorf("Next/Prev across the year: %s %s", m.Next(), Month("2026-01").Prev())
	}
	if got := m.AddMonths(-24); got != "2024-12" {
		t.Errorf("AddMonths(-24) = %s", got)
	}
	if got := Month("2026-01").AddMonths(13); got != "2027-02" {
		t.Errorf("AddMonths(13) = %s", got)
	}
	if Month("").AddMonths(1) != "" {
		t.Error("no month moved is still no month")
	}
	if n := Month("2025-11").MonthsTo("2027-02"); n != 15 {
		t.Errorf("MonthsTo = %d", n)
	}
	if n := Month("2027-02").MonthsTo("2025-11"); n != -15 {
		t.Errorf("MonthsTo back = %d", n)
	}
	if !Month("2026-09").Before("2026-10") || !Month("2026-10").After("2026-09") || Month("2026-10").Before("2026-10") {
		t.Error("compare")
	}
	if m.Year() != 2026 || m.Num() != 12 || m.YM() != 202612 || MonthOfYM(202603) != "2026-03" {
		t.Errorf("parts: %d %d %d %s", m.Year(), m.Num(), m.YM(), MonthOfYM(202603))
	}
	if Date("2024-02-29").Month() != "2024-02" || Date("").Month() != "" {
		t.Error("Date.Month")
	}
	if MonthOf(time.Date(2026, 11, 30, 20, 0, 0, 0, time.UTC).In(China)) != "2026-12" {
		t.Error("MonthOf takes the location's calendar")
	}
}

func TestMonthScanValue(t *testing.T) {
	var m Month
	for _, src := range []any{"2026-03", []byte("2026-03")} {
		if err := m.Scan(src); err != nil || m != "2026-03" {
			t.Errorf("Scan(%v) = %q, %v", src, m, err)
		}
	}
	if err := m.Scan(nil); err != nil || m != "" {
		t.Errorf("Scan(nil) = %q", m)
	}
	if err := m.Scan(3); err == nil {
		t.Error("Scan(int) should fail")
	}
	if v, _ := Month("").Value(); v != nil {
		t.Errorf("Value of no month = %v", v)
	}
	if v, _ := Month("2026-03").Value(); v != "2026-03" {
		t.Errorf("Value = %v", v)
	}
}

func TestChinese(t *testing.T) {
	for _, c := range []struct {
		d            Date
		plain, upper string
	}{
		{"2026-11-29", "2026年11月29日", "二〇二六年十一月二十九日"},
		{"2024-02-29", "2024年2月29日", "二〇二四年二月二十九日"},
		{"2000-01-01", "2000年1月1日", "二〇〇〇年一月一日"},
		{"2026-10-10", "2026年10月10日", "二〇二六年十月十日"},
		{"2026-12-31", "2026年12月31日", "二〇二六年十二月三十一日"},
		{"2026-03-20", "2026年3月20日", "二〇二六年三月二十日"},
		{"", "", ""},
		{"2026-13-01", "", ""},
	} {
		if got := c.d.Chinese(); got != c.plain {
			t.Errorf("%q.Chinese() = %q, want %q", c.d, got, c.plain)
		}
		if got := c.d.ChineseUpper(); got != c.upper {
			t.Errorf("%q.ChineseUpper() = %q, want %q", c.d, got, c.upper)
		}
	}
	if got := Month("2026-03").Chinese(); got != "2026年3月" {
		t.Errorf("Month.Chinese = %q", got)
	}
	if got := Month("").Chinese(); got != "" {
		t.Errorf("no month = %q", got)
	}
}
