package check

import (
	"strings"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
)

// The kinds of problem, each a condition on a member row (alias m, the
// extended probation joined as x).
const (
	KindMissing  = "missing"  // 缺少必填信息
	KindUnderage = "underage" // 入党时未满十八岁
	KindFuture   = "future"   // 日期晚于今天
	KindOverdue  = "overdue"  // 预备期满未转正
)

// Kind is a kind of problem as the page explains it.
type Kind struct {
	Kind    string `json:"kind"`
	Name    string `json:"name"`
	Explain string `json:"explain"`
}

// Kinds are the checks in the order the page shows them.
var Kinds = []Kind{
	{KindMissing, "缺少必填信息", "党内统计按性别、民族、年龄（出生日期）、学历、入党时间和人员类别（对应职业）统计党员，身份证号码用于核对出生日期；缺少其中任一项的党员无法准确计入统计表。"},
	{KindUnderage, "入党时未满十八岁", "党章规定年满十八岁方可申请入党。入党日期早于十八周岁生日的（生日当天已满十八岁；2月29日出生的，平年以3月1日为生日），出生日期或入党日期应有误。"},
	{KindFuture, "日期晚于今天", "出生日期或入党日期晚于今天，应为录入错误。"},
	{KindOverdue, "预备期满未转正", "预备期为一年，自入党之日起计算；经批准延长预备期的（最长一年），至延长后的届满日。届满日次日起仍为预备党员的，应及时讨论转正、延长预备期或取消预备党员资格，并更新党员信息。"},
}

// kindName is the Chinese name of kind k ("" when there is none).
func kindName(k string) string {
	for _, c := range Kinds {
		if c.Kind == k {
			return c.Name
		}
	}
	return ""
}

// Field is a field the statistics tables need, with its test of empty.
type Field struct {
	Key, Label string
	empty      string
}

// Fields are the required fields of a member record (member.Member's
// columns the 党内统计 tables count by), in the form's order.
var Fields = []Field{
	{"gender", "性别", "COALESCE(m.gender, '') = ''"},
	{"ethnicity", "民族", "COALESCE(m.ethnicity, '') = ''"},
	{"birthDate", "出生日期", "m.birth_date IS NULL"},
	{"idNumber", "身份证号码", "COALESCE(m.id_number_idx, '') = ''"},
	{"education", "学历", "COALESCE(m.education, '') = ''"},
	{"joinedOn", "入党日期", "m.joined_on IS NULL"},
	{"personCategory", "人员类别", "COALESCE(m.person_category, '') = ''"},
}

func fieldLabel(key string) string {
	for _, f := range Fields {
		if f.Key == key {
			return f.Label
		}
	}
	return key
}

// AdultAge is the age at which one may join (党章: 年满十八岁).
const AdultAge = member.MinApplicantAge

// clause is an SQL condition with its arguments.
type clause struct {
	sql  string
	args []any
}

// conditions are the checks as of today on the given store: a map from
// kind to its condition. The dates compare as numbers YYYYMMDD, so the
// 18th birthday is the birth date plus 180000 — 29 February's being 1
// March in a common year (no joining date falls between the two) — on
// either store.
func conditions(pg bool, today date.Date) map[string]clause {
	var empties []string
	for _, f := range Fields {
		empties = append(empties, f.empty)
	}
	return map[string]clause{
		KindMissing: {sql: "(" + strings.Join(empties, " OR ") + ")"},
		KindUnderage: {sql: "(m.birth_date IS NOT NULL AND m.joined_on IS NOT NULL AND " +
			ymd(pg, "m.joined_on") + " < " + ymd(pg, "m.birth_date") + " + ?)", args: []any{AdultAge * 10000}},
		KindFuture: {sql: "(m.birth_date > ? OR m.joined_on > ?)", args: []any{today, today}},
		// The probation ends a year after joining (or on the extended
		// date): overdue from the day after its end.
		KindOverdue: {sql: "(m.party_status = ? AND ((x.probation_ends_on IS NOT NULL AND x.probation_ends_on < ?) OR " +
			"(x.probation_ends_on IS NULL AND m.joined_on < ?)))", args: []any{member.PartyProbation, today, joinedBefore(today)}},
	}
}

// ymd is a date column as the number YYYYMMDD.
func ymd(pg bool, column string) string {
	if pg {
		return "CAST(to_char(" + column + ", 'YYYYMMDD') AS INTEGER)"
	}
	return "CAST(REPLACE(substr(" + column + ", 1, 10), '-', '') AS INTEGER)"
}

// joinedBefore is the first joining date whose year of probation has not
// ended before today: a probation from an earlier date is overdue. A year
// on is date.AddYears (29 February → 1 March), as the member rules count it.
func joinedBefore(today date.Date) date.Date {
	c := today.AddYears(-1)
	for c.AddDays(-1).AddYears(1) >= today {
		c = c.AddDays(-1)
	}
	for c.AddYears(1) < today {
		c = c.AddDays(1)
	}
	return c
}

// probationEnd is when the probation of a member who joined on joined
// ends: the extended end when there is one, else a year on.
func probationEnd(joined, extended date.Date) date.Date {
	if !extended.IsZero() {
		return extended
	}
	return joined.AddYears(1)
}

// tags is a text column listing with a trailing comma the names of the
// conditions that hold ("missing,overdue,"), for the rows of a page.
func tags(names []string, conds []clause) clause {
	var parts []string
	var args []any
	for i, n := range names {
		parts = append(parts, "(CASE WHEN "+conds[i].sql+" THEN '"+n+",' ELSE '' END)")
		args = append(args, conds[i].args...)
	}
	return clause{sql: strings.Join(parts, " || "), args: args}
}

// kindKeys are the kinds' keys in order.
func kindKeys() []string {
	out := make([]string, len(Kinds))
	for i, k := range Kinds {
		out[i] = k.Kind
	}
	return out
}
