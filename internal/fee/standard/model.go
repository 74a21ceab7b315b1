package standard

import (
	"fmt"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/resource"
)

// Categories of a member-year (RULES §1). The code is stored; Due.Category
// and the pages show the label.
const (
	CatSalaried   = "salaried"   // 在职: a percentage of the salary base
	CatAnnual     = "annual"     // 年薪制: a percentage of the month's actual pay
	CatSelfEmp    = "selfemp"    // 个体经营者: a percentage of the previous quarter's average monthly net income
	CatRetired    = "retired"    // 离退休: a percentage of the whole pension received
	CatStudent    = "student"    // 学生: a fixed amount
	CatUnemployed = "unemployed" // 无固定收入: a fixed amount
	CatRelief     = "relief"     // 困难减免 (relief, minimum allowance): a fixed amount
	CatExempt     = "exempt"     // 免交: nothing
	CatFarmer     = "farmer"     // 农民: a fixed amount of 0.2–1 元
)

// Category is one category with its label and whether it needs a base.
type Category struct {
	Code     string `json:"code"`
	Label    string `json:"label"`
	NeedBase bool   `json:"needBase"` // salaried: salary items; retired: the pension items; annual: monthly pay; selfemp: quarterly income
}

// Categories in the order the pages list them.
var Categories = []Category{
	{CatSalaried, "在职", true}, {CatAnnual, "年薪制", true}, {CatSelfEmp, "个体经营者", true}, {CatRetired, "离退休", true},
	{CatStudent, "学生", false},
	{CatUnemployed, "无固定收入", false}, {CatRelief, "困难减免", false}, {CatExempt, "免交", false}, {CatFarmer, "农民", false},
}

// CategoryLabel is the Chinese label of a category code ("" when unknown).
func CategoryLabel(code string) string {
	for _, c := range Categories {
		if c.Code == code {
			return c.Label
		}
	}
	return ""
}

func needsBase(code string) bool {
	for _, c := range Categories {
		if c.Code == code {
			return c.NeedBase
		}
	}
	return false
}

// States of a standard: 未启用 → 启用 → 作废.
const (
	StateDraft = "draft" // 未启用
	StateOn    = "on"    // 启用
	StateVoid  = "void"  // 作废
)

var stateLabels = map[string]string{StateDraft: "未启用", StateOn: "启用", StateVoid: "作废"}

// Kinds of a standard.
const (
	KindRate   = "rate"   // a percentage of the base by bracket
	KindFixed  = "fixed"  // a fixed monthly amount
	KindExempt = "exempt" // nothing to pay
)

// Bracket is one band of a rate standard: bases up to UpToFen (inclusive;
// nil: no upper end) pay Rate percent ("0.5" = 0.5%). Brackets are in
// ascending order, the last one open.
type Bracket struct {
	UpToFen *int64 `json:"upToFen"`
	UpTo    string `json:"upTo,omitempty"` // the upper end in 元 (shown)
	Rate    string `json:"rate"`
}

// Standard is a fee standard as the API shows and takes it.
type Standard struct {
	ID         int64      `json:"id"`
	Name       string     `json:"name"`
	Category   string     `json:"category"`
	CatLabel   string     `json:"categoryLabel"`
	Kind       string     `json:"kind"`
	Brackets   []Bracket  `json:"brackets"`
	FixedFen   int64      `json:"fixedFen"`
	Fixed      string     `json:"fixed"` // FixedFen in 元
	Basis      string     `json:"basis"` // the regulation it follows
	State      string     `json:"state"`
	StateLabel string     `json:"stateLabel"`
	EnabledAt  *time.Time `json:"enabledAt"`
	VoidedAt   *time.Time `json:"voidedAt"`
	UpdatedAt  time.Time  `json:"updatedAt"`
}

// standardRow is a row of fee_standard.
type standardRow struct {
	bun.BaseModel `bun:"table:fee_standard,alias:fs"`
	resource.Base
	Name      string     `bun:"name"`
	Category  string     `bun:"category"`
	Kind      string     `bun:"kind"`
	Brackets  string     `bun:"brackets"`
	FixedFen  int64      `bun:"fixed_fen"`
	Basis     string     `bun:"basis"`
	State     string     `bun:"state"`
	EnabledAt *time.Time `bun:"enabled_at"`
	VoidedAt  *time.Time `bun:"voided_at"`
}

func fen(v int64) *int64 { return &v }

// regulation is the basis of the default standards.
const regulation = "中组发〔2008〕3号《关于中国共产党党费收缴、使用和管理的规定》"

// FarmerMinFen and FarmerMaxFen bound a farmers' standard (0.2–1 元 a month).
const (
	FarmerMinFen = 20
	FarmerMaxFen = 100
)

// DefaultStandards are the regulation's standards (RULES §1), seeded enabled.
// Farmers pay 0.2–1 元; the seed takes 0.5 元, which a standard of the
// department may change within that range.
func DefaultStandards() []Standard {
	return []Standard{
		{Name: "在职党员党费标准", Category: CatSalaried, Kind: KindRate, Basis: regulation, Brackets: salariedBrackets()},
		{Name: "年薪制党员党费标准", Category: CatAnnual, Kind: KindRate, Basis: regulation + "（以当月实际领取的薪酬为基数）", Brackets: salariedBrackets()},
		{Name: "个体经营者等党员党费标准", Category: CatSelfEmp, Kind: KindRate, Basis: regulation + "（以上一季度月平均纯收入为基数）", Brackets: salariedBrackets()},
		{Name: "离退休党员党费标准", Category: CatRetired, Kind: KindRate, Basis: regulation, Brackets: []Bracket{
			{UpToFen: fen(500000), Rate: "0.5"}, {UpToFen: nil, Rate: "1"}}},
		{Name: "学生党员党费标准", Category: CatStudent, Kind: KindFixed, FixedFen: 20, Basis: regulation},
		{Name: "无固定收入党员党费标准", Category: CatUnemployed, Kind: KindFixed, FixedFen: 20, Basis: regulation},
		{Name: "依靠救济或低保生活党员党费标准", Category: CatRelief, Kind: KindFixed, FixedFen: 20, Basis: regulation},
		{Name: "免交党费", Category: CatExempt, Kind: KindExempt, Basis: regulation},
		{Name: "农民党员党费标准", Category: CatFarmer, Kind: KindFixed, FixedFen: 50, Basis: regulation + "（每月 0.2 元至 1 元）"},
	}
}

// salariedBrackets are the salaried members' brackets, which 年薪制 and
// 个体经营者 members pay by too (中组发〔2008〕3号: 按照上述比例交纳).
func salariedBrackets() []Bracket {
	return []Bracket{{UpToFen: fen(300000), Rate: "0.5"}, {UpToFen: fen(500000), Rate: "1"}, {UpToFen: fen(1000000), Rate: "1.5"},
		{UpToFen: nil, Rate: "2"}}
}

// Salary items of a base (RULES §1). Included items add to the base,
// deductions are subtracted, excluded items are recorded and ignored. The
// other kinds are each one category's: every pension item received adds to
// a retiree's base; a 年薪制 member's base is the month's pay, a 个体经营者's
// the previous quarter's average monthly net income; a graduate student's
// the stipend where the school so decides (CfgGraduateStipend).
const (
	ItemIncluded = "included"
	ItemExcluded = "excluded"
	ItemDeducted = "deducted"
	ItemPension  = "pension"  // 离退休: every item of the pension received
	ItemMonthPay = "monthPay" // 年薪制: the pay of one month (payM)
	ItemQuarter  = "quarter"  // 个体经营者: a quarter's average monthly net income (incomeQn)
	ItemStipend  = "stipend"  // 学生 (研究生): the monthly 普通奖学金
)

// categoryKinds are the item kinds a category's base keeps.
var categoryKinds = map[string][]string{
	CatSalaried: {ItemIncluded, ItemExcluded, ItemDeducted},
	CatRetired:  {ItemPension},
	CatAnnual:   {ItemMonthPay},
	CatSelfEmp:  {ItemQuarter},
	CatStudent:  {ItemStipend},
}

// Item is one salary item a base form and the import workbook carry.
type Item struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Kind  string `json:"kind"`
	// Until is the last month whose due uses the item (a 年薪制 month, a
	// 个体经营者 quarter): a base from a later month does not take it.
	Until int `json:"until,omitempty"`
}

// Items of a base, in the form's (and the workbook's) order.
var Items = append([]Item{
	{Key: "postPay", Label: "岗位工资", Kind: ItemIncluded},
	{Key: "gradePay", Label: "薪级工资", Kind: ItemIncluded},
	{Key: "basicPerformance", Label: "基础性绩效工资", Kind: ItemIncluded},
	{Key: "otherPay", Label: "其他计入工资", Kind: ItemIncluded},
	{Key: "housingSubsidy", Label: "住房补贴", Kind: ItemExcluded},
	{Key: "transportSubsidy", Label: "交通补贴", Kind: ItemExcluded},
	{Key: "phoneSubsidy", Label: "通讯补贴", Kind: ItemExcluded},
	{Key: "overtimePay", Label: "加班补贴", Kind: ItemExcluded},
	{Key: "mealSubsidy", Label: "误餐补贴", Kind: ItemExcluded},
	{Key: "heatingSubsidy", Label: "取暖补贴", Kind: ItemExcluded},
	{Key: "coolingSubsidy", Label: "降温补贴", Kind: ItemExcluded},
	{Key: "yearEndBonus", Label: "年终绩效", Kind: ItemExcluded},
	{Key: "awardPerformance", Label: "奖励性绩效工资", Kind: ItemExcluded},
	{Key: "pensionInsurance", Label: "养老保险（个人）", Kind: ItemDeducted},
	{Key: "medicalInsurance", Label: "医疗保险（个人）", Kind: ItemDeducted},
	{Key: "unemploymentInsurance", Label: "失业保险（个人）", Kind: ItemDeducted},
	{Key: "injuryInsurance", Label: "工伤保险（个人）", Kind: ItemDeducted},
	{Key: "maternityInsurance", Label: "生育保险（个人）", Kind: ItemDeducted},
	{Key: "housingFund", Label: "住房公积金（个人）", Kind: ItemDeducted},
	{Key: "annuity", Label: "职业年金/企业年金（个人）", Kind: ItemDeducted},
	{Key: "incomeTax", Label: "个人所得税", Kind: ItemDeducted},
	{Key: "pension", Label: "基本养老金", Kind: ItemPension},
	{Key: "occupationalPension", Label: "职业年金/企业年金（月领取）", Kind: ItemPension},
	{Key: "transitionalPension", Label: "过渡性养老金", Kind: ItemPension},
	{Key: "retireeSubsidy", Label: "离退休补贴", Kind: ItemPension},
	{Key: "otherPension", Label: "其他离退休费", Kind: ItemPension},
	{Key: "stipend", Label: "普通奖学金（月）", Kind: ItemStipend},
}, periodItems()...)

// periodItems are the 年薪制 months (pay1–pay12: the pay of the month) and
// the 个体经营者 quarters whose averages the year's dues use: the previous
// year's fourth (incomeQ0) for January–March, then the year's first three.
func periodItems() []Item {
	var out []Item
	for m := 1; m <= 12; m++ {
		out = append(out, Item{Key: payKey(m), Label: fmt.Sprintf("%d月实发薪酬", m), Kind: ItemMonthPay, Until: m})
	}
	for q, name := range []string{"上年第四季度", "第一季度", "第二季度", "第三季度"} {
		out = append(out, Item{Key: fmt.Sprintf("incomeQ%d", q), Label: name + "月平均纯收入", Kind: ItemQuarter, Until: 3*q + 3})
	}
	return out
}

// payKey is the 年薪制 item of a month (1–12).
func payKey(month int) string { return fmt.Sprintf("pay%d", month) }

// quarterKey is the 个体经营者 item a month's due uses: the quarter before
// the month's (January–March: the previous year's fourth, incomeQ0).
func quarterKey(month int) string { return fmt.Sprintf("incomeQ%d", (month-1)/3) }

// quarterName names the quarter quarterKey(month) of year: 2025年第四季度.
func quarterName(year, month int) string {
	q := (month - 1) / 3
	if q == 0 {
		return fmt.Sprintf("%d年第四季度", year-1)
	}
	return fmt.Sprintf("%d年第%s季度", year, []string{"", "一", "二", "三"}[q])
}

// keeps reports whether a base of category cat keeps items of kind.
func keeps(cat, kind string) bool { return slices.Contains(categoryKinds[cat], kind) }

func itemOf(key string) (Item, bool) {
	for _, it := range Items {
		if it.Key == key {
			return it, true
		}
	}
	return Item{}, false
}

// BaseRow is a row of fee_base: a member's category and base for a year
// from a month on (a salary change applies from the month it is paid). The
// demo (package report) writes its rows in bulk through it.
type BaseRow struct {
	bun.BaseModel `bun:"table:fee_base,alias:b"`
	resource.Base
	MemberID    int64  `bun:"member_id"`
	Year        int    `bun:"year"`
	FromMonth   int    `bun:"from_month"`
	Category    string `bun:"category"`
	Items       string `bun:"items"`
	IncludedFen int64  `bun:"included_fen"`
	DeductedFen int64  `bun:"deducted_fen"`
	BaseFen     int64  `bun:"base_fen"`
	Remark      string `bun:"remark"`
	// member and reason are what the trail shows beside the row: the
	// member's name, and why the department waives the fee (mayWaive).
	member, reason string
}

// Hardship kinds and states.
const (
	HardshipReduce = "reduce" // pays Fen a month instead
	HardshipExempt = "exempt" // pays nothing

	HardshipReview    = "review"    // 待审批
	HardshipReturned  = "returned"  // 退回修改: back with the branch, which edits and resubmits
	HardshipApproved  = "approved"  // 已批准
	HardshipRejected  = "rejected"  // 未批准
	HardshipWithdrawn = "withdrawn" // 已撤回 by the branch before the decision
	HardshipEnded     = "ended"     // 已终止 by the committee: approved, ended before ToYM (EndFromYM)
)

// Hardship is a row of fee_hardship: a reduction or exemption for months
// FromYM..ToYM (yyyymm, inclusive) proposed by the member's branch. One
// ended early (HardshipEnded) applies up to the month before EndFromYM.
type Hardship struct {
	bun.BaseModel `bun:"table:fee_hardship,alias:h"`
	resource.Base
	MemberID  int64  `bun:"member_id" json:"memberId"`
	OrgID     int64  `bun:"org_id" json:"orgId"`
	Kind      string `bun:"kind" json:"kind"`
	Fen       int64  `bun:"fen" json:"fen"`
	FromYM    int    `bun:"from_ym" json:"fromYm"`
	ToYM      int    `bun:"to_ym" json:"toYm"`
	EndFromYM int    `bun:"end_from_ym" json:"endFromYm"` // 0: not ended early
	Reason    string `bun:"reason" json:"reason"`
	State     string `bun:"state" json:"state"`
}

// Due is a member's amount for one month with its working: the bracket and
// rate, or the fixed amount, and any approved reduction.
type Due struct {
	MemberID   int64
	Fen        int64
	Category   string // the category's label: 在职, 离退休, 学生 …
	StandardID int64
	Working    string // e.g. 月基数 4,800.00 元 × 1%（3000 < 基数 ≤ 5000）= 48.00 元
}
