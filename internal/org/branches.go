package org

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/rbac"
)

// Brief reads organisation id whatever the caller's scope (id, pid, name,
// type, unit, status, path): what another module needs to place a branch
// it checks access to itself (the people registry's coverage). nil when
// there is none.
func (s *Service) Brief(ctx context.Context, id int64) (*Org, error) {
	o := new(Org)
	err := s.db.NewSelect().Model(o).Column("id", "pid", "name", "type", "unit_dept_id", "status", "path").
		Where("id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return o, err
}

// BriefInScope is Brief of an organisation of the caller's scope: nil when
// it is missing or lies outside the scope, so the form checking a record's
// organisation (its type, its status) answers both alike.
func (s *Service) BriefInScope(ctx context.Context, id int64) (*Org, error) {
	if ok, err := s.InScope(ctx, id); err != nil || !ok {
		return nil, err
	}
	return s.Brief(ctx, id)
}

// BranchScope tells whether the caller's organisation scope reaches no
// higher than branches (党支部, 直属党支部 and their 党小组), and if so which
// branches it holds: a branch secretary's view of the people registry is
// then its branches' coverage rather than the whole college. A caller with
// every organisation, or with a committee or general branch in scope, or
// with only party groups, is not branch-level (ok false). Once a request.
func (s *Service) BranchScope(ctx context.Context) (branches []int64, ok bool, err error) {
	type answer struct {
		branches []int64
		ok       bool
	}
	a, err := rbac.Memo(ctx, branchScopeKey{}, func() (answer, error) {
		sc, err := s.ScopeOf(ctx)
		if err != nil || sc.All || len(sc.OrgIDs) == 0 {
			return answer{}, err
		}
		var rows []Org
		if err := s.db.NewSelect().Model(&rows).Column("id", "type").Where("id IN (?)", bun.In(sc.OrgIDs)).
			Scan(ctx); err != nil {
			return answer{}, err
		}
		var out []int64
		for _, o := range rows {
			switch {
			case IsBranch(o.Type):
				out = append(out, o.ID)
			case o.Type != TypeGroup:
				return answer{}, nil // a committee or general branch: the college's view
			}
		}
		return answer{branches: out, ok: len(out) > 0}, nil
	})
	return a.branches, a.ok, err
}

// branchScopeKey is BranchScope's key in the request memo.
type branchScopeKey struct{}
