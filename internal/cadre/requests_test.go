package cadre_test

import (
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre"
	"zhdj/internal/platform/audit"
)

// The cadre proposes items of their own record; the 干部管理员 accepts or
// rejects each; an accepted item is written with the origin 本人申请变更.
func TestChangeRequests(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	selfTK, selfID := w.e.UserWith("ALL", 0)
	c := w.create(t, w.adminTK, cadreBody("张三", w.csUnit, "userId", selfID, "nativePlace", "湖北武汉"))
	otherTK, _ := w.e.UserWith("ALL", 0)
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/gb/my", otherTK, nil), 404, "您的账号未关联干部档案，请联系干部管理员")
	apptest.Expect(t, w.e.Do("GET", "/api/gb/my", "", nil), 401)

	my := apptest.DoJSON[cadre.MyRecord](t, w.e, 200, "GET", "/api/gb/my", selfTK, nil)
	if my.Cadre.Name != "张三" || my.Cadre.NativePlace != "湖北武汉" {
		t.Fatalf("my %+v", my.Cadre)
	}
	// Items the cadre may not change, and bad values, are refused on their field.
	apptest.ExpectField(t, w.e.Do("POST", "/api/gb/my/requests", selfTK, map[string]any{"target": "jbxx", "field": "level", "value": "1"}),
		"field", "该项信息不能由本人申请变更")
	apptest.ExpectField(t, w.e.Do("POST", "/api/gb/my/requests", selfTK, map[string]any{"target": "jl", "action": "add",
		"value": map[string]any{"startOn": "2001-09-01", "endOn": "2000-01-01", "text": "x"}}), "endOn", "终止时间不能早于起始时间")

	native := apptest.DoJSON[cadre.RequestView](t, w.e, 201, "POST", "/api/gb/my/requests", selfTK,
		map[string]any{"target": "jbxx", "field": "nativePlace", "value": "湖北黄冈", "reason": "户籍更正"})
	resume := apptest.DoJSON[cadre.RequestView](t, w.e, 201, "POST", "/api/gb/my/requests", selfTK,
		map[string]any{"target": "jl", "action": "add", "value": map[string]any{"startOn": "1990-09-01", "endOn": "1994-07-01", "text": "武汉大学学习"}})
	family := apptest.DoJSON[cadre.RequestView](t, w.e, 201, "POST", "/api/gb/my/requests", selfTK,
		map[string]any{"target": "jtcy", "action": "add", "value": map[string]any{"relation": "妻子", "name": "李丽华"}})
	if native.What != "籍贯" || native.State != cadre.RequestPending || resume.What != "简历（新增）" {
		t.Fatalf("items %+v %+v", native, resume)
	}
	// Nothing is written before the review.
	if my = apptest.DoJSON[cadre.MyRecord](t, w.e, 200, "GET", "/api/gb/my", selfTK, nil); my.Cadre.NativePlace != "湖北武汉" {
		t.Fatalf("written before review: %+v", my.Cadre)
	}
	// The review list is the 干部管理员's, in scope; a unit leader of another unit finds nothing.
	page, _ := apptest.GetPage[cadre.RequestView](t, w.e, w.adminTK, "/api/gbjbxx/requests", map[string][]string{"state": {"pending"}})
	if len(page) != 3 {
		t.Fatalf("pending %d", len(page))
	}
	apptest.Expect(t, w.e.Do("GET", "/api/gbjbxx/requests", selfTK, nil), 403)
	apptest.Expect(t, w.e.Do("POST", path("/api/gbjbxx/requests/%d/accept", native.ID), w.csTK, map[string]any{}), 404)

	apptest.DoJSON[cadre.RequestView](t, w.e, 200, "POST", path("/api/gbjbxx/requests/%d/accept", native.ID), w.adminTK, map[string]any{})
	apptest.DoJSON[cadre.RequestView](t, w.e, 200, "POST", path("/api/gbjbxx/requests/%d/accept", resume.ID), w.adminTK, map[string]any{})
	apptest.ExpectField(t, w.e.Do("POST", path("/api/gbjbxx/requests/%d/reject", family.ID), w.adminTK, map[string]any{}), "note", "请输入驳回理由（不超过500个字）")
	rejected := apptest.DoJSON[cadre.RequestView](t, w.e, 200, "POST", path("/api/gbjbxx/requests/%d/reject", family.ID), w.adminTK, map[string]any{"note": "请补充出生年月"})
	if rejected.State != cadre.RequestRejected || rejected.ReviewNote != "请补充出生年月" {
		t.Fatalf("rejected %+v", rejected)
	}
	// Reviewed once only.
	apptest.Expect(t, w.e.Do("POST", path("/api/gbjbxx/requests/%d/accept", native.ID), w.adminTK, map[string]any{}), 409)

	my = apptest.DoJSON[cadre.MyRecord](t, w.e, 200, "GET", "/api/gb/my", selfTK, nil)
	if my.Cadre.NativePlace != "湖北黄冈" {
		t.Fatalf("accepted field not written: %+v", my.Cadre)
	}
	family2 := apptest.DoJSON[[]cadre.Family](t, w.e, 200, "GET", path("/api/gbjbxx/%d/jtcy", c.ID), w.adminTK, nil)
	resumes := apptest.DoJSON[[]cadre.Resume](t, w.e, 200, "GET", path("/api/gbjbxx/%d/jl", c.ID), w.adminTK, nil)
	if len(family2) != 0 || len(resumes) != 1 || resumes[0].Text != "武汉大学学习" {
		t.Fatalf("rows after review: family %+v résumé %+v", family2, resumes)
	}
	origins := map[int]int{}
	for _, e := range w.trail(t, c.ID) {
		origins[e.Origin]++
	}
	if origins[cadre.OriginSelfRequest] != 2 || origins[audit.OriginUserCreate] != 1 {
		t.Fatalf("trail origins %v", origins)
	}
	// The cadre's own list; only pending items can be withdrawn.
	mine := apptest.DoJSON[[]cadre.RequestView](t, w.e, 200, "GET", "/api/gb/my/requests", selfTK, nil)
	if len(mine) != 3 {
		t.Fatalf("mine %d", len(mine))
	}
	apptest.Expect(t, w.e.Do("DELETE", "/api/gb/my/requests", selfTK, []int64{native.ID}), 400)
}
