package system

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/rbac"
)

// DeptScope is the part of the department tree a principal may see.
type DeptScope struct {
	All     bool    // every department
	DeptIDs []int64 // otherwise these departments
	Self    bool    // and their own records
}

// DeptScopeOf combines the data scopes of the caller's roles. The widest
// wins: any ALL role gives everything; otherwise the union of the others.
func (s *Service) DeptScopeOf(ctx context.Context) (DeptScope, error) {
	p := rbac.From(ctx)
	if p == nil {
		return DeptScope{}, nil
	}
	if p.IsAdmin() {
		return DeptScope{All: true}, nil
	}
	var roles []Role
	if err := s.db.NewSelect().Model(&roles).Join("JOIN sys_user_role AS ur ON ur.role_id = r.id").
		Where("ur.user_id = ?", p.UserID).Scan(ctx); err != nil {
		return DeptScope{}, err
	}
	var roots, exact []int64
	scope := DeptScope{Self: true}
	for _, r := range roles {
		switch r.DataScope {
		case ScopeAll:
			return DeptScope{All: true}, nil
		case ScopeLevel:
			if p.DeptID != nil {
				exact = append(exact, *p.DeptID)
			}
		case ScopeLevelAndBelow:
			if p.DeptID != nil {
				roots = append(roots, *p.DeptID)
			}
		case ScopeCustom:
			var ids []int64
			if err := s.db.NewSelect().Table("sys_role_dept").Column("dept_id").Where("role_id = ?", r.ID).Scan(ctx, &ids); err != nil {
				return DeptScope{}, err
			}
			roots = append(roots, ids...)
		}
	}
	below, err := s.deptSubtree(ctx, roots)
	if err != nil {
		return DeptScope{}, err
	}
	scope.DeptIDs = append(exact, below...)
	return scope, nil
}

// deptSubtree returns the given departments and all below them, in one
// recursive query.
func (s *Service) deptSubtree(ctx context.Context, roots []int64) ([]int64, error) {
	if len(roots) == 0 {
		return nil, nil
	}
	var ids []int64
	err := s.db.NewRaw(`WITH RECURSIVE sub(id) AS (
			SELECT id FROM sys_dept WHERE id IN (?)
			UNION SELECT d.id FROM sys_dept d JOIN sub ON d.pid = sub.id)
		SELECT id FROM sub`, bun.In(roots)).Scan(ctx, &ids)
	return ids, err
}

// whereUsersInScope restricts a sys_user (alias u) query to the scope.
func (sc DeptScope) whereUsersInScope(q *bun.SelectQuery, selfID int64) *bun.SelectQuery {
	if sc.All {
		return q
	}
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		g = g.Where("u.id = ?", selfID)
		if len(sc.DeptIDs) > 0 {
			g = g.WhereOr("u.dept_id IN (?)", bun.In(sc.DeptIDs))
		}
		return g
	})
}

// hasDept tells whether id lies in the scope.
func (sc DeptScope) hasDept(id *int64) bool {
	if sc.All {
		return true
	}
	if id == nil {
		return false
	}
	for _, d := range sc.DeptIDs {
		if d == *id {
			return true
		}
	}
	return false
}
