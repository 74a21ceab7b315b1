package people

import (
	"context"
	"slices"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/unit"
)

// registryScope is what of the registry a caller sees. A caller whose
// organisation scope reaches no higher than branches (org.BranchScope: a
// branch secretary) sees the people their branches cover (branchcover.go):
// the students of the covered classes (a student branch) and the teachers
// and staff of the covered units (a teacher or staff branch); a branch with
// no coverage set is presumed to cover the classes and units of its own
// members (matched by the ID number's blind index), and its members.
// Every other caller sees the people of their unit scope (unit.ScopeOf).
// Everything is applied in SQL, as sub-queries on indexed columns.
type registryScope struct {
	units   unit.Scope
	branch  bool    // coverage decides (the fields below); units does not
	covered []int64 // the caller's branches that have coverage
	bare    []int64 // the caller's branches without coverage, with their party groups
	members func(orgIDs []int64) *bun.SelectQuery
}

// registryScopeKey is the registry scope's key in the request memo.
type registryScopeKey struct{}

// scopeOf is the caller's registry scope, once a request.
func (s *Service) scopeOf(ctx context.Context) (registryScope, error) {
	return rbac.Memo(ctx, registryScopeKey{}, func() (registryScope, error) {
		us, err := s.units.ScopeOf(ctx)
		if err != nil {
			return registryScope{}, err
		}
		branches, ok, err := s.orgs.BranchScope(ctx)
		if err != nil {
			return registryScope{}, httpx.AsError(err)
		}
		if !ok {
			return registryScope{units: us}, nil
		}
		covered, err := s.coveredAmong(ctx, branches)
		if err != nil {
			return registryScope{}, httpx.Internal(err)
		}
		sc := registryScope{units: us, branch: true, covered: covered, members: s.members.IDIndexesIn}
		var bare []int64
		for _, b := range branches {
			if !slices.Contains(covered, b) {
				bare = append(bare, b)
			}
		}
		if len(bare) > 0 {
			// The members of a branch's party groups are the branch's too.
			if sc.bare, err = s.orgs.Subtree(ctx, bare); err != nil {
				return registryScope{}, httpx.Internal(err)
			}
		}
		return sc, nil
	})
}

// coveredAmong is those of the branches that cover at least one class or unit.
func (s *Service) coveredAmong(ctx context.Context, branches []int64) ([]int64, error) {
	var ids []int64
	err := s.db.NewSelect().TableExpr("ry_cover_class AS cc").Column("cc.dzz_id").Where("cc.dzz_id IN (?)", bun.In(branches)).
		UnionAll(s.db.NewSelect().TableExpr("ry_cover_unit AS cu").Column("cu.dzz_id").Where("cu.dzz_id IN (?)", bun.In(branches))).
		Scan(ctx, &ids)
	return slices.Compact(sortedIDs(ids)), err
}

func sortedIDs(ids []int64) []int64 { slices.Sort(ids); return ids }

// coveredClasses and coveredUnits are sub-queries of the classes and units
// the branches cover (served by the primary keys).
func (s *Service) coveredClasses(branches []int64) *bun.SelectQuery {
	return s.db.NewSelect().TableExpr("ry_cover_class AS cc").Column("cc.class_id").Where("cc.dzz_id IN (?)", bun.In(branches))
}

func (s *Service) coveredUnits(branches []int64) *bun.SelectQuery {
	return s.db.NewSelect().TableExpr("ry_cover_unit AS cu").Column("cu.unit_dept_id").Where("cu.dzz_id IN (?)", bun.In(branches))
}

// applyPeople restricts a query of students (class true: by the covered
// classes) or teachers (by the covered units) of alias a to the scope.
func (s *Service) applyPeople(sc registryScope, q *bun.SelectQuery, a string, class bool) *bun.SelectQuery {
	if !sc.branch {
		return sc.units.Apply(q, a+".unit_dept_id")
	}
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		g = g.Where("1 = 0")
		if len(sc.covered) > 0 && class {
			g = g.WhereOr("?.class_id IN (?)", bun.Ident(a), s.coveredClasses(sc.covered))
		} else if len(sc.covered) > 0 {
			g = g.WhereOr("?.unit_dept_id IN (?)", bun.Ident(a), s.coveredUnits(sc.covered))
		}
		if len(sc.bare) > 0 {
			// "<> ''" lets the partial unique index on id_number_idx serve it.
			g = g.WhereOr("(?.id_number_idx <> '' AND ?.id_number_idx IN (?))", bun.Ident(a), bun.Ident(a), sc.members(sc.bare))
			// Until coverage is set, it is presumed from the members: the
			// classes of its student members, the units of its staff members
			// (so the branch still finds its applicants, who are not members).
			if class {
				g = g.WhereOr("?.class_id IN (?)", bun.Ident(a), s.memberClasses(sc))
			} else {
				g = g.WhereOr("?.unit_dept_id IN (?)", bun.Ident(a), s.db.NewSelect().TableExpr("jsjbxx AS tm").Column("tm.unit_dept_id").
					Where("tm.id_number_idx <> ''").Where("tm.id_number_idx IN (?)", sc.members(sc.bare)))
			}
		}
		return g
	})
}

// applyClasses restricts a query of classes (alias c) to the scope: a
// branch-level caller sees the covered classes, and for a branch without
// coverage the classes of its student members.
func (s *Service) applyClasses(sc registryScope, q *bun.SelectQuery) *bun.SelectQuery {
	if !sc.branch {
		return sc.units.Apply(q, "c.unit_dept_id")
	}
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		g = g.Where("1 = 0")
		if len(sc.covered) > 0 {
			g = g.WhereOr("c.id IN (?)", s.coveredClasses(sc.covered))
		}
		if len(sc.bare) > 0 {
			g = g.WhereOr("c.id IN (?)", s.memberClasses(sc))
		}
		return g
	})
}

// memberClasses is a sub-query of the classes of the student records of
// the members of the branches without coverage.
func (s *Service) memberClasses(sc registryScope) *bun.SelectQuery {
	return s.db.NewSelect().TableExpr("xsjbxx AS xm").Column("xm.class_id").
		Where("xm.id_number_idx <> ''").Where("xm.id_number_idx IN (?)", sc.members(sc.bare)).Where("xm.class_id IS NOT NULL")
}

// scoped is the registry scope as the kit's restriction of kind k's
// queries (alias k.alias).
func (s *Service) scoped(k kind) record.Restriction {
	return func(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
		sc, err := s.scopeOf(ctx)
		if err != nil {
			return nil, httpx.AsError(err)
		}
		return func(q *bun.SelectQuery) *bun.SelectQuery { return s.apply(sc, k, q) }, nil
	}
}

// apply restricts a query of kind k (alias k.alias) to the scope.
func (s *Service) apply(sc registryScope, k kind, q *bun.SelectQuery) *bun.SelectQuery {
	switch k.table {
	case classKind.table:
		return s.applyClasses(sc, q)
	case studentKind.table:
		return s.applyPeople(sc, q, k.alias, true)
	default:
		return s.applyPeople(sc, q, k.alias, false)
	}
}
