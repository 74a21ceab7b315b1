package report

import (
	"context"
	"fmt"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/money"
	"zhdj/internal/platform/remind"
)

// The smart reminders of the arrears (codes 150–152 of platform/remind):
// a member whose run of unpaid months reaches the reminder's months (3) is
// reminded to the branch (its managers and those of the committee above);
// one reaching the warning's months (6, 自行脱党) is warned to the branch
// and, by a kind of its own, to the organisation department (the managers
// of the university's 党委 at the top of the member's organisation path).
// Only months that have ended count (RULES.md §1): the due date is the
// first day after the run's threshold month ended (a run from January
// reaches 6 months on 1 July, not on 1 June while June is still being
// paid); a member who pays drops out and the reminder closes at the next
// run.
const (
	ReminderArrears     = 150 // 党费欠缴提醒 (branch)
	ReminderArrearsWarn = 151 // 党费连续欠缴警示 (branch)
	ReminderArrearsDept = 152 // 党费连续欠缴警示 (organisation department)
)

func (s *Service) reminders() []remind.Kind {
	return []remind.Kind{
		{Type: ReminderArrears, Name: "党费欠缴提醒（支部）", Window: 0, Finder: s.arrearsDue(false, false)},
		{Type: ReminderArrearsWarn, Name: "党费连续欠缴警示（支部）", Window: 0, Finder: s.arrearsDue(true, false)},
		{Type: ReminderArrearsDept, Name: "党费连续欠缴警示（组织部）", Window: 0, Finder: s.arrearsDue(true, true)},
	}
}

// arrearsDue finds the members with a run of the reminder's months unpaid
// (warning: of the warning's) that ended by the day the reminders run to,
// unscoped (a reminder runs outside any request): each due to their branch
// or, for the department, to the 党委 at the top of their organisation path.
func (s *Service) arrearsDue(warning, department bool) remind.Finder {
	// months is the run's length and whether it reaches the warning's.
	months := func(ctx context.Context) (int, bool) {
		reminder, warn := s.thresholds(ctx)
		if warning {
			return warn, true
		}
		return reminder, reminder >= warn
	}
	return remind.Scan(func(ctx context.Context, until date.Date) ([]Arrear, error) {
		n, _ := months(ctx)
		var rows []Arrear
		err := s.arrears(n, nil, until.Month().String()).OrderExpr("run.member_id").Scan(ctx, &rows)
		return rows, err
	}, func(ctx context.Context, r Arrear) (remind.Due, error) {
		n, warns := months(ctx)
		to := r.OrgID
		if ids := org.PathIDs(r.OrgPath); department && len(ids) > 0 {
			to = ids[0] // the 党委 at the top of the member's organisation path
		}
		title := fmt.Sprintf("党员%s已连续%d个月未缴纳党费（%s起）", r.Name, r.Months, r.Since)
		content := fmt.Sprintf("党员：%s；所在党组织：%s；连续未缴：%d个月（%s至%s）；欠缴金额：%s元。", r.Name, r.OrgName, r.Months,
			r.Since, r.Latest, money.Fen(r.OutstandingFen))
		if warns {
			title = fmt.Sprintf("警示：党员%s已连续%d个月未缴纳党费", r.Name, r.Months)
			content += "按照党章规定，党员连续6个月不交纳党费，没有正当理由的，视为自行脱党，请及时了解情况、督促缴纳。"
		} else {
			content += "请支部及时提醒督促缴纳。"
		}
		// Due the day after the run's n-th month ended.
		return remind.Due{RecordID: r.MemberID, OrgID: to, DueOn: date.Month(r.Since).AddMonths(n).First(), Title: title, Content: content,
			Link: fmt.Sprintf("/dfgl/report?tab=arrears&orgId=%d", r.OrgID)}, nil
	})
}
