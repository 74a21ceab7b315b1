package appraisal_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/appraisal"
	"zhdj/internal/apptest"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/date"
)

// A branch's whole appraisal: the 二级党委 opens the year's rounds for its
// branches (an empty one skipped, a second batch refused); a member writes,
// saves and submits their summary within the bounds; the secretary opens
// the vote (probationary members vote but are not on the paper; a member
// without an account gets a printed code); exactly half of the members
// voting does not count (RULES §4: more than half must vote) and a new vote
// is opened; half + 1 counts; the counts and the proposals follow the votes
// (a tie to the lower grade, 优秀 beyond 1/3 proposed 合格); the decision is
// refused beyond 1/3 优秀 and without a reason where it differs from the
// proposal; the grades show on the member's detail; the member graded 不合格
// is followed up with 劝其退党, which starts their 出党.
func TestAppraisal_WholeRound(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	year := date.Today().Time().Year()
	opened := w.open(t, w.csTK, w.cs, year)
	if opened.Opened != 2 || opened.Skipped != 1 {
		t.Fatalf("opened %+v", opened)
	}
	apptest.ExpectField(t, w.e.Do("POST", "/api/mzpy/rounds", w.csTK, map[string]any{"year": year, "orgId": w.cs}),
		"orgId", fmt.Sprintf("计算机学院党委下的党支部%d年度均已开展民主评议或没有党员", year))
	apptest.ExpectField(t, w.e.Do("POST", "/api/mzpy/rounds", w.csTK, map[string]any{"year": year, "orgId": w.math}), "orgId", "所选党组织不存在")
	apptest.ExpectField(t, w.e.Do("POST", "/api/mzpy/rounds", w.csTK, map[string]any{"year": 1800, "orgId": w.cs}), "year", "年度应为 2000 到 2100 之间的年份")

	// The progress of 计算机: b1 and b2 自评中, the empty branch 未开始.
	prog := apptest.DoJSON[appraisal.Progress](t, w.e, 200, "GET", "/api/mzpy/progress", w.csTK, nil)
	if prog.TotalElements != 3 || prog.Counts[appraisal.StateSelf] != 2 || prog.Counts[appraisal.StateNone] != 1 {
		t.Fatalf("progress %+v", prog)
	}
	var id int64
	for _, r := range prog.Content {
		if r.OrgID == w.b1 {
			id = r.RoundID
			if r.Members != 6 || r.Graded != 5 {
				t.Errorf("b1's line %+v", r)
			}
		}
	}

	// A1 writes a summary: too long refused, a draft saved, too short
	// refused at the submission, then submitted; no more changes after.
	mine := apptest.DoJSON[appraisal.MineView](t, w.e, 200, "GET", "/api/mzpy/self", w.fullTK[0], nil)
	if len(mine.Rounds) != 1 || !mine.Rounds[0].Editable || mine.Template == "" || mine.MinWords != 300 || mine.MaxWords != 3000 {
		t.Fatalf("mine %+v", mine)
	}
	self := fmt.Sprintf("/api/mzpy/self/%d", mine.Rounds[0].ID)
	apptest.ExpectField(t, w.e.Do("PUT", self, w.fullTK[0], map[string]any{"summary": strings.Repeat("学", 3001)}), "summary", "个人总结不超过3000字（现为3001字）")
	apptest.DoJSON[appraisal.Mine](t, w.e, 200, "PUT", self, w.fullTK[0], map[string]any{"summary": "一、思想政治方面"})
	apptest.ExpectField(t, w.e.Do("POST", self+"/submit", w.fullTK[0], map[string]any{"summary": strings.Repeat("学", 299)}), "summary", "个人总结不少于300字（现为299字）")
	sub := apptest.DoJSON[appraisal.Mine](t, w.e, 200, "POST", self+"/submit", w.fullTK[0], map[string]any{"summary": strings.Repeat("学 ", 300)})
	if sub.SummaryState != appraisal.SummarySubmitted || sub.Editable {
		t.Errorf("submitted %+v", sub)
	}
	apptest.Expect(t, w.e.Do("PUT", self, w.fullTK[0], map[string]any{"summary": "改"}), 400)
	apptest.Expect(t, w.e.Do("PUT", self, w.fullTK[1], map[string]any{"summary": "别人的"}), 404) // another's row
	if s := apptest.DoJSON[appraisal.SummaryView](t, w.e, 200, "GET", fmt.Sprintf("/api/mzpy/members/%d", mine.Rounds[0].ID), w.secTK, nil); s.SummaryWords != 300 {
		t.Errorf("summary as the branch reads it %+v", s.AppraiseeView)
	}

	// The vote: a meeting of another kind refused; codes for A5.
	apptest.ExpectField(t, w.e.Do("POST", roundPath(id, "vote"), w.secTK, map[string]any{"meetingId": 99999}), "meetingId", "请选择本支部的组织生活会或支部党员大会")
	vote := apptest.DoJSON[appraisal.VoteOpened](t, w.e, 200, "POST", roundPath(id, "vote"), w.secTK, map[string]any{})
	if len(vote.Codes) != 1 || vote.Round.State != appraisal.StateVoting || vote.Round.LiveIssued != 6 || vote.Round.ExcellentCap != 1 {
		t.Fatalf("vote %+v", vote)
	}
	apptest.Expect(t, w.e.Do("PUT", fmt.Sprintf("/api/mzpy/self/%d", mine.Rounds[0].ID), w.fullTK[1], map[string]any{"summary": "迟到"}), 404)
	d := w.detail(t, w.secTK, id)
	// Probationary members vote but are not on the paper.
	paper := apptest.DoJSON[ballot.VoterView](t, w.e, 200, "GET", fmt.Sprintf("/api/ballot/%d", *d.BallotID), w.probTK, nil)
	if len(paper.Paper.Questions) != 5 || strings.Contains(fmt.Sprint(paper.Paper.Questions), "李预备") {
		t.Fatalf("paper %+v", paper.Paper.Questions)
	}
	apptest.Expect(t, w.e.Do("POST", roundPath(id, "decide"), w.secTK, map[string]any{"grades": []any{}}), 400)
	cast := func(tk string, d appraisal.RoundDetail, grades ...string) {
		t.Helper()
		apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/ballot/%d/cast", *d.BallotID), tk, map[string]any{"marks": ballotOf(d, w.full, grades...)}), 200)
	}
	const E, Q, B, U = appraisal.GradeExcellent, appraisal.GradeQualified, appraisal.GradeBasic, appraisal.GradeUnqualified
	// Exactly half (3 of 6) voted: the vote does not count.
	cast(w.fullTK[0], d, E, E, Q, B, U)
	cast(w.fullTK[1], d, E, E, Q, Q, U)
	cast(w.probTK, d, Q, Q, Q, Q, Q)
	closed := apptest.DoJSON[appraisal.RoundView](t, w.e, 200, "POST", roundPath(id, "close"), w.secTK, nil)
	if closed.State != appraisal.StateVoid || closed.Issued != 6 || closed.Cast != 3 {
		t.Fatalf("half voted: %+v", closed)
	}
	apptest.Expect(t, w.e.Do("POST", roundPath(id, "decide"), w.secTK, map[string]any{"grades": []any{}}), 400)

	// A new vote: half + 1 (4 of 6, the printed code among them) counts.
	vote = apptest.DoJSON[appraisal.VoteOpened](t, w.e, 200, "POST", roundPath(id, "vote"), w.secTK, map[string]any{})
	d = w.detail(t, w.secTK, id)
	if d.Votes != 2 {
		t.Errorf("votes %d", d.Votes)
	}
	cast(w.fullTK[0], d, E, E, Q, B, U)
	cast(w.fullTK[1], d, E, E, Q, Q, U)
	cast(w.fullTK[2], d, E, Q, E, B, U)
	apptest.Expect(t, w.e.Do("POST", "/api/ballot/code/cast", "", map[string]any{"round": *d.BallotID, "code": vote.Codes[0].Code,
		"marks": ballotOf(d, w.full, Q, E, Q, Q, B)}), 200)
	closed = apptest.DoJSON[appraisal.RoundView](t, w.e, 200, "POST", roundPath(id, "close"), w.secTK, nil)
	if closed.State != appraisal.StateCounted || closed.Cast != 4 {
		t.Fatalf("half + 1 voted: %+v", closed)
	}
	d = w.detail(t, w.secTK, id)
	want := []struct {
		counts   [4]int
		proposed string
	}{{[4]int{3, 1, 0, 0}, E}, {[4]int{3, 1, 0, 0}, Q}, {[4]int{1, 3, 0, 0}, Q}, {[4]int{0, 2, 2, 0}, B}, {[4]int{0, 0, 1, 3}, U}}
	for i, m := range w.full {
		a := rowOf(d, m)
		if got := [4]int{a.Excellent, a.Qualified, a.Basic, a.Unqualified}; got != want[i].counts || a.Proposed != want[i].proposed {
			t.Errorf("A%d: counts %v proposed %s, want %v %s", i+1, got, a.Proposed, want[i].counts, want[i].proposed)
		}
	}
	if p := rowOf(d, w.prob); p.Proposed != "" || p.Excellent+p.Qualified+p.Basic+p.Unqualified != 0 {
		t.Errorf("probationary member counted %+v", p)
	}

	grades := func(g ...string) []map[string]any {
		var out []map[string]any
		for i, x := range g {
			out = append(out, map[string]any{"id": rowOf(d, w.full[i]).ID, "grade": x})
		}
		return out
	}
	// 1/3 of 5: at most one 优秀.
	apptest.ExpectField(t, w.e.Do("POST", roundPath(id, "decide"), w.secTK, map[string]any{"grades": grades(E, E, Q, B, U)}),
		"grades[1].reason", "张2的等次与建议等次（合格）不同，请填写理由")
	g := grades(E, E, Q, B, U)
	g[1]["reason"] = "群众公认"
	apptest.ExpectField(t, w.e.Do("POST", roundPath(id, "decide"), w.secTK, map[string]any{"grades": g}),
		"grades", "优秀等次不能超过参评党员的三分之一：本次5名正式党员参评，最多评定1名优秀（现为2名）")
	apptest.ExpectField(t, w.e.Do("POST", roundPath(id, "decide"), w.secTK, map[string]any{"grades": grades(E, Q, Q, B)}), "grades", "请评定张5的等次")
	withProb := append(grades(E, Q, Q, B, U), map[string]any{"id": rowOf(d, w.prob).ID, "grade": Q})
	apptest.ExpectField(t, w.e.Do("POST", roundPath(id, "decide"), w.secTK, map[string]any{"grades": withProb}),
		"grades[5].id", "该党员不在本次评定等次的党员中（预备党员不评定等次）")
	g = grades(E, Q, Q, Q, U)
	g[3]["reason"] = "整改及时"
	dec := apptest.DoJSON[appraisal.RoundDetail](t, w.e, 200, "POST", roundPath(id, "decide"), w.secTK, map[string]any{"grades": g})
	if dec.State != appraisal.StateDecided || dec.Excellent != 1 || dec.Unqualified != 1 || rowOf(dec, w.full[3]).Reason != "整改及时" {
		t.Fatalf("decided %+v", dec.RoundView)
	}
	apptest.Expect(t, w.e.Do("POST", roundPath(id, "decide"), w.secTK, map[string]any{"grades": g}), 400)

	// The member's detail: the counts and the grade; nothing for the probationary member.
	res := apptest.DoJSON[[]appraisal.Result](t, w.e, 200, "GET", fmt.Sprintf("/api/mzpy/member/%d", w.full[0]), w.secTK, nil)
	if len(res) != 1 || res[0].Grade != E || res[0].Excellent != 3 || res[0].Year != year {
		t.Errorf("A1's results %+v", res)
	}
	if res := apptest.DoJSON[[]appraisal.Result](t, w.e, 200, "GET", fmt.Sprintf("/api/mzpy/member/%d", w.prob), w.secTK, nil); len(res) != 0 {
		t.Errorf("probationary member graded %+v", res)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/mzpy/member/%d", w.full[0]), w.mathTK, nil), 404)
	if mine := apptest.DoJSON[appraisal.MineView](t, w.e, 200, "GET", "/api/mzpy/self", w.fullTK[0], nil); mine.Rounds[0].Grade != E {
		t.Errorf("A1's own view %+v", mine.Rounds[0])
	}

	// The follow-up of 张5 (不合格): 劝其退党 starts 出党.
	follow, _ := apptest.GetPage[appraisal.FollowRow](t, w.e, w.csTK, "/api/mzpy/follow", url.Values{"followUp": {""}})
	if len(follow) != 1 || follow[0].MemberID != w.full[4] {
		t.Fatalf("follow-ups %+v", follow)
	}
	fp := fmt.Sprintf("/api/mzpy/members/%d/follow", follow[0].ID)
	apptest.ExpectField(t, w.e.Do("POST", fp, w.csTK, map[string]any{"action": "x"}), "action", "请选择处置方式")
	apptest.ExpectField(t, w.e.Do("POST", fp, w.csTK, map[string]any{"action": appraisal.FollowCorrect}), "due", "请选择改正期限")
	f := apptest.DoJSON[appraisal.FollowRow](t, w.e, 200, "POST", fp, w.csTK, map[string]any{"action": appraisal.FollowPersuade, "note": "经教育仍无转变"})
	if f.FollowUp != appraisal.FollowPersuade || f.TransferID == nil {
		t.Fatalf("follow-up %+v", f)
	}
	tr := w.e.Do("GET", fmt.Sprintf("/api/zzgx/%d", *f.TransferID), w.csTK, nil).Map(t)
	if tr["kind"] != "leave" || !strings.Contains(fmt.Sprint(tr["reason"]), "劝其退党") {
		t.Errorf("transfer %v", tr)
	}
	apptest.Expect(t, w.e.Do("POST", fp, w.csTK, map[string]any{"action": appraisal.FollowRemove}), 400)

	// The trail: opened, two votes opened and closed, decided.
	entries, total := apptest.GetPage[map[string]any](t, w.e, w.secTK, roundPath(id, "trail"), nil)
	if total != 6 || !strings.Contains(fmt.Sprint(entries[0]), "优秀1名") {
		t.Errorf("trail %d %v", total, entries)
	}
	// The export of the progress.
	x := apptest.Download(t, w.e.Do("GET", "/api/mzpy/progress/export?state=decided", w.csTK, nil))
	rows, _ := x.GetRows(x.GetSheetName(0))
	if len(rows) < 3 || !strings.Contains(fmt.Sprint(rows), "计算机教工党支部") || strings.Contains(fmt.Sprint(rows), "计算机学生党支部") {
		t.Errorf("export %v", rows)
	}
}

// Every route: no token 401, no permission 403, a round or member out of
// scope 404; bad filters 400.
func TestRoutes_401_403_404(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	year := date.Today().Time().Year()
	opened := w.open(t, w.csTK, w.cs, year)
	id := opened.IDs[0]
	d := w.detail(t, w.csTK, id)
	row := d.Appraisees[0].ID
	routes := []struct{ method, path string }{
		{"GET", "/api/mzpy/progress"}, {"GET", "/api/mzpy/progress/export"}, {"POST", "/api/mzpy/rounds"}, {"GET", roundPath(id, "")},
		{"GET", roundPath(id, "meetings")}, {"POST", roundPath(id, "vote")}, {"POST", roundPath(id, "close")}, {"POST", roundPath(id, "decide")},
		{"GET", roundPath(id, "trail")}, {"GET", fmt.Sprintf("/api/mzpy/members/%d", row)}, {"POST", fmt.Sprintf("/api/mzpy/members/%d/follow", row)},
		{"GET", "/api/mzpy/follow"}, {"GET", fmt.Sprintf("/api/mzpy/member/%d", d.Appraisees[0].MemberID)}, {"GET", "/api/mzpy/self"},
		{"PUT", fmt.Sprintf("/api/mzpy/self/%d", row)}, {"POST", fmt.Sprintf("/api/mzpy/self/%d/submit", row)},
	}
	var calls []apptest.Call
	for _, c := range routes {
		calls = append(calls, apptest.Call{Method: c.method, Path: c.path, Token: "", Body: map[string]any{}, Want: 401},
			apptest.Call{Method: c.method, Path: c.path, Token: w.noTK, Body: map[string]any{}, Want: 403})
	}
	// Out of scope: 数学 reaches nothing of 计算机's round.
	for _, c := range append(routes[3:11:11], routes[12]) { // the follow-up list (11) leaves out-of-scope rows out
		calls = append(calls, apptest.Call{Method: c.method, Path: c.path, Token: w.mathTK, Body: map[string]any{"grades": []any{}, "action": "correct"}, Want: 404})
	}
	w.e.ExpectCalls(t, calls)
	for _, q := range []string{"year=abc", "state=x", "orgId=0", "nope=1"} {
		apptest.Expect(t, w.e.Do("GET", "/api/mzpy/progress?"+q, w.csTK, nil), 400)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/mzpy/progress?orgId="+fmt.Sprint(w.math), w.csTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/mzpy/follow?sort=x,asc", w.csTK, nil), 400)
	// A member's own page without a member record.
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/mzpy/self", w.e.AdminTK, nil), 404, "您的账号未关联党员信息，请联系党支部")
	// The branch secretary does not open rounds (mzpy:open is the 二级党委's and the 组织部's).
	apptest.Expect(t, w.e.Do("POST", "/api/mzpy/rounds", w.secTK, map[string]any{"year": year, "orgId": w.b1}), 403)
}
