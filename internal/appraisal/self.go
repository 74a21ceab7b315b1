package appraisal

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// A member's own page (/mzpydy/self): their rounds, newest first, with
// the summary they write from the template, save as a draft and submit
// while the branch is in 自评 (before the vote opens).

// ownMember is the caller's own member record id (404 without one).
func (s *Service) ownMember(ctx context.Context) (int64, error) {
	own, err := s.members.OwnFacts(ctx)
	if err != nil {
		return 0, err
	}
	if own == nil {
		return 0, httpx.NotFound("您的账号未关联党员信息，请联系党支部")
	}
	return own.ID, nil
}

// mineQuery selects the caller's member rows with their rounds.
func (s *Service) mineQuery(memberID int64) *bun.SelectQuery {
	q := s.db.NewSelect().TableExpr("mzpy_member AS a").Join("JOIN mzpy_round AS r ON r.id = a.round_id").
		ColumnExpr("a.id, a.round_id, r.year, r.state AS round_state, a.probation, a.summary, a.summary_state, a.saved_at, a.submitted_at").
		ColumnExpr("a.updated_at, r.ballot_id").
		ColumnExpr("CASE WHEN r.state = ? THEN a.grade ELSE '' END AS grade", StateDecided).
		Where("a.member_id = ?", memberID).Where("a.active = TRUE")
	return org.NameJoin("r.org_id")(q)
}

// Mine is the caller's rounds (the grade once decided), the template and
// the bounds of a summary.
func (s *Service) Mine(ctx context.Context) (MineView, error) {
	lo, hi := s.summaryBounds(ctx)
	out := MineView{Template: Template, MinWords: lo, MaxWords: hi, Rounds: []Mine{}}
	id, err := s.ownMember(ctx)
	if err != nil {
		return out, err
	}
	if err := s.mineQuery(id).OrderExpr("r.year DESC").Limit(20).Scan(ctx, &out.Rounds); err != nil {
		return out, httpx.Internal(err)
	}
	for i := range out.Rounds {
		out.Rounds[i].Editable = out.Rounds[i].RoundState == StateSelf && out.Rounds[i].SummaryState != SummarySubmitted
	}
	return out, nil
}

// SaveSummary saves the caller's summary of round row id as a draft.
func (s *Service) SaveSummary(ctx context.Context, id int64, in SummaryInput) (Mine, error) {
	return s.writeSummary(ctx, id, in, false)
}

// SubmitSummary submits it: within the setting's bounds of 字数.
func (s *Service) SubmitSummary(ctx context.Context, id int64, in SummaryInput) (Mine, error) {
	return s.writeSummary(ctx, id, in, true)
}

func (s *Service) writeSummary(ctx context.Context, id int64, in SummaryInput, submit bool) (Mine, error) {
	own, err := s.ownMember(ctx)
	if err != nil {
		return Mine{}, err
	}
	var cur Mine
	if err := s.mineQuery(own).Where("a.id = ?", id).Scan(ctx, &cur); errors.Is(err, sql.ErrNoRows) {
		return Mine{}, errNoMember()
	} else if err != nil {
		return Mine{}, httpx.Internal(err)
	}
	if cur.RoundState != StateSelf {
		return Mine{}, httpx.BadRequest("民主评议已进入%s阶段，个人总结不能再修改", StateNames[cur.RoundState])
	}
	if cur.SummaryState == SummarySubmitted {
		return Mine{}, httpx.BadRequest("个人总结已提交")
	}
	text := strings.TrimSpace(strings.ReplaceAll(in.Summary, "\r\n", "\n"))
	lo, hi := s.summaryBounds(ctx)
	n := Words(text)
	switch {
	case utf8.RuneCountInString(text) > MaxSummary || n > hi:
		return Mine{}, httpx.Invalid("summary", "个人总结不超过%d字（现为%d字）", hi, n)
	case submit && n < lo:
		return Mine{}, httpx.Invalid("summary", "个人总结不少于%d字（现为%d字）", lo, n)
	case n == 0:
		return Mine{}, httpx.Invalid("summary", "请填写个人总结")
	}
	if in.UpdateTime != nil && !in.UpdateTime.Equal(cur.UpdateTime) {
		return Mine{}, httpx.Conflict("个人总结已在其他页面修改，请刷新后重试")
	}
	now := s.now().Truncate(time.Second)
	q := s.db.NewUpdate().Table("mzpy_member").Set("summary = ?", text).Set("saved_at = ?", now).Set("updated_at = ?", now).
		Where("id = ?", id).Where("summary_state <> ?", SummarySubmitted).Where("updated_at = ?", cur.UpdateTime).
		Where("EXISTS (SELECT 1 FROM mzpy_round AS r WHERE r.id = mzpy_member.round_id AND r.state = ?)", StateSelf)
	if submit {
		q = q.Set("summary_state = ?", SummarySubmitted).Set("submitted_at = ?", now)
	} else {
		q = q.Set("summary_state = ?", SummaryDraft)
	}
	res, err := q.Exec(ctx)
	if err := record.Conditional(res, err, 1, httpx.Conflict("个人总结已提交或评议已进入投票，请刷新后重试")); err != nil {
		return Mine{}, err
	}
	var out Mine
	if err := s.mineQuery(own).Where("a.id = ?", id).Scan(ctx, &out); err != nil {
		return Mine{}, httpx.Internal(err)
	}
	out.Editable = out.RoundState == StateSelf && out.SummaryState != SummarySubmitted
	return out, nil
}
