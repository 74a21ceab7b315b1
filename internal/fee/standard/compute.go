package standard

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/shopspring/decimal"
)

// compiled is a standard ready to compute: its rates as exact decimals.
type compiled struct {
	ID       int64
	Category string
	Kind     string
	Brackets []Bracket
	Rates    []decimal.Decimal // percent, one per bracket
	FixedFen int64
}

func compile(r standardRow) (compiled, error) {
	c := compiled{ID: r.ID, Category: r.Category, Kind: r.Kind, FixedFen: r.FixedFen}
	if err := json.Unmarshal([]byte(r.Brackets), &c.Brackets); err != nil {
		return c, fmt.Errorf("fee standard %d brackets: %w", r.ID, err)
	}
	for _, b := range c.Brackets {
		d, err := decimal.NewFromString(b.Rate)
		if err != nil {
			return c, fmt.Errorf("fee standard %d rate %q: %w", r.ID, b.Rate, err)
		}
		c.Rates = append(c.Rates, d)
	}
	return c, nil
}

var (
	hundred = decimal.NewFromInt(100)
	maxYuan = decimal.New(1, 12) // far above any salary; keeps fen in int64
)

// amount is the monthly amount in fen for a base in fen and its working.
// A rate standard finds the first bracket whose upper end (inclusive) is at
// or above the base and takes its rate of the base, rounded half-up to the
// fen at the end: base_fen × rate / 100.
func (c compiled) amount(cat string, b *BaseRow) (int64, string) {
	switch c.Kind {
	case KindExempt:
		return 0, "免交党费（" + CategoryLabel(cat) + "）"
	case KindFixed:
		return c.FixedFen, fmt.Sprintf("%s党员每月 %s 元（固定标准）", CategoryLabel(cat), Yuan(c.FixedFen))
	}
	var baseFen int64
	if b != nil {
		baseFen = b.BaseFen
	}
	i := 0
	for i < len(c.Brackets)-1 && c.Brackets[i].UpToFen != nil && baseFen > *c.Brackets[i].UpToFen {
		i++
	}
	rate := c.Rates[i]
	fen := decimal.NewFromInt(baseFen).Mul(rate).Div(hundred).Round(0).IntPart()
	what := "月基数"
	if cat == CatRetired {
		what = "基本养老金"
	}
	parts := " "
	if b != nil && cat != CatRetired && (b.IncludedFen != 0 || b.DeductedFen != 0) {
		parts = fmt.Sprintf("（计入项目 %s − 扣除项目 %s）", Yuan(b.IncludedFen), Yuan(b.DeductedFen)) // the base's formula
	}
	return fen, fmt.Sprintf("%s %s 元%s× %s%%（%s）= %s 元", what, Yuan(baseFen), parts, rate.String(),
		c.band(i), Yuan(fen))
}

// band describes bracket i: "基数 ≤ 3000", "3000 < 基数 ≤ 5000", "基数 > 10000".
func (c compiled) band(i int) string {
	var lo, hi string
	if i > 0 && c.Brackets[i-1].UpToFen != nil {
		lo = limit(*c.Brackets[i-1].UpToFen) + " < "
	}
	if c.Brackets[i].UpToFen != nil {
		hi = " ≤ " + limit(*c.Brackets[i].UpToFen)
	}
	if hi == "" && lo != "" {
		return "基数 > " + strings.TrimSuffix(lo, " < ")
	}
	if hi == "" {
		return "全部基数"
	}
	return lo + "基数" + hi
}

// limit shows a bracket end in 元: 3000, or 3000.5 when not whole.
func limit(fen int64) string {
	return decimal.New(fen, -2).String()
}

// Yuan formats fen as 元 with thousands separators and two decimals: 4,800.00.
func Yuan(fen int64) string {
	sign := ""
	if fen < 0 {
		sign, fen = "-", -fen
	}
	whole := fmt.Sprint(fen / 100)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return fmt.Sprintf("%s%s.%02d", sign, b.String(), fen%100)
}

// ParseYuan reads an amount in 元 with at most two decimals as fen, exactly.
func ParseYuan(s string) (int64, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	if s == "" || len(s) > 20 {
		return 0, false
	}
	d, err := decimal.NewFromString(s)
	if err != nil || d.Exponent() < -2 && !d.Equal(d.Round(2)) || d.Abs().GreaterThan(maxYuan) {
		return 0, false
	}
	return d.Shift(2).IntPart(), true
}
