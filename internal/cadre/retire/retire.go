// Package retire computes a person's statutory retirement age and date
// under the 全国人民代表大会常务委员会《关于实施渐进式延迟法定退休年龄的决定》
// (adopted 2024-09-13, in force 2025-01-01) and its 附件 1–3 tables
// (RULES.md §5). It is pure: no database, no clock.
//
// 《国务院关于渐进式延迟法定退休年龄的办法》第一条 (the decision's annex):
// from 2025-01-01 men and women whose former statutory age was 55 retire one
// month later for every four months of birth, up to 63 and 58; women whose
// former age was 50, one month later for every two months, up to 55. The
// tables start with those who reach the former age in 2025-01, i.e. men
// born 1965-01 (60 → 60y1m), women cadres born 1970-01 (55 → 55y1m) and
// women workers born 1975-01 (50 → 50y1m); the caps are reached by men born
// 1976-09, women cadres born 1981-09 and women workers born 1984-11.
package retire

import (
	"fmt"

	"zhdj/internal/platform/date"
)

// Kind is the person's category under the decision.
type Kind int

const (
	// Man is a male employee (原法定退休年龄60周岁).
	Man Kind = iota + 1
	// WomanCadre is a woman whose former statutory age was 55 (女干部,
	// 原法定退休年龄五十五周岁的女职工): the cadres of a university.
	WomanCadre
	// WomanWorker is a woman whose former statutory age was 50 (女工人,
	// 原法定退休年龄五十周岁的女职工).
	WomanWorker
)

// rule is one table of the annex.
type rule struct {
	baseYears  int        // the former statutory age
	firstBirth date.Month // the first birth month the delay applies to
	every      int        // months of birth per month of delay
	maxDelay   int        // the cap, in months (3 or 5 years)
}

var rules = map[Kind]rule{
	Man:         {baseYears: 60, firstBirth: "1965-01", every: 4, maxDelay: 36},
	WomanCadre:  {baseYears: 55, firstBirth: "1970-01", every: 4, maxDelay: 36},
	WomanWorker: {baseYears: 50, firstBirth: "1975-01", every: 2, maxDelay: 60},
}

// Age is an age in whole years and months.
type Age struct {
	Years  int `json:"years"`
	Months int `json:"months"`
}

// InMonths is the age in months.
func (a Age) InMonths() int { return a.Years*12 + a.Months }

// String is the age as the annex's tables print it: 60岁, 60岁1个月.
func (a Age) String() string {
	if a.Months == 0 {
		return fmt.Sprintf("%d岁", a.Years)
	}
	return fmt.Sprintf("%d岁%d个月", a.Years, a.Months)
}

// Retirement is a person's statutory retirement.
type Retirement struct {
	Age Age `json:"age"`
	// Month is the month in which the age is reached: the annex's
	// 改革后退休时间 (born 1965-01, 60y1m → 2025-02).
	Month date.Month `json:"month"`
	// On is the first day of Month. A cadre's record keeps the birth
	// month only (birth_on is day 1), so the first of the month is the
	// earliest day the age can be reached: a reminder counted from it is
	// never late, and it is the day personnel offices treat as the month's
	// retirement (the pension is paid from the month after).
	On date.Date `json:"on"`
}

// Of answers the statutory retirement of a person born in the month of
// birth (any day of it) of kind. ok is false for an unknown kind or an
// empty birth date.
func Of(birth date.Date, kind Kind) (Retirement, bool) {
	r, known := rules[kind]
	if !known || len(birth) < 7 {
		return Retirement{}, false
	}
	// date.ParseMonth keeps to this century's months: read the day instead.
	day, ok := date.Parse(string(birth)[:7] + "-01")
	if !ok {
		return Retirement{}, false
	}
	born := date.MonthOf(day.Time())
	age := r.baseYears*12 + Delay(born, kind)
	month := born.AddMonths(age)
	return Retirement{Age: Age{Years: age / 12, Months: age % 12}, Month: month, On: month.First()}, true
}

// Delay is the months the decision adds to the former statutory age of a
// person born in month: none before the table's first birth month, then
// one month for each started group of `every` birth months, up to the cap.
func Delay(born date.Month, kind Kind) int {
	r, ok := rules[kind]
	if !ok {
		return 0
	}
	since := r.firstBirth.MonthsTo(born)
	if since < 0 {
		return 0
	}
	return min(since/r.every+1, r.maxDelay)
}

// KindOf maps a cadre's gender to its kind: a man, or a woman cadre (the
// cadres of a university are 干部, former age 55). worker tells a woman
// whose former statutory age was 50 (a worker post).
func KindOf(male bool, worker bool) Kind {
	switch {
	case male:
		return Man
	case worker:
		return WomanWorker
	default:
		return WomanCadre
	}
}
