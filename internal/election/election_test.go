package election_test

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/election"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
)

// A branch's 换届 from the plan to the committee written back: the plan's
// rules, the higher committee's approval (the branch cannot approve its
// own), the vote of the members present (accounts and printed codes), a
// tie at the last seat voted again, the report and the confirmation that
// writes the committee and its term (3 years for a branch) to the
// organisation with its change trail.
func TestElection_PlanVoteTieConfirm(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e

	// 401, 403, 400 naming the field.
	apptest.Expect(t, e.Do("GET", "/api/hjxj", "", nil), 401)
	apptest.Expect(t, e.Do("POST", "/api/hjxj", w.noTK, w.plan(2, "甲", "乙", "丙")), 403)
	// 差额 with 2 seats needs 3 candidates (ceil 2.4).
	res := e.Do("POST", "/api/hjxj", w.branchTK, w.plan(2, "甲", "乙"))
	apptest.Expect(t, res, 400)
	if res.Map(t)["field"] != "candidates" {
		t.Fatalf("two candidates for two seats: %s", res.Body)
	}
	// A probationary member has no right to be elected; another branch's member is not the branch's.
	for _, bad := range []string{"己", "庚"} {
		res = e.Do("POST", "/api/hjxj", w.branchTK, w.plan(2, "甲", "乙", bad))
		if res.Status != 400 || res.Map(t)["field"] != "candidates" {
			t.Fatalf("candidate %s: %d %s", bad, res.Status, res.Body)
		}
	}
	// The 数学 committee cannot plan the branch's election (outside its scope).
	res = e.Do("POST", "/api/hjxj", w.mathTK, w.plan(2, "甲", "乙", "丙"))
	if res.Status != 400 || res.Map(t)["field"] != "orgId" {
		t.Fatalf("out of scope organisation: %d %s", res.Status, res.Body)
	}
	d := apptest.DoJSON[election.Detail](t, e, 201, "POST", "/api/hjxj", w.branchTK, w.plan(2, "甲", "乙", "丙"))
	if d.State != election.StateReview || len(d.Candidates) != 3 || d.ParentID != w.cs {
		t.Fatalf("plan %+v", d)
	}
	// One election under way per organisation.
	apptest.Expect(t, e.Do("POST", "/api/hjxj", w.branchTK, w.plan(2, "甲", "乙", "丙")), 409)
	path := fmt.Sprintf("/api/hjxj/%d", d.ID)
	apptest.Expect(t, e.Do("GET", path, w.mathTK, nil), 404)
	if rows, _ := apptest.GetPage[election.Record](t, e, w.mathTK, "/api/hjxj", nil); len(rows) != 0 {
		t.Fatalf("the 数学 committee sees %d elections", len(rows))
	}

	// The branch cannot approve its own plan, even holding hjxj:approve; nor vote before approval.
	w.act(t, w.branchTK, d.ID, flow.Approve, nil, 409)
	apptest.Expect(t, e.Do("POST", path+"/votes", w.branchTK, map[string]any{"present": []int64{w.members["甲"]}}), 409)
	w.act(t, w.mathTK, d.ID, flow.Approve, nil, 404)
	w.act(t, w.csTK, d.ID, flow.Approve, nil, 200)

	// The vote: 应到 5 (己 is probationary); 4 present is not more than four fifths.
	roll := apptest.DoJSON[election.Roll](t, e, 200, "GET", path+"/voters", w.branchTK, nil)
	if roll.Expected != 5 || len(roll.Options) != 3 || roll.Seats != 2 {
		t.Fatalf("roll %+v", roll)
	}
	four := []int64{w.members["甲"], w.members["乙"], w.members["丙"], w.members["丁"]}
	res = e.Do("POST", path+"/votes", w.branchTK, map[string]any{"present": four})
	if res.Status != 400 || res.Map(t)["field"] != "present" {
		t.Fatalf("4 of 5 present: %d %s", res.Status, res.Body)
	}
	apptest.Expect(t, e.Do("POST", path+"/votes", w.branchTK, map[string]any{"present": []int64{w.members["己"]}}), 400)
	all := append(four, w.members["戊"])
	opened := apptest.DoJSON[election.Opened](t, e, 200, "POST", path+"/votes", w.branchTK, map[string]any{"present": all})
	if len(opened.Codes) != 2 || opened.Present != 5 || opened.Expected != 5 || opened.Issued != 5 {
		t.Fatalf("opened %+v: 3 accounts and 2 printed codes", opened)
	}
	apptest.Expect(t, e.Do("POST", path+"/votes", w.branchTK, map[string]any{"present": all}), 409)
	// Results only after the close.
	if _, err := e.App.Ballots.TallyOf(t.Context(), opened.RoundID); err == nil {
		t.Fatal("a tally while voting")
	}
	a, b, c := w.key("甲"), w.key("乙"), w.key("丙")
	w.cast(t, opened.RoundID, "甲", "", a, b)
	w.cast(t, opened.RoundID, "乙", "", a, c)
	w.cast(t, opened.RoundID, "丙", "", a, b)
	w.cast(t, opened.RoundID, "", opened.Codes[0].Code, a, c)
	w.cast(t, opened.RoundID, "", opened.Codes[1].Code, b, "*丙") // a write-in of a listed name counts for it
	votePath := fmt.Sprintf("/api/hjxj/votes/%d/close", opened.ID)
	apptest.Expect(t, e.Do("POST", votePath, w.mathTK, nil), 404)
	closed := apptest.DoJSON[election.VoteView](t, e, 200, "POST", votePath, w.branchTK, nil)
	r := closed.Result
	if r == nil || r.Ballots != 5 || r.Elected != 1 || r.TiedSeats != 1 {
		t.Fatalf("甲 4, 乙 3, 丙 3 of 5: one elected, a tie for the last seat: %+v", r)
	}
	apptest.Expect(t, e.Do("POST", votePath, w.branchTK, nil), 409)
	// The report is refused while the tie stands.
	w.act(t, w.branchTK, d.ID, flow.Approve, map[string]any{"secretaryName": "甲"}, 400)

	// Another vote among the tied for the seat they share.
	roll = apptest.DoJSON[election.Roll](t, e, 200, "GET", path+"/voters", w.branchTK, nil)
	if roll.Seats != 1 || len(roll.Options) != 2 {
		t.Fatalf("second vote: %+v", roll)
	}
	second := apptest.DoJSON[election.Opened](t, e, 200, "POST", path+"/votes", w.branchTK, map[string]any{"present": all})
	for _, name := range []string{"甲", "乙", "丙"} {
		w.cast(t, second.RoundID, name, "", b)
	}
	w.cast(t, second.RoundID, "", second.Codes[0].Code, c)
	apptest.DoJSON[election.VoteView](t, e, 200, "POST", fmt.Sprintf("/api/hjxj/votes/%d/close", second.ID), w.branchTK, nil)
	d = apptest.DoJSON[election.Detail](t, e, 200, "GET", path, w.branchTK, nil)
	if len(d.Elected) != 2 || d.SeatsLeft != 0 || d.Elected[0].Name != "甲" || d.Elected[1].Name != "乙" {
		t.Fatalf("elected %+v", d.Elected)
	}

	// The report names the secretary among the elected; the higher committee confirms.
	w.act(t, w.branchTK, d.ID, flow.Approve, map[string]any{"secretaryName": "丙"}, 400)
	w.act(t, w.branchTK, d.ID, flow.Approve, map[string]any{"secretaryName": "甲", "deputyName": "乙"}, 200)
	w.act(t, w.branchTK, d.ID, flow.Approve, nil, 409)
	w.act(t, w.csTK, d.ID, flow.Approve, nil, 200)
	d = apptest.DoJSON[election.Detail](t, e, 200, "GET", path, w.branchTK, nil)
	if d.State != election.StateDone || d.TermStart.IsZero() {
		t.Fatalf("done %+v", d.Record)
	}
	o := apptest.DoJSON[org.Detail](t, e, 200, "GET", fmt.Sprintf("/api/dzzxx/%d", w.branch), e.AdminTK, nil)
	start := date.Of(opened.OpenedAt.In(date.China))
	if o.SecretaryName != "甲" || len(o.Committee) != 2 || o.TermStart != start || o.TermYears != 3 || o.TermEnd != start.AddYears(3) {
		t.Fatalf("organisation after the election: %+v", o.Org)
	}
	if o.SecretaryMemberID == nil || *o.SecretaryMemberID != w.members["甲"] || len(o.CommitteeMemberIDs) != 2 {
		t.Fatalf("the members chosen: %+v", o.Org)
	}
	trail, _ := apptest.GetPage[map[string]any](t, e, e.AdminTK, fmt.Sprintf("/api/dzzxx/%d/trail", w.branch), url.Values{})
	if len(trail) == 0 {
		t.Fatal("no change trail of the organisation")
	}
}

// A 二级党委's plan is approved by the school's 党委, not by itself.
func TestElection_CommitteeApprovedAbove(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	body := map[string]any{"orgId": w.cs, "title": "计算机学院党委换届选举", "seats": 1, "method": election.MethodDiff,
		"meetingOn": "2026-12-20", "candidates": w.candidates("甲", "乙")}
	d := apptest.DoJSON[election.Detail](t, w.e, 201, "POST", "/api/hjxj", w.csTK, body)
	w.act(t, w.csTK, d.ID, flow.Approve, nil, 409)
	w.act(t, w.deptTK, d.ID, flow.Return, nil, 200)
	// Resubmitted with a changed plan (等额 of 2 seats): checked as a new one.
	w.act(t, w.csTK, d.ID, flow.Approve, map[string]any{"title": "计算机学院党委换届选举", "seats": 2, "method": election.MethodEqual,
		"meetingOn": "2026-12-21", "candidates": w.candidates("甲")}, 400)
	w.act(t, w.csTK, d.ID, flow.Approve, map[string]any{"title": "计算机学院党委换届选举", "seats": 2, "method": election.MethodEqual,
		"meetingOn": "2026-12-21", "candidates": w.candidates("甲", "乙")}, 200)
	d = apptest.DoJSON[election.Detail](t, w.e, 200, "GET", fmt.Sprintf("/api/hjxj/%d", d.ID), w.csTK, nil)
	if d.State != election.StateReview || d.Seats != 2 || d.Method != election.MethodEqual {
		t.Fatalf("resubmitted %+v", d.Record)
	}
	w.act(t, w.deptTK, d.ID, flow.Approve, nil, 200)
	// The candidates' picker: the members with a vote of the organisation, in the caller's scope.
	people := apptest.DoJSON[[]election.RollEntry](t, w.e, 200, "GET", fmt.Sprintf("/api/hjxj/eligible?orgId=%d", w.branch), w.csTK, nil)
	if len(people) != 5 {
		t.Fatalf("eligible %+v (己 is probationary)", people)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/hjxj/eligible?orgId=%d", w.branch), w.mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/hjxj/eligible", w.csTK, nil), 400)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/hjxj/eligible?orgId=%d", w.branch), "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/hjxj/eligible?orgId=%d", w.branch), w.noTK, nil), 403)
	for _, p := range []string{"/api/hjxj/1/votes", "/api/hjxj/votes/1/close", "/api/ddbxj/units/1/votes", "/api/ddbxj/votes/1/close"} {
		apptest.Expect(t, w.e.Do("POST", p, "", map[string]any{}), 401)
		apptest.Expect(t, w.e.Do("POST", p, w.noTK, map[string]any{}), 403)
	}
	// The school's 党委 itself has no higher committee here.
	body["orgId"] = w.root
	res := w.e.Do("POST", "/api/hjxj", w.deptTK, body)
	if res.Status != 400 || res.Map(t)["field"] != "orgId" {
		t.Fatalf("the root's election: %d %s", res.Status, res.Body)
	}
}
