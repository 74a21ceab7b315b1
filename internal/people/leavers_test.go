package people_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/system"
)

// When a student leaves 在读 by hand, the day is kept (离校日期); 休学 is not
// leaving the school, so a member who is suspended is not reminded of,
// while a graduate is, until they are back 在读 (the day cleared). A record
// made already graduated has no day: when it left is not known.
func TestLeftOnFollowsTheStatus(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	today := date.Today()
	id := e.Create(t, e.AdminTK, "/api/xsjbxx", student("S7001", "李同学", w.csUnit))
	old := e.Create(t, e.AdminTK, "/api/xsjbxx", apptest.With(student("S7002", "王校友", w.csUnit), "status", "2"))
	for no, name := range map[string]string{"S7001": "李同学", "S7002": "王校友"} {
		apptest.Expect(t, e.Do("POST", "/api/dyjbxx", e.AdminTK, apptest.FullMember(name, w.branch, "gender", member.GenderMale,
			"staffOrStudentNo", no)), 201)
	}
	secretaryTK, secretary := e.UserAt(t, "LEVEL", w.branch)
	e.GrantRole(t, secretary, system.RoleBranchSecretary)
	leftOn := func(id int64) date.Date {
		t.Helper()
		return apptest.DoJSON[struct{ LeftOn date.Date }](t, e, 200, "GET", fmt.Sprintf("/api/xsjbxx/%d", id), e.AdminTK, nil).LeftOn
	}
	reminded := func() []string {
		t.Helper()
		e.RunReminders(t, e.App.People.Module())
		var titles []string
		for _, r := range apptest.DoJSON[struct{ Content []struct{ Title string } }](t, e, 200, "GET", "/api/msgPushHistory/getRemind", secretaryTK, nil).Content {
			titles = append(titles, r.Title)
		}
		return titles
	}
	if leftOn(old) != "" || leftOn(id) != "" {
		t.Fatalf("left days of a graduate made so and of a student: %q %q", leftOn(old), leftOn(id))
	}
	apptest.Expect(t, e.Do("PUT", "/api/xsjbxx", e.AdminTK, map[string]any{"id": id, "status": "3"}), 200) // 休学
	if leftOn(id) != today {
		t.Fatalf("休学: left on %q", leftOn(id))
	}
	if got := reminded(); len(got) != 0 {
		t.Fatalf("a suspended student was reminded of: %v", got)
	}
	apptest.Expect(t, e.Do("PUT", "/api/xsjbxx", e.AdminTK, map[string]any{"id": id, "status": "2"}), 200) // 毕业
	if got := reminded(); len(got) != 1 || got[0] != "党员李同学已毕业，请及时办理组织关系转接" || leftOn(id) != today {
		t.Fatalf("a graduate: %v, left on %q", got, leftOn(id))
	}
	apptest.Expect(t, e.Do("PUT", "/api/xsjbxx", e.AdminTK, map[string]any{"id": id, "status": "1"}), 200)
	if got := reminded(); len(got) != 0 || leftOn(id) != "" {
		t.Fatalf("back 在读: %v, left on %q", got, leftOn(id))
	}
}
