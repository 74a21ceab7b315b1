package weakorg

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
)

// The reminders (智能提醒; 143 and 144 are ours).
const (
	// ReminderDeadline: a rectification's deadline within the window, or
	// passed, without its closing (销号).
	ReminderDeadline = 143
	// ReminderNoProgress: an open rectification without a progress report
	// in the last 30 days.
	ReminderNoProgress = 144
)

// progressEveryDays is how often an open rectification reports.
const progressEveryDays = 30

// pageLink is where a case opens in the web app.
func pageLink(id int64) string { return fmt.Sprintf("/orglife/rsrs?id=%d", id) }

func (s *Service) reminders() []remind.Kind {
	return []remind.Kind{
		{Type: ReminderDeadline, Name: "软弱涣散党组织整顿期限提醒", Window: 15, Finder: remind.FinderFunc(s.deadlinesDue)},
		{Type: ReminderNoProgress, Name: "软弱涣散党组织整顿进展未报告提醒", Window: 0, Finder: remind.FinderFunc(s.progressDue)},
	}
}

// openCases reads the cases in rectification or waiting for their closing
// (the state index), with their organisation's name and last report.
func (s *Service) openCases(ctx context.Context, states ...int) ([]CaseView, error) {
	var rows []CaseView
	err := caseJoin(s.db.NewSelect().Model(&rows).ColumnExpr("c.*")).Where("c.state IN (?)", bun.In(states)).OrderExpr("c.id").Scan(ctx)
	return rows, err
}

// deadlinesDue: a rectification (整顿中 or 待销号) whose deadline falls by
// until; due on the deadline (one reminder per case and deadline: a new
// deadline is a new reminder, the closing ends it).
func (s *Service) deadlinesDue(ctx context.Context, until date.Date) ([]remind.Due, error) {
	read := func(ctx context.Context, _ date.Date) ([]CaseView, error) {
		return s.openCases(ctx, StateRectifying, StateClosing)
	}
	return remind.Scan(read, func(_ context.Context, c CaseView) (remind.Due, error) {
		if c.Deadline == "" {
			return remind.Due{}, nil
		}
		return remind.Due{RecordID: c.ID, OrgID: c.OrgID, DueOn: c.Deadline,
			Title:   fmt.Sprintf("%s软弱涣散整顿期限为%s，尚未销号", c.OrgName, c.Deadline),
			Content: fmt.Sprintf("党组织：%s；%d年度认定为软弱涣散党组织；整顿期限：%s；联系领导：%s。", c.OrgName, c.Year, c.Deadline, c.Leader),
			Link:    pageLink(c.ID)}, nil
	}).Due(ctx, until)
}

// progressDue: a case in rectification whose last report (or, before any,
// its confirmation) is 30 days old; due 30 days after it, so a new report
// closes the reminder.
func (s *Service) progressDue(ctx context.Context, until date.Date) ([]remind.Due, error) {
	read := func(ctx context.Context, _ date.Date) ([]CaseView, error) { return s.openCases(ctx, StateRectifying) }
	return remind.Scan(read, func(_ context.Context, c CaseView) (remind.Due, error) {
		last := c.LastProgressOn
		if last == "" && c.DecidedAt != nil {
			last = date.Of(c.DecidedAt.In(date.China))
		}
		if last == "" {
			return remind.Due{}, nil
		}
		return remind.Due{RecordID: c.ID, OrgID: c.OrgID, DueOn: last.AddDays(progressEveryDays),
			Title:   fmt.Sprintf("%s软弱涣散整顿已%d天未报告进展", c.OrgName, progressEveryDays),
			Content: fmt.Sprintf("党组织：%s；最近一次进展报告：%s。整顿期间应至少每%d天报告一次进展。", c.OrgName, orNone(c.LastProgressOn), progressEveryDays),
			Link:    pageLink(c.ID)}, nil
	}).Due(ctx, until)
}

func orNone(d date.Date) string {
	if d == "" {
		return "无"
	}
	return string(d)
}
