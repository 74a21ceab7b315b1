package fillform

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/remind"
	"zhdj/internal/platform/worklist"
)

// mineSpec: the entry's state, what is still to do, the form's title; the
// latest deadline first.
func mineSpec(now time.Time) httpx.ListSpec {
	at := minute(now)
	return httpx.ListSpec{
		Filters: map[string]httpx.Filter{
			"state":  {Columns: []string{"e.state"}, Match: httpx.In, Kind: httpx.Int},
			"blurry": {Columns: []string{"f.title"}, Match: httpx.Like},
			"todo": {Kind: httpx.Bool, Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
				if v == true {
					return todo(q, at), nil
				}
				return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
					return g.Where("e.state NOT IN (?)", bun.List(notSubmitted)).WhereOr("f.state <> ?", FormPublished).
						WhereOr("f.deadline < ?", at)
				}), nil
			}},
		},
		Sorts:       map[string]string{"deadline": "f.deadline", "submittedAt": "e.submitted_at"},
		DefaultSort: "f.deadline DESC, e.id DESC",
		Key:         "e.id",
	}
}

// todo restricts entries to those still to submit of an open form.
func todo(q *bun.SelectQuery, at time.Time) *bun.SelectQuery {
	return q.Where("e.state IN (?)", bun.List(notSubmitted)).Where("f.state = ?", FormPublished).Where("f.deadline >= ?", at)
}

// ListMine is a page of the entries the caller fills: its own as a
// member, its branches' as their secretary.
func (s *Service) ListMine(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[EntryView], error) {
	f, err := s.fillerOf(ctx)
	if err != nil {
		return httpx.PageResult[EntryView]{}, err
	}
	now := s.now()
	return httpx.PagedEach(ctx, f.reach(s.entriesQuery(s.db, now)), mineSpec(now), lq, func(v *EntryView) { showEntry(v, true) })
}

// MyEntry is entry id the caller fills, with its form's fields.
func (s *Service) MyEntry(ctx context.Context, id int64) (EntryDetail, error) {
	return s.detailOf(ctx, id, s.own)
}

// MyEntryTrail is a page of the history of entry id the caller fills.
func (s *Service) MyEntryTrail(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[audit.Labelled], error) {
	return s.trailOf(ctx, id, lq, s.own)
}

// writable is the vet of the addressee's writes: the form is open (before
// or within its deadline minute) and the form read is the one being sent.
func writable(in AnswersInput) func(v *EntryView, f *Form, now time.Time) error {
	return func(v *EntryView, f *Form, now time.Time) error {
		if f.State != FormPublished || f.Deadline.Before(minute(now)) {
			return errClosed()
		}
		if in.UpdateTime != nil && !in.UpdateTime.Equal(v.UpdatedAt) {
			return httpx.Conflict("填报内容已被修改，请刷新后重试")
		}
		return nil
	}
}

// stillOpen adds to a write the form's openness, in the same statement: a
// form closed meanwhile refuses it.
func stillOpen(q *bun.UpdateQuery, now time.Time) *bun.UpdateQuery {
	return q.Where("EXISTS (SELECT 1 FROM txbd_form AS w WHERE w.id = e.form_id AND w.state = ? AND w.deadline >= ?)", FormPublished, minute(now))
}

// SaveEntry keeps the addressee's draft (any time before the deadline):
// the values are checked as a submission checks them, none required.
func (s *Service) SaveEntry(ctx context.Context, id int64, in AnswersInput) (EntryDetail, error) {
	var answers Answers
	open := writable(in)
	return s.change(ctx, id, change{read: s.own, from: notSubmitted,
		vet: func(v *EntryView, f *Form, now time.Time) error {
			if err := open(v, f, now); err != nil {
				return err
			}
			var err error
			answers, err = checkAnswers(f.Fields, in.Answers, false, nil)
			return err
		},
		apply: func(e *Entry, now time.Time) {
			e.Answers, e.SavedAt = answers, &now
			if e.State == EntryEmpty {
				e.State = EntryDraft
			}
		},
		more: stillOpen, columns: []string{"answers", "saved_at", "state"}})
}

// SubmitEntry hands the entry in: every field checked (required ones
// filled, attachment fields with their files); after the deadline minute
// it is refused (填报已截止). A returned entry is submitted again the same way.
func (s *Service) SubmitEntry(ctx context.Context, id int64, in AnswersInput) (EntryDetail, error) {
	var answers Answers
	open := writable(in)
	p := rbac.From(ctx)
	by, name := p.AccountID(), db.Clip(p.AccountName(), 50)
	return s.change(ctx, id, change{read: s.own, from: notSubmitted,
		vet: func(v *EntryView, f *Form, now time.Time) error {
			if err := open(v, f, now); err != nil {
				return err
			}
			files, err := s.fileCounts(ctx, f.Fields, []int64{id})
			if err != nil {
				return err
			}
			answers, err = checkAnswers(f.Fields, in.Answers, true, files[id])
			return err
		},
		apply: func(e *Entry, now time.Time) {
			e.Answers, e.SavedAt, e.SubmittedAt, e.SubmittedBy, e.Submitter = answers, &now, &now, by, name
			e.State, e.Comment, e.Reviewer, e.ReviewedAt = EntrySubmitted, "", "", nil
		},
		more: stillOpen,
		columns: []string{"answers", "saved_at", "submitted_at", "submitted_by", "submitter", "state", "comment", "reviewer",
			"reviewed_at"}})
}

// workList is 待填报: the entries the caller still has to submit, of open
// forms, the nearest deadline first.
func (s *Service) workList() worklist.Provider {
	return worklist.Selected("txbd", "填报", func(ctx context.Context) (*bun.SelectQuery, bool, error) {
		if !rbac.From(ctx).Has(PermFill) {
			return nil, false, nil
		}
		f, err := s.fillerOf(ctx)
		if err != nil || (f.memberID == 0 && len(f.branches) == 0) {
			return nil, false, err
		}
		return todo(f.reach(s.entriesQuery(s.db, s.now())), minute(s.now())), true, nil
	}, "f.deadline, e.id", func(v *EntryView) worklist.Item {
		since := v.CreatedAt
		return worklist.Item{Key: fmt.Sprint(v.ID), Title: "待填报：" + v.FormTitle,
			Content: fmt.Sprintf("%s，%s截止（%s）", v.Name, clock(&v.Deadline), EntryStateNames[v.State]), Link: entryLink(v.ID),
			Since: &since, Due: string(date.Of(v.Deadline.In(date.China)))}
	})
}

// ReminderNotSubmitted (智能提醒 158): an entry of an open form not
// submitted (or returned and not submitted again) within the window
// before the form's deadline day. The engine keeps one reminder per
// (type, entry, deadline day): a moved deadline opens one for the new day,
// a submission or the deadline passing closes it.
const ReminderNotSubmitted = 158

// remindWindowDays is the rule's default window: 3 days before the deadline.
const remindWindowDays = 3

// notSubmitted lists the entries due on or before until and not submitted.
func (s *Service) notSubmitted(ctx context.Context, until date.Date) ([]remind.Due, error) {
	end, err := time.ParseInLocation(date.Layout, string(until.AddDays(1)), date.China)
	if err != nil {
		return nil, httpx.BadRequest("日期无效")
	}
	now := s.now()
	var rows []EntryView
	if err := todo(s.entriesQuery(s.db, now), minute(now)).Where("f.deadline < ?", end.UTC()).
		OrderExpr("f.deadline, e.id").Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	out := make([]remind.Due, 0, len(rows))
	for _, v := range rows {
		d := remind.Due{RecordID: v.ID, OrgID: v.OrgID, DueOn: date.Of(v.Deadline.In(date.China)), Link: entryLink(v.ID)}
		if v.MemberID != nil {
			accounts, err := s.members.AccountsOf(ctx, s.db, []int64{*v.MemberID})
			if err != nil {
				return nil, err
			}
			if len(accounts) > 0 {
				d.UserID = accounts[0]
			}
		}
		d.Title = fmt.Sprintf("%s尚未提交“%s”（%s截止）", v.Name, v.FormTitle, clock(&v.Deadline))
		d.Content = fmt.Sprintf("“%s”将于%s截止，%s的填报%s。", v.FormTitle, clock(&v.Deadline), v.Name, EntryStateNames[v.State])
		out = append(out, d)
	}
	return out, nil
}
