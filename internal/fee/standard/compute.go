package standard

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"zhdj/internal/platform/money"
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

// amount is the monthly amount in fen of month (1–12, of b.Year) for base
// row b of category cat, with its working, or why there is none (a 年薪制
// month or a 个体经营者 quarter not entered: missing, never guessed).
func (c compiled) amount(cat string, b *BaseRow, month int) (int64, string, string) {
	switch c.Kind {
	case KindExempt:
		return 0, "免交党费（" + CategoryLabel(cat) + "）", ""
	case KindFixed:
		return c.FixedFen, fmt.Sprintf("%s党员每月 %s 元（固定标准）", CategoryLabel(cat), money.Fen(c.FixedFen).Grouped()), ""
	}
	baseFen, what, why := monthBasis(cat, b, month)
	if why != "" {
		return 0, "", why
	}
	f, working := c.rated(baseFen, what)
	return f, working, ""
}

// rated is a rate standard's amount for a base in fen described by what: the
// first bracket whose upper end (inclusive) is at or above the base gives
// the rate, rounded half-up to the fen at the end: base_fen × rate / 100.
func (c compiled) rated(baseFen int64, what string) (int64, string) {
	i := 0
	for i < len(c.Brackets)-1 && c.Brackets[i].UpToFen != nil && baseFen > *c.Brackets[i].UpToFen {
		i++
	}
	rate := c.Rates[i]
	fen := int64(money.Fen(baseFen).Percent(rate))
	return fen, fmt.Sprintf("%s× %s%%（%s）= %s 元", what, rate.String(), c.band(i), money.Fen(fen).Grouped())
}

// monthBasis is the base row b gives for month, in fen, described as the
// working shows it ("月基数 4,300.00 元（计入项目 … − 扣除项目 …）"), or why
// there is none (中组发〔2008〕3号):
//
//   - 在职: the month's base (included − deducted items);
//   - 离退休: the whole pension received, every item of it;
//   - 年薪制: the pay actually received in the month;
//   - 个体经营者: the previous quarter's average monthly net income
//     (January–March: the previous year's fourth quarter).
func monthBasis(cat string, b *BaseRow, month int) (int64, string, string) {
	if b == nil {
		return 0, "月基数 0.00 元 ", ""
	}
	switch cat {
	case CatRetired:
		items := itemsOf(b)
		var parts []string
		for _, it := range Items {
			if f, ok := items[it.Key]; ok && it.Kind == ItemPension {
				parts = append(parts, it.Label+" "+money.Fen(f).Grouped())
			}
		}
		return b.BaseFen, fmt.Sprintf("离退休费总额 %s 元（%s）", money.Fen(b.BaseFen).Grouped(), strings.Join(parts, " + ")), ""
	case CatAnnual:
		f, ok := itemsOf(b)[payKey(month)]
		if !ok {
			return 0, "", fmt.Sprintf("缺少%d年%d月实际领取的薪酬（年薪制）", b.Year, month)
		}
		return f, fmt.Sprintf("%d年%d月实际领取的薪酬 %s 元 ", b.Year, month, money.Fen(f).Grouped()), ""
	case CatSelfEmp:
		f, ok := itemsOf(b)[quarterKey(month)]
		if !ok {
			return 0, "", fmt.Sprintf("缺少%s月平均纯收入（个体经营者%d年%d月党费的基数）", quarterName(b.Year, month), b.Year, month)
		}
		return f, fmt.Sprintf("上一季度（%s）月平均纯收入 %s 元 ", quarterName(b.Year, month), money.Fen(f).Grouped()), ""
	}
	if b.IncludedFen != 0 || b.DeductedFen != 0 {
		return b.BaseFen, fmt.Sprintf("月基数 %s 元（计入项目 %s − 扣除项目 %s）", money.Fen(b.BaseFen).Grouped(), money.Fen(b.IncludedFen).Grouped(), money.Fen(b.DeductedFen).Grouped()), ""
	}
	return b.BaseFen, fmt.Sprintf("月基数 %s 元 ", money.Fen(b.BaseFen).Grouped()), ""
}

// itemsOf is base b's items in fen (written by checkBase: a map of fen).
func itemsOf(b *BaseRow) map[string]int64 {
	var items map[string]int64
	_ = json.Unmarshal([]byte(b.Items), &items)
	return items
}

// CfgGraduateStipend is the school's setting (sys_config, off by default)
// that a graduate student's base is the ordinary stipend (普通奖学金, 中组部
// answer on 中组发〔2008〕3号), paid by the salaried brackets; off, graduate
// students pay the students' fixed amount.
const CfgGraduateStipend = "feeGraduateStipendBase"

// Person categories (DJ_DY_RYLBXX) of graduate students: 硕士研究生, 博士研究生.
var graduateCategories = []string{"3", "4"}

func isGraduate(personCategory string) bool {
	return slices.Contains(graduateCategories, personCategory)
}

// calc computes dues: the enabled standards and the school's stipend setting.
type calc struct {
	stds    map[string]compiled
	stipend bool // CfgGraduateStipend
}

// due is what base row b (nil: none) of category cat gives for month of a
// member (a graduate student or not): the amount, the standard, the working,
// or why there is none.
func (k calc) due(cat string, b *BaseRow, month int, graduate bool) (fen, stdID int64, working, why string) {
	if cat == CatStudent && k.stipend && graduate {
		std, ok := k.stds[CatSalaried]
		var stipend int64
		if b != nil {
			stipend = itemsOf(b)["stipend"]
		}
		switch {
		case b == nil:
			return 0, 0, "", "缺少研究生普通奖学金（学校规定研究生以普通奖学金为党费基数）"
		case stipend > 0 && !ok:
			return 0, 0, "", "“在职”类别没有启用的党费标准（研究生以普通奖学金为基数按其比例计算）"
		case stipend > 0:
			fen, working = std.rated(stipend, fmt.Sprintf("研究生普通奖学金 %s 元 ", money.Fen(stipend).Grouped()))
			return fen, std.ID, working + "（学校规定以普通奖学金为基数，按在职党员比例）", ""
		}
	}
	std, ok := k.stds[cat]
	if !ok {
		return 0, 0, "", fmt.Sprintf("“%s”类别没有启用的党费标准", CategoryLabel(cat))
	}
	fen, working, why = std.amount(cat, b, month)
	return fen, std.ID, working, why
}

// band describes bracket i: "基数 ≤ 3000", "3000 < 基数 ≤ 5000", "基数 > 10000".
func (c compiled) band(i int) string {
	var lo, hi string
	if i > 0 && c.Brackets[i-1].UpToFen != nil {
		lo = money.Fen(*c.Brackets[i-1].UpToFen).Decimal().String() + " < "
	}
	if c.Brackets[i].UpToFen != nil {
		hi = " ≤ " + money.Fen(*c.Brackets[i].UpToFen).Decimal().String()
	}
	if hi == "" && lo != "" {
		return "基数 > " + strings.TrimSuffix(lo, " < ")
	}
	if hi == "" {
		return "全部基数"
	}
	return lo + "基数" + hi
}
