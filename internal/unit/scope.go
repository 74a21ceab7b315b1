package unit

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// Scope is the set of units a caller may see. It is derived from the
// caller's organisation scope (org.ScopeOf): every unit with ALL; otherwise
// the units the organisations of the scope belong to (dzz.unit_dept_id) and
// the units paired with one of them (dw_info.dzz_id).
type Scope struct {
	All    bool
	OrgIDs []int64
}

// ScopeOf is the caller's unit scope.
func (s *Service) ScopeOf(ctx context.Context) (Scope, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return Scope{}, httpx.Internal(err)
	}
	return Scope{All: sc.All, OrgIDs: sc.OrgIDs}, nil
}

// scoped is the caller's unit scope on column (a sys_dept id column).
func (s *Service) scoped(column string) record.Restriction {
	return record.ScopeOn(s.ScopeOf, column)
}

// Apply restricts q to rows whose column (a sys_dept id written by the
// caller, e.g. "d.id" or "x.unit_dept_id") is a unit of the scope; an empty
// scope matches nothing. The sub-queries use the aliases scz and sci.
func (sc Scope) Apply(q *bun.SelectQuery, column string) *bun.SelectQuery {
	if sc.All {
		return q
	}
	if len(sc.OrgIDs) == 0 {
		return q.Where("1 = 0")
	}
	col := bun.Safe(column)
	return q.Where("(? IN (SELECT scz.unit_dept_id FROM dzz AS scz WHERE scz.id IN (?)) OR ? IN (SELECT sci.dept_id FROM dw_info AS sci WHERE sci.dzz_id IN (?)))",
		col, bun.In(sc.OrgIDs), col, bun.In(sc.OrgIDs))
}

// InScope tells whether the unit (a sys_dept id) exists and lies in the
// caller's scope.
func (s *Service) InScope(ctx context.Context, idb bun.IDB, id int64) (bool, error) {
	sc, err := s.ScopeOf(ctx)
	if err != nil {
		return false, err
	}
	n, err := sc.Apply(idb.NewSelect().TableExpr("sys_dept AS d").Where("d.id = ?", id), "d.id").Count(ctx)
	if err != nil {
		return false, httpx.Internal(err)
	}
	return n > 0, nil
}
