package quota_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre/quota"
)

const deputy = "4" // GB_XZJB 副处级

// Of N documents issued at once, each appointing another cadre to the last
// free place of a quota, exactly one passes; the others are refused and
// change nothing.
func TestConcurrentAppointmentsToTheLastFreePlaceExactlyOneWins(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	pos := w.position(t, w.csUnit, "副院长", deputy, false)
	q := w.quota(t, w.csUnit, deputy, 2)
	first := w.cadre(t, "林一", w.csUnit)
	apptest.Expect(t, w.issue(t, w.draft(t, appoint(first, pos, "2026-03-01", true, ""))), 200)
	const n = 6
	docs := make([]int64, n)
	for i := range docs {
		docs[i] = w.draft(t, appoint(w.cadre(t, fmt.Sprintf("候选%d", i), w.csUnit), pos, "2026-03-02", true, ""))
	}
	statuses := apptest.Concurrently(n, func(i int) int { return w.issue(t, docs[i]).Status })
	apptest.ExpectOneWins(t, statuses, 200, 400)
	if got := w.quotaOf(t, q); got.Occupied != 2 || got.Over != 0 || got.Vacant != 0 {
		t.Fatalf("quota after the race: %+v, want 2 occupied, none over", got)
	}
	issued := 0
	for _, id := range docs {
		if w.document(t, id).State == quota.StateIssued {
			issued++
		}
	}
	if issued != 1 {
		t.Fatalf("%d documents issued, want 1", issued)
	}
}

// An appointment beyond the quota is refused without a reason, naming the
// item and the numbers; with a reason it passes and is marked 超职数, and
// the unit's and the school's numbers show the excess.
func TestOverQuotaNeedsAReasonAndIsMarked(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	pos := w.position(t, w.csUnit, "院长助理", deputy, false)
	q := w.quota(t, w.csUnit, deputy, 0)
	c := w.cadre(t, "王超", w.csUnit)
	doc := w.draft(t, appoint(c, pos, "2026-03-01", true, ""))
	res := w.issue(t, doc)
	apptest.ExpectField(t, res, "items", "第1项（任命王超为计算机学院院长助理）：将超出该单位此职级的核定职数（核定0名，已配0名），请填写超职数理由")
	if d := w.document(t, doc); d.State != quota.StateDraft {
		t.Fatalf("a refused document is %s", d.State)
	}
	apptest.Expect(t, w.e.Do("PUT", fmt.Sprintf("/api/gbzs/documents/%d", doc), w.e.AdminTK, docBody(appoint(c, pos, "2026-03-01", true, "学科建设急需"))), 200)
	apptest.Expect(t, w.issue(t, doc), 200)
	d := w.document(t, doc)
	if !d.Items[0].OverQuota || d.Items[0].OverReason != "学科建设急需" {
		t.Fatalf("item %+v, want marked over quota with its reason", d.Items[0])
	}
	if got := w.quotaOf(t, q); got.Occupied != 1 || got.Over != 1 {
		t.Fatalf("quota %+v, want 1 occupied, 1 over", got)
	}
	units, _ := apptest.GetPage[quota.Occupancy](t, w.e, w.e.AdminTK, "/api/gbzs/units", url.Values{"over": {"true"}})
	if len(units) != 1 || units[0].UnitID != w.csUnit || units[0].Over != 1 || units[0].UnitName != "计算机学院" {
		t.Fatalf("units over quota: %+v", units)
	}
	total := apptest.DoJSON[quota.Occupancy](t, w.e, 200, "GET", "/api/gbzs/units/total", w.e.AdminTK, nil)
	if total.Over != 1 || total.Occupied != 1 || total.Approved != 0 {
		t.Fatalf("school total %+v", total)
	}
	// A level with no quota at all counts as none approved.
	other := w.position(t, w.mathU, "院长", "3", false)
	res = w.issue(t, w.draft(t, appoint(w.cadre(t, "赵无", w.mathU), other, "2026-03-01", true, "")))
	apptest.ExpectField(t, res, "items", "第1项（任命赵无为数学学院院长）：将超出该单位此职级的核定职数（核定0名，已配0名），请填写超职数理由")
}

// One item that cannot be applied refuses the whole document: the
// appointment before it leaves no trace in the quota, the holdings or the
// cadre's posts.
func TestAFailingItemRollsBackTheWholeDocument(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	pos := w.position(t, w.csUnit, "副院长", deputy, false)
	q := w.quota(t, w.csUnit, deputy, 3)
	a, b := w.cadre(t, "甲", w.csUnit), w.cadre(t, "乙", w.csUnit)
	postsBefore := w.posts(t, a)
	doc := w.draft(t, appoint(a, pos, "2026-03-01", true, ""), removal(b, pos, "2026-03-01"))
	apptest.ExpectField(t, w.issue(t, doc), "items", "第2项（免去乙为计算机学院副院长）：该干部未在此岗位任职")
	if got := w.quotaOf(t, q); got.Occupied != 0 {
		t.Fatalf("occupied %d after a refused document", got.Occupied)
	}
	if d := w.document(t, doc); d.State != quota.StateDraft || d.Items[0].ProbationUntil != nil {
		t.Fatalf("document after the refusal: %+v", d)
	}
	if got := w.posts(t, a); got != postsBefore {
		t.Fatalf("cadre 甲's posts changed by a refused document: %d → %d", postsBefore, got)
	}
	pv := apptest.DoJSON[quota.PositionView](t, w.e, 200, "GET", fmt.Sprintf("/api/gbzs/positions/%d", pos), w.e.AdminTK, nil)
	if pv.Holders != 0 {
		t.Fatalf("position holders %d after a refused document", pv.Holders)
	}
}

// Issuing applies appointments and removals: the probation of
// 《党政领导干部选拔任用工作条例》第五十三条 on a promotion to a non-elected
// post, none on an elected one; a removal frees the place; an issued
// document is read-only.
func TestIssueAppliesItemsWithProbationOfArticle53AndRemovalFreesThePlace(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	appointed, elected, q := w.team(t, 2)
	a, b := w.cadre(t, "甲", w.csUnit), w.cadre(t, "乙", w.csUnit)
	postsBefore := w.posts(t, a)
	doc := w.draft(t, appoint(a, appointed, "2026-03-01", true, ""), appoint(b, elected, "2026-03-01", true, ""))
	res := w.issue(t, doc)
	apptest.Expect(t, res, 200)
	var out quota.IssueResult
	res.JSON(t, &out)
	items := out.Document.Items
	if items[0].ProbationUntil == nil || *items[0].ProbationUntil != "2027-02-28" {
		t.Fatalf("non-elected promotion: probation %v, want until 2027-02-28", items[0].ProbationUntil)
	}
	if items[1].ProbationUntil != nil {
		t.Fatalf("elected post: probation until %s, want none", *items[1].ProbationUntil)
	}
	if got := w.quotaOf(t, q); got.Occupied != 2 || got.Vacant != 0 {
		t.Fatalf("quota %+v", got)
	}
	if got := w.posts(t, a); got != postsBefore+1 {
		t.Fatalf("cadre 甲 has %d posts, want %d", got, postsBefore+1)
	}
	if got := w.currentPost(t, a); got != "副院长" {
		t.Fatalf("cadre 甲's 现任职务 %q, want 副院长", got)
	}
	rows := apptest.DoJSON[[]map[string]any](t, w.e, 200, "GET", fmt.Sprintf("/api/gbjbxx/%d/zw", a), w.e.AdminTK, nil)
	if last := rows[len(rows)-1]; last["probationUntil"] != "2027-02-28" || last["docNo"] != out.Document.DocNo {
		t.Fatalf("cadre 甲's post row %v, want probation until 2027-02-28 under %s", last, out.Document.DocNo)
	}
	holders := apptest.DoJSON[[]quota.Holder](t, w.e, 200, "GET", fmt.Sprintf("/api/gbzs/positions/%d/holders", appointed), w.e.AdminTK, nil)
	if len(holders) != 1 || holders[0].CadreID != a || holders[0].CadreName != "甲" || holders[0].StartOn != "2026-03-01" || holders[0].OverQuota {
		t.Fatalf("holders of 副院长: %+v", holders)
	}
	// Read-only once issued.
	apptest.Expect(t, w.e.Do("PUT", fmt.Sprintf("/api/gbzs/documents/%d", doc), w.e.AdminTK, docBody()), 409)
	apptest.Expect(t, w.e.Do("DELETE", "/api/gbzs/documents", w.e.AdminTK, []int64{doc}), 409)
	apptest.Expect(t, w.issue(t, doc), 409)
	// The holder's position keeps its unit and level.
	res = w.e.Do("PUT", "/api/gbzs/positions", w.e.AdminTK, map[string]any{"id": appointed, "level": "3"})
	apptest.ExpectField(t, res, "level", "该岗位有1名现任干部，不能修改所在单位或职级，请先免去其职务")
	// A holder's record cannot be deleted while they take the place.
	apptest.ExpectMessage(t, w.e.Do("DELETE", "/api/gbjbxx", w.e.AdminTK, []int64{a}), 409,
		"甲 现任「副院长」，占用职数，请先通过任免文件免去其职务再删除")
	// A removal before the start is refused; on a later day it frees the place.
	apptest.ExpectField(t, w.issue(t, w.draft(t, removal(a, appointed, "2026-02-28"))), "items",
		"第1项（免去甲为计算机学院副院长）：免职日期不能早于任职日期2026-03-01")
	apptest.Expect(t, w.issue(t, w.draft(t, removal(a, appointed, "2026-09-30"))), 200)
	if got := w.quotaOf(t, q); got.Occupied != 1 || got.Vacant != 1 {
		t.Fatalf("quota after the removal %+v", got)
	}
	if got := w.currentPost(t, a); got != "" {
		t.Fatalf("cadre 甲's 现任职务 after the removal %q, want none", got)
	}
	apptest.Expect(t, w.e.Do("DELETE", "/api/gbjbxx", w.e.AdminTK, []int64{a}), 204)
}

func TestDocumentChecksNameTheField(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	pos := w.position(t, w.csUnit, "副院长", deputy, false)
	c := w.cadre(t, "甲", w.csUnit)
	b := docBody(appoint(c, pos, "2026-03-01", true, ""))
	b["docNo"] = ""
	apptest.ExpectField(t, w.e.Do("POST", "/api/gbzs/documents", w.e.AdminTK, b), "docNo", "请输入文号（不超过50个字）")
	apptest.ExpectField(t, w.e.Do("POST", "/api/gbzs/documents", w.e.AdminTK, docBody(appoint(c, pos, "2026-13-01", true, ""))),
		"items", "第1项：请填写正确的任职日期")
	apptest.ExpectField(t, w.e.Do("POST", "/api/gbzs/documents", w.e.AdminTK, docBody(appoint(c, 999999, "2026-03-01", true, ""))),
		"items", "第1项：所选岗位不存在")
	apptest.ExpectField(t, w.e.Do("POST", "/api/gbzs/documents", w.e.AdminTK, docBody(appoint(999999, pos, "2026-03-01", true, ""))),
		"items", "第1项：所选干部不存在")
	dup := docBody()
	dup["docNo"] = "校党干〔2026〕1号"
	w.e.Create(t, w.e.AdminTK, "/api/gbzs/documents", dup)
	apptest.ExpectField(t, w.e.Do("POST", "/api/gbzs/documents", w.e.AdminTK, dup), "docNo", "文号已存在")
	apptest.ExpectField(t, w.issue(t, w.draft(t)), "items", "任免文件没有任免事项，不能发布")
	apptest.ExpectField(t, w.e.Do("POST", "/api/gbzs/quotas", w.e.AdminTK, map[string]any{"unitId": w.csUnit, "level": deputy, "approved": -1}),
		"approved", "核定职数应为0至9999的整数")
}

// Every route answers 401 without a token, 403 without its permission, and
// 404 for what lies outside the caller's unit scope or does not exist.
func TestRoutesAnswer401403404(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	mathPos := w.position(t, w.mathU, "副院长", deputy, false)
	mathQuota := w.quota(t, w.mathU, deputy, 1)
	csPos := w.position(t, w.csUnit, "副院长", deputy, false)
	doc := w.draft(t)
	docPath := fmt.Sprintf("/api/gbzs/documents/%d", doc)
	mathDoc := w.draft(t, appoint(w.cadre(t, "数", w.mathU), mathPos, "2026-03-01", true, ""))
	mathPath := fmt.Sprintf("/api/gbzs/documents/%d", mathDoc)
	var calls []apptest.Call
	for _, r := range []struct{ method, path string }{
		{"GET", "/api/gbzs/positions"}, {"GET", "/api/gbzs/positions/export"}, {"GET", "/api/gbzs/quotas"}, {"GET", "/api/gbzs/units"},
		{"GET", "/api/gbzs/units/total"}, {"GET", "/api/gbzs/units/export"}, {"GET", "/api/gbzs/documents"}, {"GET", docPath},
		{"POST", "/api/gbzs/documents"}, {"PUT", docPath}, {"DELETE", "/api/gbzs/documents"}, {"POST", docPath + "/issue"},
		{"POST", "/api/gbzs/positions"}, {"POST", "/api/gbzs/quotas"},
	} {
		calls = append(calls, apptest.Call{Method: r.method, Path: r.path, Token: "", Body: map[string]any{}, Want: 401},
			apptest.Call{Method: r.method, Path: r.path, Token: w.noTK, Body: map[string]any{}, Want: 403})
	}
	calls = append(calls,
		apptest.Call{Method: "POST", Path: docPath + "/issue", Token: w.editTK, Want: 403},
		apptest.Call{Method: "GET", Path: fmt.Sprintf("/api/gbzs/positions/%d", mathPos), Token: w.csTK, Want: 404},
		apptest.Call{Method: "GET", Path: fmt.Sprintf("/api/gbzs/quotas/%d", mathQuota), Token: w.csTK, Want: 404},
		apptest.Call{Method: "GET", Path: fmt.Sprintf("/api/gbzs/positions/%d/holders", mathPos), Token: w.csTK, Want: 404},
		apptest.Call{Method: "GET", Path: fmt.Sprintf("/api/gbzs/positions/%d/holders", csPos), Token: "", Want: 401},
		apptest.Call{Method: "GET", Path: fmt.Sprintf("/api/gbzs/positions/%d/holders", csPos), Token: w.noTK, Want: 403},
		apptest.Call{Method: "GET", Path: fmt.Sprintf("/api/gbzs/positions/%d/holders", csPos), Token: w.csTK, Want: 200},
		apptest.Call{Method: "PUT", Path: "/api/gbzs/positions", Token: w.csTK, Body: map[string]any{"id": mathPos, "name": "院长"}, Want: 404},
		apptest.Call{Method: "DELETE", Path: "/api/gbzs/quotas", Token: w.csTK, Body: []int64{mathQuota}, Want: 404},
		apptest.Call{Method: "GET", Path: fmt.Sprintf("/api/gbzs/positions/%d", csPos), Token: w.csTK, Want: 200},
		apptest.Call{Method: "GET", Path: "/api/gbzs/documents/999999", Token: w.csTK, Want: 404},
		// A document naming posts of other units only is outside the scope.
		apptest.Call{Method: "GET", Path: mathPath, Token: w.csTK, Want: 404},
		apptest.Call{Method: "PUT", Path: mathPath, Token: w.csTK, Body: docBody(), Want: 404},
		apptest.Call{Method: "DELETE", Path: "/api/gbzs/documents", Token: w.csTK, Body: []int64{mathDoc}, Want: 404},
		apptest.Call{Method: "POST", Path: mathPath + "/issue", Token: w.csTK, Want: 404},
		apptest.Call{Method: "GET", Path: docPath, Token: w.csTK, Want: 200},
		apptest.Call{Method: "GET", Path: mathPath, Token: w.e.AdminTK, Want: 200},
		apptest.Call{Method: "POST", Path: "/api/gbzs/documents/999999/issue", Token: w.csTK, Want: 404},
	)
	w.e.ExpectCalls(t, calls)
	if docs, _ := apptest.GetPage[quota.Document](t, w.e, w.csTK, "/api/gbzs/documents", nil); len(docs) != 1 || docs[0].ID != doc {
		t.Fatalf("documents of 计算机: %+v", docs)
	}
	// The scoped lists hold the caller's units only; a post of another unit
	// cannot be created.
	rows, _ := apptest.GetPage[quota.PositionView](t, w.e, w.csTK, "/api/gbzs/positions", nil)
	if len(rows) != 1 || rows[0].ID != csPos {
		t.Fatalf("positions of 计算机: %+v", rows)
	}
	res := w.e.Do("POST", "/api/gbzs/positions", w.csTK, map[string]any{"unitId": w.mathU, "name": "院长", "level": "3"})
	apptest.ExpectField(t, res, "unitId", "所选单位不存在")
	// A document naming a post outside the scope is refused as if it did not exist.
	res = w.e.Do("POST", "/api/gbzs/documents", w.csTK, docBody(appoint(w.cadre(t, "甲", w.csUnit), mathPos, "2026-03-01", true, "")))
	if res.Status != 400 || !strings.Contains(res.Message(), "所选岗位不存在") {
		t.Fatalf("a post outside the scope: %d %s", res.Status, res.Body)
	}
}
