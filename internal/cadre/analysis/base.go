package analysis

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/record"
)

// Serving statuses of GB_ZT: 现任校领导, 现任处级, 现任科级 (离任, 考察对象,
// 年轻干部 and 临时档案 are not in service).
var servingStatuses = []string{statusSchool, statusDivision, statusSection}

// Queries is the cadre base's query-level API the reminders and the
// analysis group on (alert.Base): FROM clauses over the base's tables,
// columns left to the caller. The base (internal/cadre) offers Each, a
// paged read of rows into Go, but no select a GROUP BY can run on; until it
// does, these are the package's own, listed as boundary exceptions
// (internal/app/boundaries_test.go) — the base's Scoped is used as is.
type Queries struct {
	// Scope is the base's cadre scope (cadre.Service.Scoped).
	Scope func(column string) record.Restriction
	// Subtree is a unit and the units below it (unit.Service.SubtreeIDs).
	Subtree func(ctx context.Context, root int64) ([]int64, error)
}

// UnitSubtree is unit root and those below it (机关 and its offices).
func (q Queries) UnitSubtree(ctx context.Context, root int64) ([]int64, error) {
	return q.Subtree(ctx, root)
}

// Serving: the cadres in service AS g.
func (Queries) Serving(idb bun.IDB) *bun.SelectQuery {
	return idb.NewSelect().TableExpr("gb_jbxx AS g").Where("g.status IN (?)", bun.In(servingStatuses))
}

// CurrentPosts: the posts held on today AS x with their serving cadre AS g.
func (q Queries) CurrentPosts(idb bun.IDB, today date.Date) *bun.SelectQuery {
	return q.Serving(idb).Join("JOIN gb_zw AS x ON x.cadre_id = g.id").
		WhereGroup(" AND ", func(s *bun.SelectQuery) *bun.SelectQuery {
			return s.Where("x.end_on IS NULL").WhereOr("x.end_on >= ?", today)
		})
}

// OutCertificates: certificates kept by the organisation, out and not
// returned, AS x with their serving cadre AS g.
func (q Queries) OutCertificates(idb bun.IDB) *bun.SelectQuery {
	return q.Serving(idb).Join("JOIN gb_zj AS x ON x.cadre_id = g.id").Where("x.kept_by_org = ?", true).
		Where("x.out_on IS NOT NULL").Where("x.returned_on IS NULL")
}

// UnitName is the name of the unit (a system department) whose id is column.
func (Queries) UnitName(column string) string {
	return "(SELECT d.name FROM sys_dept AS d WHERE d.id = " + column + ")"
}

// Scoped is the base's cadre scope.
func (q Queries) Scoped(column string) record.Restriction { return q.Scope(column) }
