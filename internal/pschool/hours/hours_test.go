package hours_test

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/remind"
	"zhdj/internal/pschool/hours"
)

// RULES.md §4 "Learning": ≥ 32 class hours a year for a member, ≥ 56 for a
// secretary or committee member, at the edges (31.9 / 32 / 32.1; 55.9 /
// 56); online credits count by the day credited and offline study by its
// date, within the year (31 Dec / 1 Jan); only approved offline counts.
func TestYearHoursAgainstRulesSection4(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	short, exact, over := w.member(t, w.c.Branch, "差一点"), w.member(t, w.c.Branch, "刚好"), w.member(t, w.c.Branch, "超一点")
	students := w.e.Org(t, w.c.CS, "5", "计算机学生党支部")
	sec, secShort, comm := w.member(t, w.c.Branch, "书记"), w.member(t, students, "书记差"), w.member(t, w.c.Branch, "委员")
	w.secretary(t, w.c.Branch, sec)
	w.secretary(t, students, secShort)
	w.committee(t, w.c.Branch, comm)

	w.credit(t, short, "2026-01-01", 319) // 1 Jan: counts in 2026
	w.credit(t, short, "2025-12-31", 100) // 31 Dec: 2025's
	w.credit(t, exact, "2026-12-01", 200)
	w.approved(t, "2026-03-01", 8, exact)
	w.approved(t, "2026-03-02", 4, exact)
	w.offline(t, "2026-03-03", 8, exact)  // pending: not counted
	w.approved(t, "2025-12-31", 8, exact) // 2025's
	w.credit(t, over, "2026-06-30", 321)
	w.credit(t, sec, "2026-06-30", 560)
	w.credit(t, secShort, "2026-06-30", 559)
	w.credit(t, comm, "2026-06-30", 320) // 32 is not enough for a committee member

	rows := w.rows(t, w.deptTK, 2026, nil)
	expect := map[int64]struct {
		total, target float64
		met           bool
	}{short.id: {31.9, 32, false}, exact.id: {32, 32, true}, over.id: {32.1, 32, true},
		sec.id: {56, 56, true}, secShort.id: {55.9, 56, false}, comm.id: {32, 56, false}}
	for id, want := range expect {
		r := rows[id]
		if r.Hours.Total != want.total || r.Hours.Target != want.target || r.Met != want.met {
			t.Errorf("%s: %+v, want total %v target %v met %v", r.Name, r, want.total, want.target, want.met)
		}
	}
	if r := rows[exact.id]; r.Hours.Online != 20 || r.Hours.Offline != 12 {
		t.Errorf("online and offline of %s: %+v", r.Name, r.Hours)
	}
	if r := rows[short.id]; r.Shortfall != 0.1 {
		t.Errorf("shortfall %v, want 0.1", r.Shortfall)
	}
	last := w.rows(t, w.deptTK, 2025, nil)
	if last[short.id].Hours.Online != 10 || last[exact.id].Hours.Offline != 8 {
		t.Errorf("2025: %+v %+v", last[short.id], last[exact.id])
	}

	// 未达标 only, and a name.
	behind := w.rows(t, w.deptTK, 2026, url.Values{"behind": {"true"}})
	if len(behind) != 3 || behind[short.id].ID == 0 || behind[secShort.id].ID == 0 || behind[comm.id].ID == 0 {
		t.Errorf("behind: %v", behind)
	}
	if named := w.rows(t, w.deptTK, 2026, url.Values{"blurry": {"刚好"}}); len(named) != 1 {
		t.Errorf("by name: %v", named)
	}
	// The branch secretary sees the branch's members only.
	if mine := w.rows(t, w.secTK, 2026, nil); len(mine) != 5 || mine[secShort.id].ID != 0 {
		t.Errorf("the branch's table: %d rows", len(mine))
	}

	// A row per branch, and per organisation below the university's 党委.
	branches, _ := apptest.GetPage[hours.GroupRow](t, w.e, w.csTK, "/api/xssb/branches", url.Values{"year": {"2026"}})
	byBranch := apptest.ByKey(branches, func(g hours.GroupRow) int64 { return g.ID })
	if len(branches) != 2 || byBranch[w.c.Branch].Members != 5 || byBranch[w.c.Branch].Met != 3 || byBranch[w.c.Branch].Rate != 60 ||
		byBranch[students].Members != 1 || byBranch[students].Met != 0 || byBranch[students].Average != 55.9 {
		t.Errorf("branches: %+v", branches)
	}
	tops, _ := apptest.GetPage[hours.GroupRow](t, w.e, w.deptTK, "/api/xssb/committees", url.Values{"year": {"2026"}})
	if len(tops) != 1 || tops[0].ID != w.c.CS || tops[0].Members != 6 || tops[0].Met != 3 || tops[0].Rate != 50 {
		t.Errorf("committees: %+v", tops)
	}
	if math, _ := apptest.GetPage[hours.GroupRow](t, w.e, w.mathTK, "/api/xssb/committees", nil); len(math) != 0 {
		t.Errorf("the 数学 committee sees %+v", math)
	}
	apptest.ExpectField(t, w.e.Do("GET", "/api/xssb/members?year=1999", w.deptTK, nil), "year", "年度应为2000到2100之间的年份")

	// The member's own report; a learner with no member record is not held to §4.
	my := apptest.DoJSON[hours.My](t, w.e, 200, "GET", "/api/xssb/my?year=2026", exact.tk, nil)
	if my.Year != 2026 || my.Target != 32 || my.Online != 20 || my.Offline != 12 || my.Total != 32 || !my.Met || len(my.Records) != 2 {
		t.Errorf("my: %+v", my)
	}
	if s := apptest.DoJSON[hours.My](t, w.e, 200, "GET", "/api/xssb/my?year=2026", secShort.tk, nil); s.Target != 56 || s.Met {
		t.Errorf("the secretary's: %+v", s)
	}
	learnerTK, learner := w.e.UserAt(t, "SELF", w.c.Branch, "dx:learn")
	w.credit(t, person{user: learner}, "2026-05-01", 15)
	if l := apptest.DoJSON[hours.My](t, w.e, 200, "GET", "/api/xssb/my", learnerTK, nil); !l.Learner || l.Target != 0 || !l.Met || l.Online != 1.5 {
		t.Errorf("the learner's: %+v", l)
	}
}

// The routes: 401 without a token, 403 without the permission (the branch
// secretary may enter but not approve), 404 for a record outside the
// caller's scope; approved records are neither changed nor deleted.
func TestOfflineRoutesPermissionsAndScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	li := w.member(t, w.c.Branch, "李明")
	id := w.offline(t, "2026-04-01", 2.5, li)[0]
	rec := fmt.Sprintf("/api/xssb/offline/%d", id)
	body := map[string]any{"memberIds": []int64{li.id}, "studiedOn": "2026-04-02", "title": "党课", "form": 2, "hours": 2}
	w.e.ExpectCalls(t, []apptest.Call{
		{"GET", "/api/xssb/offline", "", nil, 401},
		{"POST", "/api/xssb/offline", "", body, 401},
		{"POST", rec + "/approve", "", nil, 401},
		{"GET", "/api/xssb/members", "", nil, 401},
		{"GET", "/api/xssb/branches", "", nil, 401},
		{"GET", "/api/xssb/committees/export", "", nil, 401},
		{"GET", "/api/xssb/my", "", nil, 401},
		{"GET", "/api/xssb/offline", w.noTK, nil, 403},
		{"POST", "/api/xssb/offline", w.noTK, body, 403},
		{"GET", "/api/xssb/members", w.noTK, nil, 403},
		{"GET", "/api/xssb/members/export", w.noTK, nil, 403},
		{"GET", "/api/xssb/committees", w.noTK, nil, 403},
		{"GET", "/api/xssb/my", w.noTK, nil, 403},
		{"POST", rec + "/approve", w.secTK, nil, 403}, // the branch secretary cannot approve
		{"POST", rec + "/reject", w.secTK, map[string]any{"reason": "x"}, 403},
		{"POST", rec + "/approve", w.mathTK, nil, 404}, // another committee's record
		{"GET", rec, w.mathTK, nil, 404},
		{"POST", "/api/xssb/offline", w.mathTK, body, 400}, // a member outside the scope
		{"POST", "/api/xssb/offline/999999/approve", w.csTK, nil, 404},
	})
	apptest.ExpectField(t, w.e.Do("POST", "/api/xssb/offline", w.secTK, apptest.With(body, "hours", 8.5)), "hours",
		"学时应为0.5到8之间的数（每天至多8学时，保留一位小数）")
	apptest.ExpectField(t, w.e.Do("POST", "/api/xssb/offline", w.secTK, apptest.With(body, "hours", 0.4)), "hours",
		"学时应为0.5到8之间的数（每天至多8学时，保留一位小数）")
	apptest.ExpectField(t, w.e.Do("POST", "/api/xssb/offline", w.secTK, apptest.With(body, "hours", 1.25)), "hours",
		"学时应为0.5到8之间的数（每天至多8学时，保留一位小数）")
	apptest.ExpectField(t, w.e.Do("POST", "/api/xssb/offline", w.secTK, apptest.With(body, "studiedOn", "2026-04-01", "hours", 6)), "hours",
		"2026-04-01已录入2.5学时，每天至多8学时")
	apptest.ExpectField(t, w.e.Do("POST", "/api/xssb/offline", w.secTK, apptest.With(body, "form", 7)), "form", "请选择学习形式")

	// Returned with a reason, corrected (back to 待审核), approved once.
	apptest.ExpectField(t, w.e.Do("POST", rec+"/reject", w.csTK, map[string]any{"reason": " "}), "reason", "请输入退回原因（不超过200个字）")
	back := apptest.DoJSON[hours.OfflineView](t, w.e, 200, "POST", rec+"/reject", w.csTK, map[string]any{"reason": "学时填写有误"})
	if back.State != hours.StateReturned || back.Reason != "学时填写有误" {
		t.Fatalf("returned: %+v", back)
	}
	apptest.Expect(t, w.e.Do("POST", rec+"/approve", w.csTK, nil), 409)
	fixed := apptest.DoJSON[hours.OfflineView](t, w.e, 200, "PUT", "/api/xssb/offline", w.secTK,
		map[string]any{"id": id, "studiedOn": "2026-04-01", "title": "学习党章", "form": 1, "hours": 2, "updateTime": back.UpdatedAt})
	if fixed.State != hours.StatePending || fixed.Reason != "" || fixed.Hours != 2 {
		t.Fatalf("fixed: %+v", fixed)
	}
	apptest.Expect(t, w.e.Do("POST", rec+"/approve", w.deptTK, nil), 204)
	after := apptest.DoJSON[hours.OfflineView](t, w.e, 200, "GET", rec, w.secTK, nil)
	if after.State != hours.StateApproved {
		t.Fatalf("approved: %+v", after)
	}
	apptest.Expect(t, w.e.Do("PUT", "/api/xssb/offline", w.secTK,
		map[string]any{"id": id, "studiedOn": "2026-04-01", "title": "改", "form": 1, "hours": 3, "updateTime": after.UpdatedAt}), 409)
	apptest.Expect(t, w.e.Do("DELETE", "/api/xssb/offline", w.secTK, []int64{id}), 409)
	// A pending one is deleted.
	other := w.offline(t, "2026-04-05", 1, li)[0]
	apptest.Expect(t, w.e.Do("DELETE", "/api/xssb/offline", w.secTK, []int64{other}), 204)
}

// Two approvers deciding one record at once change it once: one conditional
// UPDATE on the pending state.
func TestOfflineConcurrentDecisionsChangeOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	li := w.member(t, w.c.Branch, "李明")
	ids := w.offline(t, "2026-04-01", 3, li)
	rec := fmt.Sprintf("/api/xssb/offline/%d", ids[0])
	statuses := apptest.Concurrently(4, func(i int) int {
		if i%2 == 0 {
			return w.e.Do("POST", rec+"/approve", w.csTK, nil).Status
		}
		return w.e.Do("POST", rec+"/reject", w.deptTK, map[string]any{"reason": "重复录入"}).Status
	})
	wins := 0
	for _, s := range statuses {
		if s == 204 || s == 200 {
			wins++
		} else if s != 409 {
			t.Errorf("statuses %v", statuses)
		}
	}
	if wins != 1 {
		t.Errorf("statuses %v: %d decisions won, want 1", statuses, wins)
	}
}

// The exports stream the rows of the table's filters.
func TestHoursExports(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a, b := w.member(t, w.c.Branch, "甲"), w.member(t, w.c.Branch, "乙")
	w.credit(t, a, "2026-02-01", 400)
	w.credit(t, b, "2026-02-01", 100)
	res := w.e.Do("GET", "/api/xssb/members/export?year=2026&behind=true", w.csTK, nil)
	apptest.Expect(t, res, 200)
	book := apptest.Download(t, res)
	rows, err := book.GetRows(book.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[1][1] != "乙" || rows[1][5] != "10" || rows[1][7] != "未达标" || rows[1][8] != "22" {
		t.Errorf("members' export: %v", rows)
	}
	res = w.e.Do("GET", "/api/xssb/committees/export?year=2026", w.deptTK, nil)
	apptest.Expect(t, res, 200)
	book = apptest.Download(t, res)
	if rows, _ = book.GetRows(book.GetSheetName(0)); len(rows) != 2 || rows[1][1] != "计算机学院党委" || rows[1][2] != "2" || rows[1][3] != "1" {
		t.Errorf("committees' export: %v", rows)
	}
}

// The Q4 reminder: none on 30 September, on 1 October each member below
// their target (RULES.md §4), none for one exactly at it.
func TestBehindReminderFromFirstOfOctober(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	behind, exact := w.member(t, w.c.Branch, "未达标"), w.member(t, w.c.Branch, "刚好")
	w.credit(t, behind, "2026-03-01", 319)
	w.credit(t, exact, "2026-03-01", 320)
	open := func(day string) map[int64]remind.Reminder {
		d := date8(day)
		w.e.App.Reminders.SetClock(func() time.Time { return d })
		w.e.RunReminders(t, w.e.App.Hours.Module())
		var rows []remind.Reminder
		if err := w.e.DB.NewSelect().Model(&rows).Where("type = ?", hours.ReminderBehind).Where("closed_at IS NULL").Scan(t.Context()); err != nil {
			t.Fatal(err)
		}
		return apptest.ByKey(rows, func(r remind.Reminder) int64 { return r.RecordID })
	}
	if got := open("2026-09-30"); len(got) != 0 {
		t.Errorf("30 September: %v", got)
	}
	got := open("2026-10-01")
	if len(got) != 1 || got[behind.id].DueOn != "2026-10-01" || got[behind.id].OrgID == nil || *got[behind.id].OrgID != w.c.Branch {
		t.Errorf("1 October: %+v", got)
	}
	w.credit(t, behind, "2026-10-02", 1)
	if got := open("2026-10-03"); len(got) != 0 {
		t.Errorf("after reaching the target: %v", got)
	}
}

// date8 is noon of day in China.
func date8(day string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", day+" 12:00", time.FixedZone("CST", 8*3600))
	if err != nil {
		panic(err)
	}
	return t.UTC()
}

// The demo's offline study: approved and pending records of the year, the
// same on a second run (left alone), and counted in the members' table.
func TestSeedDemo(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a, b := w.member(t, w.c.Branch, "甲"), w.member(t, w.c.Branch, "乙")
	w.e.App.Hours.SetClock(func() time.Time { return date8("2026-11-30") })
	res, err := w.e.App.Hours.SeedDemo(t.Context())
	if err != nil || res.Approved != 5 || res.Pending != 1 {
		t.Fatalf("demo: %+v %v", res, err)
	}
	if again, err := w.e.App.Hours.SeedDemo(t.Context()); err != nil || again.Approved+again.Pending != 0 {
		t.Fatalf("second run: %+v %v", again, err)
	}
	rows := w.rows(t, w.deptTK, 2026, nil)
	if rows[a.id].Hours.Offline != 7 || rows[b.id].Hours.Offline != 9 {
		t.Errorf("demo hours: %+v %+v", rows[a.id], rows[b.id])
	}
}
