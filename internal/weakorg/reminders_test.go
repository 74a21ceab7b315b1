package weakorg_test

import (
	"fmt"
	"net/url"
	"slices"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
	"zhdj/internal/weakorg"
)

// runReminders runs reminder type kind and answers its open reminders.
func runReminders(t *testing.T, e *apptest.Env, kind int) []remind.Reminder {
	t.Helper()
	if v := apptest.DoJSON[remind.RuleView](t, e, 200, "POST", "/api/remind/rules/run", e.AdminTK, map[string]any{"type": kind}); v.LastError != "" {
		t.Fatalf("rule %d: %s", kind, v.LastError)
	}
	rows, _ := apptest.GetPage[remind.Reminder](t, e, e.AdminTK, "/api/remind/reminders", url.Values{"type": {fmt.Sprint(kind)}, "size": {"100"}})
	return slices.DeleteFunc(rows, func(r remind.Reminder) bool { return r.ClosedAt != nil })
}

// 143: a deadline within 15 days (or passed) without 销号, once however
// often the rule runs; 144: no progress report in the last 30 days of an
// open case (counted from the confirmation before any report), closed by a
// report.
func TestReminders_DeadlineAndProgress_NoDuplicates(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	today := date.Today()
	soon := w.propose(t, w.csTK, w.branch, "6", 201)
	later := w.propose(t, w.deptTK, w.mathBr, "6", 201)
	for i, c := range []weakorg.Detail{soon, later} {
		w.act(t, w.deptTK, c.ID, "confirm", "认定", 200)
		deadline := []date.Date{today.AddDays(15), today.AddDays(16)}[i]
		apptest.DoJSON[weakorg.Detail](t, w.e, 200, "PUT", fmt.Sprintf("/api/rsrs/cases/%d/plan", c.ID), w.deptTK, map[string]any{
			"leader": "王副书记", "deadline": deadline, "plan": "整顿", "measures": []map[string]any{{"content": "落实活动场所"}}})
	}
	for range 2 {
		got := runReminders(t, w.e, weakorg.ReminderDeadline)
		if len(got) != 1 || got[0].RecordID != soon.ID || got[0].DueOn != today.AddDays(15) {
			t.Fatalf("deadlines: %+v", got)
		}
	}
	if got := runReminders(t, w.e, weakorg.ReminderNoProgress); len(got) != 0 {
		t.Fatalf("confirmed today, no report due yet: %+v", got)
	}
	// Confirmed 30 days ago: due today.
	ago := time.Now().UTC().AddDate(0, 0, -30)
	if _, err := w.e.DB.NewUpdate().Model((*weakorg.Case)(nil)).Set("decided_at = ?", ago).Where("id = ?", soon.ID).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if got := runReminders(t, w.e, weakorg.ReminderNoProgress); len(got) != 1 || got[0].RecordID != soon.ID {
			t.Fatalf("no report for 30 days: %+v", got)
		}
	}
	apptest.DoJSON[weakorg.Progress](t, w.e, 201, "POST", fmt.Sprintf("/api/rsrs/cases/%d/progress", soon.ID), w.branchTK,
		map[string]any{"reportedOn": today, "content": "已落实活动场所"})
	if got := runReminders(t, w.e, weakorg.ReminderNoProgress); len(got) != 0 {
		t.Errorf("reported today, still reminded: %+v", got)
	}
}
