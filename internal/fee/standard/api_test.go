package standard_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/fee/standard"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/flow"
)

// Every route: 401 without a token, 403 without its permission, 404 for a
// record outside the caller's scope.
func TestRoutesRefuse(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	csMember := w.member(t, w.branch, "计算机党员", "1", "")
	b := w.base(t, csMember, 2026, 1, standard.CatSalaried, map[string]string{"postPay": "4000"})
	h := apptest.DoJSON[standard.HardshipView](t, w.e, 201, "POST", "/api/dfjm", w.e.AdminTK,
		map[string]any{"memberId": csMember, "kind": "exempt", "from": "2026-01", "to": "2026-06", "reason": "重病"})
	base := map[string]any{"id": b.ID, "memberId": csMember, "year": 2026, "fromMonth": 2, "category": "exempt"}
	std := map[string]any{"name": "x", "category": "student", "kind": "fixed", "fixed": "0.3"}
	hard := map[string]any{"memberId": csMember, "kind": "exempt", "from": "2026-01", "to": "2026-02", "reason": "困难"}
	id := fmt.Sprint
	var calls []apptest.Call
	for _, c := range []struct {
		method, path string
		body         any
		outOfScope   int // the answer to mathTK (who holds the permission, not the scope)
	}{
		{"GET", "/api/dfbz", nil, 200},
		{"GET", "/api/dfbz/meta", nil, 200},
		{"POST", "/api/dfbz", std, 0},
		{"PUT", "/api/dfbz", std, 0},
		{"POST", "/api/dfbz/1/enable", nil, 0},
		{"POST", "/api/dfbz/1/void", nil, 0},
		{"GET", "/api/dfbz/1/trail", nil, 200},
		{"GET", "/api/dfjs?year=2026", nil, 200},
		{"GET", "/api/dfjs/missing?year=2026", nil, 200},
		{"POST", "/api/dfjs/preview", base, 200},
		{"GET", "/api/dfjs/" + id(b.ID), nil, 404},
		{"GET", "/api/dfjs/" + id(b.ID) + "/trail", nil, 404},
		{"POST", "/api/dfjs", base, 404},
		{"PUT", "/api/dfjs", base, 404},
		{"DELETE", "/api/dfjs", []int64{b.ID}, 404},
		{"GET", "/api/dfjm", nil, 200},
		{"POST", "/api/dfjm", hard, 404},
		{"GET", "/api/dfjm/" + id(h.ID) + "/flow", nil, 404},
		{"POST", "/api/dfjm/" + id(h.ID) + "/flow", map[string]any{"version": 1, "result": "approve"}, 404},
		{"POST", "/api/dfjm/" + id(h.ID) + "/withdraw", map[string]any{"version": 1}, 404},
	} {
		calls = append(calls, apptest.Call{c.method, c.path, "", c.body, 401}, apptest.Call{c.method, c.path, w.noTK, c.body, 403})
		if c.outOfScope != 0 {
			calls = append(calls, apptest.Call{c.method, c.path, w.mathAll, c.body, c.outOfScope})
		}
	}
	w.e.ExpectCalls(t, calls)
}

// 未启用 → 启用 → 作废: enabling a standard voids the one enabled for its
// category; only a draft is edited; two enables at once: one wins.
func TestStandardStates(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tk := w.e.AdminTK
	mk := func(fixed string) standard.Standard {
		return apptest.DoJSON[standard.Standard](t, w.e, 201, "POST", "/api/dfbz", tk,
			map[string]any{"name": "学生党员（" + fixed + "）", "category": "student", "kind": "fixed", "fixed": fixed})
	}
	a, b := mk("0.30"), mk("0.40")
	if a.State != standard.StateDraft || a.FixedFen != 30 {
		t.Fatalf("created %+v", a)
	}
	a = apptest.DoJSON[standard.Standard](t, w.e, 200, "PUT", "/api/dfbz", tk,
		map[string]any{"id": a.ID, "name": "学生党员", "category": "student", "kind": "fixed", "fixed": "0.25", "updatedAt": a.UpdatedAt})
	if a.FixedFen != 25 {
		t.Fatalf("edited %+v", a)
	}
	codes := apptest.Concurrently(2, func(i int) int {
		return w.e.Do("POST", fmt.Sprintf("/api/dfbz/%d/enable", []int64{a.ID, b.ID}[i]), tk, nil).Status
	})
	all := apptest.DoJSON[[]standard.Standard](t, w.e, 200, "GET", "/api/dfbz", tk, nil)
	on := []int64{}
	for _, s := range all {
		if s.Category == "student" && s.State == standard.StateOn {
			on = append(on, s.ID)
		}
	}
	if len(on) != 1 || codes[0]+codes[1] != 200+200 && codes[0]+codes[1] != 200+409 {
		t.Fatalf("enabled %v student standards, codes %v", on, codes)
	}
	// Enabled (the winner; the other is void, or still a draft when its enable lost): no edit, no second enable.
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/dfbz", tk, map[string]any{"id": on[0], "name": "x", "category": "student",
		"kind": "fixed", "fixed": "0.2"}), 409, "只有未启用的标准可以修改")
	apptest.ExpectMessage(t, w.e.Do("POST", fmt.Sprintf("/api/dfbz/%d/enable", on[0]), tk, nil), 409, "只有未启用的标准可以启用")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfbz/99999/void", tk, nil), 404, "党费标准不存在")
	// The student now pays the enabled amount, then nothing once it is void.
	st := w.member(t, w.branch, "学生", "2", "")
	d := w.dues(t, 2026, 1, st)[st]
	cur := map[int64]bool{a.ID: true, b.ID: true}
	if !cur[d.StandardID] || (d.Fen != 25 && d.Fen != 40) {
		t.Fatalf("student due %+v", d)
	}
	apptest.DoJSON[standard.Standard](t, w.e, 200, "POST", fmt.Sprintf("/api/dfbz/%d/void", d.StandardID), tk, nil)
	if _, ok := w.dues(t, 2026, 1, st)[st]; ok {
		t.Fatal("a due without an enabled standard")
	}
}

// A standard's fields are checked, each refusal naming its field.
func TestStandardChecks(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, c := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"name": "", "category": "student", "kind": "fixed", "fixed": "0.2"}, "name"},
		{map[string]any{"name": "x", "category": "nope", "kind": "fixed", "fixed": "0.2"}, "category"},
		{map[string]any{"name": "x", "category": "student", "kind": "rate"}, "kind"},
		{map[string]any{"name": "x", "category": "student", "kind": "fixed", "fixed": "0.001"}, "fixed"},
		{map[string]any{"name": "x", "category": "farmer", "kind": "fixed", "fixed": "1.01"}, "fixed"}, // RULES §1: 0.2–1 元
		{map[string]any{"name": "x", "category": "farmer", "kind": "fixed", "fixed": "0.19"}, "fixed"},
		{map[string]any{"name": "x", "category": "salaried", "kind": "rate", "brackets": []map[string]string{
			{"upTo": "5000", "rate": "1"}, {"upTo": "3000", "rate": "2"}, {"rate": "3"}}}, "brackets"},
		{map[string]any{"name": "x", "category": "salaried", "kind": "rate", "brackets": []map[string]string{
			{"upTo": "5000", "rate": "0"}, {"rate": "3"}}}, "brackets"},
		{map[string]any{"name": "x", "category": "salaried", "kind": "rate", "brackets": []map[string]string{
			{"upTo": "5000", "rate": "1"}, {"upTo": "6000", "rate": "3"}}}, "brackets"},
	} {
		res := w.e.Do("POST", "/api/dfbz", w.e.AdminTK, c.body)
		if res.Status != 400 || !strings.Contains(string(res.Body), `"`+c.field+`"`) {
			t.Errorf("%v: %d %s", c.body, res.Status, res.Body)
		}
	}
	for _, fixed := range []string{"0.20", "1.00"} {
		apptest.DoJSON[standard.Standard](t, w.e, 201, "POST", "/api/dfbz", w.e.AdminTK,
			map[string]any{"name": "农民", "category": "farmer", "kind": "fixed", "fixed": fixed})
	}
}

// The base form: the preview computes without saving; bad items name
// their field; a base of the same month twice is refused; the list filters.
func TestBaseFormAndList(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := apptest.DoJSON[standard.Preview](t, w.e, 200, "POST", "/api/dfjs/preview", w.csTK,
		map[string]any{"category": "salaried", "items": map[string]string{"postPay": "8000", "incomeTax": "300", "housingSubsidy": "999"}})
	if p.Fen != 11550 || p.Working != "月基数 7,700.00 元（计入项目 8,000.00 − 扣除项目 300.00）× 1.5%（5000 < 基数 ≤ 10000）= 115.50 元" {
		t.Fatalf("preview %+v", p)
	}
	m := w.member(t, w.branch, "李老师", "1", "")
	for _, c := range []struct {
		items map[string]string
		field string
	}{
		{map[string]string{"postPay": "abc"}, "items.postPay"},
		{map[string]string{"postPay": "1.001"}, "items.postPay"},
		{map[string]string{"postPay": "-1"}, "items.postPay"},
		{map[string]string{"postPay": "100", "incomeTax": "200"}, "items"},
		{map[string]string{"housingSubsidy": "100"}, "items"},
		{map[string]string{"bogus": "100"}, "items"},
	} {
		res := w.e.Do("POST", "/api/dfjs", w.csTK, map[string]any{"memberId": m, "year": 2026, "fromMonth": 1, "category": "salaried", "items": c.items})
		if res.Status != 400 || !strings.Contains(string(res.Body), `"`+c.field+`"`) {
			t.Errorf("%v: %d %s", c.items, res.Status, res.Body)
		}
	}
	v := apptest.DoJSON[standard.BaseView](t, w.e, 201, "POST", "/api/dfjs", w.csTK,
		map[string]any{"memberId": m, "year": 2026, "fromMonth": 1, "category": "salaried", "items": map[string]string{"postPay": "4000"}})
	if v.DueFen != 4000 || v.OrgName != "计算机教工党支部" {
		t.Fatalf("%+v", v)
	}
	res := w.e.Do("POST", "/api/dfjs", w.csTK, map[string]any{"memberId": m, "year": 2026, "fromMonth": 1, "category": "retired",
		"items": map[string]string{"pension": "4000"}})
	if res.Status != 400 || !strings.Contains(res.Message(), "2026年1月起的基数已存在") {
		t.Fatalf("duplicate: %d %s", res.Status, res.Body)
	}
	v = apptest.DoJSON[standard.BaseView](t, w.e, 200, "PUT", "/api/dfjs", w.csTK,
		map[string]any{"id": v.ID, "fromMonth": 3, "category": "retired", "items": map[string]string{"pension": "6000"}, "updatedAt": v.UpdatedAt})
	if v.DueFen != 6000 || v.FromMonth != 3 || v.Year != 2026 {
		t.Fatalf("updated %+v", v)
	}
	other := w.member(t, w.math, "数学党员", "1", "")
	w.base(t, other, 2026, 1, standard.CatUnemployed, nil)
	ids := func(tk string, q url.Values) (out []int64) {
		rows, _ := apptest.GetPage[standard.BaseView](t, w.e, tk, "/api/dfjs", q)
		for _, r := range rows {
			out = append(out, r.MemberID)
		}
		return out
	}
	if got := ids(w.csTK, url.Values{"year": {"2026"}}); fmt.Sprint(got) != fmt.Sprint([]int64{m}) {
		t.Errorf("cs scope: %v", got)
	}
	if got := ids(w.e.AdminTK, url.Values{"year": {"2026"}, "category": {"unemployed"}}); fmt.Sprint(got) != fmt.Sprint([]int64{other}) {
		t.Errorf("category: %v", got)
	}
	if got := ids(w.e.AdminTK, url.Values{"orgId": {fmt.Sprint(w.cs)}}); fmt.Sprint(got) != fmt.Sprint([]int64{m}) {
		t.Errorf("subtree: %v", got)
	}
	if got := ids(w.e.AdminTK, url.Values{"year": {"2025"}}); len(got) != 0 {
		t.Errorf("2025: %v", got)
	}
	noBase := w.member(t, w.branch, "没有基数", "1", "")
	w.member(t, w.branch, "学生不需要基数", "2", "")
	missing, _ := apptest.GetPage[standard.MissingView](t, w.e, w.csTK, "/api/dfjs/missing", url.Values{"year": {"2026"}})
	if len(missing) != 1 || missing[0].MemberID != noBase {
		t.Errorf("missing %+v", missing)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/dfjs/missing", w.csTK, nil), 400)
	apptest.Expect(t, w.e.Do("DELETE", "/api/dfjs", w.csTK, []int64{v.ID}), 204)
	if got := ids(w.csTK, url.Values{}); len(got) != 0 {
		t.Errorf("after delete: %v", got)
	}
}

// A standard's trail: its creation, each edit of the draft (from the
// version read: a stale one is a 409 that changes nothing) and each state
// change, the standard it replaces voided included.
func TestStandardTrailAndLock(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tk := w.e.AdminTK
	trail := func(id int64) []audit.Labelled {
		t.Helper()
		return apptest.DoJSON[struct{ Content []audit.Labelled }](t, w.e, 200, "GET", fmt.Sprintf("/api/dfbz/%d/trail", id), tk, nil).Content
	}
	all := apptest.DoJSON[[]standard.Standard](t, w.e, 200, "GET", "/api/dfbz", tk, nil)
	var seeded standard.Standard
	for _, s := range all {
		if s.Category == standard.CatRetired && s.State == standard.StateOn {
			seeded = s
		}
	}
	d := apptest.DoJSON[standard.Standard](t, w.e, 201, "POST", "/api/dfbz", tk, map[string]any{"name": "离退休党员（新）", "category": "retired",
		"kind": "rate", "brackets": []map[string]string{{"upTo": "5000", "rate": "0.5"}, {"rate": "1"}}})
	if e := trail(d.ID); len(e) != 1 || e[0].Type != audit.TypeAdd ||
		fmt.Sprint(changesOf(e[0].Entry)) != "[标准名称: →离退休党员（新） 党费类别: →离退休 计算方式: →按基数比例 比例档次: →≤ 5,000.00 元 0.5%；以上 1% 状态: →未启用]" {
		t.Fatalf("create %+v", e)
	}
	body := func(rate string, at any) map[string]any {
		return map[string]any{"id": d.ID, "name": "离退休党员（新）", "category": "retired", "kind": "rate",
			"brackets": []map[string]string{{"upTo": "5000", "rate": "0.5"}, {"rate": rate}}, "updatedAt": at}
	}
	d2 := apptest.DoJSON[standard.Standard](t, w.e, 200, "PUT", "/api/dfbz", tk, body("1.2", d.UpdatedAt))
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/dfbz", tk, body("1.5", d.UpdatedAt)), 409, "该党费标准信息刚被其他人修改，请刷新后重试")
	if res := w.e.Do("PUT", "/api/dfbz", tk, body("1.5", nil)); res.Status != 400 || res.Map(t)["field"] != "updatedAt" {
		t.Fatalf("no version: %d %s", res.Status, res.Body)
	}
	codes := apptest.Concurrently(2, func(i int) int { return w.e.Do("PUT", "/api/dfbz", tk, body(fmt.Sprint(2+i), d2.UpdatedAt)).Status })
	apptest.ExpectOneWins(t, codes, 200, 409)
	e := trail(d.ID)
	if len(e) != 3 || fmt.Sprint(changesOf(e[1].Entry)) != "[比例档次: ≤ 5,000.00 元 0.5%；以上 1%→≤ 5,000.00 元 0.5%；以上 1.2%]" {
		t.Fatalf("edits %+v", e)
	}
	apptest.DoJSON[standard.Standard](t, w.e, 200, "POST", fmt.Sprintf("/api/dfbz/%d/enable", d.ID), tk, nil)
	if e := trail(d.ID); len(e) != 4 || fmt.Sprint(changesOf(e[0].Entry)) != "[状态: 未启用→启用]" {
		t.Fatalf("enabled %+v", e)
	}
	if e := trail(seeded.ID); len(e) != 1 || fmt.Sprint(changesOf(e[0].Entry)) != "[状态: 启用→作废]" {
		t.Fatalf("replaced %+v", e)
	}
	apptest.DoJSON[standard.Standard](t, w.e, 200, "POST", fmt.Sprintf("/api/dfbz/%d/void", d.ID), tk, nil)
	if e := trail(d.ID); len(e) != 5 || fmt.Sprint(changesOf(e[0].Entry)) != "[状态: 启用→作废]" {
		t.Fatalf("voided %+v", e)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/dfbz/99999/trail", tk, nil), 404)
}

// A base's create, update and delete each leave a trail entry with the
// changed fields in Chinese and amounts in 元, by the user who made them;
// the page reads it through GET /api/dfjs/{id}/trail (scope: 404 outside).
func TestBaseTrail(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, w.branch, "轨迹党员", "1", "")
	v := apptest.DoJSON[standard.BaseView](t, w.e, 201, "POST", "/api/dfjs", w.csTK, map[string]any{"memberId": m, "year": 2026,
		"fromMonth": 1, "category": "salaried", "items": map[string]string{"postPay": "4000", "incomeTax": "100"}})
	list := w.trailOf(t, v.ID)
	if len(list) != 1 || list[0].Type != audit.TypeAdd || list[0].Origin != audit.OriginUserCreate || list[0].OperatorName == "" ||
		fmt.Sprint(changesOf(list[0])) != "[党员: →轨迹党员 年度: →2026 起始月份: →1月 党费类别: →在职 岗位工资（元）: →4,000.00 "+
			"个人所得税（元）: →100.00 计入项目合计（元）: →4,000.00 扣除项目合计（元）: →100.00 月基数（元）: →3,900.00]" {
		t.Fatalf("create entry %+v %v", list, changesOf(list[0]))
	}
	v = apptest.DoJSON[standard.BaseView](t, w.e, 200, "PUT", "/api/dfjs", w.csTK, map[string]any{"id": v.ID, "fromMonth": 3,
		"category": "salaried", "items": map[string]string{"postPay": "4500.5", "incomeTax": "100"}, "remark": "调资", "updatedAt": v.UpdatedAt})
	page := apptest.DoJSON[struct{ Content []audit.Labelled }](t, w.e, 200, "GET", fmt.Sprintf("/api/dfjs/%d/trail", v.ID), w.csTK, nil)
	if len(page.Content) != 2 || page.Content[0].Type != audit.TypeUpdate || page.Content[0].Origin != audit.OriginUserUpdate ||
		fmt.Sprint(changesOf(page.Content[0].Entry)) != "[起始月份: 1月→3月 岗位工资（元）: 4,000.00→4,500.50 "+
			"计入项目合计（元）: 4,000.00→4,500.50 月基数（元）: 3,900.00→4,400.50 备注: →调资]" {
		t.Fatalf("update entry %+v", page.Content)
	}
	// An update that changes nothing writes nothing.
	same := apptest.DoJSON[standard.BaseView](t, w.e, 200, "PUT", "/api/dfjs", w.csTK, map[string]any{"id": v.ID, "fromMonth": 3,
		"category": "salaried", "items": map[string]string{"postPay": "4500.50", "incomeTax": "100"}, "remark": "调资", "updatedAt": v.UpdatedAt})
	if n := len(w.trailOf(t, v.ID)); n != 2 || !same.UpdatedAt.Equal(v.UpdatedAt) {
		t.Fatalf("no-op update: %d entries, %v", n, same.UpdatedAt)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dfjs/%d/trail", v.ID), w.mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("DELETE", "/api/dfjs", w.csTK, []int64{v.ID}), 204)
	list = w.trailOf(t, v.ID)
	if len(list) != 3 || list[0].Type != audit.TypeDelete || list[0].Origin != audit.OriginUserDelete ||
		fmt.Sprint(changesOf(list[0])[:3]) != "[党员: 轨迹党员→ 年度: 2026→ 起始月份: 3月→]" {
		t.Fatalf("delete entry %+v", list)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dfjs/%d/trail", v.ID), w.csTK, nil), 404)
}

// A delete of bases outside the scope deletes nothing and leaves no entry.
func TestBaseDeleteOutOfScopeLeavesNoTrail(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.base(t, w.member(t, w.branch, "甲", "1", ""), 2026, 1, standard.CatUnemployed, nil)
	b := w.base(t, w.member(t, w.math, "乙", "1", ""), 2026, 1, standard.CatUnemployed, nil)
	apptest.Expect(t, w.e.Do("DELETE", "/api/dfjs", w.csTK, []int64{a.ID, b.ID}), 404)
	if len(w.trailOf(t, a.ID)) != 1 || len(w.trailOf(t, b.ID)) != 1 {
		t.Fatal("a refused delete left trail entries")
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dfjs/%d", a.ID), w.csTK, nil), 200)
}

// An update from a version read before someone else's change is a 409
// with a Chinese message and changes nothing; one without a version is a
// 400 on updatedAt.
func TestBaseStaleUpdate(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m := w.member(t, w.branch, "并发党员", "1", "")
	v := w.base(t, m, 2026, 1, standard.CatSalaried, map[string]string{"postPay": "4000"})
	body := func(pay string, at any) map[string]any {
		return map[string]any{"id": v.ID, "fromMonth": 1, "category": "salaried", "items": map[string]string{"postPay": pay}, "updatedAt": at}
	}
	now := apptest.DoJSON[standard.BaseView](t, w.e, 200, "PUT", "/api/dfjs", w.csTK, body("5000", v.UpdatedAt))
	res := w.e.Do("PUT", "/api/dfjs", w.csTK, body("6000", v.UpdatedAt))
	apptest.ExpectMessage(t, res, 409, "该党费基数信息刚被其他人修改，请刷新后重试")
	res = w.e.Do("PUT", "/api/dfjs", w.csTK, body("6000", nil))
	if res.Status != 400 || res.Map(t)["field"] != "updatedAt" {
		t.Fatalf("no version: %d %s", res.Status, res.Body)
	}
	got := apptest.DoJSON[standard.BaseView](t, w.e, 200, "GET", fmt.Sprintf("/api/dfjs/%d", v.ID), w.csTK, nil)
	if got.BaseFen != 500000 || !got.UpdatedAt.Equal(now.UpdatedAt) || len(w.trailOf(t, v.ID)) != 2 {
		t.Fatalf("after the stale update %+v, %d entries", got, len(w.trailOf(t, v.ID)))
	}
}

// Two updates from the same version at once: exactly one is written (with
// its one trail entry), the other is a 409.
func TestBaseConcurrentUpdatesOneWins(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v := w.base(t, w.member(t, w.branch, "并发党员", "1", ""), 2026, 1, standard.CatSalaried, map[string]string{"postPay": "4000"})
	for round := range 3 {
		codes := apptest.Concurrently(2, func(i int) int {
			return w.e.Do("PUT", "/api/dfjs", w.csTK, map[string]any{"id": v.ID, "fromMonth": 1, "category": "salaried",
				"items": map[string]string{"postPay": fmt.Sprint(5000 + 10*round + i)}, "updatedAt": v.UpdatedAt}).Status
		})
		apptest.ExpectOneWins(t, codes, 200, 409)
		v = apptest.DoJSON[standard.BaseView](t, w.e, 200, "GET", fmt.Sprintf("/api/dfjs/%d", v.ID), w.csTK, nil)
		if n := len(w.trailOf(t, v.ID)); n != 2+round {
			t.Fatalf("round %d: %d entries", round, n)
		}
	}
}

// RULES §1 hardship: the branch proposes, the committee above approves; the
// approved reduction applies in MonthlyDues for its months only; a refused
// one never applies; the branch cannot approve its own proposal.
func TestRule1HardshipWorkflow(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	branchTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.branch, standard.PermHardshipList, standard.PermBranch)
	committeeTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.cs, standard.PermHardshipList, standard.PermCommittee)
	m := w.member(t, w.branch, "困难党员", "1", "")
	w.base(t, m, 2026, 1, standard.CatSalaried, map[string]string{"postPay": "6000"}) // 90.00 a month
	propose := func(body map[string]any) standard.HardshipView {
		return apptest.DoJSON[standard.HardshipView](t, w.e, 201, "POST", "/api/dfjm", branchTK, body)
	}
	h := propose(map[string]any{"memberId": m, "kind": "reduce", "amount": "10", "from": "2026-03", "to": "2026-05", "reason": "家庭困难"})
	if h.State != standard.HardshipReview || h.Amount != "10.00" {
		t.Fatalf("proposed %+v", h)
	}
	path := fmt.Sprintf("/api/dfjm/%d/flow", h.ID)
	view := apptest.DoJSON[flow.View](t, w.e, 200, "GET", path, committeeTK, nil)
	if !view.MayAct || view.ActingOrgName != "计算机学院党委" {
		t.Fatalf("committee view %+v", view)
	}
	if d := w.dues(t, 2026, 3, m)[m]; d.Fen != 9000 {
		t.Fatalf("before approval %+v", d)
	}
	apptest.Expect(t, w.e.Do("POST", path, branchTK, map[string]any{"version": view.Version, "result": "approve"}), 409)
	apptest.DoJSON[flow.View](t, w.e, 200, "POST", path, committeeTK, map[string]any{"version": view.Version, "result": "approve"})
	for month, want := range map[int]int64{2: 9000, 3: 1000, 5: 1000, 6: 9000} {
		d := w.dues(t, 2026, month, m)[m]
		if d.Fen != want {
			t.Errorf("month %d: %+v, want %d", month, d, want)
		}
		if want == 1000 && !strings.HasSuffix(d.Working, fmt.Sprintf("；经批准困难减免（第%d号）：每月 10.00 元", h.ID)) {
			t.Errorf("working %q", d.Working)
		}
	}
	// An exemption refused does not apply; one approved gives 0.
	no := propose(map[string]any{"memberId": m, "kind": "exempt", "from": "2026-07", "to": "2026-07", "reason": "申请免交"})
	v := apptest.DoJSON[flow.View](t, w.e, 200, "GET", fmt.Sprintf("/api/dfjm/%d/flow", no.ID), committeeTK, nil)
	apptest.DoJSON[flow.View](t, w.e, 200, "POST", fmt.Sprintf("/api/dfjm/%d/flow", no.ID), committeeTK,
		map[string]any{"version": v.Version, "result": "reject", "comment": "不符合条件"})
	if d := w.dues(t, 2026, 7, m)[m]; d.Fen != 9000 {
		t.Errorf("rejected exemption applied: %+v", d)
	}
	yes := propose(map[string]any{"memberId": m, "kind": "exempt", "from": "2026-08", "to": "2026-08", "reason": "重病住院"})
	v = apptest.DoJSON[flow.View](t, w.e, 200, "GET", fmt.Sprintf("/api/dfjm/%d/flow", yes.ID), committeeTK, nil)
	apptest.DoJSON[flow.View](t, w.e, 200, "POST", fmt.Sprintf("/api/dfjm/%d/flow", yes.ID), committeeTK,
		map[string]any{"version": v.Version, "result": "approve"})
	if d, ok := w.dues(t, 2026, 8, m)[m]; !ok || d.Fen != 0 {
		t.Errorf("exempted: %+v %v", d, ok)
	}
	rows, _ := apptest.GetPage[standard.HardshipView](t, w.e, branchTK, "/api/dfjm", url.Values{"state": {"approved"}})
	if len(rows) != 2 {
		t.Errorf("approved list %+v", rows)
	}
	if one, _ := apptest.GetPage[standard.HardshipView](t, w.e, branchTK, "/api/dfjm", url.Values{"id": {fmt.Sprint(no.ID)}}); len(one) != 1 ||
		one[0].State != standard.HardshipRejected {
		t.Errorf("by id %+v", one)
	}
	// Checks name their field.
	for body, field := range map[string]map[string]any{
		"amount": {"memberId": m, "kind": "reduce", "amount": "0", "from": "2026-03", "to": "2026-05", "reason": "x"},
		"to":     {"memberId": m, "kind": "exempt", "from": "2026-05", "to": "2026-03", "reason": "x"},
		"reason": {"memberId": m, "kind": "exempt", "from": "2026-03", "to": "2026-05", "reason": " "},
	} {
		res := w.e.Do("POST", "/api/dfjm", branchTK, field)
		if res.Status != 400 || !strings.Contains(string(res.Body), `"`+body+`"`) {
			t.Errorf("%s: %d %s", body, res.Status, res.Body)
		}
	}
}

// 中组发〔2008〕3号: a member in real hardship pays less or nothing once the
// branch has discussed it and the committee above approved (the hardship
// flow); a branch or a committee cannot set a base's category to 免交 or
// 困难减免 itself — by the form, its edit or the workbook (there is no
// restore of a base from its trail). The organisation department
// (dfjs:waive, its role's only) can, with a reason the trail keeps.
func TestBaseWaiverOnlyByDepartment_2008No3(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.e.ExpectGrants(t, standard.PermBaseWaive, map[string][]string{"组织部管理员": {standard.PermBaseWaive}, "二级党委管理员": nil, "党支部书记": nil})
	branchTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.branch, append(basePerms, standard.PermBaseImport)...)
	deptTK, _ := w.e.UserAt(t, "ALL", w.root, append(basePerms, standard.PermBaseImport, standard.PermBaseWaive)...)
	m := w.member(t, w.branch, "孙老师", "1", "")
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("staff_or_student_no = 'T009'").Where("id = ?", m).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	jan := apptest.DoJSON[standard.BaseView](t, w.e, 201, "POST", "/api/dfjs", branchTK,
		map[string]any{"memberId": m, "year": 2026, "fromMonth": 1, "category": "salaried", "items": map[string]string{"postPay": "4000"}})
	refusal := func(label string) string {
		return "党费类别“" + label + "”只能由组织部核定；对经济确有困难的党员，经党支部研究、报上级党委批准，可以少交或免交党费（中组发〔2008〕3号），请通过“申请减免”办理"
	}
	put := func(cat, reason string) map[string]any {
		return map[string]any{"id": jan.ID, "year": 2026, "fromMonth": 1, "category": cat, "reason": reason, "updatedAt": jan.UpdatedAt}
	}
	header := []string{"＊年度", "＊起始月份", "工号", "＊党费类别", "核定理由"}

	t.Run("支部不能新增、修改或导入免交、困难减免", func(t *testing.T) {
		for cat, label := range map[string]string{"exempt": "免交", "relief": "困难减免"} {
			apptest.ExpectField(t, w.e.Do("POST", "/api/dfjs", branchTK,
				map[string]any{"memberId": m, "year": 2026, "fromMonth": 3, "category": cat, "reason": "支部认为困难"}), "category", refusal(label))
			apptest.ExpectField(t, w.e.Do("PUT", "/api/dfjs", branchTK, put(cat, "支部认为困难")), "category", refusal(label))
		}
		b := w.e.Stage(t, "dfjs", branchTK, [][]string{header, {"2026", "3", "T009", "免交", "支部认为困难"}})
		if got := apptest.CellErrors(w.e.ImportRows(t, "dfjs", branchTK, b.ID)[2]); got["category"] != refusal("免交") {
			t.Fatalf("import row: %v", got)
		}
		cur := apptest.DoJSON[standard.BaseView](t, w.e, 200, "GET", fmt.Sprintf("/api/dfjs/%d", jan.ID), branchTK, nil)
		list, _ := apptest.GetPage[standard.BaseView](t, w.e, deptTK, "/api/dfjs", url.Values{"memberId": {fmt.Sprint(m)}})
		if cur.Category != "salaried" || !cur.UpdatedAt.Equal(jan.UpdatedAt) || len(list) != 1 || len(w.trailOf(t, jan.ID)) != 1 {
			t.Fatalf("changed: %+v, %d bases", cur, len(list))
		}
	})
	t.Run("组织部核定须填写理由", func(t *testing.T) {
		apptest.ExpectField(t, w.e.Do("POST", "/api/dfjs", deptTK,
			map[string]any{"memberId": m, "year": 2026, "fromMonth": 3, "category": "exempt", "reason": " "}), "reason", "核定为“免交”须填写理由（如批准文件、困难情况）")
		apptest.ExpectField(t, w.e.Do("PUT", "/api/dfjs", deptTK, put("relief", "")), "reason", "核定为“困难减免”须填写理由（如批准文件、困难情况）")
		b := w.e.Stage(t, "dfjs", deptTK, [][]string{header, {"2026", "5", "T009", "困难减免", ""}})
		if got := apptest.CellErrors(w.e.ImportRows(t, "dfjs", deptTK, b.ID)[2]); got["reason"] != "核定为“困难减免”须填写理由（如批准文件、困难情况）" {
			t.Fatalf("import row: %v", got)
		}
	})
	t.Run("组织部核定，理由记入变动轨迹", func(t *testing.T) {
		mar := apptest.DoJSON[standard.BaseView](t, w.e, 201, "POST", "/api/dfjs", deptTK,
			map[string]any{"memberId": m, "year": 2026, "fromMonth": 3, "category": "exempt", "reason": "重病住院，校党委批复"})
		if e := w.trailOf(t, mar.ID); len(e) != 1 || !slices.Contains(changesOf(e[0]), "核定免交/困难减免理由: →重病住院，校党委批复") {
			t.Fatalf("create trail %+v", e)
		}
		apptest.DoJSON[standard.BaseView](t, w.e, 200, "PUT", "/api/dfjs", deptTK, put("relief", "低保户"))
		if e := w.trailOf(t, jan.ID); len(e) != 2 || fmt.Sprint(changesOf(e[0])) != "[党费类别: 在职→困难减免 岗位工资（元）: 4,000.00→ "+
			"计入项目合计（元）: 4,000.00→ 扣除项目合计（元）: 0.00→ 月基数（元）: 4,000.00→ 核定免交/困难减免理由: →低保户]" {
			t.Fatalf("update trail %+v", e)
		}
		b := w.e.Stage(t, "dfjs", deptTK, [][]string{header, {"2026", "5", "T009", "免交", "组织部核定"}})
		w.e.Commit(t, "dfjs", deptTK, b.ID, false)
		may, _ := apptest.GetPage[standard.BaseView](t, w.e, deptTK, "/api/dfjs", url.Values{"memberId": {fmt.Sprint(m)}})
		var imported int64
		for _, v := range may {
			if v.FromMonth == 5 {
				imported = v.ID
			}
		}
		if e := w.trailOf(t, imported); imported == 0 || len(e) != 1 || !slices.Contains(changesOf(e[0]), "核定免交/困难减免理由: →组织部核定") {
			t.Fatalf("import trail %d %+v", imported, e)
		}
		if d := w.dues(t, 2026, 5, m)[m]; d.Fen != 0 || d.Category != "免交" {
			t.Fatalf("May due %+v", d)
		}
	})
	t.Run("支部不能借删除或调整后一条基数扩大组织部核定的免交", func(t *testing.T) {
		// 2026: 1月起 困难减免 (the department's, above), 3月起 免交, 5月起 免交
		// (imported). A branch's salaried row from July ends the waiver in
		// June; moving it to August would waive July too, deleting it July to
		// December.
		jul := apptest.DoJSON[standard.BaseView](t, w.e, 201, "POST", "/api/dfjs", branchTK,
			map[string]any{"memberId": m, "year": 2026, "fromMonth": 7, "category": "salaried", "items": map[string]string{"postPay": "4000"}})
		const widened = "此操作将使组织部核定的免交或困难减免多适用 1 个月；减免只能由组织部核定或经上级党委批准（中组发〔2008〕3号），请通过“申请减免”办理"
		apptest.ExpectField(t, w.e.Do("PUT", "/api/dfjs", branchTK, map[string]any{"id": jul.ID, "year": 2026, "fromMonth": 8,
			"category": "salaried", "items": map[string]string{"postPay": "4000"}, "updatedAt": jul.UpdatedAt}), "fromMonth", widened)
		res := w.e.Do("DELETE", "/api/dfjs", branchTK, []int64{jul.ID})
		apptest.Expect(t, res, 400)
		if res.Message() != strings.Replace(widened, "1 个月", "6 个月", 1) { // July to December
			t.Fatalf("delete: %s", res.Body)
		}
		if d := w.dues(t, 2026, 7, m)[m]; d.Fen == 0 || len(w.trailOf(t, jul.ID)) != 1 {
			t.Fatalf("July after the refusals: %+v", d)
		}
		// Moving it earlier narrows the waiver: allowed; the department may
		// widen it.
		jun := apptest.DoJSON[standard.BaseView](t, w.e, 200, "PUT", "/api/dfjs", branchTK, map[string]any{"id": jul.ID, "year": 2026,
			"fromMonth": 6, "category": "salaried", "items": map[string]string{"postPay": "4000"}, "updatedAt": jul.UpdatedAt})
		apptest.Expect(t, w.e.Do("DELETE", "/api/dfjs", deptTK, []int64{jun.ID}), 204)
		if d := w.dues(t, 2026, 7, m)[m]; d.Fen != 0 {
			t.Fatalf("July after the department's delete: %+v", d)
		}
	})
}
