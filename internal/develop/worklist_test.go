package develop_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/platform/worklist"
)

// groupCount is list key's count in the caller's work summary.
func groupCount(t *testing.T, e *apptest.Env, token, key string) int {
	t.Helper()
	sum := apptest.DoJSON[worklist.Summary](t, e, 200, "GET", "/api/worklist", token, nil)
	total := 0
	for _, g := range sum.Groups {
		total += g.Count
	}
	if total != sum.Total {
		t.Fatalf("summary total %d, groups sum to %d", sum.Total, total)
	}
	for _, g := range sum.Groups {
		if g.Key == key {
			return g.Count
		}
	}
	t.Fatalf("no work list %q in %+v", key, sum.Groups)
	return 0
}

// items is every item of list key for token (one page of 100).
func items(t *testing.T, e *apptest.Env, token, key string) []worklist.Item {
	t.Helper()
	rows, total := apptest.GetPage[worklist.Item](t, e, token, "/api/worklist/items", url.Values{"key": {key}, "size": {"100"}})
	if total != len(rows) {
		t.Fatalf("list %s: total %d, %d rows", key, total, len(rows))
	}
	return rows
}

// A branch secretary made after the records started (so no stored to-do
// reached them: the step's to-dos go to who may act when it opens) sees the
// talk waiting at their branch, with its deadline and the record's page; a
// record of another branch never; the committee above sees its branch's;
// the stored to-do of an account that did get one is not listed twice.
func TestWorkListDevelopScopedToTheBranch(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	e := w.e
	ours := w.record(t, "待谈话甲", "2026-11-08")
	mathStudent, _ := w.student(t, "数学申请人", "2000-01-01", w.mathUnit)
	theirs := apptest.DoJSON[develop.RecordDetail](t, e, 201, "POST", "/api/fzdy", w.mathTK,
		map[string]any{"personKind": "student", "personId": mathStudent, "orgId": w.mathBranch, "appliedOn": "2026-11-08"}).ID

	secretary, _ := e.UserAt(t, "LEVEL_AND_BELOW", w.branch, develop.Perms.List, develop.PermBranch)
	stored, total := apptest.GetPage[map[string]any](t, e, secretary, "/api/msgTodo/getTodo", nil)
	if total != 0 || len(stored) != 0 {
		t.Fatalf("a secretary made after the step opened has stored to-dos: %v", stored)
	}
	got := items(t, e, secretary, "develop")
	if len(got) != 1 || groupCount(t, e, secretary, "develop") != 1 {
		t.Fatalf("branch secretary's development list: %+v", got)
	}
	it := got[0]
	if it.Link != fmt.Sprintf("/develop/record?id=%d", ours) || !strings.Contains(it.Title, "待谈话甲") || !strings.Contains(it.Title, "谈话") {
		t.Fatalf("item %+v", it)
	}
	if it.Due != "2026-12-08" || it.TodoID != 0 {
		t.Fatalf("item's deadline (one month after applying) %q, todo id %d", it.Due, it.TodoID)
	}

	// The committee above (cs) sees its branch's record, never math's.
	for _, row := range items(t, e, w.csTK, "develop") {
		if row.Link == fmt.Sprintf("/develop/record?id=%d", theirs) {
			t.Fatalf("cs sees math's record: %+v", row)
		}
	}
	if n := groupCount(t, e, w.csTK, "develop"); n != 1 {
		t.Fatalf("cs committee's development count %d", n)
	}
	// csTK existed when the step opened, so it holds a stored to-do; the
	// work list stands for it and 其他待办 leaves it out.
	if _, n := apptest.GetPage[map[string]any](t, e, w.csTK, "/api/msgTodo/getTodo", nil); n == 0 {
		t.Fatal("the committee got no stored to-do: the double-listing check proves nothing")
	}
	if n := groupCount(t, e, w.csTK, "todo"); n != 0 {
		t.Fatalf("the step's stored to-do listed again under 其他待办: %d", n)
	}
	// Without the step's permission: nothing, not an error.
	if n := groupCount(t, e, w.listTK, "develop"); n != 0 {
		t.Fatalf("a list-only account has %d development items", n)
	}
	// The talk done, the record waits at the branch's next step (③), listed as that.
	w.pass(t, ours, develop.StepTalk, "2026-11-20", "talker", "支部书记", "content", "谈话内容")
	if got := items(t, e, secretary, "develop"); len(got) != 1 || !strings.Contains(got[0].Title, "入党积极分子") {
		t.Fatalf("after the talk: %+v", got)
	}
}

func TestWorkListRoutes(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	e := w.e
	apptest.Expect(t, e.Do("GET", "/api/worklist", "", nil), 401)
	apptest.Expect(t, e.Do("GET", "/api/worklist/items?key=develop", "", nil), 401)
	apptest.Expect(t, e.Do("GET", "/api/worklist/items?key=nosuch", w.csTK, nil), 404)
	apptest.Expect(t, e.Do("GET", "/api/worklist/items", w.csTK, nil), 400)
	// An account without an organisation (its scope needs one) counts 0, it is not refused.
	loose, _ := e.UserWith("LEVEL_AND_BELOW", 0, develop.Perms.List, develop.PermBranch)
	if n := groupCount(t, e, loose, "develop"); n != 0 {
		t.Fatalf("unanchored account: %d", n)
	}
}
