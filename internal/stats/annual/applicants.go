package annual

import (
	"github.com/uptrace/bun"

	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/platform/db"
)

// pipelineAt is the people in development on the reporting date
// (develop.SelectPipeline: applied by then, not yet approved as
// probationary members, not ended), by their record's branch.
func pipelineAt(idb bun.IDB, c Context) *bun.SelectQuery {
	return idb.NewSelect().TableExpr("(?) AS pl", develop.SelectPipeline(idb, c.Date)).
		ColumnExpr("pl.org_id, pl.person_kind, pl.gender").
		ColumnExpr(db.Uncoerced(idb, "pl.applied_on") + " AS applied_on, " + db.Uncoerced(idb, "pl.activist_on") + " AS activist_on, " +
			db.Uncoerced(idb, "pl.target_on") + " AS target_on")
}

// stageGroup is a stage's columns: the people in it on the reporting
// date, those who entered it in the period (its date from From on), the
// women, and the students and the staff (the development record's person
// kind: the school's split of the people it develops).
func stageGroup(key, title, in, since string, c Context) Column {
	return Column{Key: key + "Group", Title: title, Children: []Column{
		{Key: key, Title: "合计", When: in, Args: []any{c.Date}},
		{Key: key + "New", Title: "其中本年新增", When: in + " AND " + since + " >= ?", Args: []any{c.Date, c.From}},
		{Key: key + "Female", Title: "女", When: in + " AND x.gender = ?", Args: []any{c.Date, member.GenderFemale}},
		{Key: key + "Student", Title: "学生", When: in + " AND x.person_kind = 'student'", Args: []any{c.Date}},
		{Key: key + "Teacher", Title: "教职工", When: in + " AND x.person_kind = 'teacher'", Args: []any{c.Date}},
	}}
}

// The stages on the reporting date: an applicant not yet made an activist
// (③ done on the date makes them one); an activist, the development
// targets (⑦) among them, until ⑰ approves them.
const (
	inApplicant = "(x.activist_on IS NULL OR x.activist_on > ?)"
	inActivist  = "x.activist_on <= ?"
	inTarget    = "x.target_on <= ?"
)

func applicantColumns(c Context) []Column {
	return []Column{
		stageGroup("applicant", "入党申请人（未列为入党积极分子）", inApplicant, "x.applied_on", c),
		stageGroup("activist", "入党积极分子（含发展对象）", inActivist, "x.activist_on", c),
		stageGroup("target", "其中发展对象", inTarget, "x.target_on", c),
	}
}

// Applicants is 入党申请人和入党积极分子情况: on the reporting date, the
// applicants not yet activists, the activists (the development targets
// among them), each with those new in the period, by sex and person kind.
var Applicants = Table{
	Key: "applicants", Title: "入党申请人和入党积极分子情况", Unit: "名",
	Note:    "统计日期当日所处的发展阶段（当日确定为入党积极分子的计为积极分子）；本年新增为统计年度1月1日起进入该阶段的人数",
	Source:  pipelineAt,
	Columns: applicantColumns,
	Sums: func(Context) []Sum {
		var out []Sum
		for _, g := range []struct{ key, name string }{{"applicant", "入党申请人"}, {"activist", "入党积极分子"}, {"target", "发展对象"}} {
			out = append(out, Sum{Name: g.name + "的学生与教职工之和等于合计", Total: g.key, Parts: []string{g.key + "Student", g.key + "Teacher"}})
		}
		return out
	},
}
