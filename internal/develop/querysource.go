package develop

import (
	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/query"
)

// QuerySource is the development records as the comprehensive query (综合查询)
// and the 入党积极分子花名册 read them: the records of the caller's
// organisation scope (by their branch), with the fields a query may
// filter, sort and show. Personal numbers stay in the people registry.
func (s *Service) QuerySource() query.Source {
	stages := make([]query.Option, 0, len(StageNames))
	for _, st := range []string{StageApplicant, StageActivist, StageTarget, StageProbationary, StageFull, StageEnded} {
		stages = append(stages, query.Option{Value: st, Label: StageNames[st]})
	}
	return query.Source{Key: "develop", Label: "发展党员",
		From: func(idb bun.IDB) *bun.SelectQuery {
			return org.NameJoin("r.org_id")(idb.NewSelect().TableExpr("dev_record AS r"))
		},
		Scope: s.orgs.Scoped("r.org_id"), ScopeFrom: s.orgs.ScopedJoined("r.org_id", org.IDColumn), ID: "r.id", Order: org.PathColumn + ", r.name",
		Columns: []string{"name", "personNo", "gender", "birthDate", "stage", "appliedOn", "activistOn", "targetOn", "org"},
		Fields: []query.Field{
			{Key: "name", Label: "姓名", Kind: query.Text, Expr: "r.name"},
			{Key: "personNo", Label: "学号/工号", Kind: query.Text, Expr: "r.person_no"},
			{Key: "personKind", Label: "人员类型", Kind: query.Dict, Expr: "r.person_kind",
				Options: []query.Option{{Value: "student", Label: "学生"}, {Value: "teacher", Label: "教职工"}}},
			{Key: "gender", Label: "性别", Kind: query.Dict, Dict: "DJ_COMM_XB", Expr: "r.gender"},
			{Key: "birthDate", Label: "出生日期", Kind: query.Date, Expr: "r.birth_date"},
			{Key: "age", Label: "年龄", Kind: query.Age, Expr: "r.birth_date"},
			{Key: "stage", Label: "发展阶段", Kind: query.Dict, Expr: "r.stage", Options: stages},
			{Key: "appliedOn", Label: "申请入党日期", Kind: query.Date, Expr: "r.applied_on"},
			{Key: "activistOn", Label: "确定积极分子日期", Kind: query.Date, Expr: "r.activist_on"},
			{Key: "targetOn", Label: "确定发展对象日期", Kind: query.Date, Expr: "r.target_on"},
			{Key: "admittedOn", Label: "接收预备党员日期", Kind: query.Date, Expr: "r.admitted_on"},
			{Key: "fullOn", Label: "转正日期", Kind: query.Date, Expr: "r.full_on"},
			{Key: "org", Label: "所在党支部", Kind: query.Org, Expr: "r.org_id", Show: org.NameColumn},
		}}
}
