package develop_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
)

// probationer is a record admitted on admitted (⑮), approved by the
// committee a month later (its member record made), walked to ㉓.
func (w *c2World) probationer(t *testing.T, name string, admitted date.Date) int64 {
	t.Helper()
	id := w.record(t, name, develop.StepCommitteeApproval, approvalFacts(admitted))
	w.approve(t, w.csTK, id, committeeVotes(admitted.AddMonths(1)))
	w.walk(t, id, develop.StepFullMeeting, admitted.AddMonths(2))
	if m := w.memberOf(t, id); m.PartyStatus != member.PartyProbation {
		t.Fatalf("%s is not a probationary member: %+v", name, m)
	}
	return id
}

// fullVotes is ㉓'s form: 8 of the branch's 10 present, 7 agreeing, and the decision.
func fullVotes(on date.Date, decision string, extend int) map[string]any {
	return map[string]any{"date": on, "shouldAttend": 10, "present": 8, "agree": 7, "against": 1, "abstain": 0,
		"decision": decision, "extendMonths": extend}
}

// memberTrail is the member's trail, newest first.
func (w *c2World) memberTrail(t *testing.T, memberID int64) []audit.Labelled {
	t.Helper()
	return apptest.DoJSON[struct{ Content []audit.Labelled }](t, w.e, 200, "GET",
		fmt.Sprintf("/api/dyjbxx/%d/trail", memberID), w.deptTK, nil).Content
}

// RULES.md §2: probation is one year from the branch meeting; 转正 is
// discussed once it ends (on the day it ends, not a day before), with the
// notice ended; approved (㉔) the member is full from the probation's end,
// recorded in the member's trail; ㉕ archives and the development is done.
func TestRuleFullMembershipAfterOneYearProbation(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	admitted := date.Today().AddMonths(-13)
	end := admitted.AddMonths(12)
	id := w.probationer(t, "按期转正", admitted)
	if r := w.rec(t, id); r.ProbationEndsOn != end {
		t.Fatalf("probation ends %s, want %s", r.ProbationEndsOn, end)
	}
	w.refused(t, w.branchTK, id, fullVotes(end, develop.DecisionFull, 0), "公示不少于规定的工作日", "尚未发布公示")
	w.notice(t, develop.NoticeFull, end.AddDays(-20), end.AddDays(-3), id)
	w.refused(t, w.branchTK, id, fullVotes(end.AddDays(-1), develop.DecisionFull, 0), develop.RuleFullDecision,
		"预备期至 "+d(end)+" 届满")
	w.refused(t, w.branchTK, id, map[string]any{"date": end, "shouldAttend": 10, "present": 5, "agree": 5, "decision": "full"},
		develop.RuleQuorum, "实到 5 人")
	res := w.act(t, w.branchTK, id, "approve", fullVotes(end, "", 0))
	if res.Status != 400 || res.Map(t)["field"] != "decision" {
		t.Fatalf("no decision: %d %s", res.Status, res.Body)
	}
	w.approve(t, w.branchTK, id, fullVotes(end, develop.DecisionFull, 0))
	m := w.memberOf(t, id)
	if m.PartyStatus != member.PartyProbation {
		t.Fatalf("full before the committee approved: %+v", m)
	}
	w.approve(t, w.csTK, id, committeeVotes(date.Today()))
	r := w.rec(t, id)
	m = w.memberOf(t, id)
	if m.PartyStatus != member.PartyFull || m.FullOn != end || r.FullOn != end || r.Step != develop.StepArchive || r.Stage != develop.StageFull {
		t.Fatalf("after ㉔: member %s %s, record %s %s %s", m.PartyStatus, m.FullOn, r.FullOn, r.Step, r.Stage)
	}
	trail := w.memberTrail(t, m.ID)
	if len(trail) != 2 || trail[0].Type != audit.TypeUpdate || trail[1].Type != audit.TypeAdd {
		t.Fatalf("member trail: %+v", trail)
	}
	w.approve(t, w.branchTK, id, map[string]any{"date": date.Today(), "place": "党委组织部档案室"})
	if r := w.rec(t, id); r.Stage != develop.StageFull || r.Step != "" {
		t.Fatalf("after ㉕: %s %q", r.Stage, r.Step)
	}
}

// RULES.md §2: an extension of the probation is at least 6 months and at
// most a year; approved, the probation's end moves and the record goes back
// to the probation's education (㉑), the member staying probationary.
func TestRuleProbationExtensionSixToTwelveMonths(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	admitted := date.Today().AddMonths(-13)
	end := admitted.AddMonths(12)
	edges := w.record(t, "延长边界", develop.StepFullMeeting, facts{admittedOn: admitted, probation: end})
	res := w.act(t, w.branchTK, edges, "approve", fullVotes(end, develop.DecisionExtend, 5))
	if res.Status != 400 || res.Map(t)["field"] != "extendMonths" {
		t.Fatalf("5 months: %d %s", res.Status, res.Body)
	}
	res = w.act(t, w.branchTK, edges, "approve", fullVotes(end, develop.DecisionExtend, 13))
	if res.Status != 400 || res.Map(t)["field"] != "extendMonths" {
		t.Fatalf("13 months: %d %s", res.Status, res.Body)
	}
	w.approve(t, w.branchTK, edges, fullVotes(end, develop.DecisionExtend, 12)) // no notice needed to extend
	w.approve(t, w.csTK, edges, committeeVotes(date.Today()))
	if r := w.rec(t, edges); r.ProbationEndsOn != end.AddMonths(12) || r.Step != develop.StepProbationEducation {
		t.Fatalf("extended by 12: %+v", r)
	}

	id := w.probationer(t, "延长预备期", admitted)
	w.approve(t, w.branchTK, id, fullVotes(end, develop.DecisionExtend, 6))
	w.approve(t, w.csTK, id, committeeVotes(date.Today()))
	r := w.rec(t, id)
	if r.ProbationEndsOn != end.AddMonths(6) || r.Step != develop.StepProbationEducation || r.Stage != develop.StageProbationary || r.FullOn != "" {
		t.Fatalf("after the extension: %+v", r)
	}
	m := w.memberOf(t, id)
	if m.PartyStatus != member.PartyProbation || m.FullOn != "" || len(w.memberTrail(t, m.ID)) != 1 {
		t.Fatalf("the member changed on an extension: %+v", m)
	}
	// Back at ㉑ → ㉒ → ㉓: the 转正 now waits for the extended end (in the future).
	w.walk(t, id, develop.StepFullMeeting, date.Today())
	w.notice(t, develop.NoticeFull, date.Today().AddDays(-20), date.Today().AddDays(-3), id)
	w.refused(t, w.branchTK, id, fullVotes(date.Today(), develop.DecisionFull, 0), develop.RuleFullDecision,
		"预备期至 "+d(end.AddMonths(6))+" 届满")
}

// 取消预备党员资格: the meeting decides it, the committee confirms it with
// 不通过 (通过 would archive a full member); the record ends and the member
// record leaves the party (DY_ZT 3 已出党), recorded in its trail.
func TestProbationCancelledMemberFollows(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	admitted := date.Today().AddMonths(-13)
	id := w.probationer(t, "取消资格", admitted)
	w.approve(t, w.branchTK, id, fullVotes(date.Today(), develop.DecisionCancel, 0))
	w.refused(t, w.csTK, id, map[string]any{"date": date.Today()}, develop.RuleCancelByRejection, "请选择「不通过」")
	apptest.Expect(t, w.act(t, w.csTK, id, "reject", map[string]any{"date": date.Today()}, "comment", "同意取消预备党员资格"), 200)
	r := w.rec(t, id)
	m := w.memberOf(t, id)
	if r.Stage != develop.StageEnded || r.Step != "" || r.EndedReason != "同意取消预备党员资格" {
		t.Fatalf("record after the cancellation: %+v", r)
	}
	if m.MemberStatus != "3" || m.PartyStatus != member.PartyProbation || m.FullOn != "" {
		t.Fatalf("member after the cancellation: %+v", m)
	}
	if trail := w.memberTrail(t, m.ID); len(trail) != 2 || trail[0].Type != audit.TypeUpdate {
		t.Fatalf("member trail: %+v", trail)
	}
}

// A 转正 the committee does not approve (不通过 at ㉔) cancels the probation too.
func TestFullApprovalRejectedCancelsProbation(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	admitted := date.Today().AddMonths(-13)
	end := admitted.AddMonths(12)
	id := w.probationer(t, "不予转正", admitted)
	w.notice(t, develop.NoticeFull, end.AddDays(-20), end.AddDays(-3), id)
	w.approve(t, w.branchTK, id, fullVotes(end, develop.DecisionFull, 0))
	apptest.Expect(t, w.act(t, w.csTK, id, "reject", map[string]any{"date": date.Today()}, "comment", "考察期表现不合格"), 200)
	if m := w.memberOf(t, id); m.MemberStatus != "3" || m.PartyStatus != member.PartyProbation {
		t.Fatalf("member after 不予转正: %+v", m)
	}
}

// RULES.md §2 ㉔: the committee approves the 转正 within 3 months of the
// branch meeting on it.
func TestRuleFullApprovalWithinThreeMonths(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	meeting := date.Today().AddMonths(-4)
	at := func(name string) int64 {
		return w.record(t, name, develop.StepFullApproval, facts{admittedOn: meeting.AddMonths(-12), probation: meeting,
			done:  map[string]string{develop.StepFullMeeting: d(meeting)},
			forms: map[string]any{develop.StepFullMeeting: fullVotes(meeting, develop.DecisionFull, 0)}})
	}
	late := at("审批超期")
	w.refused(t, w.csTK, late, committeeVotes(meeting.AddMonths(3).AddDays(1)), develop.RuleFullApprovalTime,
		"审批应在 "+d(meeting.AddMonths(3))+" 前完成")
	w.approve(t, w.csTK, late, committeeVotes(meeting.AddMonths(3)))
	if r := w.rec(t, late); r.Step != develop.StepArchive || r.FullOn != meeting {
		t.Fatalf("approved on the last day: %+v", r)
	}
}

// A record returned to before ⑰ keeps its member record; rejected there,
// the probation is cancelled all the same.
func TestRejectionAfterReturnCancelsProbation(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	meeting := date.Today().AddMonths(-2)
	id := w.record(t, "退回后不通过", develop.StepCommitteeApproval, approvalFacts(meeting))
	w.approve(t, w.csTK, id, committeeVotes(meeting.AddMonths(1)))
	apptest.Expect(t, w.act(t, w.deptTK, id, "return", nil, "toStep", develop.StepBranchMeeting, "comment", "会议记录不全"), 200)
	if m := w.memberOf(t, id); m.MemberStatus != member.StatusNormal {
		t.Fatalf("a return changed the member: %+v", m)
	}
	apptest.Expect(t, w.act(t, w.branchTK, id, "reject", nil, "comment", "支部大会复议未通过"), 200)
	if m := w.memberOf(t, id); m.MemberStatus != "3" {
		t.Fatalf("member after the rejection: %+v", m)
	}
}
