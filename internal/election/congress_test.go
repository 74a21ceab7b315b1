package election_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/election"
)

// A congress: the 组织部 sets constituencies and quotas, the branches
// nominate, a constituency votes (差额: 20% more nominees than its quota),
// the representatives are listed and exported.
func TestCongress_NominateVoteRepresentatives(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	body := map[string]any{"orgId": w.root, "title": "学校第五次党代会代表选举", "nominateBy": "2026-12-15",
		"units": []map[string]any{{"orgId": w.cs, "quota": 1, "method": election.MethodDiff}, {"orgId": w.math, "quota": 1, "method": election.MethodEqual}}}
	apptest.Expect(t, e.Do("POST", "/api/ddbxj", "", body), 401)
	apptest.Expect(t, e.Do("POST", "/api/ddbxj", w.noTK, body), 403)
	res := e.Do("POST", "/api/ddbxj", w.csTK, body) // the 党委 lies outside the committee's scope
	if res.Status != 400 || res.Map(t)["field"] != "orgId" {
		t.Fatalf("convened outside the scope: %d %s", res.Status, res.Body)
	}
	bad := map[string]any{"orgId": w.root, "title": "x", "nominateBy": "2026-12-15", "units": []map[string]any{{"orgId": w.cs, "quota": 0, "method": election.MethodDiff}}}
	if res = e.Do("POST", "/api/ddbxj", w.deptTK, bad); res.Status != 400 || res.Map(t)["field"] != "units" {
		t.Fatalf("a quota of 0: %d %s", res.Status, res.Body)
	}
	g := apptest.DoJSON[election.CongressDetail](t, e, 201, "POST", "/api/ddbxj", w.deptTK, body)
	if len(g.Units) != 2 {
		t.Fatalf("congress %+v", g)
	}
	cs, math := g.Units[0], g.Units[1]
	nominate := func(token string, unit, branch int64, name string, want int) {
		t.Helper()
		apptest.Expect(t, e.Do("POST", fmt.Sprintf("/api/ddbxj/units/%d/nominations", unit), token,
			map[string]any{"branchId": branch, "memberId": w.members[name], "reason": "工作突出"}), want)
	}
	// The branch sees the congress (its constituency lies above it) and nominates its members.
	seen := apptest.DoJSON[election.CongressDetail](t, e, 200, "GET", fmt.Sprintf("/api/ddbxj/%d", g.ID), w.branchTK, nil)
	if len(seen.Units) != 1 || seen.Units[0].ID != cs.ID || !seen.Units[0].CanNominate || seen.Units[0].CanVote {
		t.Fatalf("the branch's view: %+v", seen.Units)
	}
	nominate(w.branchTK, cs.ID, w.branch, "甲", 200)
	nominate(w.branchTK, cs.ID, w.branch, "甲", 409)
	nominate(w.branchTK, cs.ID, w.branch, "己", 400)   // probationary: no right to be elected
	nominate(w.branchTK, cs.ID, w.mbranch, "庚", 400)  // a branch outside the caller's scope
	nominate(w.mathTK, math.ID, w.mbranch, "甲", 400)  // not of the constituency
	nominate(w.branchTK, math.ID, w.branch, "庚", 404) // a constituency the branch does not see
	// 差额 with a quota of 1 needs 2 nominees.
	if res = e.Do("POST", fmt.Sprintf("/api/ddbxj/units/%d/votes", cs.ID), w.csTK, map[string]any{}); res.Status != 400 {
		t.Fatalf("one nominee for a 差额 quota of 1: %d %s", res.Status, res.Body)
	}
	nominate(w.branchTK, cs.ID, w.branch, "乙", 200)
	// The branch cannot hold the constituency's vote.
	apptest.Expect(t, e.Do("POST", fmt.Sprintf("/api/ddbxj/units/%d/votes", cs.ID), w.branchTK, map[string]any{}), 403)
	roll := apptest.DoJSON[election.Roll](t, e, 200, "GET", fmt.Sprintf("/api/ddbxj/units/%d/voters", cs.ID), w.csTK, nil)
	present := []int64{}
	for _, v := range roll.Voters {
		present = append(present, v.ID)
	}
	if roll.Expected != 5 || len(roll.Options) != 2 {
		t.Fatalf("constituency roll %+v", roll)
	}
	opened := apptest.DoJSON[election.Opened](t, e, 200, "POST", fmt.Sprintf("/api/ddbxj/units/%d/votes", cs.ID), w.csTK, map[string]any{"present": present})
	// Nominations close once the vote starts.
	nominate(w.branchTK, cs.ID, w.branch, "丙", 409)
	key := func(n string) string { return fmt.Sprintf("m%d", w.members[n]) }
	w.cast(t, opened.RoundID, "甲", "", key("甲"))
	w.cast(t, opened.RoundID, "乙", "", key("甲"))
	w.cast(t, opened.RoundID, "丙", "", key("乙"))
	w.cast(t, opened.RoundID, "", opened.Codes[0].Code, key("甲"))
	apptest.DoJSON[election.VoteView](t, e, 200, "POST", fmt.Sprintf("/api/ddbxj/votes/%d/close", opened.ID), w.csTK, nil)
	reps := apptest.DoJSON[[]election.Representative](t, e, 200, "GET", fmt.Sprintf("/api/ddbxj/%d/reps", g.ID), w.deptTK, nil)
	if len(reps) != 1 || reps[0].Name != "甲" || reps[0].Votes != 3 || reps[0].Present != 5 {
		t.Fatalf("representatives %+v", reps)
	}
	apptest.Expect(t, e.Do("GET", fmt.Sprintf("/api/ddbxj/%d/reps/export", g.ID), w.noTK, nil), 403)
	f := apptest.Download(t, e.Do("GET", fmt.Sprintf("/api/ddbxj/%d/reps/export", g.ID), w.deptTK, nil))
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range rows {
		for _, c := range r {
			found = found || c == "甲"
		}
	}
	if !found {
		t.Fatalf("the workbook lists no 甲: %v", rows)
	}
	apptest.Expect(t, e.Do("GET", fmt.Sprintf("/api/ddbxj/%d", g.ID), w.noTK, nil), 403)
}
