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
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/transfer"
)

// followSpec: year, the branch's subtree, whether decided (pending: no
// follow-up yet), the follow-up, the member's name.
var followSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"year":     {Columns: []string{"r.year"}, Kind: httpx.Int},
		"orgId":    org.SubtreeFilter("r.org_id"),
		"followUp": {Columns: []string{"a.follow_up"}},
		"blurry":   {Columns: []string{"a.name"}, Match: httpx.Like},
	},
	Sorts:       map[string]string{"year": "r.year", "name": "a.name"},
	DefaultSort: "r.year DESC, a.follow_up, a.id",
	Key:         "a.id",
}

// followQuery selects the members graded 不合格 in decided rounds of the caller's scope.
func (s *Service) followQuery(ctx context.Context) (*bun.SelectQuery, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, httpx.AsError(err)
	}
	q := s.db.NewSelect().TableExpr("mzpy_member AS a").Join("JOIN mzpy_round AS r ON r.id = a.round_id").
		ColumnExpr("a.id, a.round_id, a.member_id, a.name, r.year, r.org_id, a.reason, a.follow_up, a.follow_note, a.follow_due").
		ColumnExpr("a.follow_by, a.follow_at, a.transfer_id").
		Where("a.grade = ?", GradeUnqualified).Where("r.state = ?", StateDecided)
	return sc.Apply(org.NameJoin("r.org_id")(q), "r.org_id"), nil
}

// FollowList is a page of the members graded 不合格 and their follow-ups.
func (s *Service) FollowList(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[FollowRow], error) {
	q, err := s.followQuery(ctx)
	if err != nil {
		return httpx.PageResult[FollowRow]{}, err
	}
	return httpx.PagedEach(ctx, q, followSpec, lq, func(r *FollowRow) { r.FollowName = FollowNames[r.FollowUp] })
}

// Follow records the follow-up of a member graded 不合格 (once): 限期改正
// with its deadline, or 劝其退党 / 除名, which start the member's 出党 in the
// transfer module (自行脱党/退党, at 支部审核) in the same transaction.
func (s *Service) Follow(ctx context.Context, id int64, in FollowInput) (FollowRow, error) {
	q, err := s.followQuery(ctx)
	if err != nil {
		return FollowRow{}, err
	}
	var cur FollowRow
	if err := q.Where("a.id = ?", id).Scan(ctx, &cur); errors.Is(err, sql.ErrNoRows) {
		return FollowRow{}, errNoMember()
	} else if err != nil {
		return FollowRow{}, httpx.Internal(err)
	}
	if cur.FollowUp != "" {
		return FollowRow{}, httpx.BadRequest("已对%s作出%s的处置", cur.Name, FollowNames[cur.FollowUp])
	}
	note := strings.TrimSpace(in.Note)
	switch {
	case !containsFollow(in.Action):
		return FollowRow{}, httpx.Invalid("action", "请选择处置方式")
	case utf8.RuneCountInString(note) > MaxReason:
		return FollowRow{}, httpx.Invalid("note", "处置说明不超过%d个字", MaxReason)
	}
	today := s.today()
	var due *date.Date
	if in.Action == FollowCorrect {
		d, ok := date.Parse(string(in.Due))
		if !ok || d.IsZero() {
			return FollowRow{}, httpx.Invalid("due", "请选择改正期限")
		}
		if !d.After(today) {
			return FollowRow{}, httpx.Invalid("due", "改正期限应晚于今天")
		}
		due = &d
	}
	now := s.now().Truncate(time.Second)
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var transferID *int64
		if in.Action != FollowCorrect {
			reason := "民主评议党员被评为不合格，" + FollowNames[in.Action]
			if note != "" {
				reason += "：" + note
			}
			t, err := s.transfers.Create(ctx, transfer.Input{Kind: transfer.KindLeave, SubKind: transfer.LeaveQuit, MemberID: cur.MemberID,
				HappenedOn: string(today), Reason: db.Clip(reason, 500)})
			if err != nil {
				return err
			}
			transferID = &t.ID
		}
		res, err := tx.NewUpdate().Table("mzpy_member").Set("follow_up = ?", in.Action).Set("follow_note = ?", note).
			Set("follow_due = ?", due).Set("follow_by = ?", operator(ctx)).Set("follow_at = ?", now).Set("transfer_id = ?", transferID).
			Set("updated_at = ?", now).Where("id = ?", id).Where("follow_up = ''").Exec(ctx)
		return record.Conditional(res, err, 1, httpx.Conflict("已对该党员作出处置，请刷新后重试"))
	})
	if err != nil {
		return FollowRow{}, httpx.AsError(err)
	}
	q, _ = s.followQuery(ctx)
	var out FollowRow
	if err := q.Where("a.id = ?", id).Scan(ctx, &out); err != nil {
		return FollowRow{}, httpx.Internal(err)
	}
	out.FollowName = FollowNames[out.FollowUp]
	return out, nil
}

func containsFollow(a string) bool { _, ok := FollowNames[a]; return ok }

// Results are member id's decided grades, newest first: the 民主评议 tab of
// the member's detail (a member outside the caller's scope: 党员不存在).
func (s *Service) Results(ctx context.Context, id int64) ([]Result, error) {
	if _, err := s.members.Facts(ctx, s.db, id); err != nil {
		return nil, err
	}
	out := []Result{}
	q := s.db.NewSelect().TableExpr("mzpy_member AS a").Join("JOIN mzpy_round AS r ON r.id = a.round_id").
		ColumnExpr("a.id, r.year, a.n_excellent, a.n_qualified, a.n_basic, a.n_unqualified, a.grade, a.reason, a.follow_up, a.follow_note").
		Where("a.member_id = ?", id).Where("r.state = ?", StateDecided).Where("a.grade <> ''").OrderExpr("r.year DESC")
	if err := org.NameJoin("r.org_id")(q).Limit(50).Scan(ctx, &out); err != nil {
		return nil, httpx.Internal(err)
	}
	for i := range out {
		out[i].GradeName, out[i].FollowName = GradeNames[out[i].Grade], FollowNames[out[i].FollowUp]
	}
	return out, nil
}
