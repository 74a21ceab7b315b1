package assess

import (
	"context"
	"fmt"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
)

// EvaluationLink is the signed-in evaluators' page (the engine adds ?round=).
const EvaluationLink = "/cadre/evaluation"

// AnonymousLink is a one-time link's page: ?round=<engine round>&code=<code>.
const AnonymousLink = "/cadre/anonymous"

// unitCadres are the cadres of a round's unit, in the paper's order.
type unitCadres struct {
	unit   int64
	name   string
	cadres []RoundCadre
}

// cadresByUnit are round id's cadres by unit, units and cadres in the
// order of their names (pinyin).
func (s *Service) cadresByUnit(ctx context.Context, idb bun.IDB, id int64) ([]unitCadres, error) {
	var rows []struct {
		RoundCadre
		UnitName string `bun:"unit_name"`
	}
	if err := idb.NewSelect().Model((*RoundCadre)(nil)).ColumnExpr("c.id, c.cadre_id, c.name, c.unit_id, c.post").
		Apply(system.DeptNameJoin("c.unit_id")).Where("c.round_id = ?", id).
		OrderExpr(s.pinyin(zh.Name(system.DeptNameColumn)+", c.unit_id, "+zh.Name("c.name")+", c.id")).Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	var out []unitCadres
	for _, r := range rows {
		if len(out) == 0 || out[len(out)-1].unit != r.UnitID {
			out = append(out, unitCadres{unit: r.UnitID, name: r.UnitName})
		}
		out[len(out)-1].cadres = append(out[len(out)-1].cadres, r.RoundCadre)
	}
	return out, nil
}

// cadreKey is the question of a cadre's level answers; scoreKey that of
// their scores. A row of either is "<key>.<leaf>".
func cadreKey(rowID int64) string { return "c" + strconv.FormatInt(rowID, 10) }
func scoreKey(rowID int64) string { return cadreKey(rowID) + "s" }

// paperOf is the paper of a unit's cadres under def: per cadre, a matrix of
// the level indicators × the levels and a score question of the score
// indicators, all required when the scheme counts an incomplete ballot
// invalid.
func paperOf(title string, def Definition, cadres []RoundCadre) ballot.Paper {
	var levels, scores, options []ballot.Option
	for _, l := range def.Leaves() {
		name := l.Name
		if l.Top != l.Key {
			for _, top := range def.Indicators {
				if top.Key == l.Top {
					name = top.Name + "：" + l.Name
				}
			}
		}
		if l.Judge == JudgeLevel {
			levels = append(levels, ballot.Option{Key: l.Key, Label: name})
		} else {
			scores = append(scores, ballot.Option{Key: l.Key, Label: name})
		}
	}
	for _, l := range def.Levels {
		options = append(options, ballot.Option{Key: l.Key, Label: l.Label})
	}
	p := ballot.Paper{Title: title, Intro: "请根据被测评干部的实际表现逐项作出评价。测评不记名：不记录评价人，任何人都无法查看某一份测评表由谁填写。"}
	for _, c := range cadres {
		who := c.Name
		if c.Post != "" {
			who += "（" + c.Post + "）"
		}
		if len(levels) > 0 {
			p.Questions = append(p.Questions, ballot.Question{Key: cadreKey(c.ID), Kind: ballot.Matrix, Title: who,
				Rows: levels, Options: options, Required: def.Invalid.Incomplete})
		}
		if len(scores) > 0 {
			// No note of the range: the paper says it under every score question.
			p.Questions = append(p.Questions, ballot.Question{Key: scoreKey(c.ID), Kind: ballot.Score, Title: who + "：评分",
				Rows: scores, Min: MinScore, Max: MaxScore, Required: def.Invalid.Incomplete})
		}
	}
	return p
}

// Open starts the evaluation of a draft round read at in.UpdateTime: for
// each unit and evaluator group with evaluators, an engine round with the
// unit's cadres on its paper, all in one transaction. The printed codes
// are answered once.
func (s *Service) Open(ctx context.Context, id int64, in VersionInput) (Opened, error) {
	out := Opened{Codes: []OpenedCodes{}}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.findIn(ctx, tx, id, StateDraft)
		if err != nil {
			return err
		}
		if in.UpdateTime == nil {
			return httpx.Invalid("updateTime", "缺少数据版本，请刷新后重试")
		}
		if r.ClosesAt != nil && !r.ClosesAt.After(s.now()) {
			return httpx.Invalid("closesAt", "截止时间已过，请先修改截止时间")
		}
		def, err := s.definitionOf(ctx, tx, &r.Round)
		if err != nil {
			return err
		}
		units, err := s.cadresByUnit(ctx, tx, id)
		if err != nil {
			return err
		}
		if len(units) == 0 {
			return httpx.BadRequest("请先添加参评干部")
		}
		var draws []Draw
		if err := tx.NewSelect().Model(&draws).Where("round_id = ?", id).OrderExpr("id").Scan(ctx); err != nil {
			return httpx.Internal(err)
		}
		plan, err := s.plan(ctx, tx, id, draws)
		if err != nil {
			return err
		}
		for _, u := range units {
			opened := 0
			for _, g := range def.Groups {
				rl := plan[paperKey{u.unit, g.Key}]
				if rl == nil || len(rl.accounts)+rl.codes == 0 {
					continue
				}
				paper := paperOf(fmt.Sprintf("%s：%s（%s评价）", r.Name, u.name, g.Name), def, u.cadres)
				if len(paper.Questions) > ballot.MaxQuestions {
					return httpx.BadRequest("%s参评干部过多，一张测评表最多%d名干部", u.name, ballot.MaxQuestions/2)
				}
				o, err := s.ballots.Open(ctx, tx, ballot.Spec{Kind: BallotKind, RefID: id, Paper: paper, Voters: rl.accounts,
					Codes: rl.codes, ClosesAt: r.ClosesAt, Link: EvaluationLink})
				if err != nil {
					return err
				}
				if _, err := tx.NewInsert().Model(&Paper{RoundID: id, UnitID: u.unit, GroupKey: g.Key, BallotRoundID: o.RoundID}).Exec(ctx); err != nil {
					return httpx.Internal(err)
				}
				opened++
				if len(o.Codes) > 0 {
					oc := OpenedCodes{UnitID: u.unit, UnitName: u.name, GroupKey: g.Key, GroupName: g.Name, BallotRoundID: o.RoundID}
					for _, c := range o.Codes {
						oc.Codes = append(oc.Codes, PaperCode{No: c.No, Code: c.Code})
					}
					out.Codes = append(out.Codes, oc)
				}
			}
			if opened == 0 {
				return httpx.BadRequest("%s没有评价人员，请先添加", u.name)
			}
		}
		now := s.now()
		return s.touch(ctx, tx, &r.Round, in.UpdateTime, func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("state = ?", StateEvaluating).Set("opened_at = ?", now)
		})
	})
	if err != nil {
		return Opened{}, httpx.AsError(err)
	}
	return out, nil
}

// Close ends the evaluation of a round read at in.UpdateTime: its engine
// rounds are closed (one transaction), then the ballots are counted into
// each cadre's score and grade and the round is 待确认 (a second one: the
// engine reads a round's ballots once it is closed). A close that failed
// after the first step is taken up again: the closed papers are passed over.
func (s *Service) Close(ctx context.Context, id int64, in VersionInput) (RoundDetail, error) {
	if in.UpdateTime == nil {
		return RoundDetail{}, httpx.Invalid("updateTime", "缺少数据版本，请刷新后重试")
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.findIn(ctx, tx, id, StateEvaluating)
		if err != nil {
			return err
		}
		if !r.UpdatedAt.Equal(*in.UpdateTime) {
			return errStale()
		}
		papers, err := s.papersOf(ctx, tx, id)
		if err != nil {
			return err
		}
		ids := make([]int64, len(papers[id]))
		for i, p := range papers[id] {
			ids[i] = p.BallotRoundID
		}
		rounds, err := s.ballots.Rounds(ctx, ids)
		if err != nil {
			return httpx.Internal(err)
		}
		for _, b := range ids {
			if br := rounds[b]; br != nil && br.State == ballot.Open {
				if err := s.ballots.Close(ctx, tx, b); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return RoundDetail{}, httpx.AsError(err)
	}
	if err := s.count(ctx, id, *in.UpdateTime); err != nil {
		return RoundDetail{}, httpx.AsError(err)
	}
	return s.Round(ctx, id)
}
