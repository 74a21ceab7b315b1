package snapshot_test

import (
	"context"
	"fmt"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/stats/annual"
	"zhdj/internal/stats/snapshot"
)

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.now = t }

func china(y int, m time.Month, d, h int) time.Time {
	return time.Date(y, m, d, h, 0, 0, 0, time.FixedZone("CST", 8*3600)).UTC()
}

// world: 计算机学院党委 (branches A and B) and 数学学院党委 (branch C).
// In 2025: 甲 and 乙 at A, 丙 at B from March; 乙 moved to C in September,
// 丁 joined B's records in October, 丙 transferred out in November.
// Today is 2026-03-01.
type world struct {
	e                 *apptest.Env
	root, cs, math    int64
	a, b, c           int64
	ids               map[string]int64
	members, snapshot *clock
}

func newWorld(t *testing.T) *world {
	t.Helper()
	w := &world{e: apptest.New(t), ids: map[string]int64{}, members: &clock{}, snapshot: &clock{}}
	c := w.e.Campus(t)
	w.root, w.cs, w.math, w.a = c.Root, c.CS, c.Math, c.Branch
	w.b = w.e.Org(t, w.cs, "5", "计算机学生党支部")
	w.c = w.e.Org(t, w.math, "5", "数学教工党支部")
	w.e.App.Members.SetClock(w.members.Now)
	w.snapshot.Set(china(2026, 3, 1, 9))
	w.e.App.Snapshots.SetClock(w.snapshot.Now)
	w.e.App.Annual.SetClock(func() time.Time { return china(2026, 3, 1, 9) })

	w.members.Set(china(2025, 3, 1, 9))
	w.add(t, "甲", w.a)
	w.add(t, "乙", w.a)
	w.add(t, "丙", w.b)
	w.move(t, china(2025, 9, 1, 9), "乙", member.Change{OrgID: w.c})
	w.members.Set(china(2025, 10, 1, 9))
	w.add(t, "丁", w.b)
	w.move(t, china(2025, 11, 1, 9), "丙", member.Change{MemberStatus: member.StatusTransferredOut})
	return w
}

func (w *world) add(t *testing.T, name string, org int64) {
	t.Helper()
	b := apptest.FullMember(name, org, "gender", member.GenderMale, "birthDate", "1990-01-01",
		"idNumber", apptest.IDNumber("110101", "19900101", 2*len(w.ids)+1))
	w.ids[name] = apptest.DoJSON[member.MemberView](t, w.e, 201, "POST", "/api/dyjbxx", w.e.AdminTK, b).ID
}

func (w *world) move(t *testing.T, at time.Time, name string, ch member.Change) {
	t.Helper()
	w.members.Set(at)
	if err := db.InTx(context.Background(), w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		return w.e.App.Members.ChangeTx(ctx, tx, w.ids[name], ch, audit.OriginUserUpdate)
	}); err != nil {
		t.Fatal(err)
	}
}

func (w *world) take(t *testing.T, day, title string) snapshot.Snapshot {
	t.Helper()
	return apptest.DoJSON[snapshot.Snapshot](t, w.e, 200, "POST", "/api/sjkz/snapshots", w.e.AdminTK,
		map[string]any{"date": day, "title": title})
}

func (w *world) table(t *testing.T, token string, id int64, level string) snapshot.TableView {
	t.Helper()
	return apptest.DoJSON[snapshot.TableView](t, w.e, 200, "GET",
		fmt.Sprintf("/api/sjkz/snapshots/%d/tables/members?level=%s&size=100", id, level), token, nil)
}

func (w *world) roster(t *testing.T, token string, id int64, q url.Values) map[string]snapshot.RosterEntry {
	t.Helper()
	rows, n := apptest.GetPage[snapshot.RosterEntry](t, w.e, token, fmt.Sprintf("/api/sjkz/snapshots/%d/members", id), q)
	if n != len(rows) {
		t.Fatalf("roster: %d rows of %d", len(rows), n)
	}
	return apptest.ByKey(rows, func(r snapshot.RosterEntry) string { return r.Name })
}

// live is the 党内统计 table counted now for the date, as the department sees it.
func (w *world) live(t *testing.T, day, level string) annual.Result {
	t.Helper()
	return apptest.DoJSON[annual.Result](t, w.e, 200, "GET",
		fmt.Sprintf("/api/dntj/tables/members?date=%s&level=%s&size=100", day, level), w.e.AdminTK, nil)
}

// sameCounts compares a frozen table with the live count, line by line.
func sameCounts(t *testing.T, what string, frozen snapshot.TableView, live annual.Result) {
	t.Helper()
	if fmt.Sprint(frozen.Total.Counts) != fmt.Sprint(live.Total.Counts) {
		t.Errorf("%s total: frozen %v, live %v", what, frozen.Total.Counts, live.Total.Counts)
	}
	if len(frozen.Lines.Content) != len(live.Lines.Content) {
		t.Fatalf("%s: %d frozen lines, %d live", what, len(frozen.Lines.Content), len(live.Lines.Content))
	}
	for i, l := range live.Lines.Content {
		f := frozen.Lines.Content[i]
		if f.OrgID != l.OrgID || f.Name != l.Name || fmt.Sprint(f.Counts) != fmt.Sprint(l.Counts) {
			t.Errorf("%s line %d: frozen %+v, live %+v", what, i, f, l)
		}
	}
}

// A snapshot freezes the counts 党内统计 gives for its date, at both levels,
// and the roster it counted; edits made after it change neither.
func TestSnapshotFreezesTheCountsAndTheRoster(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.members.Set(china(2026, 3, 1, 10))
	s := w.take(t, "2026-03-01", "三月快照")
	if s.Members != 3 || s.Kind != snapshot.KindManual || s.Status != snapshot.StatusDone || s.TakenBy == "" {
		t.Fatalf("snapshot %+v", s)
	}
	for _, level := range []string{annual.LevelSecond, annual.LevelBranch} {
		sameCounts(t, level, w.table(t, w.e.AdminTK, s.ID, level), w.live(t, "2026-03-01", level))
	}
	before := w.live(t, "2026-03-01", annual.LevelBranch)
	roster := w.roster(t, w.e.AdminTK, s.ID, nil)
	if len(roster) != 3 || roster["乙"].OrgID != w.c || roster["甲"].OrgName != "计算机教工党支部" || roster["丁"].PartyStatus != "正式党员" {
		t.Fatalf("roster %+v", roster)
	}

	// Later the same day: 甲 moves to C; the live table of the date follows, the snapshot does not.
	w.move(t, china(2026, 3, 1, 11), "甲", member.Change{OrgID: w.c})
	after := w.live(t, "2026-03-01", annual.LevelBranch)
	if fmt.Sprint(after.Lines.Content) == fmt.Sprint(before.Lines.Content) {
		t.Fatal("the move changed nothing live")
	}
	sameCounts(t, "after the move", w.table(t, w.e.AdminTK, s.ID, annual.LevelBranch), before)
	if r := w.roster(t, w.e.AdminTK, s.ID, nil); r["甲"].OrgID != w.a {
		t.Errorf("甲 in the frozen roster: %+v", r["甲"])
	}
	// Filters: an organisation's subtree, a name.
	if r := w.roster(t, w.e.AdminTK, s.ID, url.Values{"orgId": {fmt.Sprint(w.cs)}}); len(r) != 2 || r["乙"].Name != "" {
		t.Errorf("计算机's roster %+v", r)
	}
	if r := w.roster(t, w.e.AdminTK, s.ID, url.Values{"name": {"丁"}}); len(r) != 1 {
		t.Errorf("by name %+v", r)
	}
	res := w.e.Do("GET", fmt.Sprintf("/api/sjkz/snapshots/%d/members/export", s.ID), w.e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	book := apptest.Download(t, res)
	rows, err := book.GetRows(book.GetSheetName(0))
	if err != nil || len(rows) != 4 || rows[0][1] != "姓名" {
		t.Errorf("roster workbook %v %v", rows, err)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/sjkz/snapshots", w.e.AdminTK, map[string]any{"date": "2026-03-02", "title": "x"}), 400, "快照日期不能晚于今天")
	apptest.ExpectField(t, w.e.Do("POST", "/api/sjkz/snapshots", w.e.AdminTK, map[string]any{"date": "2026-03-01", "title": " "}), "title", "请填写快照名称")
}

// Comparing mid-2025 with the year end: 乙 moved branch (changed), 丁 is
// new, 丙 transferred out (gone); the totals' cells changed are listed.
func TestCompare(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	mid := w.take(t, "2025-06-30", "年中")
	end := w.take(t, "2025-12-31", "年末")
	if mid.Members != 3 || end.Members != 3 {
		t.Fatalf("members %d, %d", mid.Members, end.Members)
	}
	cmp := apptest.DoJSON[snapshot.Comparison](t, w.e, 200, "GET", fmt.Sprintf("/api/sjkz/compare?a=%d&b=%d", mid.ID, end.ID), w.e.AdminTK, nil)
	if cmp.Changes[snapshot.ChangeNew] != 1 || cmp.Changes[snapshot.ChangeGone] != 1 || cmp.Changes[snapshot.ChangeChanged] != 1 {
		t.Errorf("changes %v", cmp.Changes)
	}
	// Every table is compared; of 党员基本情况 the total is 3 on both dates:
	// nothing of 党员总数 changed.
	if len(cmp.Tables) != len(annual.Tables) || cmp.Tables[0].Key != "members" {
		t.Fatalf("tables %+v", cmp.Tables)
	}
	for _, c := range cmp.Tables[0].Cells {
		if c.Key == "total" {
			t.Errorf("total changed: %+v", c)
		}
	}
	rows, n := apptest.GetPage[snapshot.Diff](t, w.e, w.e.AdminTK, "/api/sjkz/compare/members", url.Values{"a": {fmt.Sprint(mid.ID)}, "b": {fmt.Sprint(end.ID)}})
	got := apptest.ByKey(rows, func(d snapshot.Diff) string { return d.Name })
	if n != 3 || got["丁"].Change != snapshot.ChangeNew || got["丙"].Change != snapshot.ChangeGone ||
		got["乙"].Change != snapshot.ChangeChanged || got["乙"].BeforeOrgID != w.a || got["乙"].AfterOrgID != w.c {
		t.Errorf("diff %+v", rows)
	}
	if rows[0].Name != "丁" || rows[1].Name != "丙" {
		t.Errorf("order %v, %v", rows[0].Name, rows[1].Name)
	}
	only, n := apptest.GetPage[snapshot.Diff](t, w.e, w.e.AdminTK, "/api/sjkz/compare/members",
		url.Values{"a": {fmt.Sprint(mid.ID)}, "b": {fmt.Sprint(end.ID)}, "change": {"changed"}, "size": {"1"}})
	if n != 1 || len(only) != 1 || only[0].Name != "乙" {
		t.Errorf("changed only %+v", only)
	}
	res := w.e.Do("GET", fmt.Sprintf("/api/sjkz/compare/export?a=%d&b=%d", mid.ID, end.ID), w.e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	book := apptest.Download(t, res)
	sheet, err := book.GetRows(book.GetSheetName(0))
	if err != nil || sheet[len(sheet)-1][0] != "组织关系或党籍状态变化" || sheet[len(sheet)-1][1] != "乙" {
		t.Errorf("comparison workbook %v %v", sheet, err)
	}
	apptest.ExpectField(t, w.e.Do("GET", fmt.Sprintf("/api/sjkz/compare?a=%d&b=%d", mid.ID, mid.ID), w.e.AdminTK, nil), "b", "请选择两个不同的快照")
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/sjkz/compare?a=%d&b=999999", mid.ID), w.e.AdminTK, nil), 404)
}

// The year-end job takes one snapshot of 31 December per year, however
// often and on however many instances it runs.
func TestYearEndJobIsIdempotent(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.snapshot.Set(china(2026, 1, 1, 1))
	errs := apptest.Concurrently(2, func(int) error { return w.e.App.Snapshots.RunYearEnd(context.Background()) })
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	w.snapshot.Set(china(2026, 1, 3, 1))
	if err := w.e.App.Snapshots.RunYearEnd(context.Background()); err != nil {
		t.Fatal(err)
	}
	list, n := apptest.GetPage[snapshot.Snapshot](t, w.e, w.e.AdminTK, "/api/sjkz/snapshots", nil)
	if n != 1 || list[0].Date != "2025-12-31" || list[0].Kind != snapshot.KindScheduled || list[0].Members != 3 {
		t.Fatalf("snapshots %+v", list)
	}
	sameCounts(t, "year end", w.table(t, w.e.AdminTK, list[0].ID, annual.LevelBranch), w.live(t, "2025-12-31", annual.LevelBranch))
}

// Permissions, and the scope of a 二级党委 reader: their roster, lines
// and sum only; another college's organisation is 404.
func TestScopeAndPermissions(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	s := w.take(t, "2025-12-31", "年末")
	paths := []string{"/api/sjkz/snapshots", fmt.Sprintf("/api/sjkz/snapshots/%d", s.ID), fmt.Sprintf("/api/sjkz/snapshots/%d/members", s.ID),
		fmt.Sprintf("/api/sjkz/snapshots/%d/members/export", s.ID), fmt.Sprintf("/api/sjkz/compare?a=%d&b=%d", s.ID, s.ID)}
	for _, p := range paths {
		apptest.Expect(t, w.e.Do("GET", p, "", nil), 401)
	}
	noTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.root, "dzz:list")
	for _, p := range paths {
		apptest.Expect(t, w.e.Do("GET", p, noTK, nil), 403)
	}
	listTK, _ := w.e.UserAt(t, "ALL", w.root, snapshot.PermList)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/sjkz/snapshots/%d/members/export", s.ID), listTK, nil), 403)
	apptest.Expect(t, w.e.Do("POST", "/api/sjkz/snapshots", listTK, map[string]any{"date": "2025-12-31", "title": "x"}), 403)

	mathTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.math, snapshot.PermList, snapshot.PermExport, snapshot.PermCreate)
	apptest.Expect(t, w.e.Do("POST", "/api/sjkz/snapshots", mathTK, map[string]any{"date": "2025-12-31", "title": "x"}), 403)
	if r := w.roster(t, mathTK, s.ID, nil); len(r) != 1 || r["乙"].Name == "" {
		t.Errorf("数学's roster %+v", r)
	}
	tv := w.table(t, mathTK, s.ID, annual.LevelSecond)
	if len(tv.Lines.Content) != 1 || tv.Lines.Content[0].OrgID != w.math || tv.Total.Counts["total"] != 1 || tv.Total.Name != "本单位合计" {
		t.Errorf("数学's table %+v", tv)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/sjkz/snapshots/%d/members?orgId=%d", s.ID, w.cs), mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/sjkz/snapshots/%d/members/export?orgId=%d", s.ID, w.a), mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/sjkz/snapshots/999999", mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/sjkz/snapshots/999999/members", w.e.AdminTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/sjkz/snapshots/%d/tables/nope", s.ID), w.e.AdminTK, nil), 404)
	// No update nor delete route: a snapshot is read-only.
	apptest.Expect(t, w.e.Do("DELETE", fmt.Sprintf("/api/sjkz/snapshots/%d", s.ID), w.e.AdminTK, nil), 405)
}
