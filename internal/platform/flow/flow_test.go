package flow_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/flow"
)

// stepsOf are the keys of a view's chain.
func stepsOf(v flow.View) []string {
	out := make([]string, len(v.Steps))
	for i, s := range v.Steps {
		out[i] = s.Key
	}
	return out
}

// walk approves a record through its chain with the tokens given, one per
// step, and answers the organisation acting at each step as the views
// named it before the approval.
func (w *world) walk(t *testing.T, id int64, tokens ...string) []string {
	t.Helper()
	var acting []string
	for _, tk := range tokens {
		acting = append(acting, w.view(t, tk, id).ActingOrgName)
		w.approve(t, tk, id)
	}
	return acting
}

// The approval chain is resolved from the record's organisation: its type
// picks the chain, and each link acts through the nearest organisation of
// the link's types above it.
func TestChainPerLevel(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	t.Run("a 党支部 under a 二级党委 goes 党支部 → 二级党委 → 组织部", func(t *testing.T) {
		id := w.submit(t, w.branchTK, w.branch, "经费申请", 100)
		v := w.view(t, w.branchTK, id)
		if fmt.Sprint(stepsOf(v)) != "[branch committee department]" || v.Step != "branch" || v.State != "review" || v.StateName != "审核中" {
			t.Fatalf("started: %+v", v)
		}
		acting := w.walk(t, id, w.branchTK, w.csTK, w.deptTK)
		if fmt.Sprint(acting) != "[计算机教工党支部 计算机学院党委 学校党委]" {
			t.Fatalf("acting organisations: %v", acting)
		}
		v = w.view(t, w.branchTK, id)
		if v.Step != "" || v.State != "passed" || v.Status != "finish" || v.Current != "department" {
			t.Fatalf("done: %+v", v)
		}
	})
	t.Run("直属党支部 skips the secondary committee", func(t *testing.T) {
		id := w.submit(t, w.directTK, w.direct, "直属支部申请", 100)
		if got := stepsOf(w.view(t, w.directTK, id)); fmt.Sprint(got) != "[branch department]" {
			t.Fatalf("chain: %v", got)
		}
		if acting := w.walk(t, id, w.directTK, w.deptTK); fmt.Sprint(acting) != "[机关直属党支部 学校党委]" {
			t.Fatalf("acting organisations: %v", acting)
		}
	})
	t.Run("a 党支部 under a 党总支 has the 党总支 as its middle level", func(t *testing.T) {
		id := w.submit(t, w.generalTK, w.gbranch, "图书馆申请", 100)
		if acting := w.walk(t, id, w.generalTK, w.generalTK, w.deptTK); fmt.Sprint(acting) != "[图书馆党支部 图书馆党总支 学校党委]" {
			t.Fatalf("acting organisations: %v", acting)
		}
	})
	t.Run("the history names who acted, in which role, for which organisation", func(t *testing.T) {
		id := w.submit(t, w.branchTK, w.branch, "历史", 100)
		w.approve(t, w.branchTK, id)
		v := w.view(t, w.branchTK, id)
		if len(v.Entries) != 2 {
			t.Fatalf("entries: %+v", v.Entries)
		}
		sub, ok := v.Entries[0], v.Entries[1]
		if sub.Action != flow.Submit || sub.ToStep != "branch" || sub.Comment != "请审核" || sub.OrgName != "计算机教工党支部" {
			t.Fatalf("submission: %+v", sub)
		}
		if ok.Action != flow.Approve || ok.Step != "branch" || ok.ToStep != "committee" || *ok.ActorID != w.branchID ||
			ok.ActorName != w.e.Username(w.branchID) || ok.ActorRole != "党支部 · 计算机教工党支部" || ok.Comment != "同意" {
			t.Fatalf("approval: %+v", ok)
		}
	})
}

// A rule refuses an approval with its name in the message and changes nothing.
func TestRuleRefusesApproval(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.submit(t, w.branchTK, w.branch, "大额申请", 6000)
	before := w.view(t, w.branchTK, id)
	res := w.act(t, w.branchTK, id, map[string]any{"result": "approve"})
	apptest.ExpectMessage(t, res, 400, "不符合「申请金额不超过 5000 元」：本申请金额为 6000 元")
	if m := res.Map(t); m["field"] != "amount" || m["code"] != "FLOW_RULE" {
		t.Fatalf("refusal body: %s", res.Body)
	}
	after := w.view(t, w.branchTK, id)
	if after.Version != before.Version || after.Step != "branch" || len(after.Entries) != 1 {
		t.Fatalf("changed by a refused action: %+v", after)
	}
	// A rule guards approving only: the branch may still reject.
	apptest.Expect(t, w.act(t, w.branchTK, id, map[string]any{"result": "reject", "comment": "金额过大"}), 200)
	v := w.view(t, w.branchTK, id)
	if v.State != "rejected" || v.Status != "error" || v.Step != "" || v.Current != "branch" || v.MayAct {
		t.Fatalf("rejected: %+v", v)
	}
	apptest.ExpectMessage(t, w.act(t, w.branchTK, id, map[string]any{"result": "approve"}), 400, "该示例申请的办理已结束")
}

// 退回 sends the record back to an earlier step of its chain, whose actors
// get their to-do again; a later step is no target.
func TestReturnToEarlierStep(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.submit(t, w.branchTK, w.branch, "退回测试", 100)
	w.walk(t, id, w.branchTK, w.csTK)
	v := w.view(t, w.deptTK, id)
	if fmt.Sprint(v.Results) != "[approve reject return]" || len(v.ReturnTo) != 2 || v.ReturnTo[0].Key != "branch" {
		t.Fatalf("choices at the last step: %+v", v)
	}
	res := w.act(t, w.deptTK, id, map[string]any{"result": "return", "toStep": "department"})
	if res.Status != 400 || res.Map(t)["field"] != "toStep" {
		t.Fatalf("return to the step itself: %d %s", res.Status, res.Body)
	}
	res = w.act(t, w.deptTK, id, map[string]any{"result": "return", "toStep": "branch", "comment": "材料不全"})
	apptest.Expect(t, res, 200)
	v = w.view(t, w.branchTK, id)
	last := v.Entries[len(v.Entries)-1]
	if v.Step != "branch" || v.State != "review" || last.Action != flow.Return || last.ToStep != "branch" || last.Role != "组织部" {
		t.Fatalf("returned: %+v", v)
	}
	if got := w.todos(t, w.branchTK); len(got) != 1 || got[0].BizID != fmt.Sprintf("%d:branch", id) {
		t.Fatalf("the branch's to-do again: %+v", got)
	}
	if got := w.todos(t, w.deptTK); len(got) != 0 {
		t.Fatalf("the department's to-do stays open: %+v", got)
	}
	// The first step offers no return; a return without a target goes one step back.
	if v := w.view(t, w.branchTK, id); fmt.Sprint(v.Results) != "[approve reject]" || len(v.ReturnTo) != 0 {
		t.Fatalf("choices at the first step: %+v", v)
	}
	w.approve(t, w.branchTK, id)
	apptest.Expect(t, w.act(t, w.csTK, id, map[string]any{"result": "return"}), 200)
	if v := w.view(t, w.branchTK, id); v.Step != "branch" {
		t.Fatalf("default return: %+v", v)
	}
}

// A to-do is opened for everyone who may act at the next step (the step's
// permission and a scope covering its acting organisation) and closed for
// all of them once one acted.
func TestTodosOpenedAndClosed(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.submit(t, w.branchTK, w.branch, "待办测试", 100)
	want := fmt.Sprintf("%d:branch", id)
	for _, tk := range []string{w.branchTK, w.branch2TK} {
		got := w.todos(t, tk)
		if len(got) != 1 || got[0].Module != "sample" || got[0].BizID != want || got[0].Title != "示例申请待支部审核：待办测试" ||
			got[0].Link != fmt.Sprintf("/sample?id=%d", id) {
			t.Fatalf("branch member's to-dos: %+v", got)
		}
	}
	// Neither the secondary committee (no branch permission), nor a member of
	// the branch holding only the committee's, nor another college.
	for _, tk := range []string{w.csTK, w.lowTK, w.mathTK, w.deptTK} {
		if got := w.todos(t, tk); len(got) != 0 {
			t.Fatalf("unexpected to-dos: %+v", got)
		}
	}
	w.approve(t, w.branch2TK, id)
	for _, tk := range []string{w.branchTK, w.branch2TK} {
		if got := w.todos(t, tk); len(got) != 0 {
			t.Fatalf("to-do left open after the step: %+v", got)
		}
	}
	// The general branch's secretary holds the committee permission but
	// covers another part of the tree; the department holds another step's.
	if got := w.todos(t, w.csTK); len(got) != 1 || got[0].BizID != fmt.Sprintf("%d:committee", id) {
		t.Fatalf("committee's to-dos: %+v", got)
	}
	for _, tk := range []string{w.generalTK, w.deptTK, w.lowTK} {
		if got := w.todos(t, tk); len(got) != 0 {
			t.Fatalf("unexpected committee to-dos: %+v", got)
		}
	}
	w.approve(t, w.csTK, id)
	if got := w.todos(t, w.deptTK); len(got) != 1 || got[0].BizID != fmt.Sprintf("%d:department", id) {
		t.Fatalf("department's to-dos: %+v", got)
	}
	w.approve(t, w.deptTK, id)
	if got := w.todos(t, w.deptTK); len(got) != 0 {
		t.Fatalf("to-do left open at the end: %+v", got)
	}
}

// Two actors of one step at once: exactly one wins, the other is told the
// step was dealt with (on SQLite and on PostgreSQL with ZHDJ_TEST_DB).
func TestConcurrentActionsOneWins(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.submit(t, w.branchTK, w.branch, "并发测试", 100)
	version := w.view(t, w.branchTK, id).Version
	path := fmt.Sprintf("/api/sample/%d/flow", id)
	actors := []string{w.branchTK, w.branch2TK}
	results := apptest.Concurrently(len(actors), func(i int) *apptest.Response {
		return w.e.Do("POST", path, actors[i], map[string]any{"result": "approve", "version": version})
	})
	won, lost := 0, 0
	for _, r := range results {
		switch {
		case r.Status == 200:
			won++
		case r.Status == 409 && r.Message() == "该环节已被他人处理，请刷新后查看":
			lost++
		default:
			t.Fatalf("unexpected answer: %d %s", r.Status, r.Body)
		}
	}
	if won != 1 || lost != 1 {
		t.Fatalf("won %d, lost %d", won, lost)
	}
	v := w.view(t, w.branchTK, id)
	if v.Step != "committee" || v.Version != version+1 || len(v.Entries) != 2 {
		t.Fatalf("after the race: %+v", v)
	}
	// An action on a version seen before someone else acted is the same refusal.
	res := w.e.Do("POST", path, w.csTK, map[string]any{"result": "approve", "version": version})
	apptest.ExpectMessage(t, res, 409, "该环节已被他人处理，请刷新后查看")
}

// The After hook runs in the action's transaction: its consequence is kept
// with the action, and its failure takes the whole action back.
func TestAfterHookInTheActionsTransaction(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	status := func(id int64) string {
		var s string
		if err := w.e.DB.NewSelect().Table("sample_request").Column("status").Where("id = ?", id).Scan(t.Context(), &s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	ok := w.submit(t, w.branchTK, w.branch, "正常", 100)
	w.walk(t, ok, w.branchTK, w.csTK, w.deptTK)
	if got := status(ok); got != "passed" {
		t.Fatalf("status after the hook: %s", got)
	}
	bad := w.submit(t, w.branchTK, w.branch, "后续处理失败", 100)
	w.walk(t, bad, w.branchTK, w.csTK)
	before := w.view(t, w.deptTK, bad)
	apptest.ExpectMessage(t, w.act(t, w.deptTK, bad, map[string]any{"result": "approve"}), 400, "后续处理失败")
	after := w.view(t, w.deptTK, bad)
	if after.Version != before.Version || after.Step != "department" || len(after.Entries) != len(before.Entries) {
		t.Fatalf("a failed hook kept the action: %+v", after)
	}
	if got := w.todos(t, w.deptTK); len(got) != 1 {
		t.Fatalf("a failed hook closed the to-do: %+v", got)
	}
}

// Every route: 401 without a session, 403 without its permission; a record
// outside the caller's scope is a 404; in scope, a step is acted on only by
// holders of its permission whose scope covers its acting organisation, and
// anyone else gets a 409 naming who acts (a 403 would send them to the 401 page).
func TestRoutesGuardPermissionAndScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.submit(t, w.branchTK, w.branch, "权限测试", 100)
	flowPath := fmt.Sprintf("/api/sample/%d/flow", id)
	chain := map[string]any{"orgType": "5", "links": []any{}}
	for _, rt := range []struct {
		method, path string
		body         any
	}{
		{"GET", flowPath, nil},
		{"POST", flowPath, map[string]any{"result": "approve", "version": 1}},
		{"GET", "/api/sample/flow/chains", nil},
		{"PUT", "/api/sample/flow/chains", chain},
	} {
		if res := w.e.Do(rt.method, rt.path, "", rt.body); res.Status != 401 {
			t.Errorf("%s %s without a session: %d", rt.method, rt.path, res.Status)
		}
		if res := w.e.Do(rt.method, rt.path, w.noTK, rt.body); res.Status != 403 {
			t.Errorf("%s %s without the permission: %d", rt.method, rt.path, res.Status)
		}
	}
	apptest.Expect(t, w.e.Do("PUT", "/api/sample/flow/chains", w.branchTK, chain), 403)
	apptest.Expect(t, w.e.Do("GET", flowPath, w.mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("POST", flowPath, w.mathTK, map[string]any{"result": "approve", "version": 1}), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/sample/999999/flow", w.deptTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/sample/abc/flow", w.deptTK, nil), 404)

	// In scope, but the step needs the branch's permission.
	if v := w.view(t, w.csTK, id); v.MayAct || len(v.Results) != 0 {
		t.Fatalf("the committee may act at the branch's step: %+v", v)
	}
	apptest.ExpectMessage(t, w.act(t, w.csTK, id, map[string]any{"result": "approve"}), 409,
		"「支部审核」环节由计算机教工党支部办理，您没有办理权限")
	w.approve(t, w.branchTK, id)
	// The committee's permission, held by a member of the branch: their scope
	// does not reach the secondary committee that acts at this step.
	apptest.ExpectMessage(t, w.act(t, w.lowTK, id, map[string]any{"result": "approve"}), 409,
		"「二级党委审批」环节由计算机学院党委办理，您没有办理权限")
	apptest.Expect(t, w.act(t, w.branchTK, id, map[string]any{"result": "approve"}), 409)
	if v := w.view(t, w.csTK, id); !v.MayAct || v.Step != "committee" || len(v.Entries) != 2 {
		t.Fatalf("refusals changed the record: %+v", v)
	}
	// Bad input changes nothing either.
	for _, body := range []map[string]any{{"result": "maybe"}, {"result": "submit"}, {"result": "approve", "fileIds": []int64{424242}}} {
		if res := w.act(t, w.csTK, id, body); res.Status != 400 {
			t.Fatalf("%v: %d %s", body, res.Status, res.Body)
		}
	}
}

// The chains are data: read with the organisation types, edited per type
// (checked), and a record keeps the chain it started with.
func TestChainsEditable(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	started := w.submit(t, w.branchTK, w.branch, "编辑前", 100)
	cv := apptest.DoJSON[flow.ChainsView](t, w.e, 200, "GET", "/api/sample/flow/chains", w.deptTK, nil)
	if len(cv.Chains) != 2 || len(cv.Steps) != 3 || len(cv.OrgTypes) < 6 || cv.OrgTypes[len(cv.OrgTypes)-1].Value != flow.AnyType {
		t.Fatalf("chains: %+v", cv)
	}
	short := map[string]any{"orgType": "5", "links": []map[string]any{
		{"step": "branch", "acting": []string{"5"}, "role": "党支部"},
		{"step": "department", "acting": []string{"1"}, "role": "组织部"}}}
	for _, bad := range []map[string]any{
		apptest.With(short, "orgType", "x"),
		apptest.With(short, "links", []map[string]any{{"step": "nope", "acting": []string{"5"}, "role": "党支部"}}),
		apptest.With(short, "links", []map[string]any{{"step": "branch", "acting": []string{}, "role": "党支部"}}),
		apptest.With(short, "links", []map[string]any{{"step": "branch", "acting": []string{"5"}, "role": " "}}),
	} {
		if res := w.e.Do("PUT", "/api/sample/flow/chains", w.deptTK, bad); res.Status != 400 || res.Map(t)["field"] == nil {
			t.Fatalf("%v: %d %s", bad, res.Status, res.Body)
		}
	}
	// A type named again and again is kept once (the stored list stays within its column).
	repeated := make([]string, 60)
	for i := range repeated {
		repeated[i] = "1"
	}
	cv = apptest.DoJSON[flow.ChainsView](t, w.e, 200, "PUT", "/api/sample/flow/chains", w.deptTK, apptest.With(short, "links",
		[]map[string]any{{"step": "branch", "acting": []string{"5"}, "role": "党支部"}, {"step": "department", "acting": repeated, "role": "组织部"}}))
	if got := cv.Chains[1].Links[1].Acting; fmt.Sprint(got) != "[1]" {
		t.Fatalf("acting types kept: %v", got)
	}
	fresh := w.submit(t, w.branchTK, w.branch, "编辑后", 100)
	if got := stepsOf(w.view(t, w.branchTK, fresh)); fmt.Sprint(got) != "[branch department]" {
		t.Fatalf("new record's chain: %v", got)
	}
	if got := stepsOf(w.view(t, w.branchTK, started)); fmt.Sprint(got) != "[branch committee department]" {
		t.Fatalf("started record's chain: %v", got)
	}
	// No chain for the type and none for every type: the record cannot start.
	apptest.Expect(t, w.e.Do("PUT", "/api/sample/flow/chains", w.deptTK, apptest.With(short, "links", []any{})), 200)
	res := w.e.Do("POST", "/api/sample", w.branchTK, map[string]any{"orgId": w.branch, "title": "无审批链", "amount": 1})
	apptest.ExpectMessage(t, res, 400, "示例申请流程未配置党支部的审批链")
}
