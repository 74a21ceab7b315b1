package fee_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
)

// A month before the current one is created late (补建): the reason is
// required, stored and listed with the batch.
func TestCreatingAPastMonthNeedsItsReason(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	past := month(-1)
	apptest.ExpectField(t, w.e.Do("POST", "/api/dfgl/batch", w.dept, map[string]any{"month": past}), "reason",
		past+"早于本月，请填写补建原因")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dfgl/batch", w.dept, map[string]any{"month": past, "reason": "   "}), "reason",
		past+"早于本月，请填写补建原因")
	if n := w.count(t, "df_batch"); n != 0 {
		t.Fatalf("%d batches after a refused create", n)
	}
	b := apptest.DoJSON[fee.Batch](t, w.e, 201, "POST", "/api/dfgl/batch", w.dept, map[string]any{"month": past, "reason": " 系统上线前的月份 "})
	if b.Reason != "系统上线前的月份" {
		t.Fatalf("reason %q", b.Reason)
	}
	rows, _ := apptest.GetPage[fee.BatchView](t, w.e, w.dept, "/api/dfgl/batch", nil)
	if len(rows) != 1 || rows[0].Reason != "系统上线前的月份" {
		t.Fatalf("listed: %+v", rows)
	}
	// The current month needs none.
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/batch", w.dept, map[string]any{"month": month(0)}), 201)
}

// The preview counts the members and the sum the start then freezes, and
// its default month is the next one without a batch.
func TestBatchPreviewIsWhatTheStartFreezes(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.student(t, w.c.Branch, "张三")
	w.student(t, w.math, "李四")
	gone := w.student(t, w.c.Branch, "已出党")
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("member_status = '2'").Where("id = ?", gone).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	preview := func(q string) fee.BatchPreview {
		return apptest.DoJSON[fee.BatchPreview](t, w.e, 200, "GET", "/api/dfgl/batch/preview"+q, w.dept, nil)
	}
	// No batch yet: the current month.
	if p := preview(""); p.Month != month(0) || p.Current != month(0) || p.Past || p.Exists || p.Members != 2 || p.DueFen != 40 {
		t.Fatalf("default preview: %+v", p)
	}
	p := preview("?month=" + month(-2))
	if p.Month != month(-2) || !p.Past || p.Exists || p.Members != 2 || p.DueFen != 40 {
		t.Fatalf("past preview: %+v", p)
	}
	if n := w.count(t, "df_due"); n != 0 {
		t.Fatalf("the preview froze %d dues", n)
	}
	started := w.batch(t, month(-2))
	if started.Members != p.Members || started.DueFen != p.DueFen {
		t.Fatalf("started %d members %d fen, previewed %+v", started.Members, started.DueFen, p)
	}
	if p := preview("?month=" + month(-2)); !p.Exists {
		t.Fatalf("an existing month: %+v", p)
	}
	// The next month without a batch follows the latest one.
	if p := preview(""); p.Month != month(-1) || !p.Past {
		t.Fatalf("after %s: %+v", month(-2), p)
	}
	w.batch(t, month(-1))
	w.batch(t, month(0))
	if p := preview(""); p.Month != "" || p.Members != 0 {
		t.Fatalf("every month has its batch: %+v", p)
	}
	apptest.ExpectField(t, w.e.Do("GET", "/api/dfgl/batch/preview?month="+month(1), w.dept, nil), "month",
		fmt.Sprintf("不能创建%s之后月份的批次", month(0)))
	apptest.ExpectField(t, w.e.Do("GET", "/api/dfgl/batch/preview?month=2026-13", w.dept, nil), "month", "请输入年月（如 2026-01）")
	// Who runs no batch previews none.
	apptest.Expect(t, w.e.Do("GET", "/api/dfgl/batch/preview", "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", "/api/dfgl/batch/preview", w.secretary, nil), 403)
}

// A batch still in 创建 can be deleted; one started (or settled) cannot,
// and a refused delete changes nothing.
func TestOnlyACreatedBatchCanBeDeleted(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.student(t, w.c.Branch, "张三")
	del := func(tok string, id int64) *apptest.Response {
		return w.e.Do("DELETE", fmt.Sprintf("/api/dfgl/batch/%d", id), tok, nil)
	}
	created := apptest.DoJSON[fee.Batch](t, w.e, 201, "POST", "/api/dfgl/batch", w.dept, map[string]any{"month": month(0)})
	apptest.Expect(t, del("", created.ID), 401)
	apptest.Expect(t, del(w.secretary, created.ID), 403)
	apptest.Expect(t, del(w.dept, created.ID), 204)
	if n := w.count(t, "df_batch"); n != 0 {
		t.Fatalf("%d batches after the delete", n)
	}
	apptest.ExpectMessage(t, del(w.dept, created.ID), 404, "党费批次不存在")
	apptest.Expect(t, del(w.dept, 0), 404)
	// The month can be created again.
	open := w.batch(t, month(0))
	apptest.ExpectMessage(t, del(w.dept, open.ID), 409, month(0)+"的批次当前为“缴费中”，只有“创建”状态的批次可以删除")
	apptest.DoJSON[fee.Batch](t, w.e, 200, "POST", fmt.Sprintf("/api/dfgl/batch/%d/settle", open.ID), w.dept, nil)
	apptest.ExpectMessage(t, del(w.dept, open.ID), 409, month(0)+"的批次当前为“已结算”，只有“创建”状态的批次可以删除")
	if n := w.count(t, "df_due"); n != 1 {
		t.Fatalf("%d dues after a refused delete", n)
	}
}
