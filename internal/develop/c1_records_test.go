package develop_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
)

// RULES.md §2: 入党申请人须年满十八周岁 — the age on the applied date, from the
// registry's birth date: exactly 18 on the birthday passes, a day short fails.
func TestRuleApplicantAtLeast18(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	t.Run("exactly 18 on the applied date passes", func(t *testing.T) {
		apptest.Expect(t, w.apply(t, w.csTK, w.branch, "2007-03-15", "2025-03-15"), 201)
	})
	t.Run("one day short of 18 fails naming the rule", func(t *testing.T) {
		res := w.apply(t, w.csTK, w.branch, "2007-03-16", "2025-03-15")
		expectRule(t, res, "入党申请人须年满十八周岁")
	})
	t.Run("born on 29 February: 18 on 1 March of a common year (date.AddYears)", func(t *testing.T) {
		apptest.Expect(t, w.apply(t, w.csTK, w.branch, "2004-02-29", "2022-03-01"), 201)
		expectRule(t, w.apply(t, w.csTK, w.branch, "2004-02-29", "2022-02-28"), "入党申请人须年满十八周岁")
	})
}

// Step ①: the person is copied from the registry, the record starts at ② in
// the applicant stage with the current configuration version, the workflow
// has its 提交 entry and the talk is due after its configured days.
func TestCreateRecordStartsTheWorkflow(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	pid := w.teacher(t, "张老师", "1990-05-01", w.csUnit)
	d := apptest.DoJSON[develop.RecordDetail](t, w.e, 201, "POST", "/api/fzdy", w.csTK, map[string]any{"personKind": "teacher",
		"personId": pid, "orgId": w.branch, "appliedOn": "2025-04-01", "leavingOn": "2030-07-01", "remark": "教工"})
	if d.Name != "张老师" || d.PersonNo == "" || d.Gender != "2" || d.GenderLabel == "" || d.BirthDate != "1990-05-01" ||
		d.Stage != develop.StageApplicant || d.StageName != "入党申请人" || d.Step != develop.StepTalk || d.StepName != "党组织派人谈话" ||
		d.ConfigVersion != 1 || d.OrgName != "计算机教工党支部" || d.DueOn != "2025-05-01" || d.DueState != develop.DueOverdue {
		t.Fatalf("created: %+v", d.RecordView)
	}
	v := apptest.DoJSON[flow.View](t, w.e, 200, "GET", fmt.Sprintf("/api/fzdy/%d/flow", d.ID), w.csTK, nil)
	if v.Step != develop.StepTalk || v.State != develop.StageApplicant || len(v.Entries) != 1 || v.Entries[0].Action != flow.Submit {
		t.Fatalf("flow: %+v", v)
	}
	t.Run("one live record per person: a clear 400", func(t *testing.T) {
		res := w.e.Do("POST", "/api/fzdy", w.csTK, map[string]any{"personKind": "teacher", "personId": pid, "orgId": w.branch, "appliedOn": "2025-04-02"})
		apptest.Expect(t, res, 400)
		if res.Message() == "" || !strings.Contains(res.Message(), "已有进行中的发展党员记录") {
			t.Fatalf("message: %s", res.Body)
		}
	})
	t.Run("an ended record does not block a new one", func(t *testing.T) {
		apptest.Expect(t, w.act(t, w.csTK, d.ID, flow.Reject, nil), 200)
		if got := w.detail(t, d.ID); got.Stage != develop.StageEnded || got.Step != "" {
			t.Fatalf("ended: %+v", got.RecordView)
		}
		apptest.Expect(t, w.e.Do("POST", "/api/fzdy", w.csTK, map[string]any{"personKind": "teacher", "personId": pid,
			"orgId": w.branch, "appliedOn": "2025-06-01"}), 201)
	})
}

// The create's input: each field named in its 400, a person or branch out
// of scope 404, an organisation that is not a branch 400.
func TestCreateRecordInput(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	pid, _ := w.student(t, "李同学", "2003-01-01", w.csUnit)
	mathPerson, _ := w.student(t, "数学同学", "2003-01-01", w.mathUnit)
	body := func(kv ...any) map[string]any {
		return apptest.With(map[string]any{"personKind": "student", "personId": pid, "orgId": w.branch, "appliedOn": "2025-04-01"}, kv...)
	}
	for _, c := range []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"kind", body("personKind", "cadre"), "personKind"},
		{"no person", body("personId", 0), "personId"},
		{"no branch", body("orgId", 0), "orgId"},
		{"no date", body("appliedOn", ""), "appliedOn"},
		{"bad date", body("appliedOn", "2025-02-30"), "appliedOn"},
		{"future date", body("appliedOn", "2099-01-01"), "appliedOn"},
		{"bad leaving date", body("leavingOn", "soon"), "leavingOn"},
		{"a committee is no branch", body("orgId", w.cs), "orgId"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := w.e.Do("POST", "/api/fzdy", w.csTK, c.body)
			if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != c.field {
				t.Fatalf("%d %s, want 400 on %s", res.Status, res.Body, c.field)
			}
		})
	}
	apptest.Expect(t, w.e.Do("POST", "/api/fzdy", w.csTK, body("orgId", w.mathBranch)), 404)   // branch out of scope
	apptest.Expect(t, w.e.Do("POST", "/api/fzdy", w.csTK, body("personId", mathPerson)), 404)  // person out of the unit scope
	apptest.Expect(t, w.e.Do("POST", "/api/fzdy", w.csTK, body("personId", 999999)), 404)      // no such person
	apptest.Expect(t, w.e.Do("POST", "/api/fzdy", w.csTK, body("personKind", "teacher")), 404) // not a teacher
	apptest.Expect(t, w.e.Do("POST", "/api/fzdy", w.deptTK, body("orgId", w.direct)), 201)     // a 直属党支部 is a branch
	t.Run("a revoked branch", func(t *testing.T) {
		gone := w.e.Org(t, w.cs, "5", "已撤销党支部")
		apptest.Expect(t, w.e.Do("POST", "/api/dzzxx/revoke", w.e.AdminTK, map[string]any{"id": gone}), 204)
		pid, _ := w.student(t, "丙", "2003-01-01", w.csUnit)
		res := w.e.Do("POST", "/api/fzdy", w.csTK, body("personId", pid, "orgId", gone))
		if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != "orgId" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
	})
}

// The list: scope, stage, blurry, subtree, due, date ranges, pinyin sort.
func TestRecordList(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	a := w.record(t, "赵一", "2025-03-01")
	b := w.record(t, "安二", "2025-04-01")
	w.pass(t, b, develop.StepTalk, "2025-04-10", "talker", "王书记")
	pm, _ := w.student(t, "钱三", "2000-01-01", w.mathUnit)
	c := apptest.DoJSON[develop.RecordDetail](t, w.e, 201, "POST", "/api/fzdy", w.mathTK,
		map[string]any{"personKind": "student", "personId": pm, "orgId": w.mathBranch, "appliedOn": "2025-05-01"}).ID
	today := date.Today()
	// A record due soon (its talk is due one month after its applied date).
	soon := w.record(t, "孙四", today.AddDays(-25).String())
	ids := func(token string, q url.Values) []int64 {
		q.Set("size", "100")
		rows, _ := apptest.GetPage[develop.RecordView](t, w.e, token, "/api/fzdy", q)
		var out []int64
		for _, r := range rows {
			out = append(out, r.ID)
		}
		return out
	}
	expect := func(name string, got []int64, want ...int64) {
		t.Helper()
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
	expect("cs scope, newest application first", ids(w.csTK, url.Values{}), soon, b, a)
	expect("dept sees all", ids(w.deptTK, url.Values{"sort": {"appliedOn,asc"}}), a, b, c, soon)
	expect("stage", ids(w.deptTK, url.Values{"stage": {develop.StageApplicant}, "sort": {"appliedOn,asc"}}), a, b, c, soon)
	expect("step", ids(w.deptTK, url.Values{"step": {develop.StepActivist}}), b)
	expect("blurry", ids(w.deptTK, url.Values{"blurry": {"钱"}}), c)
	expect("subtree of math", ids(w.deptTK, url.Values{"orgId": {fmt.Sprint(w.math)}}), c)
	expect("applied range, inclusive", ids(w.deptTK, url.Values{"appliedOnFrom": {"2025-04-01"}, "appliedOnTo": {"2025-05-01"},
		"sort": {"appliedOn,asc"}}), b, c)
	expect("talked", ids(w.deptTK, url.Values{"talkedOnFrom": {"2025-04-10"}}), b)
	expect("due soon", ids(w.deptTK, url.Values{"due": {"soon"}}), soon)
	expect("overdue", ids(w.deptTK, url.Values{"due": {"overdue"}, "sort": {"appliedOn,asc"}}), a, c)
	expect("pinyin", ids(w.csTK, url.Values{"sort": {"name,asc"}}), b, soon, a) // 安 an, 孙 sun, 赵 zhao
	apptest.Expect(t, w.e.Do("GET", "/api/fzdy?due=someday", w.csTK, nil), 400)
	apptest.Expect(t, w.e.Do("GET", "/api/fzdy?nosuch=1", w.csTK, nil), 400)
	t.Run("export: the list's filters and scope", func(t *testing.T) {
		res := w.e.Do("GET", "/api/fzdy/export?stage=applicant", w.csTK, nil)
		apptest.Expect(t, res, 200)
		book := apptest.Download(t, res)
		rows, err := book.GetRows(book.GetSheetName(0))
		if err != nil || len(rows) < 4 {
			t.Fatalf("export rows: %v %v", rows, err)
		}
		apptest.Expect(t, w.e.Do("GET", "/api/fzdy/export", w.listTK, nil), 403)
	})
}

// The due filter and state at their edges: ③ configured due 30 days after
// the talk (its DueDays); due today is "soon", not "overdue"; due in 7
// days is soon, in 8 is not; due yesterday is overdue.
func TestRecordDueEdges(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	cfg := develop.DefaultConfig()
	cfg.Steps[2].DueDays = 30 // ③
	apptest.Expect(t, w.e.Do("PUT", "/api/fzdy/config", w.deptTK, map[string]any{"config": cfg, "note": "③ 30 天"}), 200)
	today := date.Today()
	ids := map[string]int64{}
	for name, back := range map[string]int{"yesterday": 31, "today": 30, "in7": 23, "in8": 22} {
		day := today.AddDays(-back).String()
		ids[name] = w.record(t, name, day)
		w.pass(t, ids[name], develop.StepTalk, day, "talker", "王书记")
	}
	want := map[string]string{"yesterday": develop.DueOverdue, "today": develop.DueSoon, "in7": develop.DueSoon, "in8": ""}
	for name, id := range ids {
		if got := w.detail(t, id).DueState; got != want[name] {
			t.Errorf("%s: due state %q, want %q", name, got, want[name])
		}
	}
	listed := func(due string) map[int64]bool {
		rows, _ := apptest.GetPage[develop.RecordView](t, w.e, w.csTK, "/api/fzdy", url.Values{"due": {due}})
		out := map[int64]bool{}
		for _, r := range rows {
			out[r.ID] = true
		}
		return out
	}
	overdue, soon := listed("overdue"), listed("soon")
	if len(overdue) != 1 || !overdue[ids["yesterday"]] || len(soon) != 2 || !soon[ids["today"]] || !soon[ids["in7"]] {
		t.Fatalf("overdue %v, soon %v (ids %v)", overdue, soon, ids)
	}
}
