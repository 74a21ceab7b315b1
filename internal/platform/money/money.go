// Package money is the one amount type of the house: Fen, an exact integer
// number of fen (分, 1/100 元). Amounts are added and compared as integers;
// shopspring/decimal is used only where a rate multiplies a base (Percent),
// so no amount ever passes through a float except a workbook cell (Float).
package money

import (
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// Fen is an amount in fen. Its JSON is the integer, as the APIs' *Fen
// fields have always carried it.
type Fen int64

// MaxYuan bounds what Parse accepts (10^12 元): far above any salary or
// due, and far below where fen would overflow int64 or lose exactness in a
// workbook's double (2^53 fen).
const MaxYuan = 1_000_000_000_000

// String is the amount in 元 with two decimals and no grouping: "1234.50",
// "-0.05" (the text of exports, messages and reminders).
func (f Fen) String() string { return f.format(false) }

// Grouped is the amount in 元 with thousands separators: "1,234,567.89"
// (the text of workings and forms).
func (f Fen) Grouped() string { return f.format(true) }

func (f Fen) format(group bool) string {
	sign, u := "", uint64(f)
	if f < 0 {
		sign, u = "-", uint64(-f) // -MinInt64 wraps to itself, read as unsigned it is right
	}
	whole := strconv.FormatUint(u/100, 10)
	if group {
		var b strings.Builder
		for i := range len(whole) {
			if i > 0 && (len(whole)-i)%3 == 0 {
				b.WriteByte(',')
			}
			b.WriteByte(whole[i])
		}
		whole = b.String()
	}
	cents := u % 100
	return sign + whole + "." + string(rune('0'+cents/10)) + string(rune('0'+cents%10))
}

// Float is the amount in 元 as a number, for a workbook cell only (exact to
// the fen below 2^53 fen, whose shortest text is the two-decimal amount).
func (f Fen) Float() float64 { return float64(f) / 100 }

// Decimal is the amount in 元 as an exact decimal ("3000.5" for 300050).
func (f Fen) Decimal() decimal.Decimal { return decimal.New(int64(f), -2) }

var hundred = decimal.NewFromInt(100)

// Percent is rate percent of f, rounded to the fen half away from zero
// (0.5 fen → 1 fen, −0.5 fen → −1 fen): base × rate / 100.
func (f Fen) Percent(rate decimal.Decimal) Fen {
	return Fen(decimal.NewFromInt(int64(f)).Mul(rate).Div(hundred).Round(0).IntPart())
}

// Parse reads an amount in 元 as people type it ("4800", "4,800.5",
// "-12.30"), exactly: at most two decimals that matter ("1.230" is 1.23,
// "1.235" is refused, never rounded), at most MaxYuan either way.
func Parse(s string) (Fen, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	if s == "" || len(s) > 20 {
		return 0, false
	}
	d, err := decimal.NewFromString(s)
	if err != nil || d.Exponent() < -2 && !d.Equal(d.Round(2)) || d.Abs().GreaterThan(decimal.NewFromInt(MaxYuan)) {
		return 0, false
	}
	return Fen(d.Shift(2).IntPart()), true
}
