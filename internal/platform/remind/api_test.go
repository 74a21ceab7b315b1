package remind_test

import (
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
)

// The 智能提醒 page's routes through the whole server: permissions (401,
// 403), the rules the modules offer, run now, and the reminders listed and
// counted within the caller's organisation scope.
func TestReminderRoutesAndScope(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Campus(t)
	ending := date.Today().AddDays(15).AddYears(-3)
	csBranch := e.Create(t, e.AdminTK, "/api/dzzxx", map[string]any{"pid": c.CS, "code": "RB01", "name": "计算机学生党支部",
		"type": "5", "termStart": ending})
	mathBranch := e.Create(t, e.AdminTK, "/api/dzzxx", map[string]any{"pid": c.Math, "code": "RB02", "name": "数学学生党支部",
		"type": "5", "termStart": ending})
	viewer, _ := e.UserWith("ALL", 0, remind.PermList)
	editor, _ := e.UserWith("ALL", 0, remind.PermList, remind.PermEdit)
	runner, _ := e.UserWith("ALL", 0, remind.PermList, remind.PermRun)
	csViewer, _ := e.UserAt(t, "LEVEL_AND_BELOW", c.CS, remind.PermList)
	run := map[string]any{"type": org.ReminderTermExpiry}
	change := map[string]any{"type": org.ReminderTermExpiry, "window": 60}
	e.ExpectCalls(t, []apptest.Call{
		{"GET", "/api/remind/rules", "", nil, 401},
		{"GET", "/api/remind/reminders", "", nil, 401},
		{"PUT", "/api/remind/rules", "", change, 401},
		{"POST", "/api/remind/rules/run", "", run, 401},
		{"PUT", "/api/remind/rules", viewer, change, 403},
		{"POST", "/api/remind/rules/run", viewer, run, 403},
		{"POST", "/api/remind/rules/run", editor, run, 403},
		{"PUT", "/api/remind/rules", runner, change, 403},
	})

	rules := apptest.DoJSON[[]remind.RuleView](t, e, 200, "GET", "/api/remind/rules", viewer, nil)
	// The platform's two (the development module's follow, from 110).
	if len(rules) < 2 || rules[0].Type != org.ReminderTermExpiry || rules[1].Type != member.ReminderProbationExpiry ||
		rules[0].Window != org.DefaultTermReminderDays || rules[0].RunState != remind.NoStart {
		t.Fatalf("rules %+v", rules)
	}
	apptest.Expect(t, e.Do("PUT", "/api/remind/rules", editor, change), 204)
	res := e.Do("PUT", "/api/remind/rules", editor, map[string]any{"type": org.ReminderTermExpiry, "window": 4000})
	apptest.ExpectMessage(t, res, 400, "提前提醒天数应为0到3660之间的整数")
	apptest.Expect(t, e.Do("PUT", "/api/remind/rules", editor, map[string]any{"type": 6, "enabled": 0}), 404)

	after := apptest.DoJSON[remind.RuleView](t, e, 200, "POST", "/api/remind/rules/run", runner, run)
	if after.RunState != remind.Finish || after.LastCount != 2 || after.Open != 2 || after.Window != 60 || after.LastRunAt == nil {
		t.Errorf("after run now: %+v", after)
	}

	// The computer science committee's viewer sees its branch's reminder only.
	rows, total := apptest.GetPage[remind.Reminder](t, e, csViewer, "/api/remind/reminders", url.Values{"type": {"1"}})
	if total != 1 || rows[0].RecordID != csBranch || rows[0].OrgName != "计算机学生党支部" {
		t.Errorf("the committee's reminders: %+v", rows)
	}
	mine := apptest.DoJSON[[]remind.RuleView](t, e, 200, "GET", "/api/remind/rules", csViewer, nil)
	if mine[0].Open != 1 {
		t.Errorf("the committee counts %d open reminders, want 1", mine[0].Open)
	}
	_, all := apptest.GetPage[remind.Reminder](t, e, viewer, "/api/remind/reminders", nil)
	if all != 2 {
		t.Errorf("the university sees %d reminders, want 2 (%d, %d)", all, csBranch, mathBranch)
	}
	if res := e.Do("GET", "/api/remind/reminders?sort=title,asc", viewer, nil); res.Status != 400 {
		t.Errorf("sorting by an unlisted column: %d", res.Status)
	}
}
