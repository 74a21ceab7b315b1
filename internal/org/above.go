package org

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// Above is the organisations above the caller's scope, root first: the
// ancestors of its topmost organisations that lie outside it (none for an
// unrestricted scope). What a secondary committee reads but does not keep:
// the university's question bank its random papers draw from. Only the
// scope's topmost organisations (those whose parent lies outside it) are
// read, by id, with their paths.
func (s *Service) Above(ctx context.Context) ([]int64, error) {
	sc, err := s.ScopeOf(ctx)
	if err != nil || sc.All || len(sc.OrgIDs) == 0 {
		return nil, err
	}
	var tops []Org
	if err := s.db.NewSelect().Model(&tops).Column("id", "path").Where("id IN (?)", bun.In(sc.OrgIDs)).
		Where("pid IS NULL OR pid NOT IN (?)", bun.In(sc.OrgIDs)).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	in := sc.Set()
	seen := map[int64]bool{}
	var out []int64
	for _, o := range tops {
		for _, id := range pathIDs(o.Path) {
			if !in[id] && !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	return out, nil
}
