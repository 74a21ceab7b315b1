package calendar_test

import (
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/calendar"
)

// The 工作日历 page's routes through the whole server: permissions (401,
// 403), a year's days and note, and an edit the calendar answers at once.
func TestCalendarRoutes(t *testing.T) {
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
