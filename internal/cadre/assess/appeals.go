package assess

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// Appeals (申诉): once a round is counted its cadres read their results
// (我的考核结果) and may appeal once, with a reason, until the committee
// confirms; the organisers answer each appeal — the grade kept, or changed
// under the 优秀 cap — and the confirmation waits for every answer.

// Mine are the caller's results in counted and confirmed rounds, newest
// first (the cadre record linked to the account; 404 without one).
func (s *Service) Mine(ctx context.Context) ([]MyResult, error) {
	cadreID, err := s.cadres.OwnID(ctx)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		RoundCadre
		RoundName     string `bun:"round_name"`
		Year          int    `bun:"year"`
		State         string `bun:"state"`
		SchemeID      int64  `bun:"scheme_id"`
		SchemeVersion int    `bun:"scheme_version"`
		Assessed      int    `bun:"assessed"`
	}
	if err := s.db.NewSelect().Model((*RoundCadre)(nil)).ColumnExpr("c.*").
		ColumnExpr("r.name AS round_name, r.year, r.state, r.scheme_id, r.scheme_version").
		ColumnExpr("(SELECT COUNT(*) FROM gb_kh_cadre AS o WHERE o.round_id = c.round_id AND o.score IS NOT NULL) AS assessed").
		Join("JOIN gb_kh_round AS r ON r.id = c.round_id").Where("c.cadre_id = ?", cadreID).
		Where("r.state IN (?)", bun.In([]string{StateCounted, StateConfirmed})).OrderExpr("r.year DESC, r.id DESC").Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	out := make([]MyResult, 0, len(rows))
	for _, r := range rows {
		def, err := s.definitionOf(ctx, s.db, &Round{SchemeID: r.SchemeID, SchemeVersion: r.SchemeVersion})
		if err != nil {
			return nil, err
		}
		res := Result{RoundCadreView: RoundCadreView{RoundCadre: r.RoundCadre}}
		res.fill()
		m := MyResult{ID: r.ID, RoundID: r.RoundID, RoundName: r.RoundName, Year: r.Year, State: r.State, StateName: StateNames[r.State],
			Score: r.Score, Rank: r.Rank, Assessed: r.Assessed, Grade: r.Grade, Groups: []GroupScore{},
			CanAppeal:  r.State == StateCounted && r.AppealState == "" && r.Score != nil,
			AppealView: AppealView{AppealState: r.AppealState, AppealReason: r.AppealReason, AppealAt: r.AppealAt, AppealReply: r.AppealReply}}
		for _, g := range def.Groups {
			gs := GroupScore{Key: g.Key, Name: g.Name}
			if v, ok := res.Groups[g.Key]; ok {
				gs.Score = &v
			}
			m.Groups = append(m.Groups, gs)
		}
		out = append(out, m)
	}
	return out, nil
}

// Appeal records the caller's appeal of their result row rowID: the round
// counted and not confirmed, once (one conditional UPDATE: of two appeals
// at once one is kept, the other is a 409).
func (s *Service) Appeal(ctx context.Context, rowID int64, in AppealInput) (map[string]bool, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	if n := utf8.RuneCountInString(in.Reason); n < MinAppeal || n > MaxAppeal {
		return nil, httpx.Invalid("reason", "请写明申诉理由（%d到%d个字）", MinAppeal, MaxAppeal)
	}
	cadreID, err := s.cadres.OwnID(ctx)
	if err != nil {
		return nil, err
	}
	res, err := s.db.NewUpdate().Model((*RoundCadre)(nil)).Set("appeal_state = ?", AppealPending).Set("appeal_reason = ?", in.Reason).
		Set("appeal_at = ?", s.now()).Where("id = ?", rowID).Where("cadre_id = ?", cadreID).Where("appeal_state = ''").
		Where("score IS NOT NULL").Where("round_id IN (SELECT r.id FROM gb_kh_round AS r WHERE r.state = ?)", StateCounted).Exec(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, httpx.Conflict("该考核结果已确认或已提出过申诉，不能再申诉")
	}
	return map[string]bool{"appealed": true}, nil
}

// Appeals are round id's appeals of the caller's units, in the order they came.
func (s *Service) Appeals(ctx context.Context, id int64) ([]Result, error) {
	if _, err := s.find(ctx, s.db, id); err != nil {
		return nil, err
	}
	scope, err := s.cadreScope(ctx)
	if err != nil {
		return nil, err
	}
	out := []Result{}
	if err := scope(s.selectResults(s.db, id)).Where("c.appeal_state <> ''").OrderExpr("c.appeal_at, c.id").Scan(ctx, &out); err != nil {
		return nil, httpx.Internal(err)
	}
	for i := range out {
		out[i].fill()
	}
	return out, nil
}

// Answer answers the appeal of row rowID of a counted round read at
// in.UpdateTime: the grade kept, or changed (the reply is the adjustment's
// reason; the 优秀 cap holds). The reply is what the cadre reads.
func (s *Service) Answer(ctx context.Context, id, rowID int64, in AnswerInput) (RoundDetail, error) {
	in.Reply = strings.TrimSpace(in.Reply)
	if in.Reply == "" || utf8.RuneCountInString(in.Reply) > MaxAppeal {
		return RoundDetail{}, httpx.Invalid("reply", "请填写答复意见（不超过%d个字）", MaxAppeal)
	}
	if in.UpdateTime == nil {
		return RoundDetail{}, httpx.Invalid("updateTime", "缺少数据版本，请刷新后重试")
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.findIn(ctx, tx, id, StateCounted)
		if err != nil {
			return err
		}
		c, err := s.roundCadre(ctx, tx, id, rowID)
		if err != nil {
			return err
		}
		if c.AppealState != AppealPending {
			return httpx.Conflict("%s没有待答复的申诉", c.Name)
		}
		state := AppealKept
		if in.Change {
			if in.Grade == c.Grade {
				return httpx.Invalid("grade", "请选择与原等次不同的等次")
			}
			err := s.applyGrades(ctx, tx, &r.Round, []GradeChange{{ID: c.ID, Grade: in.Grade, Reason: "申诉后调整：" + in.Reply}})
			// the grade's and the cap's refusals belong to the form's grade
			var he *httpx.Error
			if f := httpx.FieldOf(err); (f == "grades" || f == "grades[0].grade") && errors.As(err, &he) {
				return httpx.Invalid("grade", "%s", he.Message)
			} else if err != nil {
				return err
			}
			state = AppealChanged
		}
		if _, err := tx.NewUpdate().Model((*RoundCadre)(nil)).Set("appeal_state = ?", state).Set("appeal_reply = ?", in.Reply).
			Set("appeal_by = ?", db.Clip(who(ctx), 64)).Where("id = ?", c.ID).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		return s.touch(ctx, tx, &r.Round, in.UpdateTime, noSet)
	})
	if err != nil {
		return RoundDetail{}, httpx.AsError(err)
	}
	return s.Round(ctx, id)
}

// pendingAppeals refuses the confirmation of round id while an appeal waits.
func pendingAppeals(ctx context.Context, tx bun.IDB, id int64) error {
	n, err := tx.NewSelect().Model((*RoundCadre)(nil)).Where("round_id = ?", id).Where("appeal_state = ?", AppealPending).Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n > 0 {
		return httpx.Conflict("尚有%d条申诉未答复，答复后才能确认结果", n)
	}
	return nil
}

// answer is POST /rounds/{id}/appeals/{rowId}.
func (s *Service) answer(w http.ResponseWriter, req *http.Request) error {
	id, rowID, err := rowPath(req)
	if err != nil {
		return err
	}
	var in AnswerInput
	if err := httpx.Decode(req, &in); err != nil {
		return err
	}
	d, err := s.Answer(req.Context(), id, rowID, in)
	if err != nil {
		return err
	}
	return httpx.OK(w, d)
}
