package develop

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// OpenStages are the stages of a development under way, in order: the
// pipeline a workbench shows.
var OpenStages = []string{StageApplicant, StageActivist, StageTarget, StageProbationary}

// StageCounts is how many development records of the caller's scope wait
// in each stage under way (OpenStages; ended and full records are not
// counted): one grouped query. Every open stage has its key, 0 included.
func (s *Service) StageCounts(ctx context.Context) (map[string]int, error) {
	scope, err := s.scope(ctx)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		Stage string `bun:"stage"`
		N     int    `bun:"n"`
	}
	q := s.db.NewSelect().TableExpr("dev_record AS r").ColumnExpr("r.stage, COUNT(*) AS n").
		Where("r.stage IN (?)", bun.List(OpenStages)).GroupExpr("r.stage")
	if err := scope(q).Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	out := make(map[string]int, len(OpenStages))
	for _, st := range OpenStages {
		out[st] = 0
	}
	for _, r := range rows {
		out[r.Stage] = r.N
	}
	return out, nil
}
