package secreview_test

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/remind"
	"zhdj/internal/secreview"
)

// runReminders runs reminder type kind now and answers its open reminders.
func runReminders(t *testing.T, e *apptest.Env, kind int) []remind.Reminder {
	t.Helper()
	apptest.DoJSON[remind.RuleView](t, e, 200, "POST", "/api/remind/rules/run", e.AdminTK, map[string]any{"type": kind})
	rows, _ := apptest.GetPage[remind.Reminder](t, e, e.AdminTK, "/api/remind/reminders", url.Values{"type": {strconv.Itoa(kind)}, "size": {"100"}})
	return slices.DeleteFunc(rows, func(r remind.Reminder) bool { return r.ClosedAt != nil })
}

// Reminder 146: a report not submitted within 7 days of its due date (the
// due day the 7th) is reminded of, once however often the rule runs; a
// vacancy is not; a submission closes it. Eight days before: not yet.
func TestReminder_NotSubmittedWithinSevenDays_NoDuplicates(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.open(t, w.csTK, w.cs, secreview.LevelBranch, today().AddDays(8))
	if got := runReminders(t, w.e, secreview.ReminderNotSubmitted); len(got) != 0 {
		t.Fatalf("8 days before the due date: %+v", got)
	}
	apptest.DoJSON[secreview.RoundView](t, w.e, 200, "PUT", roundPath(r.ID, "due"), w.csTK, map[string]any{"dueOn": today().AddDays(7)})
	first := runReminders(t, w.e, secreview.ReminderNotSubmitted)
	if len(first) != 2 {
		t.Fatalf("7 days before: the two secretaries, not the vacancy: %+v", first)
	}
	for _, rm := range first {
		if !strings.Contains(rm.Title, "述职报告尚未提交") || !strings.Contains(rm.Link, "/orglife/sjszpy?round=") {
			t.Errorf("reminder %+v", rm)
		}
	}
	if again := runReminders(t, w.e, secreview.ReminderNotSubmitted); len(again) != 2 {
		t.Errorf("a second run: %+v", again)
	}
	w.submit(t, w.secTK, w.reports(t, w.csTK, r.ID, nil)[w.branch].ID, 200)
	if after := runReminders(t, w.e, secreview.ReminderNotSubmitted); len(after) != 1 || !strings.Contains(after[0].Title, "李书记") {
		t.Errorf("after 王书记 submitted: %+v", after)
	}
}

// A report's materials: its secretary uploads them while writing it, the
// organiser reads them, a committee member of the branch may not upload.
func TestAttachments_TheSecretaryUploads(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	r := w.open(t, w.csTK, w.cs, secreview.LevelBranch, today().AddDays(20))
	rep := w.reports(t, w.csTK, r.ID, nil)[w.branch].ID
	path := reportPath(rep, "attachments")
	apptest.Expect(t, w.e.Upload(path, w.otherTK, "file", "述职材料.pdf", []byte("%PDF-1.4 test"), nil), 403)
	apptest.Expect(t, w.e.Upload(path, w.secTK, "file", "述职材料.pdf", []byte("%PDF-1.4 test"), nil), 201)
	list := apptest.DoJSON[[]struct{ ID int64 }](t, w.e, 200, "GET", path, w.csTK, nil)
	if len(list) != 1 {
		t.Fatalf("attachments %+v", list)
	}
	w.submit(t, w.secTK, rep, 200)
	apptest.Expect(t, w.e.Upload(path, w.secTK, "file", "补充.pdf", []byte("%PDF-1.4 test"), nil), 400) // submitted: no more files
}
