package orglife_test

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
)

// runReminders runs reminder type kind now and answers its open reminders.
func runReminders(t *testing.T, e *apptest.Env, kind int) []remind.Reminder {
	t.Helper()
	apptest.DoJSON[remind.RuleView](t, e, 200, "POST", "/api/remind/rules/run", e.AdminTK, map[string]any{"type": kind})
	rows, _ := apptest.GetPage[remind.Reminder](t, e, e.AdminTK, "/api/remind/reminders", url.Values{"type": {itoa(kind)}, "size": {"100"}})
	return slices.DeleteFunc(rows, func(r remind.Reminder) bool { return r.ClosedAt != nil })
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestReminders_PeriodEndingWithoutItsMeeting_NoDuplicates(t *testing.T) {
	t.Parallel()
	w := newStatsWorld(t)
	// A window of 40 days: this month's end always falls in it.
	apptest.Expect(t, w.e.Do("PUT", "/api/remind/rules", w.e.AdminTK, map[string]any{"type": orglife.ReminderPeriodEnding, "window": 40}), 204)
	today := date.Today()
	monthEnd := today.Month().Last()
	mine := func(rows []remind.Reminder, orgID int64) []remind.Reminder {
		return slices.DeleteFunc(slices.Clone(rows), func(r remind.Reminder) bool {
			return r.OrgID == nil || *r.OrgID != orgID || r.DueOn != monthEnd || !strings.Contains(r.Title, "支部委员会")
		})
	}
	first := runReminders(t, w.e, orglife.ReminderPeriodEnding)
	if got := mine(first, w.branch); len(got) != 1 {
		t.Fatalf("this month's 支部委员会 of the branch: %+v", got)
	}
	for _, r := range first {
		if r.OrgID != nil && (*r.OrgID == w.branch || *r.OrgID == w.young) && strings.Contains(r.Title, "民主生活会") {
			t.Errorf("a branch reminded of 民主生活会: %+v", r)
		}
	}
	again := runReminders(t, w.e, orglife.ReminderPeriodEnding)
	if len(again) != len(first) {
		t.Errorf("a second run: %d reminders, first %d", len(again), len(first))
	}
	meeting(t, w.e, w.branch, orglife.TypeBranchCommittee, string(today), orglife.StateClosed)
	after := runReminders(t, w.e, orglife.ReminderPeriodEnding)
	if got := mine(after, w.branch); len(got) != 0 {
		t.Errorf("held, still reminded: %+v", got)
	}
	if len(after) != len(first)-1 {
		t.Errorf("after the meeting: %d reminders, before %d", len(after), len(first))
	}
}

func TestReminders_MinutesNotRecordedThreeDaysAfterClose(t *testing.T) {
	t.Parallel()
	w := newStatsWorld(t)
	closedAgo := func(days int) func(*orglife.Meeting) {
		return func(m *orglife.Meeting) { c := time.Now().UTC().AddDate(0, 0, -days); m.ClosedAt = &c }
	}
	late := meeting(t, w.e, w.branch, orglife.TypeBranchCommittee, "2025-03-03", orglife.StateClosed, closedAgo(5))
	meeting(t, w.e, w.branch, orglife.TypeBranchCommittee, "2025-03-04", orglife.StateClosed, closedAgo(1))
	meeting(t, w.e, w.branch, orglife.TypeBranchCommittee, "2025-03-05", orglife.StateClosed, closedAgo(6),
		func(m *orglife.Meeting) { now := time.Now().UTC(); m.MinutesAt = &now })
	meeting(t, w.e, w.branch, orglife.TypeBranchCommittee, "2025-03-06", orglife.StateClosed, closedAgo(6), cancelled)
	rows := runReminders(t, w.e, orglife.ReminderMinutesMissing)
	if len(rows) != 1 || rows[0].RecordID != late || !strings.Contains(rows[0].Link, "/orglife/shyk/zbwyh?id=") {
		t.Fatalf("reminders %+v", rows)
	}
	if again := runReminders(t, w.e, orglife.ReminderMinutesMissing); len(again) != 1 || again[0].ID != rows[0].ID {
		t.Errorf("a second run %+v", again)
	}
}
