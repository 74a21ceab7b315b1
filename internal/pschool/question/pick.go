package question

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// Brief is a question as a paper editor's picker lists it (without its key).
type Brief struct {
	ID         int64  `bun:"id" json:"id"`
	OrgID      int64  `bun:"org_id" json:"orgId"`
	Type       int    `bun:"type" json:"type"`
	Stem       string `bun:"stem" json:"stem"`
	Tags       string `bun:"tags" json:"tags"`
	Difficulty int    `bun:"difficulty" json:"difficulty"`
}

var pickSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":     {Columns: []string{"q.stem"}, Match: httpx.Like},
		"type":       {Columns: []string{"q.type"}, Kind: httpx.Int},
		"difficulty": {Columns: []string{"q.difficulty"}, Kind: httpx.Int},
		"tag": {Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
			return q.Where("q.id IN (SELECT question_id FROM dx_question_tag WHERE tag = ?)", v), nil
		}},
	},
	Sorts:       map[string]string{"id": "q.id"},
	DefaultSort: "q.id",
	Key:         "q.id",
}

// Pickable pages the enabled questions of the organisations orgIDs (a
// school's bank and those above it, as Draw reads them), filtered by lq
// (blurry over the stem, type, difficulty, tag): the exam module's paper
// picker. The caller has checked that it may compose papers of them.
func (s *Service) Pickable(ctx context.Context, orgIDs []int64, lq httpx.ListQuery) (httpx.PageResult[Brief], error) {
	q := s.db.NewSelect().TableExpr("dx_question AS q").Column("q.id", "q.org_id", "q.type", "q.stem", "q.tags", "q.difficulty").
		Where("q.enabled = ?", true).Where("q.org_id IN (?)", bun.In(append(orgIDs, 0)))
	return httpx.Paged[Brief](ctx, q, pickSpec, lq)
}
