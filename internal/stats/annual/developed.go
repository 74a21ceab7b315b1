package annual

import (
	"github.com/uptrace/bun"

	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/platform/db"
)

// developedIn is the people developed in the reporting period (⑰ approved
// from From to Date, develop.SelectDeveloped), by their development
// record's branch, with what their member record said at the end of the
// reporting date (member.SelectStatesBefore): ethnicity, education and
// person category, which the development record does not keep. The
// reporting date's version rather than the approval day's: the member
// record ⑰ creates has no education (the registry does not give it) and a
// ⑰ recorded after its date has no version on that day yet; what the
// branch completed by the reporting date is what the table is filed with,
// and nothing recorded after that date changes it. Sex and birth date
// are the development record's; the age is in full years on the approval
// date (age_at: the YYYYMMDD numbers' difference over 10000, so 29
// February's birthday is 1 March in a common year, as date.AgeOn).
func developedIn(idb bun.IDB, c Context) *bun.SelectQuery {
	states := member.SelectStatesBefore(idb, endOf(c.Date)).ColumnExpr("st.member_id, st.ethnicity, st.education, st.person_category")
	pg := db.IsPostgres(idb)
	return idb.NewSelect().TableExpr("(?) AS dv", develop.SelectDeveloped(idb, c.From, c.Date)).
		Join("LEFT JOIN (?) AS ms ON ms.member_id = dv.member_id", states).
		ColumnExpr("dv.org_id, dv.person_kind, dv.gender, dv.birth_date, dv.approved_on").
		ColumnExpr("COALESCE(ms.ethnicity, '') AS ethnicity, COALESCE(ms.education, '') AS education, COALESCE(ms.person_category, '') AS person_category").
		ColumnExpr("(" + ymd(pg, "dv.approved_on") + " - " + ymd(pg, "dv.birth_date") + ") / 10000 AS age_at")
}

// ymd is a date column as the number YYYYMMDD on either store.
func ymd(pg bool, column string) string {
	if pg {
		return "CAST(to_char(" + column + ", 'YYYYMMDD') AS INTEGER)"
	}
	return "CAST(REPLACE(substr(" + column + ", 1, 10), '-', '') AS INTEGER)"
}

// DevelopedAgeBands are the age bands of the developed, in full years on
// the approval date. RULES.md §6's bands with 30岁及以下 split at 25: the
// 党内统计公报 reports the developed "35岁及以下" (e.g. 2017年: 161.3万名，
// 占81.4%), the sum of the first three bands here, and the statistics of
// development single out 25岁及以下 (the 共青团 推优 age, 细则 under 28). The
// official 第十四表's own column heads were not at hand (only its name and
// the 填报说明's rule of counting by the higher committee's approval): the
// bands are an assumption to check against the year's 年报表.
var DevelopedAgeBands = []struct {
	Key      string
	Title    string
	From, To int // inclusive; To 0: no upper bound
}{
	{"age25", "25岁及以下", 0, 25}, {"age30", "26至30岁", 26, 30}, {"age35", "31至35岁", 31, 35},
	{"age40", "36至40岁", 36, 40}, {"age45", "41至45岁", 41, 45}, {"age50", "46至50岁", 46, 50},
	{"age55", "51至55岁", 51, 55}, {"age60", "56至60岁", 56, 60}, {"age61", "61岁及以上", 61, 0},
}

func developedAgeColumns() []Column {
	var out []Column
	for _, b := range DevelopedAgeBands {
		col := Column{Key: b.Key, Title: b.Title}
		switch {
		case b.To == 0:
			col.When, col.Args = "x.age_at >= ?", []any{b.From}
		default:
			col.When, col.Args = "x.age_at >= ? AND x.age_at <= ?", []any{b.From, b.To}
		}
		out = append(out, col)
	}
	return append(out, Column{Key: "ageNone", Title: "出生日期未填", When: "x.age_at IS NULL"})
}

const developedNote = "统计年度1月1日至统计日期经上级党委审批接收的预备党员，按审批日期计入；年龄按审批日期计算，民族、学历、人员类别取统计日期结束时的党员记录"

// minority is an ethnicity other than 01 汉族, 97 其他 and 98 外国血统.
const minority = "x.ethnicity <> '' AND x.ethnicity <> '01' AND x.ethnicity NOT IN ('97', '98')"

// Developed is 发展党员情况（一） (第十四表): the people developed in the
// period by sex, 少数民族, age at approval and education.
var Developed = Table{
	Key: "developed", Title: "发展党员情况（一）", Unit: "名", Period: true,
	Note:   developedNote,
	Source: developedIn,
	Columns: func(Context) []Column {
		return []Column{
			{Key: "total", Title: "发展党员总数"},
			{Key: "of", Title: "其中", Children: []Column{
				{Key: "female", Title: "女", When: "x.gender = ?", Args: []any{member.GenderFemale}},
				{Key: "minority", Title: "少数民族", When: minority},
			}},
			{Key: "age", Title: "年龄（审批时）", Children: developedAgeColumns()},
			{Key: "edu", Title: "学历", Children: educationColumns()},
		}
	},
	Sums: func(Context) []Sum {
		return []Sum{
			{Name: "年龄合计等于发展党员总数", Total: "total", Parts: leafKeys(developedAgeColumns())},
			{Name: "学历合计等于发展党员总数", Total: "total", Parts: leafKeys(educationColumns())},
		}
	},
}

func kindColumns() []Column {
	return []Column{
		{Key: "kindStudent", Title: "学生", When: "x.person_kind = 'student'"},
		{Key: "kindTeacher", Title: "教职工", When: "x.person_kind = 'teacher'"},
	}
}

// DevelopedByOccupation is 发展党员情况（二） (第十五表): the same people by
// the 中组部 occupation groups (the member's person category through the
// department's mapping, as 党员基本情况) and by the development record's
// person kind (学生, 教职工: the school's own split).
var DevelopedByOccupation = Table{
	Key: "developed2", Title: "发展党员情况（二）", Unit: "名", Period: true,
	Note:   developedNote,
	Source: developedIn,
	Columns: func(c Context) []Column {
		return []Column{
			{Key: "total", Title: "发展党员总数"},
			{Key: "occ", Title: "职业", Children: occupationColumns(c.Occupation)},
			{Key: "kind", Title: "人员类型", Children: kindColumns()},
		}
	},
	Sums: func(c Context) []Sum {
		return []Sum{
			{Name: "职业合计等于发展党员总数", Total: "total", Parts: leafKeys(occupationColumns(c.Occupation))},
			{Name: "人员类型合计等于发展党员总数", Total: "total", Parts: leafKeys(kindColumns())},
		}
	},
}
