package org

import (
	"github.com/uptrace/bun"

	"zhdj/internal/platform/query"
)

// QuerySource is the organisation tree as the comprehensive query (综合查询)
// reads it: the organisations of the caller's scope, with the fields a
// query may filter, sort and show. Its 党组织 field is the organisation
// itself, so that "属于（含下级）X" lists X's subtree.
func (s *Service) QuerySource() query.Source {
	return query.Source{Key: "orgs", Label: "党组织",
		From: func(idb bun.IDB) *bun.SelectQuery {
			return idb.NewSelect().TableExpr("dzz AS z").Join("LEFT JOIN dzz AS qp ON qp.id = z.pid").
				Join("LEFT JOIN sys_dept AS qd ON qd.id = z.unit_dept_id")
		},
		Scope: s.Scoped("z.id"), ID: "z.id", Order: "z.path",
		Columns: []string{"name", "code", "type", "parent", "secretary", "foundedOn", "status"},
		Fields: []query.Field{
			{Key: "name", Label: "党组织名称", Kind: query.Text, Expr: "z.name"},
			{Key: "code", Label: "党组织编码", Kind: query.Text, Expr: "z.code"},
			{Key: "org", Label: "党组织", Kind: query.Org, Expr: "z.id", Show: "z.name"},
			{Key: "type", Label: "党组织类型", Kind: query.Dict, Dict: DictType, Expr: "z.type"},
			{Key: "category", Label: "党组织类别", Kind: query.Dict, Dict: DictCategory, Expr: "z.category"},
			{Key: "parent", Label: "上级党组织", Kind: query.Text, Expr: "qp.name"},
			{Key: "unit", Label: "所在单位", Kind: query.Text, Expr: "qd.name"},
			{Key: "secretary", Label: "书记", Kind: query.Text, Expr: "z.secretary_name"},
			{Key: "foundedOn", Label: "成立日期", Kind: query.Date, Expr: "z.founded_on"},
			{Key: "termStart", Label: "本届换届日期", Kind: query.Date, Expr: "z.term_start"},
			{Key: "termEnd", Label: "届满日期", Kind: query.Date, Expr: "z.term_end"},
			{Key: "status", Label: "状态", Kind: query.Dict, Expr: "z.status",
				Options: []query.Option{{Value: StatusNormal, Label: statusNames[StatusNormal]}, {Value: StatusRevoked, Label: statusNames[StatusRevoked]}}},
		}}
}

// SelectSubtree is the select of the ids of organisation id's subtree (id
// and every organisation below it), whatever the caller's scope: a
// sub-query a condition "in X's subtree" tests an organisation column
// against (column IN (?)), one indexed LIKE on the materialised path.
func SelectSubtree(idb bun.IDB, id int64) *bun.SelectQuery {
	return idb.NewSelect().TableExpr("dzz AS stz").Column("stz.id").
		Join("JOIN dzz AS str ON stz.path LIKE str.path || '%'").Where("str.id = ?", id)
}
