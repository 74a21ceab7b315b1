package annual

import (
	"sort"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/partystats"
)

// The counted members: as the records stood at the end of the reporting
// date (China), members (正常, and 失联: a member out of contact is still a
// member until the party standing is stopped, 《中国共产党党员教育管理工作
// 条例》第二十四条; 出国（境）暂留 keeps the status 正常), full or
// probationary, joined by then. Their organisation is their formal
// relation (组织关系) then.
func membersAt(idb bun.IDB, c Context) *bun.SelectQuery { return countedOn(idb, c.Date) }

// countedStatuses are the member statuses (DY_ZT) the statistics count.
var countedStatuses = []string{member.StatusNormal, member.StatusLost}

// countedOn is the members counted at the end of day (membersAt).
func countedOn(idb bun.IDB, day date.Date) *bun.SelectQuery {
	return Counted(member.SelectStatesBefore(idb, endOf(day)).
		ColumnExpr("st.member_id, st.org_id, st.gender, st.ethnicity, st.education, st.person_category, st.party_status, st.source").
		// The dates as the columns' conditions compare them (db.Uncoerced).
		ColumnExpr(db.Uncoerced(idb, "st.birth_date")+" AS birth_date, "+db.Uncoerced(idb, "st.joined_on")+" AS joined_on"), day)
}

// Counted restricts q, a select of member versions (alias st, as
// member.SelectStatesBefore and member.SelectRosterAt give them, read at
// EndOf(day)), to the members the tables of day count: a roster frozen
// with the tables (数据快照) lists exactly the members they counted.
func Counted(q *bun.SelectQuery, day date.Date) *bun.SelectQuery {
	cond, args := countedWhen(q.DB(), day)
	return q.Where(cond, args...)
}

// countedWhen is Counted's condition on a version (alias st) as SQL with
// its arguments.
func countedWhen(idb bun.IDB, day date.Date) (string, []any) {
	return "(st.member_status IN (?) AND st.party_status IN (?) AND (st.joined_on IS NULL OR " + db.Uncoerced(idb, "st.joined_on") + " <= ?))",
		[]any{bun.List(countedStatuses), bun.List([]string{member.PartyFull, member.PartyProbation}), day}
}

// EndOf is the first instant after day ends in China: the statistics of a
// date read the records as they stood then.
func EndOf(day date.Date) time.Time { return endOf(day) }

// endOf is the first instant after day ends in China: the statistics of a
// date read the records as they stood then.
func endOf(day date.Date) time.Time {
	t := day.AddDays(1).Time()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, date.China).UTC()
}

// ageColumns are the bands (partystats.AgeBands, RULES.md §6) as
// conditions on the birth date, the age in full years on the reporting date.
func ageColumns(day date.Date) []Column {
	var out []Column
	for _, b := range partystats.AgeBands {
		col := Column{Key: b.Key, Title: b.Title}
		col.When, col.Args = partystats.AgeBandRange("x.birth_date", b, day)
		out = append(out, col)
	}
	return append(out, Column{Key: "ageNone", Title: "出生日期未填", When: "x.birth_date IS NULL"})
}

// educationColumns are the groups of partystats.EducationGroups (GB/T
// 4658 codes; 职业高中 and 技工学校 count as 高中及以下), and the rest apart.
func educationColumns() []Column {
	var cols []Column
	for _, g := range partystats.EducationGroups {
		cols = append(cols, Column{Key: g.Key, Title: g.Title, When: "x.education IN (?)", Args: []any{bun.List(g.Codes)}})
	}
	return append(cols, Column{Key: "eduNone", Title: "学历未填或无法归类", When: "x.education NOT IN (?)", Args: []any{bun.List(partystats.EducationCodes())}})
}

// JoinPeriods are the joining periods of the 党内统计公报 (中共中央组织部,
// 2023年党内统计公报): before the founding of the PRC (1 October 1949), up to
// the Third Plenum of the 11th Central Committee (opened 18 December
// 1978), up to the 18th National Congress (opened 8 November 2012), since.
var JoinPeriods = []struct {
	Key, Title string
	From, To   date.Date // From inclusive, To exclusive; "": unbounded
}{
	{"joinPre1949", "新中国成立前", "", "1949-10-01"},
	{"join1949", "新中国成立后至党的十一届三中全会前", "1949-10-01", "1978-12-18"},
	{"join1978", "党的十一届三中全会后至党的十八大前", "1978-12-18", "2012-11-08"},
	{"join2012", "党的十八大以来", "2012-11-08", ""},
}

func joinColumns() []Column {
	var out []Column
	for _, p := range JoinPeriods {
		col := Column{Key: p.Key, Title: p.Title}
		switch {
		case p.From == "":
			col.When, col.Args = "x.joined_on < ?", []any{p.To}
		case p.To == "":
			col.When, col.Args = "x.joined_on >= ?", []any{p.From}
		default:
			col.When, col.Args = "x.joined_on >= ? AND x.joined_on < ?", []any{p.From, p.To}
		}
		out = append(out, col)
	}
	return append(out, Column{Key: "joinNone", Title: "入党日期未填", When: "x.joined_on IS NULL"})
}

// Occupations are the 中组部 occupation groups of the 党内统计公报; the
// school's person categories (DJ_DY_RYLBXX) map onto them through the
// department's mapping (occupation.go).
var Occupations = []struct{ Key, Title string }{
	{"worker", "工人（工勤技能人员）"},
	{"farmer", "农牧渔民"},
	{"professional", "企事业单位、社会组织专业技术人员"},
	{"manager", "企事业单位、社会组织管理人员"},
	{"official", "党政机关工作人员"},
	{"student", "学生"},
	{"other", "其他职业人员"},
	{"retired", "离退休人员"},
}

// occupationColumns count each group's categories; a category not mapped
// (or a member without one) is counted apart, so the sum still holds.
func occupationColumns(mapping map[string]string) []Column {
	var cols []Column
	var mapped []string
	for _, o := range Occupations {
		var cats []string
		for cat, g := range mapping {
			if g == o.Key {
				cats = append(cats, cat)
			}
		}
		sort.Strings(cats)
		mapped = append(mapped, cats...)
		col := Column{Key: "occ_" + o.Key, Title: o.Title, When: "1 = 0"}
		if len(cats) > 0 {
			col.When, col.Args = "x.person_category IN (?)", []any{bun.List(cats)}
		}
		cols = append(cols, col)
	}
	none := Column{Key: "occNone", Title: "人员类别未填或未对应", When: "1 = 1"}
	if len(mapped) > 0 {
		none.When, none.Args = "x.person_category NOT IN (?)", []any{bun.List(mapped)}
	}
	return append(cols, none)
}

// MemberBasics is 党员基本情况: the members by sex, ethnicity, party
// standing, age, education, joining period and occupation.
var MemberBasics = Table{
	Key: "members", Title: "党员基本情况", Unit: "名",
	Note:   "按统计日期当日结束时的党员记录计算（党员记录自录入系统之日起计入），之后的修改不影响结果",
	Source: membersAt,
	Columns: func(c Context) []Column {
		return []Column{
			{Key: "total", Title: "党员总数", When: ""},
			{Key: "of", Title: "其中", Children: []Column{
				{Key: "female", Title: "女", When: "x.gender = ?", Args: []any{member.GenderFemale}},
				{Key: "minority", Title: "少数民族", When: "x.ethnicity <> '' AND x.ethnicity <> ? AND x.ethnicity NOT IN ('97', '98')", Args: []any{"01"}},
				{Key: "probation", Title: "预备党员", When: "x.party_status = ?", Args: []any{member.PartyProbation}},
			}},
			{Key: "age", Title: "年龄", Children: ageColumns(c.Date)},
			{Key: "edu", Title: "学历", Children: educationColumns()},
			{Key: "join", Title: "入党时间", Children: joinColumns()},
			{Key: "occ", Title: "职业", Children: occupationColumns(c.Occupation)},
		}
	},
	Sums: func(c Context) []Sum {
		return []Sum{
			{Name: "年龄合计等于党员总数", Total: "total", Parts: leafKeys(ageColumns(c.Date))},
			{Name: "学历合计等于党员总数", Total: "total", Parts: leafKeys(educationColumns())},
			{Name: "入党时间合计等于党员总数", Total: "total", Parts: leafKeys(joinColumns())},
			{Name: "职业合计等于党员总数", Total: "total", Parts: leafKeys(occupationColumns(c.Occupation))},
		}
	},
}
