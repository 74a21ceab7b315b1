package fee_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
)

// The batch state machine: 创建 → 启动缴费 → 已结算, every other transition refused.
func TestBatchStateMachine(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.student(t, w.c.Branch, "张三")
	e, m := w.e, month(0)
	apptest.ExpectMessage(t, e.Do("POST", "/api/dfgl/batch", w.dept, map[string]any{"month": "2026-13"}), 400, "请输入年月（如 2026-01）")
	apptest.ExpectMessage(t, e.Do("POST", "/api/dfgl/batch", w.dept, map[string]any{"month": month(1)}), 400,
		fmt.Sprintf("不能创建%s之后月份的批次", m))
	b := apptest.DoJSON[fee.Batch](t, e, 201, "POST", "/api/dfgl/batch", w.dept, map[string]any{"month": m})
	if b.State != fee.BatchCreated {
		t.Fatalf("new batch state %q", b.State)
	}
	apptest.ExpectMessage(t, e.Do("POST", "/api/dfgl/batch", w.dept, map[string]any{"month": m}), 400, m+"的党费批次已存在")
	path := func(action string) string { return fmt.Sprintf("/api/dfgl/batch/%d/%s", b.ID, action) }
	apptest.ExpectMessage(t, e.Do("POST", path("settle"), w.dept, nil), 409, "该批次当前为“创建”，不能结算")
	if n := w.count(t, "df_due"); n != 0 {
		t.Fatalf("%d dues before the start", n)
	}
	started := apptest.DoJSON[fee.Batch](t, e, 200, "POST", path("start"), w.dept, nil)
	if started.State != fee.BatchOpen || started.Members != 1 || started.DueFen != 20 || started.StartedAt == nil {
		t.Fatalf("started: %+v", started)
	}
	apptest.ExpectMessage(t, e.Do("POST", path("start"), w.dept, nil), 409, "该批次当前为“缴费中”，不能启动缴费")
	settled := apptest.DoJSON[fee.Batch](t, e, 200, "POST", path("settle"), w.dept, nil)
	if settled.State != fee.BatchSettled || settled.SettledAt == nil {
		t.Fatalf("settled: %+v", settled)
	}
	apptest.ExpectMessage(t, e.Do("POST", path("settle"), w.dept, nil), 409, "该批次当前为“已结算”，不能结算")
	apptest.ExpectMessage(t, e.Do("POST", path("start"), w.dept, nil), 409, "该批次当前为“已结算”，不能启动缴费")
	if n := w.count(t, "df_due"); n != 1 {
		t.Fatalf("%d dues after a refused restart", n)
	}
	apptest.Expect(t, e.Do("POST", "/api/dfgl/batch/999999/start", w.dept, nil), 404)
	apptest.Expect(t, e.Do("POST", "/api/dfgl/batch/999999/settle", w.dept, nil), 404)
	rows, total := apptest.GetPage[fee.BatchView](t, e, w.dept, "/api/dfgl/batch", url.Values{"state": {fee.BatchSettled}})
	if total != 1 || rows[0].StateLabel != "已结算" {
		t.Fatalf("list: %d %+v", total, rows)
	}
}

// Starting freezes each member's due in their organisation at the start;
// a transfer in the middle of the month leaves the month's due where the
// batch froze it (RULES §1, the month's due is the organisation's then).
func TestStartFreezesDuesAndATransferMidMonthLeavesThem(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.student(t, w.c.Branch, "张三")
	li := w.student(t, w.math, "李四")
	wang := w.student(t, w.direct, "王五")
	gone := w.student(t, w.c.Branch, "已出党")
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("member_status = '2'").Where("id = ?", gone).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	m := month(0)
	b := w.batch(t, m)
	if b.Members != 3 || b.DueFen != 60 {
		t.Fatalf("batch: %+v", b)
	}
	d := w.dueOf(t, zhang, m)
	if d.OrgID != w.c.Branch || d.CommitteeID == nil || *d.CommitteeID != w.c.CS || d.DueFen != 20 || d.Category != "学生" || d.Working == "" {
		t.Fatalf("due: %+v", d)
	}
	if d := w.dueOf(t, li, m); d.CommitteeID == nil || *d.CommitteeID != w.c.Math {
		t.Fatalf("math due: %+v", d)
	}
	if d := w.dueOf(t, wang, m); d.CommitteeID != nil {
		t.Fatalf("a 直属党支部's due has a 二级党委: %+v", d)
	}
	// 张三 moves to the math branch in the middle of the month.
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("org_id = ?", w.math).Where("id = ?", zhang).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	rows, total := apptest.GetPage[fee.DueView](t, w.e, w.secretary, "/api/dfgl/due", url.Values{"month": {m}})
	if total != 1 || rows[0].MemberID != zhang || rows[0].OrgID != w.c.Branch || rows[0].State != fee.DueUnpaid {
		t.Fatalf("the branch's month after the transfer: %d %+v", total, rows)
	}
	if d := w.dueOf(t, zhang, m); d.OrgID != w.c.Branch || *d.CommitteeID != w.c.CS {
		t.Fatalf("the transfer moved the due: %+v", d)
	}
	// The branch still collects it.
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(d.ID)), 201)
}

// The roll-ups: branch → 二级党委 → 党委, counts and sums by GROUP BY.
func TestRollup(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.student(t, w.c.Branch, "甲")
	w.student(t, w.c.Branch, "乙")
	w.student(t, w.math, "丙")
	w.student(t, w.direct, "丁")
	m := month(0)
	b := w.batch(t, m)
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.dept, ids(w.dueOf(t, a, m).ID)), 201)
	get := func(tok, q string) map[int64]fee.Rollup {
		rows := apptest.DoJSON[[]fee.Rollup](t, w.e, 200, "GET", fmt.Sprintf("/api/dfgl/batch/%d/rollup?%s", b.ID, q), tok, nil)
		return apptest.ByKey(rows, func(r fee.Rollup) int64 { return r.OrgID })
	}
	school := get(w.dept, "level=school")
	if r := school[w.c.Root]; len(school) != 1 || r.Members != 4 || r.Paid != 1 || r.DueFen != 80 || r.PaidFen != 20 || r.OrgName != "学校党委" {
		t.Fatalf("school: %+v", school)
	}
	com := get(w.dept, "level=committee")
	if len(com) != 3 || com[w.c.CS].Members != 2 || com[w.c.CS].PaidFen != 20 || com[w.c.Math].Members != 1 || com[w.c.Root].Members != 1 {
		t.Fatalf("committees: %+v", com)
	}
	br := get(w.dept, fmt.Sprintf("level=branch&committeeId=%d", w.c.CS))
	if len(br) != 1 || br[w.c.Branch].Members != 2 || br[w.c.Branch].Paid != 1 {
		t.Fatalf("branches of CS: %+v", br)
	}
	// The secretary's scope: only their branch.
	if mine := get(w.secretary, "level=committee"); len(mine) != 1 || mine[w.c.CS].Members != 2 {
		t.Fatalf("the secretary's roll-up: %+v", mine)
	}
	apptest.ExpectMessage(t, w.e.Do("GET", fmt.Sprintf("/api/dfgl/batch/%d/rollup?level=x", b.ID), w.dept, nil), 400,
		"汇总层级只能是 school、committee 或 branch")
	apptest.Expect(t, w.e.Do("GET", "/api/dfgl/batch/99999/rollup", w.dept, nil), 404)
}

// A month's list: paged, filtered by state, the scope's subtree only;
// its export has the same rows.
func TestDueListAndExport(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.student(t, w.c.Branch, "甲")
	w.student(t, w.c.Branch, "乙")
	w.student(t, w.math, "丙")
	m := month(0)
	w.batch(t, m)
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(w.dueOf(t, a, m).ID)), 201)
	_, total := apptest.GetPage[fee.DueView](t, w.e, w.dept, "/api/dfgl/due", url.Values{"month": {m}})
	if total != 3 {
		t.Fatalf("department sees %d", total)
	}
	rows, total := apptest.GetPage[fee.DueView](t, w.e, w.secretary, "/api/dfgl/due", url.Values{"month": {m}, "state": {"paid"}})
	if total != 1 || rows[0].MemberID != a || rows[0].PaidFen != 20 || rows[0].StateLabel != "已缴" {
		t.Fatalf("paid: %d %+v", total, rows)
	}
	_, total = apptest.GetPage[fee.DueView](t, w.e, w.secretary, "/api/dfgl/due", url.Values{"month": {m}, "state": {"unpaid"}})
	if total != 1 {
		t.Fatalf("unpaid: %d", total)
	}
	// Another organisation's subtree: nothing of the secretary's scope.
	_, total = apptest.GetPage[fee.DueView](t, w.e, w.secretary, "/api/dfgl/due", url.Values{"month": {m}, "orgId": {fmt.Sprint(w.math)}})
	if total != 0 {
		t.Fatalf("out of scope: %d", total)
	}
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/dfgl/due", w.secretary, nil), 400, "请输入年月（如 2026-01）")
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/dfgl/due?month="+m+"&state=x", w.secretary, nil), 400, "缴费状态只能是 paid、unpaid 或 exempt")
	book := apptest.Download(t, w.e.Do("GET", "/api/dfgl/due/export?month="+m, w.secretary, nil))
	sheet := book.GetSheetName(0)
	cells, err := book.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string][]string{}
	for _, r := range cells[1:] {
		byName[r[1]] = r
	}
	if len(cells) != 3 || byName["甲"][5] != "0.20" || byName["甲"][6] != "0.20" || byName["甲"][7] != "已缴" || byName["乙"][7] != "未缴" {
		t.Fatalf("export: %v", cells)
	}
}

// The frozen due is the standards' amount with its working: a salaried
// member's base of 4,800 元 is in 3000 < base ≤ 5000, 1% (RULES §1) → 48.00
// 元; an exempt member (免交) owes 0, shown 免交 and refused at payment.
func TestFrozenDueIsTheStandardsRULES1(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	salaried := w.member(t, w.c.Branch, "在职甲", "1")
	exempt := w.member(t, w.c.Branch, "免交乙", "1")
	none := w.member(t, w.c.Branch, "无基数丙", "1")
	m := month(0)
	year := m[:4]
	for _, b := range []struct {
		id       int64
		category string
		baseFen  int64
	}{{salaried, "salaried", 480000}, {exempt, "exempt", 0}} {
		if _, err := w.e.DB.ExecContext(t.Context(), `INSERT INTO fee_base (member_id, year, from_month, category, base_fen, created_at, updated_at)
			VALUES (?, ?, 1, ?, ?, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`, b.id, year, b.category, b.baseFen); err != nil {
			t.Fatal(err)
		}
	}
	bt := w.batch(t, m)
	if bt.Members != 2 || bt.DueFen != 4800 {
		var dues []fee.Due
		w.e.DB.NewSelect().Model(&dues).Scan(t.Context()) //nolint:errcheck
		t.Fatalf("batch: %+v (a member without a base has no due): %+v", bt, dues)
	}
	d := w.dueOf(t, salaried, m)
	if d.DueFen != 4800 || d.Category != "在职" || !strings.Contains(d.Working, "1%") {
		t.Fatalf("salaried due: %+v", d)
	}
	z := w.dueOf(t, exempt, m)
	rows, _ := apptest.GetPage[fee.DueView](t, w.e, w.dept, "/api/dfgl/due", url.Values{"month": {m}, "state": {"exempt"}})
	if z.DueFen != 0 || len(rows) != 1 || rows[0].MemberID != exempt || rows[0].StateLabel != "免交" {
		t.Fatalf("exempt: %+v %+v", z, rows)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.dept, ids(z.ID)), 400, "免交乙 "+m+" 免交党费")
	if n, _ := w.e.DB.NewSelect().Table("df_due").Where("member_id = ?", none).Count(t.Context()); n != 0 {
		t.Fatal("a member without a base got a due")
	}
}

// The batch list shows each month's figures in the caller's scope only —
// members, 应缴, 实缴, 未缴, 欠缴, 收缴率 of the month's dues there —: the
// department the university's, a committee its college's, a branch
// secretary the branch's; a month not started has none.
func TestBatchListFiguresInTheCallersScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	csStudents := w.e.Org(t, w.c.CS, "5", "计算机学生党支部")
	a := w.student(t, w.c.Branch, "甲")
	w.student(t, w.c.Branch, "乙")
	w.student(t, csStudents, "戊")
	c := w.student(t, w.math, "丙")
	w.student(t, w.direct, "丁")
	m2, m1, m0 := month(-2), month(-1), month(0)
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/batch", w.dept, map[string]any{"month": m2, "reason": "补建以前月份"}), 201)
	w.batch(t, m1)
	w.batch(t, m0)
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.dept, ids(w.dueOf(t, a, m0).ID)), 201)
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.dept, ids(w.dueOf(t, c, m1).ID)), 201)
	committee, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, fee.PermList)

	type fig struct {
		members, unpaid     int
		due, paid, owed, bp int64
	}
	list := func(tok string) map[string]fig {
		rows, n := apptest.GetPage[fee.BatchView](t, w.e, tok, "/api/dfgl/batch", nil)
		if n != 3 {
			t.Fatalf("%d batches", n)
		}
		out := map[string]fig{}
		for _, r := range rows {
			f := r.Scope
			if r.Members != f.Members || r.DueFen != f.DueFen {
				t.Fatalf("%s: the batch's members and due are not the scope's: %+v", r.Month, r)
			}
			out[r.Month] = fig{f.Members, f.UnpaidMonths, f.DueFen, f.PaidFen, f.OutstandingFen, f.RateBP}
		}
		return out
	}
	for _, c := range []struct {
		who  string
		tok  string
		want map[string]fig
	}{
		{"组织部", w.dept, map[string]fig{m2: {0, 0, 0, 0, 0, 10000}, m1: {5, 4, 100, 20, 80, 2000}, m0: {5, 4, 100, 20, 80, 2000}}},
		{"计算机学院党委", committee, map[string]fig{m2: {0, 0, 0, 0, 0, 10000}, m1: {3, 3, 60, 0, 60, 0}, m0: {3, 2, 60, 20, 40, 3333}}},
		{"计算机教工党支部书记", w.secretary, map[string]fig{m2: {0, 0, 0, 0, 0, 10000}, m1: {2, 2, 40, 0, 40, 0}, m0: {2, 1, 40, 20, 20, 5000}}},
	} {
		if got := list(c.tok); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: %v, want %v", c.who, got, c.want)
		}
	}
}
