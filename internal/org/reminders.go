package org

import (
	"context"
	"fmt"
	"slices"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
	"zhdj/internal/platform/uniq"
)

// ReminderTermExpiry is the smart reminder of a term ending (spec §4
// "Reminder types" 1 term expiry; RULES.md §4: remind before a term expires).
const ReminderTermExpiry = 1

// DefaultTermReminderDays is the term reminder's default window: the
// default of termReminderMonths (3 months) in days.
const DefaultTermReminderDays = 90

// termReminder is the kind of reminder of a term ending.
func (s *Service) termReminder() remind.Kind {
	return remind.Kind{Type: ReminderTermExpiry, Name: "党组织任期届满提醒", Window: DefaultTermReminderDays,
		Finder: remind.FinderFunc(s.termsDue)}
}

// termsDue lists the live organisations (party groups have no term) whose
// term ends on or before until, those overdue included: a new election
// recorded moves term_end, and the reminder of the old date closes.
func (s *Service) termsDue(ctx context.Context, until date.Date) ([]remind.Due, error) {
	var rows []Org
	err := s.db.NewSelect().Model(&rows).Column("id", "name", "term_start", "term_years", "term_end").
		Where("z.term_end IS NOT NULL").Where("z.term_end <= ?", until).Where("z.status = ?", StatusNormal).
		Where("z.type <> ?", TypeGroup).OrderExpr("z.term_end, z.id").Scan(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]remind.Due, len(rows))
	for i, o := range rows {
		out[i] = remind.Due{RecordID: o.ID, OrgID: o.ID, DueOn: o.TermEnd,
			Title:   fmt.Sprintf("%s本届任期于%s届满，请及时做好换届工作", o.Name, o.TermEnd),
			Content: fmt.Sprintf("党组织：%s；本届任期自%s起，任期%d年，于%s届满。", o.Name, o.TermStart, o.TermYears, o.TermEnd),
			Link:    fmt.Sprintf("%s/dzz?id=%d", PartyMenuPath, o.ID)}
	}
	return out, nil
}

// Managers answers, for each organisation, who hears of its records'
// reminders: the secretaries and administrators of the organisation itself
// and of the one that leads it (a branch's secretary and its 二级党委's
// administrators; a 直属党支部's secretary and the 组织部).
func (s *Service) Managers(ctx context.Context, orgIDs []int64) (map[int64][]int64, error) {
	parent := map[int64]int64{}
	for part := range slices.Chunk(uniq.Of(orgIDs), 1000) {
		var rows []Org
		if err := s.db.NewSelect().Model(&rows).Column("id", "pid").Where("z.id IN (?)", bun.In(part)).Scan(ctx); err != nil {
			return nil, err
		}
		for _, o := range rows {
			if o.PID != nil {
				parent[o.ID] = *o.PID
			}
		}
	}
	chain := append([]int64(nil), orgIDs...)
	for _, p := range parent {
		chain = append(chain, p)
	}
	at, err := s.sys.ManagersAt(ctx, chain)
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]int64, len(orgIDs))
	for _, id := range orgIDs {
		users := append(append([]int64(nil), at[id]...), at[parent[id]]...)
		if len(users) > 0 {
			out[id] = uniq.Of(users)
		}
	}
	return out, nil
}

// The reminders ask the organisation domain through this.
var _ remind.Directory = (*Service)(nil)
