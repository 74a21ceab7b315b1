package weakorg_test

import (
	"fmt"
	"net/url"
	"slices"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/weakorg"
)

// The seeded grants follow the approval chain: the 组织部 screens and
// decides, a 二级党委 proposes, recommends, plans and asks to close, a branch
// secretary reads and reports progress.
func TestMenus_GrantsFollowTheApprovalChain(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	e.ExpectGrants(t, "rsrs:", map[string][]string{
		"组织部管理员":  deptPerms,
		"二级党委管理员": committeePerms,
		"党支部书记":   branchPerms,
	})
	if pages := e.Pages(t, "/orglife"); !slices.Contains(pages, "orglife/weak") ||
		slices.Index(pages, "orglife/weak") != slices.Index(pages, "orglife/compliance")+1 {
		t.Errorf("组织生活 pages %v", pages)
	}
}

// A candidate proposed by a 二级党委 is recommended by it, confirmed by the
// 组织部 (never by the 二级党委 or the branch), planned, reported on, asked
// to close, returned, asked again and closed; each route answers 401
// without a token, 403 without its permission and 404 outside the scope,
// and every step is in the trail.
func TestCase_FromProposalToClosing(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	base := "/api/rsrs/cases"
	// The proposal: checked, in scope only.
	apptest.ExpectField(t, w.e.Do("POST", base, w.csTK, map[string]any{"year": 2025, "orgId": w.branch, "criterion": "2"}),
		"evidence", "请输入事实依据（不超过1000个字）")
	apptest.ExpectField(t, w.e.Do("POST", base, w.csTK, map[string]any{"year": 2025, "orgId": w.branch, "criterion": "99", "evidence": "x"}),
		"criterion", "认定标准取值无效")
	apptest.ExpectField(t, w.e.Do("POST", base, w.mathTK, map[string]any{"year": 2025, "orgId": w.branch, "criterion": "2", "evidence": "x"}),
		"orgId", "所选党组织不存在")
	apptest.ExpectField(t, w.e.Do("POST", base, w.csTK, map[string]any{"year": 2025, "orgId": w.cs, "criterion": "2", "evidence": "x"}),
		"orgId", "只能对党总支、党支部提出软弱涣散候选")
	c := w.propose(t, w.csTK, w.branch, "2", 201)
	if c.State != weakorg.StateCandidate || c.OrgName != "计算机教工党支部" || c.CriteriaNames != "书记不胜任" || len(c.Hits) != 1 || c.Hits[0].Source != weakorg.SourceHand {
		t.Fatalf("proposed %+v", c)
	}
	one := fmt.Sprintf("%s/%d", base, c.ID)
	step := func(s string) string { return one + "/" + s }
	text := map[string]any{"text": "情况属实"}
	plan := map[string]any{"leader": "王副书记", "deadline": "2026-06-30", "plan": "调整支部班子，恢复三会一课",
		"measures": []map[string]any{{"content": "选优配强支部书记", "owner": "学院党委", "dueOn": "2026-03-31"}}}
	report := map[string]any{"reportedOn": "2026-01-15", "content": "已完成支部书记调整"}
	apptest.ExpectField(t, w.e.Do("POST", step("recommend"), w.csTK, map[string]any{"text": " "}), "text", "请输入推荐意见（不超过1000个字）")
	// Who may do what: 401, 403, 404 per route, before anything changes.
	for _, r := range []struct {
		method, path, token string
		body                any
		want                int
	}{
		{"GET", base + "?year=2025", "", nil, 401}, {"GET", base + "?year=2025", w.noTK, nil, 403},
		{"GET", one, "", nil, 401}, {"GET", one, w.noTK, nil, 403}, {"GET", one, w.mathTK, nil, 404},
		{"GET", base + "/export?year=2025", w.branchTK, nil, 403}, {"GET", base + "/export?year=2025", "", nil, 401},
		{"GET", one + "/trail", w.mathTK, nil, 404}, {"GET", one + "/trail", w.noTK, nil, 403},
		{"POST", "/api/rsrs/screen", "", map[string]any{"year": 2025}, 401},
		{"POST", "/api/rsrs/screen", w.csTK, map[string]any{"year": 2025}, 403},
		{"POST", base, w.branchTK, map[string]any{}, 403}, {"POST", base, "", map[string]any{}, 401},
		{"POST", step("recommend"), "", text, 401}, {"POST", step("recommend"), w.branchTK, text, 403},
		{"POST", step("recommend"), w.mathTK, text, 404},
		{"POST", step("confirm"), "", text, 401}, {"POST", step("confirm"), w.csTK, text, 403},
		{"POST", step("confirm"), w.branchTK, text, 403}, {"POST", step("reject"), w.csTK, text, 403},
		{"PUT", step("plan"), w.branchTK, plan, 403}, {"PUT", step("plan"), w.mathTK, plan, 404}, {"PUT", step("plan"), "", plan, 401},
		{"POST", step("progress"), w.noTK, report, 403}, {"POST", step("progress"), w.mathTK, report, 404}, {"POST", step("progress"), "", report, 401},
		{"POST", step("close-request"), w.branchTK, text, 403}, {"POST", step("close-request"), w.mathTK, text, 404},
		{"POST", step("close-request"), "", text, 401},
		{"POST", step("close-approve"), w.csTK, text, 403}, {"POST", step("close-return"), w.csTK, text, 403},
		{"POST", step("close-approve"), "", text, 401},
		{"GET", one + "/attachments", w.mathTK, nil, 404}, {"GET", one + "/attachments", "", nil, 401},
	} {
		if res := w.e.Do(r.method, r.path, r.token, r.body); res.Status != r.want {
			t.Errorf("%s %s: %d, want %d (%s)", r.method, r.path, res.Status, r.want, res.Body)
		}
	}
	w.act(t, w.csTK, c.ID, "recommend", "建议认定", 200)
	w.act(t, w.csTK, c.ID, "recommend", "再次推荐", 400)
	// A plan, a report or a closing before the decision is refused.
	apptest.ExpectMessage(t, w.e.Do("PUT", step("plan"), w.csTK, plan), 400, "只有整顿中的党组织可以制定整顿方案")
	apptest.ExpectField(t, w.e.Do("POST", step("confirm"), w.deptTK, map[string]any{"text": ""}), "text", "请输入认定意见（不超过1000个字）")
	d := w.act(t, w.deptTK, c.ID, "confirm", "经组织部研究，认定为软弱涣散党组织", 200)
	if d.State != weakorg.StateRectifying || d.DecidedAt == nil || d.DecisionReason == "" {
		t.Fatalf("confirmed %+v", d.Case)
	}
	w.act(t, w.deptTK, c.ID, "reject", "不予认定", 400)
	// The plan.
	apptest.ExpectField(t, w.e.Do("PUT", step("plan"), w.csTK, map[string]any{"leader": "王副书记", "deadline": "2026-06-30", "plan": "x"}),
		"measures", "请至少填写一项整改措施")
	apptest.ExpectField(t, w.e.Do("PUT", step("plan"), w.csTK, map[string]any{"leader": "王副书记", "deadline": "2026-6-31", "plan": "x",
		"measures": plan["measures"]}), "deadline", "整顿期限格式错误，应为 YYYY-MM-DD")
	d = apptest.DoJSON[weakorg.Detail](t, w.e, 200, "PUT", step("plan"), w.csTK, plan)
	if d.Leader != "王副书记" || d.Deadline != "2026-06-30" || len(d.Measures) != 1 || d.Measures[0].Owner != "学院党委" {
		t.Fatalf("planned %+v", d)
	}
	// Closing needs a progress report.
	apptest.ExpectMessage(t, w.e.Do("POST", step("close-request"), w.csTK, text), 400, "请先报告整顿进展")
	tomorrow := date.Today().AddDays(1)
	apptest.ExpectField(t, w.e.Do("POST", step("progress"), w.branchTK, map[string]any{"reportedOn": tomorrow, "content": "x"}),
		"reportedOn", "报告日期不能晚于今天")
	p := apptest.DoJSON[weakorg.Progress](t, w.e, 201, "POST", step("progress"), w.branchTK, report)
	if p.ID == 0 || p.Reporter == "" {
		t.Fatalf("report %+v", p)
	}
	if res := w.e.Do("GET", fmt.Sprintf("/api/rsrs/progress/%d/attachments", p.ID), w.mathTK, nil); res.Status != 404 {
		t.Errorf("a report's files outside the scope: %d", res.Status)
	}
	w.act(t, w.csTK, c.ID, "close-request", "班子已调整，组织生活恢复正常", 200)
	apptest.ExpectMessage(t, w.e.Do("POST", step("progress"), w.branchTK, report), 400, "只有整顿中的党组织可以报告整顿进展")
	d = w.act(t, w.deptTK, c.ID, "close-return", "群众满意度尚未测评", 200)
	if d.State != weakorg.StateRectifying || d.Review != "群众满意度尚未测评" {
		t.Fatalf("returned %+v", d.Case)
	}
	w.act(t, w.csTK, c.ID, "close-request", "已完成满意度测评，满意率92%", 200)
	d = w.act(t, w.deptTK, c.ID, "close-approve", "整顿达到预期，同意销号", 200)
	if d.State != weakorg.StateClosed || d.ClosedOn != date.Today() || len(d.Progress) != 1 {
		t.Fatalf("closed %+v", d)
	}
	// The ledger and its export in the scope; another committee sees nothing.
	ledger := url.Values{"stage": {weakorg.StageLedger}}
	if got := w.cases(t, w.branchTK, 2025, ledger); got[w.branch].ProgressCount != 1 || got[w.branch].StateName != "已销号" {
		t.Errorf("the branch's ledger %+v", got)
	}
	if got := w.cases(t, w.deptTK, 2025, url.Values{"blurry": {"教工"}, "criterion": {"2"}}); len(got) != 1 {
		t.Errorf("by name and criterion %+v", got)
	}
	if got := w.cases(t, w.deptTK, 2025, url.Values{"criterion": {"5"}}); len(got) != 0 {
		t.Errorf("by another criterion %+v", got)
	}
	if got := w.cases(t, w.mathTK, 2025, ledger); len(got) != 0 {
		t.Errorf("another committee's ledger %+v", got)
	}
	apptest.ExpectField(t, w.e.Do("GET", base+"?stage=all", w.csTK, nil), "stage", "阶段只能是 candidates 或 ledger")
	if res := w.e.Do("GET", base+"/export?year=2025&stage=ledger", w.csTK, nil); res.Status != 200 {
		t.Fatalf("export %d", res.Status)
	} else if f := apptest.Download(t, res); f == nil {
		t.Fatal("no workbook")
	}
	// Every step is in the trail, newest first.
	entries, _ := apptest.GetPage[audit.Labelled](t, w.e, w.branchTK, one+"/trail", url.Values{"size": {"50"}})
	if len(entries) != 9 || entries[0].Summary == "" {
		t.Errorf("%d trail entries, want 9 (propose, recommend, confirm, plan, report, request, return, request, approve): %+v", len(entries), entries)
	}
}

// Two 认定 of one candidate at once: one wins, the other is refused.
func TestConfirm_InParallel_OneWins(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	c := w.propose(t, w.csTK, w.branch, "6", 201)
	statuses := apptest.Concurrently(4, func(int) int {
		return w.e.Do("POST", fmt.Sprintf("/api/rsrs/cases/%d/confirm", c.ID), w.deptTK, map[string]any{"text": "认定"}).Status
	})
	apptest.ExpectOneWins(t, statuses, 200, 409, 400)
	if d := w.detail(t, w.deptTK, c.ID); d.State != weakorg.StateRectifying {
		t.Errorf("state %d", d.State)
	}
}
