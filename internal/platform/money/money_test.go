package money

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/shopspring/decimal"
)

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		f             Fen
		plain, groupd string
	}{
		{0, "0.00", "0.00"},
		{5, "0.05", "0.05"},
		{-5, "-0.05", "-0.05"},
		{100, "1.00", "1.00"},
		{99999, "999.99", "999.99"},
		{100000, "1000.00", "1,000.00"},
		{123456789, "1234567.89", "1,234,567.89"},
		{-123456789, "-1234567.89", "-1,234,567.89"},
		{12345678901, "123456789.01", "123,456,789.01"},
		{math.MaxInt64, "92233720368547758.07", "92,233,720,368,547,758.07"},
		{math.MinInt64, "-92233720368547758.08", "-92,233,720,368,547,758.08"},
	} {
		if got := c.f.String(); got != c.plain {
			t.Errorf("Fen(%d).String() = %q, want %q", c.f, got, c.plain)
		}
		if got := c.f.Grouped(); got != c.groupd {
			t.Errorf("Fen(%d).Grouped() = %q, want %q", c.f, got, c.groupd)
		}
	}
}

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Fen
		ok   bool
	}{
		{"4800", 480000, true},
		{" 4,800.5 ", 480050, true},
		{"1,234,567.89", 123456789, true},
		{"-12.30", -1230, true},
		{"0.01", 1, true},
		{"1.230", 123, true},                     // a trailing zero is no third decimal
		{"1.235", 0, false},                      // half a fen is refused, not rounded
		{"0.005", 0, false},                      // so is a lone half fen
		{"1000000000000", 100000000000000, true}, // MaxYuan itself
		{"-1000000000000", -100000000000000, true},
		{"1000000000000.01", 0, false},      // just above
		{"99999999999999999999", 0, false},  // huge
		{"123456789012345678901", 0, false}, // longer than 20
		{"", 0, false},
		{"元", 0, false},
		{"1.2.3", 0, false},
	} {
		got, ok := Parse(c.in)
		if ok != c.ok || got != c.want {
			t.Errorf("Parse(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestPercentRoundsHalfAwayFromZero(t *testing.T) {
	for _, c := range []struct {
		base Fen
		rate string
		want Fen
	}{
		{430000, "0.5", 2150}, // 4,300.00 × 0.5% = 21.50
		{1, "50", 1},          // 0.5 fen → 1
		{-1, "50", -1},        // −0.5 fen → −1
		{3, "50", 2},          // 1.5 fen → 2
		{1, "49.9", 0},        // 0.499 fen → 0
		{333333, "1.5", 5000}, // 4999.995 fen → 5000
		{1_000_000_000_000 * 100, "2", 2_000_000_000_000}, // the largest base: exact
	} {
		if got := c.base.Percent(decimal.RequireFromString(c.rate)); got != c.want {
			t.Errorf("Fen(%d).Percent(%s) = %d, want %d", c.base, c.rate, got, c.want)
		}
	}
}

func TestFloatAndDecimal(t *testing.T) {
	if got := Fen(123456789).Float(); got != 1234567.89 {
		t.Errorf("Float = %v", got)
	}
	if got := Fen(300050).Decimal().String(); got != "3000.5" {
		t.Errorf("Decimal = %s", got)
	}
	// The APIs carry *Fen fields as integers: the type must not change that.
	b, _ := json.Marshal(struct{ DueFen Fen }{-1230})
	if string(b) != `{"DueFen":-1230}` {
		t.Errorf("JSON = %s", b)
	}
}
