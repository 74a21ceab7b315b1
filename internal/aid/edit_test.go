package aid_test

import (
	"fmt"
	"testing"

	"zhdj/internal/aid"
	"zhdj/internal/apptest"
)

// The corrections of cases and records: 401 without a session, 403 without
// 登记, 404 out of the caller's scope (nothing changed), bad input a 400.
func TestEditAndDeleteRefuseStrangersAndOutsiders(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	li := w.member(t, w.mathBranch, "李四")
	c := apptest.DoJSON[aid.CaseView](t, w.e, 201, "POST", "/api/dybf/cases", w.mathTK, illness(li))
	r := apptest.DoJSON[aid.RecordView](t, w.e, 201, "POST", "/api/dybf/records", w.mathTK, visit(li, "", "2026-05-01"))
	casePath, recPath := fmt.Sprintf("/api/dybf/cases/%d", c.ID), fmt.Sprintf("/api/dybf/records/%d", r.ID)
	change := map[string]any{"kind": "1", "description": "改", "since": "2026-03-02"}
	recChange := visit(li, "", "2026-05-02")
	listOnly, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.math, aid.Perms.List)
	for _, call := range []struct {
		method, path string
		body         any
	}{{"PUT", casePath, change}, {"DELETE", casePath, nil}, {"PUT", recPath, recChange}, {"DELETE", recPath, nil}} {
		apptest.Expect(t, w.e.Do(call.method, call.path, "", call.body), 401)
		apptest.Expect(t, w.e.Do(call.method, call.path, w.noTK, call.body), 403)
		apptest.Expect(t, w.e.Do(call.method, call.path, listOnly, call.body), 403)
	}
	apptest.ExpectMessage(t, w.e.Do("PUT", casePath, w.csTK, change), 404, "帮扶对象不存在")
	apptest.ExpectMessage(t, w.e.Do("DELETE", casePath, w.csTK, nil), 404, "帮扶对象不存在")
	apptest.ExpectMessage(t, w.e.Do("PUT", recPath, w.csTK, recChange), 404, "帮扶记录不存在")
	apptest.ExpectMessage(t, w.e.Do("DELETE", recPath, w.csTK, nil), 404, "帮扶记录不存在")
	apptest.Expect(t, w.e.Do("DELETE", "/api/dybf/records/abc", w.mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("PUT", "/api/dybf/cases/999999", w.mathTK, change), 404)

	// Bad input changes nothing.
	apptest.ExpectField(t, w.e.Do("PUT", casePath, w.mathTK, apptest.With(change, "kind", "x")), "kind", "请选择困难类别")
	apptest.ExpectField(t, w.e.Do("PUT", casePath, w.mathTK, apptest.With(change, "since", "2099-01-01")), "since", "开始日期不能晚于今天")
	apptest.ExpectField(t, w.e.Do("PUT", recPath, w.mathTK, apptest.With(recChange, "visitors", " ")), "visitors", "请输入走访人员（不超过200个字）")
	apptest.ExpectField(t, w.e.Do("PUT", recPath, w.mathTK, apptest.With(recChange, "kind", aid.KindGoods)), "kind", "帮扶方式不能修改，请删除后重新登记")
	other := w.member(t, w.mathBranch, "王五")
	apptest.ExpectField(t, w.e.Do("PUT", recPath, w.mathTK, apptest.With(recChange, "memberId", other)), "memberId", "帮扶记录的党员不能修改，请删除后重新登记")
	if got := apptest.DoJSON[aid.CaseView](t, w.e, 200, "PUT", casePath, w.mathTK, change); got.Description != "改" || got.Since != "2026-03-02" || got.MemberID != li {
		t.Fatalf("case after the change: %+v", got)
	}
	got := apptest.DoJSON[aid.RecordView](t, w.e, 200, "PUT", recPath, w.mathTK, apptest.With(recChange, "occasion", aid.OccasionJuly, "note", "改过"))
	if got.AidOn != "2026-05-02" || got.Occasion != aid.OccasionJuly || got.Note != "改过" || got.Visitors != "王书记、李委员" || got.State != aid.StateDone {
		t.Fatalf("record after the change: %+v", got)
	}
	apptest.Expect(t, w.e.Do("DELETE", casePath, w.mathTK, nil), 204)
	apptest.Expect(t, w.e.Do("DELETE", casePath, w.mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("DELETE", recPath, w.mathTK, nil), 204)
	if rows, _ := apptest.GetPage[aid.RecordView](t, w.e, w.mathTK, "/api/dybf/records", nil); len(rows) != 0 {
		t.Fatalf("records after the delete: %+v", rows)
	}
}

// Money: pending it may be corrected (the threshold weighed again) or
// removed; once approved it was paid from the fee funds and, like a
// rejected one, is neither changed nor deleted (409 with the reason).
func TestDecidedMoneyStays(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, w.branch, "张三")
	pending := apptest.DoJSON[aid.RecordView](t, w.e, 201, "POST", "/api/dybf/records", w.branchTK, money(zhang, "500"))
	path := func(r aid.RecordView) string { return fmt.Sprintf("/api/dybf/records/%d", r.ID) }
	got := apptest.DoJSON[aid.RecordView](t, w.e, 200, "PUT", path(pending), w.branchTK, money(zhang, "2,500.00"))
	if got.Amount != "2,500.00" || !got.NeedsSchool || got.State != aid.StatePending {
		t.Fatalf("a pending amount above the threshold: %+v", got)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", path(pending)+"/decide", w.csTK, map[string]any{"approve": true}), 409, "该笔帮扶金超过二级党委审批额度，须由组织部审批")
	got = apptest.DoJSON[aid.RecordView](t, w.e, 200, "PUT", path(pending), w.branchTK, money(zhang, "800"))
	if got.NeedsSchool {
		t.Fatalf("back under the threshold: %+v", got)
	}
	apptest.Expect(t, w.e.Do("POST", path(pending)+"/decide", w.csTK, map[string]any{"approve": true}), 200)
	apptest.ExpectMessage(t, w.e.Do("PUT", path(pending), w.branchTK, money(zhang, "900")), 409, "已批准的帮扶金已从党费中支出，不能修改")
	apptest.ExpectMessage(t, w.e.Do("DELETE", path(pending), w.branchTK, nil), 409, "已批准的帮扶金已从党费中支出，不能删除")
	apptest.ExpectMessage(t, w.e.Do("DELETE", path(pending), w.schoolTK, nil), 409, "已批准的帮扶金已从党费中支出，不能删除")

	rejected := apptest.DoJSON[aid.RecordView](t, w.e, 201, "POST", "/api/dybf/records", w.branchTK, money(zhang, "300"))
	apptest.Expect(t, w.e.Do("POST", path(rejected)+"/decide", w.csTK, map[string]any{"approve": false, "remark": "材料不全"}), 200)
	apptest.ExpectMessage(t, w.e.Do("DELETE", path(rejected), w.branchTK, nil), 409, "未批准的帮扶金须保留审批记录，不能删除")

	// A pending one goes, with its photo's file.
	gone := apptest.DoJSON[aid.RecordView](t, w.e, 201, "POST", "/api/dybf/records", w.branchTK, money(zhang, "100"))
	res := w.e.Upload(path(gone)+"/attachments", w.branchTK, "file", "发票.pdf", []byte("%PDF-1.4 test"), nil)
	apptest.Expect(t, res, 201)
	var a struct{ FileID int64 }
	res.JSON(t, &a)
	apptest.Expect(t, w.e.Do("DELETE", path(gone), w.branchTK, nil), 204)
	if n, err := w.e.DB.NewSelect().Table("sys_file").Where("id = ?", a.FileID).Count(t.Context()); err != nil || n != 0 {
		t.Errorf("the deleted record's file: %d rows, %v", n, err)
	}
	rows, _ := apptest.GetPage[aid.RecordView](t, w.e, w.csTK, "/api/dybf/records", nil)
	if len(rows) != 2 {
		t.Fatalf("records left: %+v", rows)
	}
}
