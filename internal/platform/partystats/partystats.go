// Package partystats is the vocabulary of the party statistics (RULES.md §6)
// that several modules count by: the age bands and the education groups.
// It sits below the modules (develop counts its yearly table with it, and
// internal/stats imports develop), so that there is one definition, not a
// copy per report.
package partystats

import (
	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
)

// AgeBand is one age band: the age in full years on the counting day
// (date.AgeOn: born 29 February, a common year's birthday is 1 March).
type AgeBand struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	// From and To are inclusive; To 0: no upper bound.
	From int `json:"from"`
	To   int `json:"to"`
}

// AgeBands are the bands of RULES.md §6: ≤30, 31–35, 36–40, 41–45, 46–50,
// 51–55, 56–60, ≥61.
var AgeBands = []AgeBand{
	{"age30", "30岁及以下", 0, 30}, {"age35", "31至35岁", 31, 35}, {"age40", "36至40岁", 36, 40},
	{"age45", "41至45岁", 41, 45}, {"age50", "46至50岁", 46, 50}, {"age55", "51至55岁", 51, 55},
	{"age60", "56至60岁", 56, 60}, {"age61", "61岁及以上", 61, 0},
}

// AgeBandOf is the key of the band of age.
func AgeBandOf(age int) string {
	for _, b := range AgeBands {
		if age >= b.From && (b.To == 0 || age <= b.To) {
			return b.Key
		}
	}
	return AgeBands[0].Key // a negative age cannot come from date.AgeOn
}

// BornBy is the last birth date of someone aged at least n on day (as
// date.AgeOn counts), so that a band is a range of birth dates an index can
// serve: aged From..To is born after BornBy(To+1) and by BornBy(From).
func BornBy(day date.Date, n int) date.Date {
	if n <= 0 {
		return day // date.AgeOn is never below 0
	}
	b := day.AddYears(-n)
	for b.AddDays(1).AgeOn(day) >= n {
		b = b.AddDays(1)
	}
	for b.AgeOn(day) < n {
		b = b.AddDays(-1)
	}
	return b
}

// AgeBandRange is the birth-date condition of band b on day over the column
// col (a date column): SQL text of the server's own and its arguments.
func AgeBandRange(col string, b AgeBand, day date.Date) (string, []any) {
	switch {
	case b.From == 0:
		return col + " > ?", []any{BornBy(day, b.To+1)}
	case b.To == 0:
		return col + " <= ?", []any{BornBy(day, b.From)}
	}
	return col + " > ? AND " + col + " <= ?", []any{BornBy(day, b.To+1), BornBy(day, b.From)}
}

// AgeBandCase is a SQL CASE giving the band key of the birth date col on
// day, the empty string when col is NULL.
func AgeBandCase(col string, day date.Date) (string, []any) {
	expr := "CASE WHEN " + col + " IS NULL THEN ''"
	var args []any
	for _, b := range AgeBands {
		cond, a := AgeBandRange(col, b, day)
		expr += " WHEN " + cond + " THEN '" + b.Key + "'"
		args = append(args, a...)
	}
	return expr + " ELSE '' END", args
}

// EducationGroup is one education group with the 学历 codes it takes.
type EducationGroup struct {
	Key   string   `json:"key"`
	Title string   `json:"title"`
	Codes []string `json:"codes"`
}

// EducationGroups group the 学历 codes (GB/T 4658-2006, dictionary
// DJ_DY_XLXX, which has no heading code 30) as the statistics do: 研究生
// (1x), 大学本科 (2x: the heading 20 大学本科/专科教育 counts as 本科, as does
// 28 大学普通班), 大学专科 (31–33), 中专 (40 中等职业教育, 41–43 中等专科),
// 高中及以下 (44–49 职业高中 and 技工学校 are of 高中 level, not 中专; 6x 高中,
// 7x 初中, 8x 小学, 90 其他). A code in no group (none, or not of the
// dictionary) is counted apart by each report.
var EducationGroups = []EducationGroup{
	{"eduPostgrad", "研究生", []string{"10", "11", "12", "13", "14", "15", "16", "17", "18", "19"}},
	{"eduBachelor", "大学本科", []string{"20", "21", "22", "23", "28"}},
	{"eduCollege", "大学专科", []string{"31", "32", "33"}},
	{"eduSecondary", "中专", []string{"40", "41", "42", "43"}},
	{"eduHigh", "高中及以下", []string{"44", "45", "46", "47", "48", "49", "60", "61", "62", "63", "70", "71", "73", "80", "81", "83", "90"}},
}

// EducationGroupOf is the key of the group of code, "" when in none.
func EducationGroupOf(code string) string {
	for _, g := range EducationGroups {
		for _, c := range g.Codes {
			if c == code {
				return g.Key
			}
		}
	}
	return ""
}

// EducationCodes is every code of a group.
func EducationCodes() []string {
	var out []string
	for _, g := range EducationGroups {
		out = append(out, g.Codes...)
	}
	return out
}

// EducationCase is a SQL CASE giving the group key of the code col, the empty string
// when in none.
func EducationCase(col string) (string, []any) {
	expr := "CASE"
	var args []any
	for _, g := range EducationGroups {
		expr += " WHEN " + col + " IN (?) THEN '" + g.Key + "'"
		args = append(args, bun.List(g.Codes))
	}
	return expr + " ELSE '' END", args
}
