package orgstd_test

import (
	"net/url"
	"strconv"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/org"
	"zhdj/internal/orgstd"
)

// A branch starts its assessment of a year once (its own branch only, a
// party branch only, a year with indicators), scores each indicator within
// 0..its points with one decimal place at most, and submits it fully scored.
func TestAssessment_StartSaveSubmit(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	const base = "/api/dzzjs/assessments"
	body := map[string]any{"orgId": w.csBranch, "year": w.year}
	apptest.Expect(t, e.Do("POST", base, "", body), 401)
	apptest.Expect(t, e.Do("POST", base, w.csTK, body), 403)
	apptest.ExpectMessage(t, e.Do("POST", base, w.branchTK, apptest.With(body, "orgId", w.mathBranch)), 404, "党组织不存在")
	apptest.ExpectMessage(t, e.Do("POST", base, w.branchTK, apptest.With(body, "year", 2024)), 400, "2024年度尚未设置考核指标，请联系组织部")
	admin := e.AdminTK
	apptest.ExpectField(t, e.Do("POST", base, admin, apptest.With(body, "orgId", w.cs)), "orgId", "标准化规范化建设自评由党支部填报，请选择党支部")
	gone := e.Org(t, w.cs, "5", "已撤销党支部")
	if _, err := e.DB.NewUpdate().Table("dzz").Set("status = ?", org.StatusRevoked).Where("id = ?", gone).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	apptest.ExpectField(t, e.Do("POST", base, admin, apptest.With(body, "orgId", gone)), "orgId", "已撤销党支部已撤销，不再参加自评")
	d := w.start(t, w.branchTK, w.csBranch)
	if d.State != orgstd.StateDraft || len(d.Items) != 2 || d.MaxTotal != 15 || d.Reviewer != "计算机学院党委" || d.CanReview {
		t.Fatalf("started: %+v", d)
	}
	apptest.ExpectMessage(t, e.Do("POST", base, w.branchTK, body), 409, "计算机教工党支部2025年度的自评已存在")

	// Score bounds (rule: 0..the indicator's points, one decimal place): 0 and the maximum pass.
	field := "score." + strconv.FormatInt(w.second, 10)
	for _, c := range []struct {
		score any
		msg   string
	}{{10.1, "“三会一课”自评得分应在0到10分之间"}, {-0.1, "“三会一课”自评得分应在0到10分之间"}, {9.55, "“三会一课”自评得分最多保留一位小数"}} {
		res := e.Do("PUT", path(d.ID, ""), w.branchTK, map[string]any{"items": []map[string]any{{"indicatorId": w.second, "score": c.score}}})
		apptest.ExpectField(t, res, field, c.msg)
	}
	saved := apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "PUT", path(d.ID, ""), w.branchTK,
		map[string]any{"updateTime": d.UpdatedAt, "items": []map[string]any{{"indicatorId": w.second, "score": 10, "text": "每月召开支委会"}}})
	if saved.SelfTotal != 10 || saved.Items[1].SelfScore == nil || *saved.Items[1].SelfScore != 10 || saved.Items[1].Explanation != "每月召开支委会" {
		t.Fatalf("saved: %+v", saved)
	}
	apptest.ExpectMessage(t, e.Do("PUT", path(d.ID, ""), w.branchTK, map[string]any{"updateTime": d.UpdatedAt, "items": w.scored(1, 1)}), 409, "自评已被他人修改，请刷新后重试")
	apptest.ExpectMessage(t, e.Do("POST", path(d.ID, "submit"), w.branchTK, nil), 400, "还有1项指标未自评打分，请填写后再提交")
	saved = apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "PUT", path(d.ID, ""), w.branchTK, map[string]any{"items": w.scored(0, 9.5)})
	if saved.SelfTotal != 9.5 {
		t.Fatalf("total %v", saved.SelfTotal)
	}
	// Out of scope: another branch's secretary and another committee see nothing.
	apptest.Expect(t, e.Do("GET", path(d.ID, ""), w.mathBranchTK, nil), 404)
	apptest.Expect(t, e.Do("GET", path(d.ID, ""), w.mathTK, nil), 404)
	apptest.Expect(t, e.Do("PUT", path(d.ID, ""), w.branch2TK, map[string]any{"items": w.scored(1, 1)}), 404)
	apptest.Expect(t, e.Do("POST", path(d.ID, "submit"), w.branch2TK, nil), 404)
	apptest.Expect(t, e.Do("POST", path(d.ID, "submit"), w.csTK, nil), 403)
	apptest.Expect(t, e.Do("POST", path(d.ID, "submit"), "", nil), 401)
	apptest.Expect(t, e.Do("GET", path(d.ID, ""), w.noTK, nil), 403)
	apptest.Expect(t, e.Do("GET", path(d.ID, ""), "", nil), 401)

	sub := apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "POST", path(d.ID, "submit"), w.branchTK, nil)
	if sub.State != orgstd.StateSubmitted || sub.SubmittedAt == nil {
		t.Fatalf("submitted: %+v", sub)
	}
	apptest.ExpectMessage(t, e.Do("PUT", path(d.ID, ""), w.branchTK, map[string]any{"items": w.scored(1, 1)}), 400, "自评已提交，不能再修改")
	apptest.ExpectMessage(t, e.Do("POST", path(d.ID, "submit"), w.branchTK, nil), 400, "只有草稿状态的自评可以提交")

	// The lists: the branch sees its own, the committee its subtree's, filtered.
	rows, n := apptest.GetPage[orgstd.AssessmentView](t, e, w.csTK, "/api/dzzjs/assessments", url.Values{"year": {"2025"}, "state": {"2"}})
	if n != 1 || rows[0].OrgName != "计算机教工党支部" || rows[0].StateName != "待审核" || rows[0].SelfTotal != 9.5 {
		t.Fatalf("committee's queue: %d %+v", n, rows)
	}
	if _, n := apptest.GetPage[orgstd.AssessmentView](t, e, w.mathTK, "/api/dzzjs/assessments", nil); n != 0 {
		t.Fatalf("another committee sees %d", n)
	}
	apptest.Expect(t, e.Do("GET", "/api/dzzjs/assessments?bogus=1", w.csTK, nil), 400)
	apptest.Expect(t, e.Do("GET", "/api/dzzjs/assessments", w.noTK, nil), 403)
	apptest.Expect(t, e.Do("GET", "/api/dzzjs/assessments", "", nil), 401)
}

// Two parallel submits of one draft: one wins, the other is refused.
func TestAssessment_ParallelSubmitOneWins(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.start(t, w.branchTK, w.csBranch).ID
	apptest.DoJSON[orgstd.AssessmentDetail](t, w.e, 200, "PUT", path(id, ""), w.branchTK, map[string]any{"items": w.scored(5, 10)})
	statuses := apptest.Concurrently(6, func(int) int { return w.e.Do("POST", path(id, "submit"), w.branchTK, nil).Status })
	apptest.ExpectOneWins(t, statuses, 200, 400, 409)
}

// Review (rule: by the committee above, never the branch itself): the
// 二级党委 over its branches; the 组织部 over the 党委's own branches only;
// a return needs a reason and reopens the draft; the reviewed total is
// the score.
func TestAssessment_ReviewOnlyByTheCommitteeAbove(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	id := w.submitted(t, w.branchTK, w.csBranch, 5, 10)
	review := map[string]any{"items": w.scored(4.5, 8), "comment": "台账需完善"}
	apptest.Expect(t, e.Do("POST", path(id, "review"), "", review), 401)
	apptest.Expect(t, e.Do("POST", path(id, "review"), w.branchTK, review), 403) // the branch holds no dzzjs:review
	// Even holding the permission, a branch's own account may not review it.
	selfTK, _ := e.UserAt(t, "LEVEL", w.csBranch, orgstd.PermList, orgstd.PermReview)
	apptest.ExpectMessage(t, e.Do("POST", path(id, "review"), selfTK, review), 403, "党支部不能审核本支部的自评，由计算机学院党委审核")
	apptest.Expect(t, e.Do("POST", path(id, "review"), w.mathTK, review), 404)
	apptest.Expect(t, e.Do("POST", path(id, "return"), w.mathTK, map[string]any{"reason": "x"}), 404)
	apptest.ExpectMessage(t, e.Do("POST", path(id, "review"), w.deptTK, review), 403, "该党支部的自评由计算机学院党委审核")
	if d := apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "GET", path(id, ""), w.csTK, nil); !d.CanReview {
		t.Fatal("the committee should be able to review")
	}

	apptest.ExpectField(t, e.Do("POST", path(id, "return"), w.csTK, map[string]any{"reason": " "}), "reason", "请输入退回原因（不超过500个字）")
	back := apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "POST", path(id, "return"), w.csTK, map[string]any{"reason": "佐证材料不全"})
	if back.State != orgstd.StateDraft || back.ReturnReason != "佐证材料不全" {
		t.Fatalf("returned: %+v", back)
	}
	apptest.ExpectMessage(t, e.Do("POST", path(id, "review"), w.csTK, review), 400, "只有待审核的自评可以审核或退回")
	apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "POST", path(id, "submit"), w.branchTK, nil)
	// The account that submitted hears of the return (after the commit).
	if msgs, _ := apptest.GetPage[struct{ Title, Content, Link string }](t, e, w.branchTK, "/api/msgPushHistory/list", nil); len(msgs) != 1 ||
		msgs[0].Content != "2025年度自评已被退回，请修改后重新提交。退回原因：佐证材料不全" || msgs[0].Link != "/orglife/dzzjs" {
		t.Fatalf("messages %+v", msgs)
	}

	field := "score." + strconv.FormatInt(w.second, 10)
	apptest.ExpectField(t, e.Do("POST", path(id, "review"), w.csTK, map[string]any{"items": w.scored(4.5, 8)[:1]}), field, "请填写“三会一课”的审核得分")
	apptest.ExpectField(t, e.Do("POST", path(id, "review"), w.csTK, map[string]any{"items": w.scored(4.5, 10.1)}), field, "“三会一课”审核得分应在0到10分之间")
	done := apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "POST", path(id, "review"), w.csTK, review)
	if done.State != orgstd.StateReviewed || done.ReviewTotal == nil || *done.ReviewTotal != 12.5 || done.SelfTotal != 15 || done.ReviewComment != "台账需完善" {
		t.Fatalf("reviewed: %+v", done)
	}
	apptest.ExpectMessage(t, e.Do("POST", path(id, "return"), w.csTK, map[string]any{"reason": "x"}), 400, "只有待审核的自评可以审核或退回")
	if msgs, _ := apptest.GetPage[struct{ Title, Content string }](t, e, w.branchTK, "/api/msgPushHistory/list", nil); len(msgs) != 2 {
		t.Fatalf("messages %+v", msgs)
	}

	// A 直属党支部 under the 党委 is reviewed by the 组织部, not by a committee.
	// A committee account that filled in and submitted a branch's form does not review it.
	helperTK, _ := e.UserAt(t, "LEVEL_AND_BELOW", w.cs, orgstd.PermList, orgstd.PermAssess, orgstd.PermReview)
	own := w.submitted(t, helperTK, w.csBranch2, 5, 10)
	apptest.ExpectMessage(t, e.Do("POST", path(own, "review"), helperTK, review), 403, "不能审核本人提交的自评")
	apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "POST", path(own, "review"), w.csTK, review)

	direct := w.submitted(t, w.directTK, w.direct, 5, 10)
	apptest.Expect(t, e.Do("POST", path(direct, "review"), w.csTK, review), 404)
	apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "POST", path(direct, "review"), w.deptTK, review)
}

// Evidence is attached to an indicator's row while the draft is open; the
// row follows the assessment's scope.
func TestAssessment_Evidence(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	d := w.start(t, w.branchTK, w.csBranch)
	files := "/api/dzzjs/items/" + strconv.FormatInt(d.Items[0].ID, 10) + "/attachments"
	pdf := []byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF")
	apptest.Expect(t, e.Upload(files, w.branchTK, "file", "支部设置批复.pdf", pdf, nil), 201)
	apptest.Expect(t, e.Upload(files, w.csTK, "file", "x.pdf", pdf, nil), 403)
	apptest.Expect(t, e.Upload(files, w.mathBranchTK, "file", "x.pdf", pdf, nil), 404)
	apptest.Expect(t, e.Do("GET", files, w.mathTK, nil), 404)
	list := apptest.DoJSON[[]map[string]any](t, e, 200, "GET", files, w.csTK, nil)
	if len(list) != 1 {
		t.Fatalf("evidence %v", list)
	}
	apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "PUT", path(d.ID, ""), w.branchTK, map[string]any{"items": w.scored(5, 10)})
	apptest.DoJSON[orgstd.AssessmentDetail](t, e, 200, "POST", path(d.ID, "submit"), w.branchTK, nil)
	apptest.ExpectMessage(t, e.Upload(files, w.branchTK, "file", "补充.pdf", pdf, nil), 400, "自评已提交，佐证材料不能再修改")
	aid := int64(list[0]["id"].(float64))
	apptest.ExpectMessage(t, e.Do("DELETE", files+"/"+strconv.FormatInt(aid, 10), w.branchTK, nil), 400, "自评已提交，佐证材料不能再修改")
}
