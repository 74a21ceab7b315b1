package assess

import (
	"context"
	"encoding/json"
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// detail is what gb_kh_cadre.detail keeps of a cadre's result.
type detail struct {
	Groups     map[string]decimal.Decimal `json:"groups"`
	Indicators map[string]decimal.Decimal `json:"indicators"`
	Ballots    map[string]int             `json:"ballots"`
}

// count reads the ballots of round id's closed papers into its cadres'
// scores, ranks and grades, and makes the round 待确认 — when it is still
// under evaluation at version (a concurrent close counts once).
func (s *Service) count(ctx context.Context, id int64, version time.Time) error {
	r, err := s.find(ctx, s.db, id)
	if err != nil {
		return err
	}
	def, err := s.definitionOf(ctx, s.db, &r.Round)
	if err != nil {
		return err
	}
	var papers []Paper
	if err := s.db.NewSelect().Model(&papers).Where("round_id = ?", id).OrderExpr("id").Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	var rows []RoundCadre
	if err := s.db.NewSelect().Model(&rows).Column("id", "unit_id").Where("round_id = ?", id).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	cadresOf := map[int64]map[int64]bool{}
	for _, c := range rows {
		if cadresOf[c.UnitID] == nil {
			cadresOf[c.UnitID] = map[int64]bool{}
		}
		cadresOf[c.UnitID][c.ID] = true
	}
	t := newTally(def)
	invalid := map[int64]int{}
	for _, p := range papers {
		cadres := cadresOf[p.UnitID]
		err := s.ballots.Each(ctx, p.BallotRoundID, func(marks []ballot.Mark) error {
			answers := t.read(marks, cadres)
			if !t.valid(answers, len(cadres)) {
				invalid[p.ID]++
				return nil
			}
			t.add(p.GroupKey, answers)
			return nil
		})
		if err != nil {
			return err
		}
	}
	results := make([]graded, len(rows))
	details := map[int64]detail{}
	for i, c := range rows {
		res := t.result(c.ID)
		results[i] = graded{row: c.ID, score: res.score}
		details[c.ID] = detail{Groups: res.groups, Indicators: res.indicators, Ballots: t.ballots[c.ID]}
	}
	results = gradeAll(def, results)
	now := s.now()
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*Round)(nil)).Set("state = ?", StateCounted).Set("counted_at = ?", now).Set("updated_at = ?", now).
			Where("id = ?", id).Where("state = ?", StateEvaluating).Where("updated_at = ?", version).Exec(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errStale()
		}
		for _, g := range results {
			raw, err := json.Marshal(details[g.row])
			if err != nil {
				return httpx.Internal(err)
			}
			var rank *int
			if g.score != nil {
				rank = &g.rank
			}
			if _, err := tx.NewUpdate().Model((*RoundCadre)(nil)).Set("score = ?", g.score).Set("rank = ?", rank).
				Set("auto_grade = ?", g.grade).Set("grade = ?", g.grade).Set("reason = ''").Set("detail = ?", string(raw)).
				Where("id = ?", g.row).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
		}
		for paperID, n := range invalid {
			if _, err := tx.NewUpdate().Model((*Paper)(nil)).Set("invalid = ?", n).Where("id = ?", paperID).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
		}
		return nil
	})
}
