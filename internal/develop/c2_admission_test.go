package develop_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
)

// RULES.md §2 ⑩: a political review is valid one year. ⑫ 支部委员会审查
// passes on the day it turns exactly 12 months old and is refused a day later.
func TestRulePoliticalReviewValidOneYearAtBranchReview(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	on := date.Today().AddDays(-10)
	fresh := w.record(t, "政审满一年", develop.StepBranchReview, facts{done: map[string]string{
		develop.StepPoliticalReview: d(on.AddMonths(-12))}})
	w.approve(t, w.branchTK, fresh, map[string]any{"date": on})
	if r := w.rec(t, fresh); r.Step != develop.StepPreReview {
		t.Fatalf("after ⑫ the record waits at %s", r.Step)
	}
	stale := w.record(t, "政审过期", develop.StepBranchReview, facts{done: map[string]string{
		develop.StepPoliticalReview: d(on.AddMonths(-12).AddDays(-1))}})
	w.refused(t, w.branchTK, stale, map[string]any{"date": on}, develop.RulePoliticalReview, "有效期 12 个月")
	none := w.record(t, "未政审", develop.StepBranchReview, facts{})
	w.refused(t, w.branchTK, none, map[string]any{"date": on}, develop.RulePoliticalReview, "尚未进行政治审查")
}

// admitFacts are the facts of a target ready for ⑮ on date on: reviewed
// half a year before, pre-reviewed exactly a month before.
func admitFacts(on date.Date) facts {
	return facts{leavingOn: on.AddMonths(3), done: map[string]string{
		develop.StepPoliticalReview: d(on.AddMonths(-6)), develop.StepPreReview: d(on.AddMonths(-1))}}
}

func votes(on date.Date, should, present, agree int) map[string]any {
	return map[string]any{"date": on, "shouldAttend": should, "present": present, "agree": agree, "against": 0, "abstain": 0}
}

// RULES.md §2 ⑮: more than half of the members with a vote attend, and more
// than half of those who should attend agree; the meeting is held within a
// month of the pre-review, with the notice ended and the political review
// valid; a target leaving within 3 months is not admitted. The probation
// (12 months) starts with the meeting.
func TestRulesBranchMeetingAdmission(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	on := date.Today().AddDays(-3)
	noticed := func(id int64) int64 {
		w.notice(t, develop.NoticeAdmit, on.AddDays(-25), on.AddDays(-5), id)
		return id
	}
	id := noticed(w.record(t, "接收", develop.StepBranchMeeting, admitFacts(on)))

	t.Run("quorum: half present is not enough, one more is", func(t *testing.T) {
		w.refused(t, w.branchTK, id, votes(on, 10, 5, 5), develop.RuleQuorum, "应到 10 人，实到 5 人")
	})
	t.Run("majority of those who should attend, not of those present", func(t *testing.T) {
		w.refused(t, w.branchTK, id, votes(on, 10, 10, 5), develop.RuleMajority, "赞成 5 票")
		w.refused(t, w.branchTK, id, votes(on, 10, 6, 5), develop.RuleMajority, "赞成 5 票")
	})
	t.Run("votes that cannot be are bad input", func(t *testing.T) {
		res := w.act(t, w.branchTK, id, "approve", votes(on, 10, 11, 6))
		if res.Status != 400 || res.Map(t)["field"] != "present" {
			t.Fatalf("more present than members: %d %s", res.Status, res.Body)
		}
		res = w.act(t, w.branchTK, id, "approve", map[string]any{"date": on, "shouldAttend": 10, "present": 6, "agree": 5, "against": 2})
		if res.Status != 400 || res.Map(t)["field"] != "agree" {
			t.Fatalf("more votes than present: %d %s", res.Status, res.Body)
		}
	})
	t.Run("six of ten present and agreeing, leaving exactly 3 months later: admitted", func(t *testing.T) {
		w.approve(t, w.branchTK, id, votes(on, 10, 6, 6))
		r := w.rec(t, id)
		if r.Step != develop.StepCommitteeTalk || r.AdmittedOn != on || r.ProbationEndsOn != on.AddMonths(12) {
			t.Fatalf("after ⑮: step %s admitted %s probation ends %s", r.Step, r.AdmittedOn, r.ProbationEndsOn)
		}
	})
	t.Run("the meeting a day more than a month after the pre-review", func(t *testing.T) {
		f := admitFacts(on)
		f.done[develop.StepPreReview] = d(on.AddMonths(-1).AddDays(-1))
		late := noticed(w.record(t, "预审过久", develop.StepBranchMeeting, f))
		w.refused(t, w.branchTK, late, votes(on, 10, 6, 6), develop.RuleMeetingAfterPre, "支部大会应在 "+d(on.AddDays(-1))+" 前召开")
	})
	t.Run("leaving a day less than 3 months after the meeting", func(t *testing.T) {
		f := admitFacts(on)
		f.leavingOn = on.AddMonths(3).AddDays(-1)
		leaving := noticed(w.record(t, "将离校", develop.StepBranchMeeting, f))
		w.refused(t, w.branchTK, leaving, votes(on, 10, 6, 6), develop.RuleLeaving, "不足 3 个月")
	})
	t.Run("the political review a year and a day old", func(t *testing.T) {
		f := admitFacts(on)
		f.done[develop.StepPoliticalReview] = d(on.AddMonths(-12).AddDays(-1))
		stale := noticed(w.record(t, "政审过期", develop.StepBranchMeeting, f))
		w.refused(t, w.branchTK, stale, votes(on, 10, 6, 6), develop.RulePoliticalReview, "请重新进行政治审查")
	})
	t.Run("no notice of the admission", func(t *testing.T) {
		silent := w.record(t, "未公示", develop.StepBranchMeeting, admitFacts(on))
		w.refused(t, w.branchTK, silent, votes(on, 10, 6, 6), "公示不少于规定的工作日", "尚未发布公示")
	})
	t.Run("another college's committee does not see the record", func(t *testing.T) {
		apptest.Expect(t, w.act(t, w.mathTK, id, "approve", votes(on, 10, 6, 6)), 404)
	})
}

// RULES.md §2 ⑯: a branch resolution not reported within 3 months must be
// re-discussed; after 6 months the procedure restarts.
func TestRuleResolutionReportedWithinThreeMonths(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	today := date.Today()
	meeting := today.AddMonths(-7)
	talk := func(reported date.Date) map[string]any {
		return map[string]any{"date": today, "talker": "王书记", "reportedOn": reported}
	}
	late := w.record(t, "上报超期", develop.StepCommitteeTalk, facts{admittedOn: meeting})
	w.refused(t, w.csTK, late, talk(meeting.AddMonths(3).AddDays(1)), develop.RuleReportInTime, "须退回支部大会重新讨论")
	w.refused(t, w.csTK, late, talk(meeting.AddMonths(6)), develop.RuleReportInTime, "须退回支部大会重新讨论")
	w.refused(t, w.csTK, late, talk(meeting.AddMonths(6).AddDays(1)), develop.RuleReportInTime, "须重新履行发展程序")
	res := w.act(t, w.csTK, late, "approve", map[string]any{"date": today, "talker": "王书记"})
	if res.Status != 400 || res.Map(t)["field"] != "reportedOn" {
		t.Fatalf("no report date: %d %s", res.Status, res.Body)
	}
	// The branch cannot act at the committee's step.
	apptest.Expect(t, w.act(t, w.branchTK, late, "approve", talk(meeting.AddMonths(3))), 409)
	// Reported exactly 3 months after the meeting: on to ⑰.
	w.approve(t, w.csTK, late, talk(meeting.AddMonths(3)))
	if r := w.rec(t, late); r.Step != develop.StepCommitteeApproval {
		t.Fatalf("after ⑯ the record waits at %s", r.Step)
	}
}

// approvalFacts: a target admitted by the branch on meeting, talked to a
// month later, waiting for the committee's approval (⑰).
func approvalFacts(meeting date.Date) facts {
	return facts{admittedOn: meeting, probation: meeting.AddMonths(12),
		done: map[string]string{develop.StepCommitteeTalk: d(meeting.AddMonths(1))}}
}

// RULES.md §2 ⑰: the committee approves within 3 months of the branch
// meeting, up to 6 with the reason (kept in the record's flags), never later.
func TestRuleCommitteeApprovalWithinThreeMonthsAtMostSix(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	meeting := date.Today().AddMonths(-7)
	inTime := w.record(t, "按期审批", develop.StepCommitteeApproval, approvalFacts(meeting))
	w.approve(t, w.csTK, inTime, committeeVotes(meeting.AddMonths(3)))
	if r := w.rec(t, inTime); r.Flags != "[]" || r.Stage != develop.StageProbationary || r.ApprovedOn != meeting.AddMonths(3) {
		t.Fatalf("approved in time: %+v", r)
	}

	late := w.record(t, "延期审批", develop.StepCommitteeApproval, approvalFacts(meeting))
	res := w.act(t, w.csTK, late, "approve", committeeVotes(meeting.AddMonths(3).AddDays(1)))
	if res.Status != 400 || res.Map(t)["field"] != "lateReason" || !strings.Contains(res.Message(), "须填写延期原因") {
		t.Fatalf("late without a reason: %d %s", res.Status, res.Body)
	}
	w.approve(t, w.csTK, late, committeeVotes(meeting.AddMonths(6), "lateReason", "寒假期间党委会未召开"))
	if r := w.rec(t, late); !strings.Contains(r.Flags, `"rule":"`+develop.RuleApprovalInTime+`"`) ||
		!strings.Contains(r.Flags, "寒假期间党委会未召开") || !strings.Contains(r.Flags, `"step":"committeeApproval"`) {
		t.Fatalf("the late approval is not flagged: %s", r.Flags)
	}

	tooLate := w.record(t, "超期审批", develop.StepCommitteeApproval, approvalFacts(meeting))
	w.refused(t, w.csTK, tooLate, committeeVotes(meeting.AddMonths(6).AddDays(1), "lateReason", "材料遗失"),
		develop.RuleApprovalInTime, "已超期")
}

// ⑰ approved: the person enters the member base as a probationary member
// developed by the school, with the ADD entry of the member trail, the ID
// number encrypted at rest, and the record linked to the member.
func TestCommitteeApprovalCreatesMemberRecord(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	meeting := date.Today().AddMonths(-2)
	id := w.record(t, "新党员", develop.StepCommitteeApproval, approvalFacts(meeting))
	w.approve(t, w.csTK, id, committeeVotes(meeting.AddMonths(1).AddDays(5)))
	m := w.memberOf(t, id)
	r := w.rec(t, id)
	if m.Name != "新党员" || m.Source != "1" || m.PartyStatus != member.PartyProbation || m.MemberStatus != member.StatusNormal ||
		m.JoinedOn != meeting || m.AppliedOn != r.AppliedOn || m.OrgID != w.branch || m.FullOn != "" ||
		m.PersonCategory != "2" || m.PersonType != "2" || m.Gender != "1" || !m.Masked ||
		m.UnitDeptID == nil || *m.UnitDeptID != w.csUnit { // the registry's unit (所在单位) too
		t.Fatalf("member record: %+v", m)
	}
	var stored struct {
		Enc string `bun:"id_number_enc"`
		Idx string `bun:"id_number_idx"`
		No  string `bun:"staff_or_student_no"`
	}
	if err := w.e.DB.NewSelect().Table("dyjbxx").Column("id_number_enc", "id_number_idx", "staff_or_student_no").
		Where("id = ?", m.ID).Scan(context.Background(), &stored); err != nil {
		t.Fatal(err)
	}
	clear := w.idNos[id]
	if stored.Enc == "" || strings.Contains(stored.Enc, clear) || stored.Idx == "" || !strings.HasPrefix(stored.No, "S") {
		t.Fatalf("personal fields at rest: %+v", stored)
	}
	trail := apptest.DoJSON[struct{ Content []audit.Labelled }](t, w.e, 200, "GET", fmt.Sprintf("/api/dyjbxx/%d/trail", m.ID), w.deptTK, nil)
	if len(trail.Content) != 1 || trail.Content[0].Type != audit.TypeAdd {
		t.Fatalf("member trail: %+v", trail.Content)
	}
}

// No double entry: a member with the same ID number already in the base is
// linked when they are the probationary member admitted (entered by hand
// meanwhile), and refused when they are someone else's record.
func TestCommitteeApprovalNeverEntersAPersonTwice(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	meeting := date.Today().AddMonths(-2)
	approval := committeeVotes(meeting.AddMonths(1))

	full := w.record(t, "已是党员", develop.StepCommitteeApproval, approvalFacts(meeting))
	w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", map[string]any{"name": "已是党员", "idNumber": w.idNos[full],
		"ethnicity": "01", "personCategory": "2", "personType": "2", "partyStatus": member.PartyFull, "orgId": w.branch,
		"appliedOn": d(date.Today().AddYears(-3)), "joinedOn": d(date.Today().AddYears(-2)), "fullOn": d(date.Today().AddYears(-1))})
	res := w.act(t, w.csTK, full, "approve", approval)
	if res.Status != 409 || !strings.Contains(res.Message(), "已有身份证号码相同的党员（已是党员，计算机教工党支部）") {
		t.Fatalf("a full member with the same ID number: %d %s", res.Status, res.Body)
	}
	if r := w.rec(t, full); r.Step != develop.StepCommitteeApproval || r.MemberID != nil {
		t.Fatalf("the refused approval changed the record: %+v", r)
	}

	byHand := w.record(t, "手工录入", develop.StepCommitteeApproval, approvalFacts(meeting))
	existing := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", map[string]any{"name": "手工录入", "idNumber": w.idNos[byHand],
		"ethnicity": "01", "personCategory": "2", "personType": "2", "partyStatus": member.PartyProbation, "orgId": w.branch,
		"appliedOn": d(date.Today().AddYears(-3)), "joinedOn": d(meeting)})
	w.approve(t, w.csTK, byHand, approval)
	if r := w.rec(t, byHand); r.MemberID == nil || *r.MemberID != existing {
		t.Fatalf("the member entered by hand is not linked: %+v", r.MemberID)
	}
	n, err := w.e.DB.NewSelect().Table("dyjbxx").Where("name = ?", "手工录入").Count(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("%d member records of one person (%v)", n, err)
	}
}

// A person the registry holds no ID number for cannot enter the member
// base (its records are found by it): ⑰ says so and changes nothing.
func TestCommitteeApprovalNeedsIDNumber(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	meeting := date.Today().AddMonths(-2)
	id := w.record(t, "无身份证", develop.StepCommitteeApproval, approvalFacts(meeting))
	if _, err := w.e.DB.NewUpdate().Table("xsjbxx").Set("id_number_enc = ''").Set("id_number_idx = ''").
		Where("id = ?", w.rec(t, id).PersonID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	apptest.ExpectMessage(t, w.act(t, w.csTK, id, "approve", committeeVotes(meeting.AddMonths(1))), 400,
		"无身份证在人员信息中没有身份证号码，请先补全后再办理接收预备党员")
	if r := w.rec(t, id); r.Step != develop.StepCommitteeApproval || r.MemberID != nil {
		t.Fatalf("the refused approval changed the record: %+v", r)
	}
}

// RULES.md §2: the public notice before 接收预备党员 lasts at least 5 working
// days: across 国庆节 2026 (1–7 October off, Saturday 10 October worked) a
// notice from Tuesday 29 September needs to run to 10 October; one ending
// on the 9th has 4 working days.
func TestRuleAdmitNoticeFiveWorkingDaysAcrossHoliday(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	meeting := date.MustParse("2026-10-12")
	short := w.record(t, "公示四天", develop.StepBranchMeeting, admitFacts(meeting))
	w.notice(t, develop.NoticeAdmit, "2026-09-29", "2026-10-09", short)
	w.refused(t, w.branchTK, short, votes(meeting, 10, 6, 6), "公示不少于规定的工作日", "公示 2026-09-29 至 2026-10-09 不足 5 个工作日")
	enough := w.record(t, "公示五天", develop.StepBranchMeeting, admitFacts(meeting))
	w.notice(t, develop.NoticeAdmit, "2026-09-29", "2026-10-10", enough)
	w.approve(t, w.branchTK, enough, votes(meeting, 10, 6, 6))
	// The meeting on the notice's last day is too early: it must have ended.
	sameDay := w.record(t, "公示未结束", develop.StepBranchMeeting, admitFacts(date.MustParse("2026-10-10")))
	w.notice(t, develop.NoticeAdmit, "2026-09-29", "2026-10-10", sameDay)
	w.refused(t, w.branchTK, sameDay, votes(date.MustParse("2026-10-10"), 10, 6, 6), "公示不少于规定的工作日", "公示结束后方可办理")
}
