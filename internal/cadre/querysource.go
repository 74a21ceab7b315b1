package cadre

import (
	"github.com/uptrace/bun"

	"zhdj/internal/platform/query"
)

// QuerySource is the cadre base as the comprehensive query (综合查询) and the
// 干部花名册 read it: the cadres of the caller's cadre scope (Scoped on
// their unit), with the fields a query may filter, sort and show. The ID
// number and the phone are not among them.
func (s *Service) QuerySource() query.Source {
	return query.Source{Key: "cadres", Label: "干部",
		From: func(idb bun.IDB) *bun.SelectQuery {
			return idb.NewSelect().TableExpr("gb_jbxx AS g").Join("JOIN sys_dept AS qd ON qd.id = g.unit_id")
		},
		Scope: s.Scoped("g.unit_id"), ID: "g.id", Order: "g.sort, g.name",
		Columns: []string{"name", "gender", "birthOn", "ethnicity", "unit", "post", "level", "education", "status"},
		Fields: []query.Field{
			{Key: "name", Label: "姓名", Kind: query.Text, Expr: "g.name"},
			{Key: "gender", Label: "性别", Kind: query.Dict, Dict: DictGender, Expr: "g.gender"},
			{Key: "birthOn", Label: "出生年月", Kind: query.Date, Expr: "g.birth_on"},
			{Key: "age", Label: "年龄", Kind: query.Age, Expr: "g.birth_on"},
			{Key: "ethnicity", Label: "民族", Kind: query.Dict, Dict: DictEthnicity, Expr: "g.ethnicity"},
			{Key: "politicalStatus", Label: "政治面貌", Kind: query.Dict, Dict: DictPolitical, Expr: "g.political_status"},
			{Key: "partyJoinOn", Label: "入党时间", Kind: query.Date, Expr: "g.party_join_on"},
			{Key: "workStartOn", Label: "参加工作时间", Kind: query.Date, Expr: "g.work_start_on"},
			{Key: "unit", Label: "所在单位", Kind: query.Text, Expr: "qd.name"},
			{Key: "post", Label: "现任职务", Kind: query.Text, Expr: "g.post"},
			{Key: "postSince", Label: "任现职时间", Kind: query.Date, Expr: "g.post_since"},
			{Key: "level", Label: "职级", Kind: query.Dict, Dict: DictLevel, Expr: "g.level"},
			{Key: "levelSince", Label: "任现职级时间", Kind: query.Date, Expr: "g.level_since"},
			{Key: "category", Label: "干部类别", Kind: query.Dict, Dict: DictCategory, Expr: "g.category"},
			{Key: "education", Label: "全日制学历", Kind: query.Dict, Dict: DictEducation, Expr: "g.education"},
			{Key: "degree", Label: "全日制学位", Kind: query.Dict, Dict: DictDegree, Expr: "g.degree"},
			{Key: "title", Label: "专业技术职务", Kind: query.Dict, Dict: DictTitle, Expr: "g.title"},
			{Key: "status", Label: "干部状态", Kind: query.Dict, Dict: DictStatus, Expr: "g.status"},
		}}
}
