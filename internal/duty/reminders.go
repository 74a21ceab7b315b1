package duty

import (
	"context"
	"fmt"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/remind"
	"zhdj/internal/platform/worklist"
)

// notSubmitted lists the reports due on or before until and not submitted
// (or returned): the engine keeps one reminder per (type, report, due
// date), so a run again opens none and a submission closes it.
func (s *Service) notSubmitted(ctx context.Context, until date.Date) ([]remind.Due, error) {
	var rows []ReportView
	if err := reportsQuery(s.db).Where("t.due_on <= ?", until).Where("p.state IN (?, ?)", StateMissing, StateReturned).
		OrderExpr("t.due_on, p.id").Limit(maxExportRows).Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	today := date.Of(s.now().In(date.China))
	out := make([]remind.Due, 0, len(rows))
	for _, v := range rows {
		d := remind.Due{RecordID: v.ID, OrgID: v.OrgID, DueOn: v.DueOn, Link: reportLink(v.TaskID, v.ID)}
		if v.MemberID != nil {
			accounts, err := s.members.AccountsOf(ctx, s.db, []int64{*v.MemberID})
			if err != nil {
				return nil, err
			}
			if len(accounts) > 0 {
				d.UserID = accounts[0]
			}
		}
		when := fmt.Sprintf("（%s截止）", v.DueOn)
		if v.DueOn.Before(today) {
			when = fmt.Sprintf("（%s截止，已逾期）", v.DueOn)
		}
		d.Title = fmt.Sprintf("%s的%s尚未提交%s", v.Name, v.TaskTitle, when)
		d.Content = fmt.Sprintf("%s：%s（%s）%s，截止日期%s。", v.TaskTitle, v.Name, v.OrgName, StateNames[v.State], v.DueOn.Chinese())
		out = append(out, d)
	}
	return out, nil
}

// toSubmit is the 待办 list of the reports the caller still has to submit
// (its own, and its units' when it may submit them).
func (s *Service) toSubmit() worklist.Provider {
	return worklist.Selected("zbgz-submit", "待提交报告", func(ctx context.Context) (*bun.SelectQuery, bool, error) {
		c, err := s.who(ctx)
		if err != nil {
			return nil, false, err
		}
		if !c.p.Has(PermSubmit) {
			return nil, false, nil
		}
		q := reportsQuery(s.db).Where("p.state IN (?, ?)", StateMissing, StateReturned).
			WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
				g = g.Where("1 = 0")
				if c.memberID > 0 {
					g = g.WhereOr("p.member_id = ?", c.memberID)
				}
				if c.scope.All {
					return g.WhereOr("p.member_id IS NULL")
				}
				if len(c.scope.OrgIDs) > 0 {
					g = g.WhereOr("p.member_id IS NULL AND p.org_id IN (?)", bun.List(c.scope.OrgIDs))
				}
				return g
			})
		return q, true, nil
	}, "t.due_on, p.id", func(v *ReportView) worklist.Item {
		return worklist.Item{Key: strconv.FormatInt(v.ID, 10), Title: "待提交：" + v.TaskTitle,
			Content: fmt.Sprintf("%s · %s", v.Name, StateNames[v.State]), Link: reportLink(v.TaskID, v.ID), Due: string(v.DueOn)}
	})
}

// toReview is the 待办 list of the submitted reports of the tasks the
// caller's organisations declared.
func (s *Service) toReview() worklist.Provider {
	return worklist.Selected("zbgz-review", "待审阅报告", func(ctx context.Context) (*bun.SelectQuery, bool, error) {
		c, err := s.who(ctx)
		if err != nil {
			return nil, false, err
		}
		if !c.p.Has(PermReview) || (!c.scope.All && len(c.scope.OrgIDs) == 0) {
			return nil, false, nil
		}
		q := reportsQuery(s.db).Where("p.state = ?", StateSubmitted)
		if !c.scope.All {
			q = q.Where("t.org_id IN (?)", bun.List(c.scope.OrgIDs))
		}
		return q, true, nil
	}, "p.submitted_at, p.id", func(v *ReportView) worklist.Item {
		return worklist.Item{Key: strconv.FormatInt(v.ID, 10), Title: "待审阅：" + v.TaskTitle,
			Content: fmt.Sprintf("%s（%s）", v.Name, v.OrgName), Link: reportLink(v.TaskID, v.ID), Since: v.SubmittedAt}
	})
}
