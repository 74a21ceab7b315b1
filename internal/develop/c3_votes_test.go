package develop_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
)

// voters reads GET /api/fzdy/{id}/voters as token on day on.
func (w *c2World) voters(t *testing.T, token string, id int64, on date.Date) develop.Voters {
	t.Helper()
	return apptest.DoJSON[develop.Voters](t, w.e, 200, "GET", fmt.Sprintf("/api/fzdy/%d/voters?date=%s", id, on), token, nil)
}

// member inserts one member of org with the statuses and full date given.
func (w *c2World) oneMember(t *testing.T, org int64, name, party, status string, fullOn date.Date) {
	t.Helper()
	now := time.Now().UTC()
	m := &member.Member{Name: name, PartyStatus: party, MemberStatus: status, OrgID: org, FullOn: fullOn, CreatedAt: now, UpdatedAt: now}
	if _, err := w.e.DB.NewInsert().Model(m).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// underWatch adds a full member of org under 留党察看 since since.
func (w *c2World) underWatch(t *testing.T, org int64, name string, since date.Date) {
	t.Helper()
	now := time.Now().UTC()
	m := &member.Member{Name: name, PartyStatus: member.PartyFull, MemberStatus: member.StatusNormal, OrgID: org,
		FullOn: "2015-07-01", UnderWatchSince: since, CreatedAt: now, UpdatedAt: now}
	if _, err := w.e.DB.NewInsert().Model(m).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// stepData is the form record id's step was kept with.
func (w *c2World) stepData(t *testing.T, id int64, step string) map[string]any {
	t.Helper()
	var data string
	if err := w.e.DB.NewSelect().Model((*develop.StepRow)(nil)).Column("data").Where("record_id = ?", id).Where("step = ?", step).
		Scan(t.Context(), &data); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(data), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// expect400 expects a 400 naming field whose message contains each of want.
func expect400(t *testing.T, res *apptest.Response, field string, want ...string) {
	t.Helper()
	if res.Status != 400 || res.Map(t)["field"] != field {
		t.Fatalf("want a 400 on %s, got %d %s", field, res.Status, res.Body)
	}
	for _, s := range want {
		if !strings.Contains(res.Message(), s) {
			t.Fatalf("want %q in %s", s, res.Body)
		}
	}
}

// 应到 is the branch's roster on the meeting's date, counted by the server
// (细则第二十条): its full members in normal status (not a probationary
// member, not one under 停止党籍, not one made full after that day, not
// another branch's). In a branch of 23: 11 present is no quorum, 12 is;
// 11 agreeing does not pass, 12 does, the written opinions of members who
// could not attend counted (细则第二十一条). Every count lies between 0 and
// the roster before any sum: counts that would overflow int64 are refused.
func TestBranchMeetingVotesOnTheRoster_Xize20_21(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	on := date.Today().AddDays(-3)
	w.fullMembers(t, w.branch, 12, on) // 10 + 12 + 次日留党察看 below = 23, the 12 full on the meeting's day itself
	w.oneMember(t, w.branch, "预备党员", member.PartyProbation, member.StatusNormal, "")
	w.oneMember(t, w.branch, "停止党籍", member.PartyFull, "5", "2015-07-01")
	w.oneMember(t, w.branch, "次日转正", member.PartyFull, member.StatusNormal, on.AddDays(1))
	w.oneMember(t, w.mathBranch, "外支部党员", member.PartyFull, member.StatusNormal, "2015-07-01")
	// 党章第四十条: under 留党察看 on the meeting's day, no vote; from the day after, still one that day.
	w.underWatch(t, w.branch, "留党察看", on)
	w.underWatch(t, w.branch, "次日留党察看", on.AddDays(1))
	meeting := func(name string) int64 {
		id := w.record(t, name, develop.StepBranchMeeting, admitFacts(on))
		w.notice(t, develop.NoticeAdmit, on.AddDays(-25), on.AddDays(-5), id)
		return id
	}
	id := meeting("表决边界")

	t.Run("细则第二十条 应到 is the roster on the meeting's date, read-only", func(t *testing.T) {
		v := w.voters(t, w.branchTK, id, on)
		if v.ShouldAttend != 23 || !v.Fixed || v.By != develop.ByBranch || v.OrgName != "计算机教工党支部" {
			t.Fatalf("voters on %s: %+v", on, v)
		}
		if v := w.voters(t, w.branchTK, id, on.AddDays(-1)); v.ShouldAttend != 12 {
			t.Fatalf("the day before the 12 were full (both later under 留党察看 still voting): %+v", v)
		}
		if v := w.voters(t, w.branchTK, id, on.AddDays(1)); v.ShouldAttend != 23 {
			t.Fatalf("the day after, with the member made full then and the second under 留党察看 then: %+v", v)
		}
		expect400(t, w.act(t, w.branchTK, id, "approve", votes(on, 3, 3, 3)), "shouldAttend", "应到会有表决权的党员为 23 人", "细则第二十条")
		apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/fzdy/%d/voters", id), "", nil), 401)
		noTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
		apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/fzdy/%d/voters", id), noTK, nil), 403)
		apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/fzdy/%d/voters", id), w.mathTK, nil), 404)
	})
	t.Run("细则第二十条 present 11 of 23 refused", func(t *testing.T) {
		w.refused(t, w.branchTK, id, votes(on, 23, 11, 11), develop.RuleQuorum, "应到 23 人，实到 11 人")
	})
	t.Run("细则第二十一条 agree 11 of 23 refused, written opinions counted", func(t *testing.T) {
		w.refused(t, w.branchTK, id, votes(on, 23, 20, 11), develop.RuleMajority, "赞成 11 票")
		expect400(t, w.act(t, w.branchTK, id, "approve", map[string]any{"date": on, "present": 12, "written": 12, "agree": 12}),
			"written", "不能超过应到会人数 23")
		expect400(t, w.act(t, w.branchTK, id, "approve", map[string]any{"date": on, "present": 12, "written": 2, "agree": 13, "against": 2}),
			"agree", "（15）不能超过实到会人数与书面意见数之和（14）")
	})
	t.Run("vote counts beyond the roster or overflowing int64 are refused", func(t *testing.T) {
		huge := map[string]any{"date": on, "shouldAttend": 23, "present": 23, "agree": int64(2305843009213693952),
			"against": int64(4611686018427387904), "abstain": int64(4611686018427387904)}
		expect400(t, w.act(t, w.branchTK, id, "approve", huge), "agree", "赞成票数须在 0 至应到会人数 23 之间")
		expect400(t, w.act(t, w.branchTK, id, "approve", map[string]any{"date": on, "present": 12, "agree": 12, "against": -1}),
			"against", "反对票数须在 0 至应到会人数 23 之间")
		expect400(t, w.act(t, w.branchTK, id, "approve", map[string]any{"date": on, "present": 24, "agree": 12}),
			"present", "实到会人数须在 0 至应到会人数 23 之间")
		if r := w.rec(t, id); r.Step != develop.StepBranchMeeting {
			t.Fatalf("a refused meeting moved the record to %s", r.Step)
		}
	})
	t.Run("细则第二十条、第二十一条 12 present and 12 agreeing of 23: admitted, the roster kept", func(t *testing.T) {
		w.approve(t, w.branchTK, id, map[string]any{"date": on, "present": 12, "agree": 12}) // 应到 left to the server
		if data := w.stepData(t, id, develop.StepBranchMeeting); data["shouldAttend"] != float64(23) || data["present"] != float64(12) {
			t.Fatalf("kept form: %v", data)
		}
		written := meeting("书面意见")
		w.approve(t, w.branchTK, written, map[string]any{"date": on, "shouldAttend": 23, "present": 12, "written": 3, "agree": 12,
			"against": 2, "abstain": 1})
		if r := w.rec(t, written); r.Step != develop.StepCommitteeTalk {
			t.Fatalf("with written opinions: at %s", r.Step)
		}
	})
	t.Run("细则第二十条 ㉓ counts the same roster", func(t *testing.T) {
		// Today the member made full after the first meeting votes too, and
		// neither under 留党察看 does (党章第四十条): 23.
		end := date.Today()
		full := w.record(t, "转正表决", develop.StepFullMeeting, facts{admittedOn: end.AddMonths(-12), probation: end})
		w.notice(t, develop.NoticeFull, end.AddDays(-20), end.AddDays(-3), full)
		expect400(t, w.act(t, w.branchTK, full, "approve", fullVotes(end, develop.DecisionFull, 0)), "shouldAttend", "应到会有表决权的党员为 23 人")
		w.refused(t, w.branchTK, full, map[string]any{"date": end, "present": 11, "agree": 11, "decision": "full"}, develop.RuleQuorum, "实到 11 人")
		w.approve(t, w.branchTK, full, map[string]any{"date": end, "present": 12, "agree": 12, "decision": "full"})
	})
}

// 细则第三十二条: the probation may be extended once, by 6 to 12 months,
// decided when it ends: ㉓ deciding an extension the day before the end is
// refused, on the day accepted; once the extension is approved (㉔) a second
// one is refused at ㉓, and at ㉔ for a record whose ㉓ decided one anyway.
func TestProbationExtendedOnlyOnce_Xize32(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	end := date.Today().AddMonths(-2)
	id := w.record(t, "延长一次", develop.StepFullMeeting, facts{admittedOn: end.AddMonths(-12), probation: end})

	t.Run("细则第三十二条 the day before the probation's end refused, the day of accepted", func(t *testing.T) {
		w.refused(t, w.branchTK, id, fullVotes(end.AddDays(-1), develop.DecisionExtend, 6), develop.RuleExtension,
			"预备期至 "+d(end)+" 届满，届满时（"+d(end)+" 起）方可讨论延长预备期")
		w.approve(t, w.branchTK, id, fullVotes(end, develop.DecisionExtend, 6))
		w.approve(t, w.csTK, id, committeeVotes(date.Today()))
		r := w.rec(t, id)
		if r.Extensions != 1 || r.ProbationEndsOn != end.AddMonths(6) || r.Step != develop.StepProbationEducation {
			t.Fatalf("after the extension: %d, ends %s, at %s", r.Extensions, r.ProbationEndsOn, r.Step)
		}
		// The committee's date is kept for 党内统计 (第十三表 counts the extension in its year).
		if r.ExtendedOn != date.Today() {
			t.Fatalf("the extension's approval date: %q, want %s", r.ExtendedOn, date.Today())
		}
	})
	t.Run("细则第三十二条 a second extension refused", func(t *testing.T) {
		w.walk(t, id, develop.StepFullMeeting, date.Today())
		// Back-dated to the extended end, as if it had passed: still once only.
		if _, err := w.e.DB.NewUpdate().Table("dev_record").Set("probation_ends_on = ?", end.AddDays(10)).Where("id = ?", id).
			Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
		w.refused(t, w.branchTK, id, fullVotes(date.Today(), develop.DecisionExtend, 6), develop.RuleExtension,
			"预备期已延长过一次")
		if r := w.rec(t, id); r.ExtendedOn != date.Today() {
			t.Fatalf("the extension's date after the steps done again: %q", r.ExtendedOn)
		}
		// 取消 is still open to the meeting.
		w.approve(t, w.branchTK, id, fullVotes(date.Today(), develop.DecisionCancel, 0))
	})
	t.Run("细则第三十二条 ㉔ refuses to approve a second extension", func(t *testing.T) {
		meeting := date.Today().AddMonths(-1)
		again := w.record(t, "再次延长", develop.StepFullApproval, facts{admittedOn: meeting.AddMonths(-24), probation: meeting,
			done:  map[string]string{develop.StepFullMeeting: d(meeting)},
			forms: map[string]any{develop.StepFullMeeting: fullVotes(meeting, develop.DecisionExtend, 12)}})
		if _, err := w.e.DB.NewUpdate().Table("dev_record").Set("extensions = 1").Where("id = ?", again).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
		w.refused(t, w.csTK, again, committeeVotes(date.Today()), develop.RuleExtension, "预备期已延长过一次")
		if r := w.rec(t, again); r.ProbationEndsOn != meeting || r.Extensions != 1 || r.Step != develop.StepFullApproval {
			t.Fatalf("the refused approval changed the record: %+v", r)
		}
	})
}

// 细则第二十四条: the higher committee approves (⑰, ㉔) by a collective vote,
// its members as its leaders record them: more than half present and more
// than half agreeing (of 7: 3 refused, 4 accepted). A committee without
// recorded members takes the client's count, 3 to 30.
func TestCommitteeApprovalByCollectiveVote_Xize24(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	meeting := date.Today().AddMonths(-2)
	at := func(name string) int64 {
		return w.record(t, name, develop.StepCommitteeApproval, approvalFacts(meeting))
	}
	id := at("党委表决")
	on := meeting.AddMonths(1)

	t.Run("细则第二十四条 the committee's 7 members, read-only", func(t *testing.T) {
		if v := w.voters(t, w.csTK, id, on); v.ShouldAttend != 7 || !v.Fixed || v.By != develop.ByCommittee || v.OrgName != "计算机学院党委" {
			t.Fatalf("voters: %+v", v)
		}
		expect400(t, w.act(t, w.csTK, id, "approve", committeeVotes(on, "shouldAttend", 9)), "shouldAttend", "委员会有委员 7 人")
		expect400(t, w.act(t, w.csTK, id, "approve", committeeVotes(on, "present", 8)), "present", "须在 0 至应到会委员人数 7 之间")
		expect400(t, w.act(t, w.csTK, id, "approve", committeeVotes(on, "present", 4, "agree", 5)), "agree", "不能超过到会委员人数")
	})
	t.Run("细则第二十四条 3 of 7 present refused, 3 agreeing refused", func(t *testing.T) {
		w.refused(t, w.csTK, id, committeeVotes(on, "present", 3, "agree", 3), develop.RuleCommitteeVote, "到会 3 人")
		w.refused(t, w.csTK, id, committeeVotes(on, "present", 7, "agree", 3), develop.RuleCommitteeVote, "同意 3 人")
		if r := w.rec(t, id); r.MemberID != nil {
			t.Fatalf("a refused approval made a member record")
		}
	})
	t.Run("细则第二十四条 4 of 7 present and agreeing: approved, the count kept", func(t *testing.T) {
		w.approve(t, w.csTK, id, committeeVotes(on))
		if data := w.stepData(t, id, develop.StepCommitteeApproval); data["shouldAttend"] != float64(7) || data["agree"] != float64(4) {
			t.Fatalf("kept form: %v", data)
		}
	})
	t.Run("细则第二十四条 no members recorded: the client's count, 3 to 30", func(t *testing.T) {
		if _, err := w.e.DB.NewUpdate().Table("dzz").Set("secretary_name = ''").Set("committee = '[]'").Where("id = ?", w.cs).
			Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
		other := at("未登记委员")
		if v := w.voters(t, w.csTK, other, on); v.ShouldAttend != 0 || v.Fixed {
			t.Fatalf("voters without members: %+v", v)
		}
		expect400(t, w.act(t, w.csTK, other, "approve", committeeVotes(on)), "shouldAttend", "请填写应到会委员人数（3 至 30 人）")
		expect400(t, w.act(t, w.csTK, other, "approve", committeeVotes(on, "shouldAttend", 31)), "shouldAttend", "3 至 30 人")
		w.refused(t, w.csTK, other, committeeVotes(on, "shouldAttend", 8), develop.RuleCommitteeVote, "到会 4 人，未超过半数（至少 5 人）")
		w.approve(t, w.csTK, other, committeeVotes(on, "shouldAttend", 7))
	})
}

// 细则第二十一条: a branch meeting discussing several people votes on each
// separately, so a batch action at a step decided by a vote takes each
// person's own tally: one tally for several records is refused.
func TestBatchVotesOnEachPerson_Xize21(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	on := date.Today().AddDays(-3)
	a := w.record(t, "逐个甲", develop.StepBranchMeeting, admitFacts(on))
	b := w.record(t, "逐个乙", develop.StepBranchMeeting, admitFacts(on))
	oath := w.record(t, "宣誓", develop.StepOath, facts{})
	w.notice(t, develop.NoticeAdmit, on.AddDays(-25), on.AddDays(-5), a, b)

	t.Run("细则第二十一条 one tally for two people refused", func(t *testing.T) {
		res := w.e.Do("POST", "/api/fzdy/batch", w.branchTK, map[string]any{"ids": []int64{a, b}, "result": "approve",
			"form": votes(on, 10, 8, 8)})
		expect400(t, res, "forms", "逐个讨论和表决")
		rows := apptest.DoJSON[[]batchRow](t, w.e, 200, "POST", "/api/fzdy/batch", w.branchTK, map[string]any{"ids": []int64{a, b, oath},
			"result": "approve", "form": map[string]any{"date": on}})
		if len(rows) != 3 || rows[0].OK || rows[1].OK || !strings.Contains(rows[0].Message, "须逐人填写表决结果") || !rows[2].OK {
			t.Fatalf("rows: %+v", rows)
		}
	})
	t.Run("细则第二十一条 each person's own tally", func(t *testing.T) {
		rows := apptest.DoJSON[[]batchRow](t, w.e, 200, "POST", "/api/fzdy/batch", w.branchTK, map[string]any{"ids": []int64{a, b},
			"result": "approve", "forms": map[string]any{
				fmt.Sprint(a): map[string]any{"date": on, "present": 8, "agree": 8},
				fmt.Sprint(b): map[string]any{"date": on, "present": 8, "agree": 5, "against": 3}}})
		if len(rows) != 2 || !rows[0].OK || rows[1].OK || !strings.Contains(rows[1].Message, develop.RuleMajority) {
			t.Fatalf("rows: %+v", rows)
		}
		if data := w.stepData(t, a, develop.StepBranchMeeting); data["agree"] != float64(8) || data["shouldAttend"] != float64(10) {
			t.Fatalf("kept: %v", data)
		}
		if r := w.rec(t, b); r.Step != develop.StepBranchMeeting {
			t.Fatalf("the refused tally moved %d to %s", b, r.Step)
		}
	})
}
