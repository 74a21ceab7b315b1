package develop_test

import (
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/platform/flow"
)

// Every route of this part: 401 without a session, 403 without its
// permission, 404 for a record (or notice) outside the caller's scope.
func TestC1RoutesGuarded(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	id := w.record(t, "受保护", "2025-06-02")
	w.pass(t, id, develop.StepTalk, "2025-06-10", "talker", "王书记")
	w.pass(t, id, develop.StepActivist, "2025-06-20", "method", "党员推荐")
	notice := w.notice(t, develop.NoticeTarget, w.branch, "2025-07-01", "2025-07-08", id)
	rec := func(sub string) string { return fmt.Sprintf("/api/fzdy/%d%s", id, sub) }
	review := map[string]any{"kind": "activist", "reviewedOn": "2025-07-01", "result": "1"}
	training := map[string]any{"batchType": 3, "title": "培训", "startOn": "2025-07-01", "endOn": "2025-07-03", "days": 3}
	calls := []struct {
		method, path string
		body         any
		perm         bool // guarded by a permission noTK lacks
		scoped       bool // mathTK gets 404
	}{
		{"GET", "/api/fzdy", nil, true, false},
		{"GET", "/api/fzdy/export", nil, true, false},
		{"GET", rec(""), nil, true, true},
		{"POST", "/api/fzdy", map[string]any{"personKind": "student", "personId": 1, "orgId": w.branch, "appliedOn": "2025-01-01"}, true, false},
		{"PUT", "/api/fzdy", map[string]any{"id": id, "remark": "改"}, true, true},
		{"DELETE", "/api/fzdy", []int64{id}, true, true},
		{"GET", rec("/trail"), nil, true, true},
		{"GET", "/api/fzdy/people?kind=student", nil, true, false},
		{"GET", rec("/reviews"), nil, true, true},
		{"POST", rec("/reviews"), review, true, true},
		{"PUT", rec("/reviews"), map[string]any{"id": 1}, true, true},
		{"DELETE", rec("/reviews"), []int64{1}, true, true},
		{"GET", rec("/trainings"), nil, true, true},
		{"POST", rec("/trainings"), training, true, true},
		{"PUT", rec("/trainings"), map[string]any{"id": 1}, true, true},
		{"DELETE", rec("/trainings"), []int64{1}, true, true},
		{"GET", "/api/fzdy/notices", nil, true, false},
		{"GET", fmt.Sprintf("/api/fzdy/notices/%d", notice), nil, true, true},
		{"POST", "/api/fzdy/notices", map[string]any{"kind": "target"}, true, false},
		{"DELETE", "/api/fzdy/notices", []int64{notice}, true, true},
		{"GET", "/api/fzdy/config", nil, true, false},
		{"PUT", "/api/fzdy/config", map[string]any{}, true, false},
		{"GET", "/api/fzdy/plans", nil, true, false},
		{"PUT", "/api/fzdy/plans", map[string]any{}, true, false},
	}
	for _, c := range calls {
		if res := w.e.Do(c.method, c.path, "", c.body); res.Status != 401 {
			t.Errorf("%s %s without a session: %d", c.method, c.path, res.Status)
		}
		if res := w.e.Do(c.method, c.path, w.noTK, c.body); res.Status != 403 {
			t.Errorf("%s %s without the permission: %d", c.method, c.path, res.Status)
		}
		if c.scoped {
			if res := w.e.Do(c.method, c.path, w.mathTK, c.body); res.Status != 404 {
				t.Errorf("%s %s out of scope: %d %s", c.method, c.path, res.Status, res.Body)
			}
		}
	}
	// fzdy:list alone reads but does not write.
	w.e.ExpectCalls(t, []apptest.Call{
		{Method: "GET", Path: rec(""), Token: w.listTK, Want: 200},
		{Method: "GET", Path: rec("/reviews"), Token: w.listTK, Want: 200},
		{Method: "POST", Path: rec("/reviews"), Token: w.listTK, Body: review, Want: 403},
		{Method: "POST", Path: rec("/trainings"), Token: w.listTK, Body: training, Want: 403},
		{Method: "POST", Path: "/api/fzdy/notices", Token: w.listTK, Body: map[string]any{}, Want: 403},
		{Method: "PUT", Path: "/api/fzdy/config", Token: w.listTK, Body: map[string]any{}, Want: 403},
		{Method: "PUT", Path: "/api/fzdy/plans", Token: w.listTK, Body: map[string]any{}, Want: 403},
		{Method: "GET", Path: "/api/fzdy/people?kind=student", Token: w.listTK, Want: 403},
		// A branch secretary may record trainings (fzdy:branch) but not set plans.
		{Method: "POST", Path: rec("/trainings"), Token: w.branchOnly, Body: training, Want: 201},
		{Method: "PUT", Path: "/api/fzdy/plans", Token: w.branchOnly, Body: map[string]any{}, Want: 403},
	})
}

// The update changes leavingOn and remark only, with a trail entry; the
// delete refuses a record whose person became a member and removes the
// workflow of the others.
func TestRecordUpdateAndDelete(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	id := w.record(t, "修改", "2025-06-02")
	d := apptest.DoJSON[develop.RecordDetail](t, w.e, 200, "PUT", "/api/fzdy", w.csTK,
		map[string]any{"id": id, "leavingOn": "2027-07-01", "remark": "毕业班", "name": "改名", "stage": "full", "orgId": w.mathBranch})
	if d.LeavingOn != "2027-07-01" || d.Remark != "毕业班" || d.Name != "修改" || d.Stage != develop.StageApplicant || d.OrgID != w.branch {
		t.Fatalf("updated: %+v", d.RecordView)
	}
	trail := w.e.Do("GET", fmt.Sprintf("/api/fzdy/%d/trail", id), w.csTK, nil)
	apptest.Expect(t, trail, 200)
	if !strings.Contains(string(trail.Body), "毕业班") {
		t.Fatalf("trail: %s", trail.Body)
	}
	res := w.e.Do("PUT", "/api/fzdy", w.csTK, map[string]any{"id": id, "leavingOn": "next year"})
	if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != "leavingOn" {
		t.Fatalf("bad leavingOn: %d %s", res.Status, res.Body)
	}
	member := w.record(t, "已入党", "2025-06-02")
	if _, err := w.e.DB.NewUpdate().Table("dev_record").Set("member_id = ?", w.full[0]).Where("id = ?", member).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	res = w.e.Do("DELETE", "/api/fzdy", w.csTK, []int64{id, member})
	apptest.Expect(t, res, 400)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/fzdy/%d", id), w.csTK, nil), 200) // nothing deleted
	apptest.Expect(t, w.e.Do("DELETE", "/api/fzdy", w.csTK, []int64{id}), 204)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/fzdy/%d", id), w.csTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/fzdy/%d/flow", id), w.csTK, nil), 404)
	var open int
	if err := w.e.DB.NewSelect().Table("flow_instance").ColumnExpr("COUNT(*)").Where("record_id = ?", id).
		Where("workflow = ?", develop.Key).Scan(t.Context(), &open); err != nil || open != 0 {
		t.Fatalf("flow instances left: %d %v", open, err)
	}
}

// Reviews and trainings: written through the record, checked, listed in the
// detail; one of another record is not found.
func TestReviewsAndTrainings(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	id := w.record(t, "考察", "2025-06-02")
	other := w.record(t, "另一人", "2025-06-02")
	base := fmt.Sprintf("/api/fzdy/%d/reviews", id)
	res := w.e.Do("POST", base, w.csTK, map[string]any{"kind": "activist", "reviewedOn": "2025-07-01", "result": "1"})
	if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != "kind" {
		t.Fatalf("a review before becoming an activist: %d %s", res.Status, res.Body)
	}
	w.pass(t, id, develop.StepTalk, "2025-06-10", "talker", "王书记")
	w.pass(t, id, develop.StepActivist, "2025-06-20", "method", "党员推荐")
	for field, body := range map[string]map[string]any{
		"reviewedOn": {"kind": "activist", "reviewedOn": "2025-06-19", "result": "1"},
		"result":     {"kind": "activist", "reviewedOn": "2025-07-01", "result": "9"},
	} {
		res := w.e.Do("POST", base, w.csTK, body)
		if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != field {
			t.Errorf("%s: %d %s", field, res.Status, res.Body)
		}
	}
	rv := apptest.DoJSON[develop.Review](t, w.e, 201, "POST", base, w.csTK,
		map[string]any{"kind": "activist", "reviewedOn": "2025-07-01", "result": "1", "content": "好", "reviewer": "李老师"})
	rv2 := apptest.DoJSON[develop.Review](t, w.e, 200, "PUT", base, w.csTK,
		map[string]any{"id": rv.ID, "kind": "activist", "reviewedOn": "2025-08-01", "result": "2"})
	if rv2.ReviewedOn != "2025-08-01" || rv2.RecordID != id || rv2.CreatedAt != rv.CreatedAt {
		t.Fatalf("updated review: %+v (was %+v)", rv2, rv)
	}
	otherBase := fmt.Sprintf("/api/fzdy/%d/reviews", other)
	apptest.Expect(t, w.e.Do("PUT", otherBase, w.csTK, map[string]any{"id": rv.ID, "kind": "activist", "reviewedOn": "2025-08-01", "result": "2"}), 400) // other is no activist
	apptest.Expect(t, w.e.Do("DELETE", otherBase, w.csTK, []int64{rv.ID}), 404)
	apptest.Expect(t, w.e.Do("PUT", base, w.csTK, map[string]any{"id": 999999, "kind": "activist", "reviewedOn": "2025-08-01", "result": "2"}), 404)
	list := apptest.DoJSON[[]develop.Review](t, w.e, 200, "GET", base, w.csTK, nil)
	if len(list) != 1 || list[0].Result != "2" {
		t.Fatalf("reviews: %+v", list)
	}
	tbase := fmt.Sprintf("/api/fzdy/%d/trainings", id)
	for field, body := range map[string]map[string]any{
		"batchType": {"batchType": 7, "title": "班", "startOn": "2025-07-01", "endOn": "2025-07-02"},
		"title":     {"batchType": 2, "title": "", "startOn": "2025-07-01", "endOn": "2025-07-02"},
		"endOn":     {"batchType": 2, "title": "班", "startOn": "2025-07-03", "endOn": "2025-07-02"},
		"hours":     {"batchType": 2, "title": "班", "startOn": "2025-07-01", "endOn": "2025-07-02", "hours": -1},
	} {
		res := w.e.Do("POST", tbase, w.csTK, body)
		if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != field {
			t.Errorf("%s: %d %s", field, res.Status, res.Body)
		}
	}
	tr := apptest.DoJSON[develop.Training](t, w.e, 201, "POST", tbase, w.csTK,
		map[string]any{"batchType": 2, "title": "积极分子培训班", "startOn": "2025-07-01", "endOn": "2025-07-03", "hours": 16, "days": 3, "passed": true})
	d := w.detail(t, id)
	if len(d.Reviews) != 1 || len(d.Trainings) != 1 || d.Trainings[0].ID != tr.ID {
		t.Fatalf("detail: %+v %+v", d.Reviews, d.Trainings)
	}
	apptest.Expect(t, w.e.Do("DELETE", tbase, w.csTK, []int64{tr.ID, 999999}), 404) // all or nothing
	apptest.Expect(t, w.e.Do("DELETE", tbase, w.csTK, []int64{tr.ID}), 204)
	apptest.Expect(t, w.e.Do("DELETE", base, w.csTK, []int64{rv.ID}), 204)
	if d := w.detail(t, id); len(d.Reviews) != 0 || len(d.Trainings) != 0 {
		t.Fatalf("after the deletes: %+v %+v", d.Reviews, d.Trainings)
	}
}

// Notices: one organisation's, listing its records of the right stage.
func TestNotices(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	a := w.record(t, "公示甲", "2025-06-02")
	w.pass(t, a, develop.StepTalk, "2025-06-10", "talker", "王书记")
	w.pass(t, a, develop.StepActivist, "2025-06-20", "method", "党员推荐")
	applicant := w.record(t, "申请人", "2025-06-02")
	mp, _ := w.student(t, "数学人", "2000-01-01", w.mathUnit)
	m := apptest.DoJSON[develop.RecordDetail](t, w.e, 201, "POST", "/api/fzdy", w.mathTK,
		map[string]any{"personKind": "student", "personId": mp, "orgId": w.mathBranch, "appliedOn": "2025-05-01"}).ID
	body := func(kv ...any) map[string]any {
		return apptest.With(map[string]any{"kind": "target", "orgId": w.cs, "title": "发展对象公示", "startOn": "2025-07-01",
			"endOn": "2025-07-07", "recordIds": []int64{a}}, kv...)
	}
	for field, b := range map[string]map[string]any{
		"kind":      body("kind", "other"),
		"title":     body("title", ""),
		"endOn":     body("endOn", "2025-06-30"),
		"recordIds": body("recordIds", []int64{}),
		"orgId":     body("orgId", w.math),
	} {
		res := w.e.Do("POST", "/api/fzdy/notices", w.csTK, b)
		if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != field {
			t.Errorf("%s: %d %s", field, res.Status, res.Body)
		}
	}
	for name, ids := range map[string][]int64{"wrong stage": {a, applicant}, "out of scope": {m}} {
		res := w.e.Do("POST", "/api/fzdy/notices", w.csTK, body("recordIds", ids))
		if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != "recordIds" {
			t.Errorf("%s: %d %s", name, res.Status, res.Body)
		}
	}
	res := w.e.Do("POST", "/api/fzdy/notices", w.deptTK, body("orgId", w.mathBranch))
	if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != "recordIds" {
		t.Errorf("a record of another organisation: %d %s", res.Status, res.Body)
	}
	n := apptest.DoJSON[develop.NoticeDetail](t, w.e, 201, "POST", "/api/fzdy/notices", w.csTK, body())
	if n.OrgName != "计算机学院党委" || n.KindName != "发展对象公示" || n.Workdays != 5 || len(n.Records) != 1 || n.Records[0].ID != a ||
		n.Records[0].StageName != "入党积极分子" {
		t.Fatalf("notice: %+v", n)
	}
	rows, total := apptest.GetPage[develop.NoticeView](t, w.e, w.csTK, "/api/fzdy/notices", nil)
	if total != 1 || rows[0].RecordCount != 1 {
		t.Fatalf("list: %+v", rows)
	}
	if _, total := apptest.GetPage[develop.NoticeView](t, w.e, w.mathTK, "/api/fzdy/notices", nil); total != 0 {
		t.Fatalf("math sees %d notices", total)
	}
	if _, total := apptest.GetPage[develop.NoticeView](t, w.e, w.csTK, "/api/fzdy/notices?kind=admit", nil); total != 0 {
		t.Fatalf("kind filter: %d", total)
	}
	if d := w.detail(t, a); len(d.Notices) != 1 || d.Notices[0].ID != n.ID {
		t.Fatalf("the record's notices: %+v", d.Notices)
	}
	apptest.Expect(t, w.e.Do("DELETE", "/api/fzdy/notices", w.csTK, []int64{n.ID}), 204)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/fzdy/notices/%d", n.ID), w.csTK, nil), 404)
}

// The configuration: a save is a new version, validated; it re-seeds the
// chains; a record started before keeps its version's rules and its chain.
func TestConfigVersions(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	before := w.record(t, "旧版", "2025-01-15")
	cv := apptest.DoJSON[develop.ConfigView](t, w.e, 200, "GET", "/api/fzdy/config", w.listTK, nil)
	if cv.Version != 1 || len(cv.Steps) != 25 || len(cv.Config.Steps) != 25 || len(cv.Versions) != 1 || !cv.Steps[1].AlwaysTracked || cv.Steps[4].AlwaysTracked {
		t.Fatalf("config: %+v", cv)
	}
	edit := func(change func(c *develop.Config)) map[string]any {
		c := develop.DefaultConfig()
		change(&c)
		return map[string]any{"config": c, "note": "调整"}
	}
	for field, b := range map[string]map[string]any{
		"rules.minAge":            edit(func(c *develop.Config) { c.Rules.MinAge = 10 }),
		"rules.noticeWorkdays":    edit(func(c *develop.Config) { c.Rules.NoticeWorkdays = 0 }),
		"rules.approvalMaxMonths": edit(func(c *develop.Config) { c.Rules.ApprovalMaxMonths = 2 }),
		"steps":                   edit(func(c *develop.Config) { c.Steps[1].Tracked = false }), // 谈话 is always tracked
	} {
		res := w.e.Do("PUT", "/api/fzdy/config", w.deptTK, b)
		if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != field {
			t.Errorf("%s: %d %s", field, res.Status, res.Body)
		}
	}
	for name, b := range map[string]map[string]any{
		"a document of 21 characters": edit(func(c *develop.Config) { c.Steps[2].Docs = []string{strings.Repeat("材", 21)} }),
		"a step missing":              edit(func(c *develop.Config) { c.Steps = c.Steps[:24] }),
		"an unknown step":             edit(func(c *develop.Config) { c.Steps[3].Key = "nosuch" }),
	} {
		apptest.Expect(t, w.e.Do("PUT", "/api/fzdy/config", w.deptTK, b), 400)
		_ = name
	}
	// An edit in the chain editor (who acts at ③) survives the save below.
	chains := apptest.DoJSON[flow.ChainsView](t, w.e, 200, "GET", "/api/fzdy/flow/chains", w.deptTK, nil)
	var branchChain flow.Chain
	for _, c := range chains.Chains {
		if c.OrgType == "5" {
			branchChain = c
		}
	}
	for i := range branchChain.Links {
		if branchChain.Links[i].Step == develop.StepActivist {
			branchChain.Links[i].Role = "党支部委员会"
		}
	}
	apptest.DoJSON[flow.ChainsView](t, w.e, 200, "PUT", "/api/fzdy/flow/chains", w.deptTK, branchChain)
	saved := apptest.DoJSON[develop.ConfigView](t, w.e, 200, "PUT", "/api/fzdy/config", w.deptTK, edit(func(c *develop.Config) {
		c.Rules.TalkWithinMonths = 2
		c.Steps[4].Tracked = false // ⑤ 指定培养联系人 untracked
		c.Steps[2].Docs = []string{" 推荐材料 ", strings.Repeat("材", 20)}
	}))
	if saved.Version != 2 || len(saved.Versions) != 2 || saved.Versions[0].Note != "调整" || saved.Config.Rules.TalkWithinMonths != 2 ||
		saved.Config.Steps[2].Docs[0] != "推荐材料" {
		t.Fatalf("saved: %+v", saved)
	}
	chains = apptest.DoJSON[flow.ChainsView](t, w.e, 200, "GET", "/api/fzdy/flow/chains", w.deptTK, nil)
	roles := map[string]string{}
	for _, c := range chains.Chains {
		if c.OrgType == "5" {
			for _, l := range c.Links {
				roles[l.Step] = l.Role
			}
		}
	}
	if _, ok := roles[develop.StepContacts]; ok || roles[develop.StepActivist] != "党支部委员会" || roles[develop.StepTalk] != "党支部" {
		t.Fatalf("chain after the save: %v", roles)
	}
	after := w.record(t, "新版", "2025-01-15")
	if d := w.detail(t, after); d.ConfigVersion != 2 {
		t.Fatalf("new record's version: %d", d.ConfigVersion)
	}
	if d := w.detail(t, before); d.ConfigVersion != 1 {
		t.Fatalf("old record's version: %d", d.ConfigVersion)
	}
	// The old record keeps the one-month talk rule, the new one has two.
	expectRule(t, w.act(t, w.csTK, before, flow.Approve, form("2025-03-01", "talker", "王书记")), "收到入党申请书后一个月内派人谈话")
	w.pass(t, after, develop.StepTalk, "2025-03-01", "talker", "王书记")
	// The new record's chain leaves ⑤ out; the old one keeps it.
	chain := func(id int64) string {
		v := apptest.DoJSON[flow.View](t, w.e, 200, "GET", fmt.Sprintf("/api/fzdy/%d/flow", id), w.csTK, nil)
		var keys []string
		for _, s := range v.Steps {
			keys = append(keys, s.Key)
		}
		return strings.Join(keys, ",")
	}
	if c := chain(after); strings.Contains(c, develop.StepContacts) {
		t.Fatalf("new chain: %s", c)
	}
	if c := chain(before); !strings.Contains(c, develop.StepContacts) {
		t.Fatalf("old chain: %s", c)
	}
}

// The person picker: the registry's students or teachers of the caller's
// scope, each marked with the live record they have.
func TestPersonPicker(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	s, _ := w.student(t, "选择甲", "2000-01-01", w.csUnit)
	w.student(t, "选择乙", "2000-01-01", w.mathUnit)
	id := apptest.DoJSON[develop.RecordDetail](t, w.e, 201, "POST", "/api/fzdy", w.csTK,
		map[string]any{"personKind": "student", "personId": s, "orgId": w.branch, "appliedOn": "2025-01-01"}).ID
	rows, total := apptest.GetPage[develop.PersonPick](t, w.e, w.csTK, "/api/fzdy/people?kind=student&blurry=选择", nil)
	if total != 1 || rows[0].ID != s || rows[0].LiveRecordID != id || rows[0].LiveStage != develop.StageApplicant {
		t.Fatalf("picked: %+v", rows)
	}
	if _, total := apptest.GetPage[develop.PersonPick](t, w.e, w.csTK, "/api/fzdy/people?kind=teacher&blurry=选择", nil); total != 0 {
		t.Fatalf("teachers: %d", total)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/fzdy/people?kind=cadre", w.csTK, nil), 400)
}
