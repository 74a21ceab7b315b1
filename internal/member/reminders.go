package member

import (
	"context"
	"fmt"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/remind"
)

// ReminderProbationExpiry is the smart reminder of a probation ending (spec
// §4 "Reminder types" 3 probation expiry).
const ReminderProbationExpiry = 3

// probationReminder is the kind of reminder of a probation ending.
func (s *Service) probationReminder() remind.Kind {
	return remind.Kind{Type: ReminderProbationExpiry, Name: "预备党员预备期满提醒", Window: 30,
		Finder: remind.FinderFunc(s.probationsDue)}
}

// probationsDue lists the probationary members (预备党员, in normal status,
// with their 入党日期) whose probation ends on or before until. RULES.md §2:
// the probation is one year from the branch general meeting that admitted
// them, the 入党日期 kept on the member. The member concerned hears of it
// too when their account is linked; a probation the 发展党员 module keeps
// is left to it. Becoming a full member (or leaving)
// ends it: the reminder closes at the next run.
func (s *Service) probationsDue(ctx context.Context, until date.Date) ([]remind.Due, error) {
	var rows []Member
	err := s.db.NewSelect().Model(&rows).Column("id", "name", "org_id", "user_id", "joined_on").
		Where("m.member_status = ?", StatusNormal).Where("m.party_status = ?", PartyProbation).
		Where("m.joined_on IS NOT NULL").Where("m.joined_on <= ?", until.AddYears(-1)).
		OrderExpr("m.joined_on, m.id").Scan(ctx)
	if err != nil {
		return nil, err
	}
	// A probation the development module keeps (发展党员, its record knows
	// an extension) is reminded of there (its reminder 115), not twice.
	ids := make([]int64, len(rows))
	for i, m := range rows {
		ids[i] = m.ID
	}
	kept, _, err := event.Ask[Kept](ctx, s.bus, s.db, ProbationsKept{MemberIDs: ids})
	if err != nil {
		return nil, err
	}
	out := make([]remind.Due, 0, len(rows))
	for _, m := range rows {
		if kept[m.ID] {
			continue
		}
		due := m.JoinedOn.AddYears(1)
		if due > until { // a year back from 29 February reaches 1 March: one day too many
			continue
		}
		d := remind.Due{RecordID: m.ID, OrgID: m.OrgID, DueOn: due,
			Title:   fmt.Sprintf("预备党员%s的预备期于%s期满，请及时讨论其转正事宜", m.Name, due),
			Content: fmt.Sprintf("预备党员：%s；入党日期：%s；预备期一年，于%s期满。", m.Name, m.JoinedOn, due),
			Link:    fmt.Sprintf("/dyjbxx/detail?id=%d", m.ID)}
		if m.UserID != nil {
			d.UserID = *m.UserID
		}
		out = append(out, d)
	}
	return out, nil
}
