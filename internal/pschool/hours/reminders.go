package hours

import (
	"context"
	"fmt"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
)

// ReminderBehind is the smart reminder of a member behind their yearly
// class hours in the fourth quarter (a module's own code, from 100).
const ReminderBehind = 170

// behindReminder: from 1 October (the window shifts it earlier when the
// 智能提醒 page sets one), each member in normal status whose year total is
// below their target (RULES.md §4: 32, or 56) is reminded, to themselves
// and to their organisation's managers (the branch secretary, who sees the
// branch's list); reaching the target closes it at the next run.
func (s *Service) behindReminder() remind.Kind {
	return remind.Kind{Type: ReminderBehind, Name: "年度学时未达标提醒（第四季度）", Window: 0,
		Finder: remind.FinderFunc(s.behindDue)}
}

// q4Start is the first day of the fourth quarter of year.
func q4Start(year int) date.Date { return date.MustParse(fmt.Sprintf("%04d-10-01", year)) }

// behindDue lists the members behind in the year of until, due on its
// 1 October; none before it. It runs outside any request: every organisation.
func (s *Service) behindDue(ctx context.Context, until date.Date) ([]remind.Due, error) {
	year := until.Time().Year()
	due := q4Start(year)
	if until.Before(due) {
		return nil, nil
	}
	t, err := s.totals(org.Scope{All: true}, year, 0)
	if err != nil {
		return nil, err
	}
	var rows []MemberRow
	if err := s.db.NewSelect().TableExpr("(?) AS t", t).ColumnExpr("t.*").ColumnExpr("'' AS org_name").
		Where("t.total < t.target").OrderExpr("t.id").Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make([]remind.Due, 0, len(rows))
	for i := range rows {
		r := &rows[i]
		r.fill()
		d := remind.Due{RecordID: r.ID, OrgID: r.OrgID, DueOn: due,
			Title: fmt.Sprintf("党员%s%d年度学时%s，未达到%s学时要求", r.Name, year, trimHours(r.Total), trimHours(r.Target)),
			Content: fmt.Sprintf("党员：%s；%d年度已完成学时：%s（线上%s，线下%s）；年度要求：%s学时；尚差%s学时。请在年底前完成学习。",
				r.Name, year, trimHours(r.Total), trimHours(r.Online), trimHours(r.Offline), trimHours(r.Target), trimHours(r.Target-r.Total)),
			Link: fmt.Sprintf("/dx/xssb?orgId=%d&behind=true&year=%d", r.OrgID, year)}
		if r.UserID != nil {
			d.UserID = *r.UserID
		}
		out = append(out, d)
	}
	return out, nil
}
