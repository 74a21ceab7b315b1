package member

import (
	"github.com/uptrace/bun"

	"zhdj/internal/platform/query"
)

// QuerySource is the member base as the comprehensive query (综合查询)
// reads it: every member record of the caller's organisation scope, with
// the fields a query may filter, sort and show. The ID number and the
// phone are not among them (personal numbers stay on the record's page,
// masked).
func (s *Service) QuerySource() query.Source {
	const unitJoin = "LEFT JOIN sys_dept AS qd ON qd.id = m.unit_dept_id"
	return query.Source{Key: "members", Label: "党员",
		From: func(idb bun.IDB) *bun.SelectQuery {
			return Select(idb).Join("JOIN dzz AS qz ON qz.id = m.org_id").Join(unitJoin)
		},
		// The organisation is only shown and sorted on (org_id is a NOT NULL
		// foreign key: the join drops no row), the unit only shown unless a
		// condition reads it (its Join). Without the joins a three-condition
		// count at 200,000 members reads the member index alone
		// (docs/performance.md, issue 30).
		Counted: Select,
		Scope:   s.orgs.Scoped("m.org_id"), ScopeFrom: s.orgs.ScopedJoined("m.org_id", "qz.id"),
		ID: "m.id", Order: "qz.path, m.name",
		Columns: []string{"name", "gender", "birthDate", "ethnicity", "education", "partyStatus", "joinedOn", "org"},
		Fields: []query.Field{
			{Key: "name", Label: "姓名", Kind: query.Text, Expr: "m.name"},
			{Key: "gender", Label: "性别", Kind: query.Dict, Dict: "DJ_COMM_XB", Expr: "m.gender"},
			{Key: "ethnicity", Label: "民族", Kind: query.Dict, Dict: "DJ_COMM_MZXX", Expr: "m.ethnicity"},
			{Key: "birthDate", Label: "出生日期", Kind: query.Date, Expr: "m.birth_date"},
			{Key: "age", Label: "年龄", Kind: query.Age, Expr: "m.birth_date"},
			{Key: "education", Label: "学历", Kind: query.Dict, Dict: "DJ_DY_XLXX", Expr: "m.education"},
			{Key: "personCategory", Label: "人员类别", Kind: query.Dict, Dict: "DJ_DY_RYLBXX", Expr: "m.person_category"},
			{Key: "professionalTitle", Label: "专业技术职称", Kind: query.Dict, Dict: "DJ_JBXX_ZYJSZC", Expr: "m.professional_title"},
			{Key: "post", Label: "工作岗位", Kind: query.Dict, Dict: "DJ_DY_GZGWXX", Expr: "m.post"},
			{Key: "partyStatus", Label: "党籍状态", Kind: query.Dict, Dict: "DJ_DY_DJZTXX", Expr: "m.party_status"},
			{Key: "memberStatus", Label: "党员状态", Kind: query.Dict, Dict: "DY_ZT", Expr: "m.member_status"},
			{Key: "appliedOn", Label: "申请入党日期", Kind: query.Date, Expr: "m.applied_on"},
			{Key: "joinedOn", Label: "入党日期", Kind: query.Date, Expr: "m.joined_on"},
			{Key: "fullOn", Label: "转正日期", Kind: query.Date, Expr: "m.full_on"},
			{Key: "org", Label: "所在党组织", Kind: query.Org, Expr: "m.org_id", Show: "qz.name"},
			{Key: "unit", Label: "所在单位", Kind: query.Text, Expr: "qd.name", Join: unitJoin},
			{Key: "staffOrStudentNo", Label: "学号/工号", Kind: query.Text, Expr: "m.staff_or_student_no"},
			{Key: "grade", Label: "年级", Kind: query.Dict, Dict: "njOptions", Expr: "m.grade"},
			{Key: "className", Label: "班级", Kind: query.Text, Expr: "m.class_name"},
		}}
}
