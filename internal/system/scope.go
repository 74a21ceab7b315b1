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

// ScopeRuleOf combines the data scopes of the caller's roles; any ALL role
// gives everything, otherwise the union of the others. Each business tree
// (departments here, party organisations in the org domain) applies it.
// A request reads it once (rbac.Memo).
func (s *Service) ScopeRuleOf(ctx context.Context) (rbac.ScopeRule, error) {
	return rbac.Memo(ctx, scopeRuleKey{}, func() (rbac.ScopeRule, error) { return s.scopeRuleOf(ctx) })
}

// The request memo's keys of the scope rule and the department scope.
type (
	scopeRuleKey struct{}
	deptScopeKey struct{}
)

func (s *Service) scopeRuleOf(ctx context.Context) (rbac.ScopeRule, error) {
	p := rbac.From(ctx)
	if p == nil {
		return rbac.ScopeRule{}, nil
	}
	if p.IsAdmin() {
		return rbac.ScopeRule{All: true, Self: true}, nil
	}
	var roles []Role
	if err := s.db.NewSelect().Model(&roles).Join("JOIN sys_user_role AS ur ON ur.role_id = r.id").
		Where("ur.user_id = ?", p.UserID).Scan(ctx); err != nil {
		return rbac.ScopeRule{}, err
	}
	rule := rbac.ScopeRule{Self: true}
	for _, r := range roles {
		switch r.DataScope {
		case ScopeAll:
			return rbac.ScopeRule{All: true, Self: true}, nil
		case ScopeLevel:
			rule.Level = true
		case ScopeLevelAndBelow:
			rule.Below = true
		case ScopeCustom:
			rule.CustomRoles = append(rule.CustomRoles, r.ID)
		}
	}
	return rule, nil
}

// DeptScopeOf applies the caller's scope rule to the department tree,
// anchored at the account's department, once a request (rbac.Memo).
func (s *Service) DeptScopeOf(ctx context.Context) (DeptScope, error) {
	return rbac.Memo(ctx, deptScopeKey{}, func() (DeptScope, error) {
		rule, err := s.ScopeRuleOf(ctx)
		if err != nil {
			return DeptScope{Self: true}, err
		}
		return s.deptScopeFor(ctx, rule)
	})
}

// deptScopeFor applies a scope rule already read to the department tree.
func (s *Service) deptScopeFor(ctx context.Context, rule rbac.ScopeRule) (DeptScope, error) {
	if rule.All {
		return DeptScope{All: true, Self: true}, nil
	}
	p := rbac.From(ctx)
	if p == nil {
		return DeptScope{}, nil
	}
	var roots, exact []int64
	if p.DeptID != nil && rule.Level {
		exact = append(exact, *p.DeptID)
	}
	if p.DeptID != nil && rule.Below {
		roots = append(roots, *p.DeptID)
	}
	if len(rule.CustomRoles) > 0 {
		var ids []int64
		if err := s.db.NewSelect().Table("sys_role_dept").Column("dept_id").Where("role_id IN (?)", bun.In(rule.CustomRoles)).Scan(ctx, &ids); err != nil {
			return DeptScope{}, err
		}
		roots = append(roots, ids...)
	}
	below, err := s.deptSubtree(ctx, roots)
	if err != nil {
		return DeptScope{}, err
	}
	return DeptScope{DeptIDs: append(exact, below...), Self: true}, nil
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
