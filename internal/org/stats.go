package org

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// What other domains read of the organisations of the caller's scope for an
// overview (the home page): counts, the rules broken now and the trail.

// CountByType is how many live organisations of each type (DZZ_LX value)
// the caller's scope holds: one grouped query.
func (s *Service) CountByType(ctx context.Context) (map[string]int, error) {
	out := map[string]int{}
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	var rows []struct {
		Type  string `bun:"type"`
		Count int    `bun:"n"`
	}
	q := s.db.NewSelect().TableExpr("dzz AS z").ColumnExpr("z.type, COUNT(*) AS n").
		Where("z.status = ?", StatusNormal).GroupExpr("z.type")
	if err := scope.Apply(q, "z.id").Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	for _, r := range rows {
		out[r.Type] = r.Count
	}
	return out, nil
}

// ScopeWarnings are the rules of RULES.md §4 the live organisations of the
// caller's scope break today (Warnings, as the relations page shows them),
// computed on read, in tree order.
func (s *Service) ScopeWarnings(ctx context.Context) ([]Warning, error) {
	page, err := s.Relations(ctx, RelationsQuery{WarningOnly: true})
	if err != nil {
		return nil, err
	}
	return page.Warnings, nil
}

// TermReminderMonths is the setting termReminderMonths: how long before a
// term ends it is reported due.
func (s *Service) TermReminderMonths(ctx context.Context) int { return s.reminderMonths(ctx) }

// TrailAcross is the organisation change trail across the caller's scope,
// newest first (GET /api/dzzxx/trail), for readers in other domains.
func (s *Service) TrailAcross(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[audit.NamedEntry], error) {
	return s.trails().Across(ctx, lq)
}

// SelectLive is a sub-query through idb of the live organisations but the
// party groups (党小组), as o: id, name, type, path, term_end and
// has_committee (1 when a committee is recorded, 设置书记/委员; 0 when none):
// what a structure analysis groups in SQL, joined to the caller's scope by
// the reader (o.id).
func SelectLive(idb bun.IDB) *bun.SelectQuery {
	return idb.NewSelect().TableExpr("dzz AS lz").
		ColumnExpr("lz.id, lz.name, lz.type, lz.path, lz.term_end").
		ColumnExpr("CASE WHEN lz.committee IS NULL OR lz.committee IN ('', '[]') THEN 0 ELSE 1 END AS has_committee").
		Where("lz.status = ?", StatusNormal).Where("lz.type <> ?", TypeGroup)
}

// SelectOn is a sub-query through idb of the organisations that stood on
// day (alias so): founded by then (or without a founding date) and not
// revoked by then, party groups included: org_id, type, category and
// term_end, what the 党组织基本情况 table counts. The tree is today's: an
// organisation moved since counts where it is now.
func SelectOn(idb bun.IDB, day date.Date) *bun.SelectQuery {
	return idb.NewSelect().TableExpr("dzz AS so").
		ColumnExpr("so.id AS org_id, so.type, so.category, so.term_end").
		Where("(so.founded_on IS NULL OR so.founded_on <= ?)", day).
		Where("(so.status = ? OR (so.revoked_on IS NOT NULL AND so.revoked_on > ?))", StatusNormal, day)
}
