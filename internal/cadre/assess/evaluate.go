package assess

import (
	"context"
	"database/sql"
	"errors"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
)

func errNoPaper() *httpx.Error { return httpx.NotFound("没有找到需要您参加的测评") }

// MyPapers are the open papers on the caller's roll, voted or not.
func (s *Service) MyPapers(ctx context.Context) ([]MyPaper, error) {
	mine, err := s.ballots.MineOpen(ctx, rbac.UserID(ctx), BallotKind)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	out := []MyPaper{}
	if len(mine) == 0 {
		return out, nil
	}
	ids := make([]int64, len(mine))
	for i, m := range mine {
		ids[i] = m.ID
	}
	papers, err := s.papersByBallot(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, m := range mine {
		p, ok := papers[m.ID]
		if !ok {
			continue
		}
		p.Voted, p.ClosesAt = m.Voted, m.ClosesAt
		out = append(out, p)
	}
	return out, nil
}

// papersByBallot describes the papers of the engine rounds ids: the round,
// the unit, the group and how many cadres are on it.
func (s *Service) papersByBallot(ctx context.Context, ids []int64) (map[int64]MyPaper, error) {
	var rows []struct {
		Paper
		RoundName     string `bun:"round_name"`
		UnitName      string `bun:"unit_name"`
		SchemeID      int64  `bun:"scheme_id"`
		SchemeVersion int    `bun:"scheme_version"`
		Cadres        int    `bun:"cadres"`
	}
	if err := s.db.NewSelect().Model((*Paper)(nil)).ColumnExpr("p.*, r.name AS round_name, r.scheme_id, r.scheme_version").Apply(system.DeptNameJoin("p.unit_id")).
		ColumnExpr("(SELECT COUNT(*) FROM gb_kh_cadre AS c WHERE c.round_id = p.round_id AND c.unit_id = p.unit_id) AS cadres").
		Join("JOIN gb_kh_round AS r ON r.id = p.round_id").
		Where("p.ballot_round_id IN (?)", bun.In(ids)).Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	out := map[int64]MyPaper{}
	for _, r := range rows {
		def, err := s.definitionOf(ctx, s.db, &Round{SchemeID: r.SchemeID, SchemeVersion: r.SchemeVersion})
		if err != nil {
			return nil, err
		}
		g, _ := def.GroupOf(r.GroupKey)
		out[r.BallotRoundID] = MyPaper{BallotRoundID: r.BallotRoundID, RoundName: r.RoundName, UnitName: r.UnitName, GroupName: g.Name, Cadres: r.Cadres}
	}
	return out, nil
}

// PaperReports are the 述职报告 of the cadres on paper (engine round) id,
// for an evaluator on its roll (anyone else: 404).
func (s *Service) PaperReports(ctx context.Context, id int64) ([]PaperReport, error) {
	st, err := s.ballots.StandingOf(ctx, id, rbac.UserID(ctx))
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if !st.OnRoll {
		return nil, errNoPaper()
	}
	return s.reports(ctx, id)
}

// codeReports are the reports of a one-time link's paper: the engine vets
// the code (rate-limited per address, 404 for a code not the round's); a
// used code, or a closed paper's, is refused (409).
func (s *Service) codeReports(w http.ResponseWriter, req *http.Request) error {
	var in ballot.CodeRequest
	v, err := s.ballots.VetCode(req, &in)
	if err != nil {
		return err
	}
	// The engine shows a used code's paper as voted; the link's landing
	// offers 开始测评, so a used or closed link stops here.
	if v.Voted {
		return httpx.Conflict("该测评链接已使用")
	}
	if v.Over {
		return httpx.Conflict("测评已结束")
	}
	out, err := s.reports(req.Context(), in.Round)
	if err != nil {
		return err
	}
	return httpx.OK(w, out)
}

// reports are the 述职报告 of the cadres on paper (engine round) id, in the
// paper's order.
func (s *Service) reports(ctx context.Context, id int64) ([]PaperReport, error) {
	var p Paper
	if err := s.db.NewSelect().Model(&p).Where("ballot_round_id = ?", id).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoPaper()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	out := []PaperReport{}
	err := s.db.NewSelect().Model((*RoundCadre)(nil)).ColumnExpr("c.name AS cadre_name, c.post, c.report AS text").
		Where("c.round_id = ?", p.RoundID).Where("c.unit_id = ?", p.UnitID).OrderExpr(s.pinyin(zh.Name("c.name")+", c.id")).Scan(ctx, &out)
	return out, httpx.AsError(err)
}
