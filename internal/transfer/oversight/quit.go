package oversight

import (
	"context"
	"fmt"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/remind"
	"zhdj/internal/transfer"
)

// ReminderQuit is 党章 第九条: a member who without good reason for six
// consecutive months has not taken part in the party's organisational life,
// paid the membership dues or done the work the party gave them is regarded
// as having given up membership (自行脱党). The member's branch is reminded
// that it must decide (the decision is an 出党 of sub-kind 自行脱党/退党);
// the reminder links to the member.
const ReminderQuit = 128

// quitMonths is 第九条's six months.
const quitMonths = 6

// The causes the reminder reads. Organisation life (组织生活) is not
// recorded by any module yet (谈心谈话 is the only one), so it is not a
// cause the reminder can read: see docs/transfer-oversight.md.
//   - fees: six consecutive months that have ended unpaid, as the fee
//     domain answers member.UnpaidRuns on the bus (the open month never
//     counts): due on the first day after the sixth month ends;
//   - contact: a lost member (失联) lost since six months: due on that day.
func (s *Service) quitKind() remind.Kind {
	return remind.Kind{Type: ReminderQuit, Name: "自行脱党提醒（党章第九条）", Window: 0, Finder: remind.FinderFunc(s.quitDue)}
}

// QuitFeesDue is the day a run of unpaid months starting with since
// ("YYYY-MM") reaches six ended months: the first day after the sixth.
func QuitFeesDue(since string) date.Date { return date.Date(since + "-01").AddMonths(quitMonths) }

func (s *Service) quitDue(ctx context.Context, until date.Date) ([]remind.Due, error) {
	type cause struct {
		on   date.Date
		text string
	}
	causes := map[int64][]cause{}
	// Fees: the months that have ended by until (through the month before it).
	through := until.AddMonths(-1).Month().String()
	runs, _, err := event.Ask[member.Unpaid](ctx, s.bus, s.db, member.UnpaidRuns{Through: through, Months: quitMonths})
	if err != nil {
		return nil, httpx.Internal(err)
	}
	for id, since := range runs {
		if on := QuitFeesDue(since); !on.After(until) {
			causes[id] = append(causes[id], cause{on, fmt.Sprintf("自%s起连续%d个月未交纳党费", since, quitMonths)})
		}
	}
	// Contact: lost members lost since six months.
	var lost []standing
	if err := s.latestDone(transfer.KindLost, member.StatusLost).Scan(ctx, &lost); err != nil {
		return nil, httpx.Internal(err)
	}
	for _, st := range lost {
		if st.Since.IsZero() {
			continue
		}
		if on := st.Since.AddMonths(quitMonths); !on.After(until) {
			causes[st.MemberID] = append(causes[st.MemberID], cause{on, fmt.Sprintf("自%s起与党组织失去联系满%d个月", st.Since, quitMonths)})
		}
	}
	if len(causes) == 0 {
		return nil, nil
	}
	ids := make([]int64, 0, len(causes))
	for id := range causes {
		ids = append(ids, id)
	}
	// Members still in the school's care: 正常 or 失联 (a suspended one
	// has its own path, 第二十四条).
	members, err := s.members.Briefs(ctx, s.db, ids, member.StatusNormal, member.StatusLost)
	if err != nil {
		return nil, err
	}
	out := make([]remind.Due, 0, len(members))
	for _, m := range members {
		cs := causes[m.ID]
		on, why := cs[0].on, cs[0].text
		for _, c := range cs[1:] {
			why += "，" + c.text
			if c.on.Before(on) {
				on = c.on
			}
		}
		out = append(out, remind.Due{RecordID: m.ID, OrgID: m.OrgID, DueOn: on,
			Title: fmt.Sprintf("党员%s%s，党支部应按党章第九条讨论是否作自行脱党处理", m.Name, why),
			Content: fmt.Sprintf("党员：%s；%s。党章第九条：党员没有正当理由，连续六个月不参加党的组织生活，或不交纳党费，"+
				"或不做党所分配的工作，就被认为是自行脱党；支部大会应当决定把这样的党员除名（在「组织关系转接 › 出党」办理，类别为自行脱党/退党）。", m.Name, why),
			Link: fmt.Sprintf("/dyjbxx/detail?id=%d", m.ID)})
	}
	return out, nil
}
