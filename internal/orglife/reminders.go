package orglife

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
)

// The organisation-life reminders (智能提醒, codes from 100: 140s are ours).
const (
	// ReminderPeriodEnding: a period of a measure ends within the window and
	// the organisation has not held its meeting (nor planned one).
	ReminderPeriodEnding = 140
	// ReminderMinutesMissing: a meeting closed 3 days ago without minutes.
	ReminderMinutesMissing = 141
)

// minutesWithinDays is how long after CLOSE the minutes may wait.
const minutesWithinDays = 3

// missedKeptDays is how long a period that ended without its meeting stays
// reminded of: past it the reminder closes (会议统计 shows the gap).
const missedKeptDays = 31

// measureSecretaryNo is the secretary's lecture in a period reminder's
// record id (a type's measure is its type's id, far below).
const measureSecretaryNo = 999

// reminders are the kinds the module declares on its descriptor.
func (s *Service) reminders() []remind.Kind {
	return []remind.Kind{
		{Type: ReminderPeriodEnding, Name: "组织生活会议未按期召开提醒", Window: 7, Finder: remind.FinderFunc(s.periodsDue)},
		{Type: ReminderMinutesMissing, Name: "会议记录未录入提醒", Window: 0, Finder: remind.FinderFunc(s.minutesDue)},
	}
}

// periodsDue lists, per organisation and measure (talks aside: they are no
// meeting), the periods ending by until that lack their meetings and have
// none planned: the running ones, and those ended in the last month. A
// reminder is one organisation's one measure (record id orgID×1000 + the
// measure's number) with the period's last day as its due date, so the
// engine's key (type, record, due date) never opens it twice, and it closes
// once the meeting is held or the period is a month past.
func (s *Service) periodsDue(ctx context.Context, until date.Date) ([]remind.Due, error) {
	today := s.today()
	since := today.AddDays(-missedKeptDays)
	rl, err := s.rules(ctx)
	if err != nil {
		return nil, err
	}
	ms := slices.DeleteFunc(slices.Clone(rl.measures), func(m Measure) bool { return m.Key == MeasureTalk })
	orgs, err := s.orgs.OfTypes(ctx, s.db)
	if err != nil {
		return nil, err
	}
	live := slices.DeleteFunc(orgs, func(o org.Org) bool { return !o.Live() })
	var out []remind.Due
	for year := since.Time().Year(); year <= until.Time().Year(); year++ {
		counted, err := s.counts(ctx, year, rl, func(sel *bun.SelectQuery) (*bun.SelectQuery, error) { return sel, nil })
		if err != nil {
			return nil, err
		}
		j := newJudge(year, today)
		lines, err := s.lines(ctx, j, live, ms, counted)
		if err != nil {
			return nil, err
		}
		for _, o := range live {
			for _, l := range lines[o.ID] {
				for _, p := range l.Periods {
					end := j.last(p.To)
					if (p.Status != CellInProgress && p.Status != CellMissing) || end.Before(since) || end.After(until) {
						continue
					}
					no := l.typeID
					if l.Key == MeasureSecretary {
						no = measureSecretaryNo
					}
					out = append(out, remind.Due{RecordID: o.ID*1000 + no, OrgID: o.ID, DueOn: end,
						Title: fmt.Sprintf("%s%s%s应召开%s（%s），尚未召开", o.Name, periodText(year, l.Period, p), dueWord(end, today), l.Name, l.Rule),
						Content: fmt.Sprintf("党组织：%s；%s：%s，已召开%d次，要求%s。", o.Name, l.Name, periodText(year, l.Period, p),
							p.Held, l.Rule),
						Link: fmt.Sprintf("%s/hytj?orgId=%d&year=%d", MenuDir, o.ID, year)})
				}
			}
		}
	}
	return out, nil
}

// periodText names a period: 2026年3月, 2026年第1季度, 2026年度.
func periodText(year int, kind string, p Period) string {
	switch kind {
	case PeriodMonth:
		return fmt.Sprintf("%d年%d月", year, p.From)
	case PeriodQuarter:
		return fmt.Sprintf("%d年第%d季度", year, (p.From+2)/3)
	}
	return fmt.Sprintf("%d年度", year)
}

func dueWord(end, today date.Date) string {
	if end.Before(today) {
		return "已结束，"
	}
	return fmt.Sprintf("（%s截止）", end)
}

// minutesDue lists the meetings closed at least 3 days before until (by
// China's calendar) whose minutes are not recorded: due 3 days after CLOSE.
func (s *Service) minutesDue(ctx context.Context, until date.Date) ([]remind.Due, error) {
	read := func(ctx context.Context, until date.Date) ([]Meeting, error) {
		var rows []Meeting
		// Closed before the China midnight ending until - 3 days.
		limit, _ := time.ParseInLocation(date.Layout, string(until.AddDays(1-minutesWithinDays)), date.China)
		err := s.db.NewSelect().Model(&rows).Column("id", "org_id", "type_code", "topic", "held_on", "closed_at").
			Where("m.state = ?", StateClosed).Where("m.cancelled_at IS NULL").Where("m.minutes_at IS NULL").
			Where("m.closed_at IS NOT NULL").Where("m.closed_at < ?", limit.UTC()).
			OrderExpr("m.closed_at, m.id").Scan(ctx)
		return rows, err
	}
	return remind.Scan(read, func(_ context.Context, m Meeting) (remind.Due, error) {
		due := date.Of(m.ClosedAt.In(date.China)).AddDays(minutesWithinDays)
		return remind.Due{RecordID: m.ID, OrgID: m.OrgID, DueOn: due,
			Title:   fmt.Sprintf("会议“%s”（%s）已结束%d天，请录入会议记录", m.Topic, m.HeldOn, minutesWithinDays),
			Content: fmt.Sprintf("会议：%s；召开日期：%s；会议结束后%d天内应录入会议记录。", m.Topic, m.HeldOn, minutesWithinDays),
			Link:    MeetingLink(m.TypeCode, m.ID)}, nil
	}).Due(ctx, until)
}

// MeetingLink is where a meeting opens in the web app: its type's page
// (the school's own types under 其他会议).
func MeetingLink(code string, id int64) string {
	switch code {
	case TypeBranchGeneral, TypeBranchCommittee, TypeGroup, TypeLecture:
		return fmt.Sprintf("%s/shyk/%s?id=%d", MenuDir, code, id)
	case TypeThemeDay, TypeLifeMeeting, TypeDemocratic:
		return fmt.Sprintf("%s/%s?id=%d", MenuDir, code, id)
	}
	return fmt.Sprintf("%s/qthy?id=%d", MenuDir, id)
}
