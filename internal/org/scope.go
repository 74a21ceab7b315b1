package org

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"sort"
	"strings"
	"zhdj/internal/platform/uniq"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

// Scope is the part of the organisation tree a caller may see.
type Scope struct {
	All    bool
	OrgIDs []int64
	// Unanchored: the caller's roles reach organisations only from its
	// account's own (本级, 本级及下级), and the account belongs to none.
	Unanchored bool
}

// Has tells whether the organisation id lies in the scope (for All it does
// not check that the organisation exists; InScope does).
func (sc Scope) Has(id int64) bool {
	if sc.All {
		return true
	}
	for _, v := range sc.OrgIDs {
		if v == id {
			return true
		}
	}
	return false
}

// Set is the scope's ids as a set (nil for All).
func (sc Scope) Set() map[int64]bool {
	if sc.All {
		return nil
	}
	m := make(map[int64]bool, len(sc.OrgIDs))
	for _, id := range sc.OrgIDs {
		m[id] = true
	}
	return m
}

// Apply restricts q to rows whose column (an organisation id written by
// the caller, e.g. "m.org_id") lies in the scope; an empty scope matches nothing.
func (sc Scope) Apply(q *bun.SelectQuery, column string) *bun.SelectQuery {
	if sc.All {
		return q
	}
	if len(sc.OrgIDs) == 0 {
		return q.Where("1 = 0")
	}
	return q.Where("? IN (?)", bun.Safe(column), bun.In(sc.OrgIDs))
}

// ApplyAny restricts q to rows of which one of columns (organisation id
// columns written by the caller) lies in the scope: a record seen from its
// sending and its receiving organisation (a letter of introduction, a
// transfer); an empty scope matches nothing.
func (sc Scope) ApplyAny(q *bun.SelectQuery, columns ...string) *bun.SelectQuery {
	if sc.All {
		return q
	}
	if len(sc.OrgIDs) == 0 {
		return q.Where("1 = 0")
	}
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		for _, c := range columns {
			g = g.WhereOr("? IN (?)", bun.Safe(c), bun.List(sc.OrgIDs))
		}
		return g
	})
}

// ScopeOf applies the caller's data-scope rule to the organisation tree,
// anchored at the account's party organisation (Principal.OrgID):
// ALL → everything; LEVEL → that organisation only; LEVEL_AND_BELOW → it
// and its subtree; CUSTOM → the subtrees of the role's dzz_role_scope rows;
// SELF alone → nothing. A request computes it once (rbac.Memo); a tree
// write forgets it (inTreeTx), so the rest of the request sees the new tree.
//
// A caller whose roles need an anchor it lacks (Scope.Unanchored) gets
// httpx.NoAnchor: every scoped endpoint then answers the same 403 with its
// code, and the web app says why instead of showing empty lists.
func (s *Service) ScopeOf(ctx context.Context) (Scope, error) {
	sc, err := s.scope(ctx)
	if err == nil && sc.Unanchored {
		return sc, httpx.NoAnchor
	}
	return sc, err
}

// scope is ScopeOf without the refusal of an unanchored caller (its scope is
// then empty): what a grant check needs, which only compares against it.
func (s *Service) scope(ctx context.Context) (Scope, error) {
	sc, err := rbac.Memo(ctx, scopeKey{}, func() (Scope, error) { return s.scopeOf(ctx) })
	// Clipped: a caller appending to its copy (an import adding the
	// organisations it created) must not write into the shared array.
	sc.OrgIDs = slices.Clip(sc.OrgIDs)
	return sc, err
}

// scopeKey is the organisation scope's key in the request memo.
type scopeKey struct{}

func (s *Service) scopeOf(ctx context.Context) (Scope, error) {
	rule, err := s.sys.ScopeRuleOf(ctx)
	if err != nil {
		return Scope{}, err
	}
	if rule.All {
		return Scope{All: true}, nil
	}
	p := rbac.From(ctx)
	if rule.Anchored() && (p == nil || p.OrgID == nil) {
		return Scope{Unanchored: true}, nil
	}
	var exact, roots []int64
	if p != nil && p.OrgID != nil {
		if rule.Level {
			exact = append(exact, *p.OrgID)
		}
		if rule.Below {
			roots = append(roots, *p.OrgID)
		}
	}
	if len(rule.CustomRoles) > 0 {
		var ids []int64
		if err := s.db.NewSelect().Table("dzz_role_scope").Column("dzz_id").
			Where("role_id IN (?)", bun.In(rule.CustomRoles)).Scan(ctx, &ids); err != nil {
			return Scope{}, err
		}
		roots = append(roots, ids...)
	}
	ids, err := s.subtree(ctx, s.db, roots)
	if err != nil {
		return Scope{}, err
	}
	if len(exact) > 0 && !contains(ids, exact[0]) {
		var found []int64
		if err := s.db.NewSelect().Model((*Org)(nil)).Column("id").Where("id IN (?)", bun.In(exact)).Scan(ctx, &found); err != nil {
			return Scope{}, err
		}
		ids = append(ids, found...)
	}
	return Scope{OrgIDs: ids}, nil
}

func contains(ids []int64, id int64) bool {
	for _, v := range ids {
		if v == id {
			return true
		}
	}
	return false
}

// InScope tells whether the organisation exists and lies in the caller's scope.
func (s *Service) InScope(ctx context.Context, id int64) (bool, error) {
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return false, err
	}
	if !scope.All {
		return scope.Has(id), nil
	}
	n, err := s.db.NewSelect().Model((*Org)(nil)).Where("id = ?", id).Count(ctx)
	return n > 0, err
}

// Subtree returns the given organisations and every organisation below them
// (live or revoked), whatever the caller's scope: intersect with ScopeOf
// where it matters. One indexed LIKE on the materialised path per root.
func (s *Service) Subtree(ctx context.Context, rootIDs []int64) ([]int64, error) {
	return s.subtree(ctx, s.db, rootIDs)
}

// SubtreePath is the materialised path prefix of id's subtree, to match
// with "path LIKE prefix%" in a query that joins dzz (cheaper than a list
// of every id below a committee); ok is false when id does not exist.
// Like Subtree it ignores the caller's scope.
func (s *Service) SubtreePath(ctx context.Context, id int64) (prefix string, ok bool, err error) {
	err = s.db.NewSelect().Model((*Org)(nil)).Column("path").Where("id = ?", id).Scan(ctx, &prefix)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return prefix, err == nil, err
}

func (s *Service) subtree(ctx context.Context, idb bun.IDB, rootIDs []int64) ([]int64, error) {
	rootIDs = uniq.Of(rootIDs)
	if len(rootIDs) == 0 {
		return nil, nil
	}
	var paths []string
	if err := idb.NewSelect().Model((*Org)(nil)).Column("path").Where("id IN (?)", bun.In(rootIDs)).Scan(ctx, &paths); err != nil {
		return nil, err
	}
	paths = outermost(paths)
	if len(paths) == 0 {
		return nil, nil
	}
	var ids []int64
	err := idb.NewSelect().Model((*Org)(nil)).Column("id").WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		for _, p := range paths {
			g = g.WhereOr("path LIKE ?", p+"%")
		}
		return g
	}).Scan(ctx, &ids)
	return ids, err
}

// outermost drops the paths that lie under another path of the list.
func outermost(paths []string) []string {
	sort.Strings(paths)
	var out []string
	for _, p := range paths {
		if p == "" {
			continue
		}
		if len(out) > 0 && strings.HasPrefix(p, out[len(out)-1]) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// Names returns the names of the given organisations (whatever the scope:
// a name is what lists of accounts or members show next to an id).
func (s *Service) Names(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	ids = uniq.Of(ids)
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Org
	if err := s.db.NewSelect().Model(&rows).Column("id", "name").Where("id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r.Name
	}
	return out, nil
}

// Find returns an organisation of the caller's scope with its parent's name
// and labels; outside the scope or missing it is a 404 "党组织不存在".
func (s *Service) Find(ctx context.Context, id int64) (*Org, error) {
	_, o, err := s.findIn(ctx, id)
	return o, err
}

// findIn is Find with the caller's scope it looked in (a detail page
// shows only the ancestors of that scope).
func (s *Service) findIn(ctx context.Context, id int64) (Scope, *Org, error) {
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return scope, nil, httpx.Internal(err)
	}
	o, err := s.load(ctx, s.db, scope, id)
	if err != nil {
		return scope, nil, err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return scope, nil, err
	}
	l.fill(o)
	return scope, o, nil
}

// load reads one organisation of scope (with its parent's name) through idb.
func (s *Service) load(ctx context.Context, idb bun.IDB, scope Scope, id int64) (*Org, error) {
	if !scope.Has(id) {
		return nil, errNotFound()
	}
	o := new(Org)
	err := idb.NewSelect().Model(o).ColumnExpr("z.*").ColumnExpr("p.name AS parent_name").
		Join("LEFT JOIN dzz AS p ON p.id = z.pid").Where("z.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return o, nil
}

// The system domain shows and checks accounts' organisations through these.
var _ system.OrgDirectory = (*Service)(nil)
