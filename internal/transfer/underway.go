package transfer

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// UnderWay is how many transfers of the caller's scope are under way
// (OpenStates), by kind: one grouped query (a workbench's 转接中 figures).
// Kinds with none are absent.
func (s *Service) UnderWay(ctx context.Context) (map[string]int, error) {
	scope, err := s.scope(ctx)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		Kind string `bun:"kind"`
		N    int    `bun:"n"`
	}
	q := s.db.NewSelect().TableExpr("zzgx_transfer AS t").ColumnExpr("t.kind, COUNT(*) AS n").
		Where("t.state IN (?)", bun.List(OpenStates)).GroupExpr("t.kind")
	if err := scope(q).Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.Kind] = r.N
	}
	return out, nil
}
