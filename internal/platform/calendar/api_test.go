package calendar_test

import (
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/calendar"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
	"zhdj/internal/system"
)

// The 工作日历 page's routes through the whole server: permissions (401,
// 403), a year's days and note, and an edit the calendar answers at once.
func TestCalendarRoutes(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	viewer, _ := e.UserWith("ALL", 0, calendar.PermList)
	editor, _ := e.UserWith("ALL", 0, calendar.PermList, calendar.PermEdit)
	day := map[string]any{"date": "2026-11-02", "kind": calendar.Holiday, "name": "校庆"}
	note := map[string]any{"year": 2027, "note": "已按通知补录"}
	e.ExpectCalls(t, []apptest.Call{
		{"GET", "/api/calendar?year=2026", "", nil, 401},
		{"PUT", "/api/calendar/day", "", day, 401},
		{"PUT", "/api/calendar/year", "", note, 401},
		{"PUT", "/api/calendar/day", viewer, day, 403},
		{"PUT", "/api/calendar/year", viewer, note, 403},
	})
	y := apptest.DoJSON[calendar.YearView](t, e, 200, "GET", "/api/calendar?year=2026", viewer, nil)
	if y.Year != 2026 || len(y.Days) != 39 || y.Days[0].Date != "2026-01-01" || y.Days[0].Name != "元旦" {
		t.Errorf("2026: %d days, first %+v", len(y.Days), y.Days[0])
	}
	apptest.ExpectMessage(t, e.Do("GET", "/api/calendar?year=abc", viewer, nil), 400, "请指定年份")
	apptest.ExpectMessage(t, e.Do("GET", "/api/calendar?year=1800", viewer, nil), 400, "年份应在1949到2200之间")

	apptest.Expect(t, e.Do("PUT", "/api/calendar/day", editor, day), 204)
	if ok, _ := e.App.Calendar.IsWorkday(t.Context(), "2026-11-02"); ok {
		t.Error("the holiday set through the page is still a working day")
	}
	apptest.Expect(t, e.Do("PUT", "/api/calendar/year", editor, note), 204)
	if y := apptest.DoJSON[calendar.YearView](t, e, 200, "GET", "/api/calendar?year=2027", viewer, nil); y.Note != "已按通知补录" {
		t.Errorf("2027 note %q", y.Note)
	}
	bad := e.Do("PUT", "/api/calendar/day", editor, map[string]any{"date": "2026-11-03", "kind": calendar.Workday})
	apptest.ExpectMessage(t, bad, 400, "2026-11-03是周一至周五，本来就是工作日，无需标为调休上班")
}

// Warn the organisation department in the fourth quarter when the next
// year's calendar is not entered (the 2027 notice is not yet published):
// from 1 October, one reminder to the holders of calendar:edit, no
// duplicates, closed once a holiday of the year is entered by hand.
func TestNextYearCalendarReminderFromFirstOctober(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := t.Context()
	editor, editorID := e.UserWith("ALL", 0, calendar.PermList, calendar.PermEdit)
	_, viewerID := e.UserWith("ALL", 0, calendar.PermList)
	runOn := func(t *testing.T, day string) {
		t.Helper()
		at, _ := time.ParseInLocation("2006-01-02 15:04", day+" 09:00", date.China)
		e.App.Reminders.SetClock(func() time.Time { return at.UTC() })
		if err := e.App.Reminders.RunAll(ctx); err != nil {
			t.Fatal(err)
		}
	}
	reminders := func(t *testing.T) []remind.Reminder {
		t.Helper()
		var rows []remind.Reminder
		if err := e.App.DB.NewSelect().Model(&rows).Where("type = ?", calendar.ReminderYearMissing).Scan(ctx); err != nil {
			t.Fatal(err)
		}
		return rows
	}
	messages := func(t *testing.T, userID int64) (all, unread int) {
		t.Helper()
		var rows []system.Message
		if err := e.App.DB.NewSelect().Model(&rows).Where("user_id = ?", userID).Where("title LIKE ?", "%工作日历%").Scan(ctx); err != nil {
			t.Fatal(err)
		}
		for _, m := range rows {
			if m.ReadAt == nil {
				unread++
			}
		}
		return len(rows), unread
	}

	t.Run("year entered: 1 October 2025 has 2026 from its notice, no reminder", func(t *testing.T) {
		runOn(t, "2025-10-01")
		if rs := reminders(t); len(rs) != 0 {
			t.Errorf("reminders %+v", rs)
		}
	})
	t.Run("30 September 2026: not yet", func(t *testing.T) {
		runOn(t, "2026-09-30")
		if rs := reminders(t); len(rs) != 0 {
			t.Errorf("reminders %+v", rs)
		}
	})
	t.Run("1 October 2026: one reminder for 2027 to the holders of calendar:edit, once", func(t *testing.T) {
		runOn(t, "2026-10-01")
		runOn(t, "2026-10-01")
		runOn(t, "2026-11-29")
		rs := reminders(t)
		if len(rs) != 1 || rs[0].RecordID != 2027 || rs[0].DueOn != "2027-01-01" || rs[0].ClosedAt != nil || rs[0].Title != "2027年工作日历尚未录入节假日安排" {
			t.Fatalf("reminders %+v", rs)
		}
		if all, unread := messages(t, editorID); all != 1 || unread != 1 {
			t.Errorf("the editor has %d messages (%d unread), want 1", all, unread)
		}
		if all, _ := messages(t, viewerID); all != 0 {
			t.Errorf("a viewer without calendar:edit has %d messages", all)
		}
	})
	t.Run("2027 entered by hand: the reminder closes and its message is retired", func(t *testing.T) {
		apptest.Expect(t, e.Do("PUT", "/api/calendar/day", editor, map[string]any{"date": "2027-02-06", "kind": calendar.Holiday, "name": "春节"}), 204)
		runOn(t, "2026-11-30")
		rs := reminders(t)
		if len(rs) != 1 || rs[0].ClosedAt == nil {
			t.Errorf("reminders %+v", rs)
		}
		if all, unread := messages(t, editorID); all != 1 || unread != 0 {
			t.Errorf("the editor has %d messages (%d unread), want 1 read", all, unread)
		}
	})
}
