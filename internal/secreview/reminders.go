package secreview

import (
	"context"
	"fmt"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/remind"
)

// ReminderNotSubmitted (智能提醒 146): a secretary's report of an open round
// not submitted (or returned and not submitted again) within the window
// before its due date, and once overdue until the round closes. The engine
// keeps one reminder per (type, report, due date): a run again opens none,
// a moved due date opens one for the new date, a submission closes it.
const ReminderNotSubmitted = 146

// remindWindowDays is the rule's default window: 7 days before the due date.
const remindWindowDays = 7

// notSubmitted lists the reports due on or before until and not submitted.
func (s *Service) notSubmitted(ctx context.Context, until date.Date) ([]remind.Due, error) {
	var rows []ReportView
	if err := reportsQuery(s.db).Where("r.state = ?", RoundOpen).Where("r.due_on <= ?", until).
		Where("p.vacant = ?", false).Where("p.state IN (?, ?)", StateDraft, StateReturned).
		OrderExpr("r.due_on, p.id").Scan(ctx, &rows); err != nil {
		return nil, httpx.Internal(err)
	}
	today := date.Of(s.now().In(date.China))
	out := make([]remind.Due, 0, len(rows))
	for _, v := range rows {
		d := remind.Due{RecordID: v.ID, OrgID: v.OrgID, DueOn: v.DueOn, Link: reportLink(v.RoundID, v.ID)}
		if v.SecretaryMemberID != nil {
			accounts, err := s.members.AccountsOf(ctx, s.db, []int64{*v.SecretaryMemberID})
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
		d.Title = fmt.Sprintf("%s书记%s的述职报告尚未提交%s", v.OrgName, v.SecretaryName, when)
		d.Content = fmt.Sprintf("%s：%s书记%s的述职报告%s，截止日期%s。", v.RoundTitle, v.OrgName, v.SecretaryName, StateNames[v.State], v.DueOn.Chinese())
		out = append(out, d)
	}
	return out, nil
}
