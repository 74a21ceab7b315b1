package develop_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/platform/flow"
)

// RULES.md §2 ②: 收到入党申请书后一个月内派人谈话 — exactly one month after the
// application passes; a day later is refused unless a reason is given, and
// the reason is kept in the record's flags.
func TestRuleTalkWithinOneMonth(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	t.Run("exactly one month passes without a flag", func(t *testing.T) {
		id := w.record(t, "准时", "2025-01-15")
		w.pass(t, id, develop.StepTalk, "2025-02-15", "talker", "王书记")
		d := w.detail(t, id)
		if d.TalkedOn != "2025-02-15" || d.Stage != develop.StageApplicant || d.Step != develop.StepActivist || len(d.FlagList) != 0 {
			t.Fatalf("after the talk: %+v", d)
		}
		if len(d.Steps) != 1 || d.Steps[0].Step != develop.StepTalk || d.Steps[0].DoneOn != "2025-02-15" || d.Steps[0].No != 2 {
			t.Fatalf("steps done: %+v", d.Steps)
		}
	})
	t.Run("31 January + 1 month is the end of February", func(t *testing.T) {
		id := w.record(t, "月末", "2025-01-31")
		expectRule(t, w.act(t, w.csTK, id, flow.Approve, form("2025-03-01", "talker", "王书记")), "收到入党申请书后一个月内派人谈话")
		w.pass(t, id, develop.StepTalk, "2025-02-28", "talker", "王书记")
	})
	t.Run("a day late is refused without a reason, kept as a flag with one", func(t *testing.T) {
		id := w.record(t, "逾期", "2025-01-15")
		res := w.act(t, w.csTK, id, flow.Approve, form("2025-02-16", "talker", "王书记"))
		expectRule(t, res, "收到入党申请书后一个月内派人谈话")
		if f, _ := res.Map(t)["field"].(string); f != "lateReason" {
			t.Fatalf("field: %s", res.Body)
		}
		w.pass(t, id, develop.StepTalk, "2025-02-16", "talker", "王书记", "lateReason", "寒假期间")
		d := w.detail(t, id)
		if len(d.FlagList) != 1 || d.FlagList[0] != (develop.Flag{Step: develop.StepTalk, Rule: "收到入党申请书后一个月内派人谈话", Reason: "寒假期间"}) {
			t.Fatalf("flags: %+v", d.FlagList)
		}
		// Returned and redone, the step keeps one flag (not two).
		apptest.Expect(t, w.act(t, w.csTK, id, flow.Return, nil), 200)
		w.pass(t, id, develop.StepTalk, "2025-02-16", "talker", "王书记", "lateReason", "寒假期间")
		if d := w.detail(t, id); len(d.FlagList) != 1 {
			t.Fatalf("a redone step keeps one flag: %+v", d.FlagList)
		}
	})
	t.Run("the talker is required", func(t *testing.T) {
		id := w.record(t, "无人", "2025-01-15")
		res := w.act(t, w.csTK, id, flow.Approve, form("2025-01-20"))
		if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != "talker" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
	})
}

// ③: the recommendation method is one of the two; the activist date is
// kept and the record becomes an activist.
func TestActivistStep(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	id := w.record(t, "积极", "2025-01-15")
	w.pass(t, id, develop.StepTalk, "2025-01-20", "talker", "王书记")
	res := w.act(t, w.csTK, id, flow.Approve, form("2025-02-01", "method", "自荐"))
	if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != "method" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	w.pass(t, id, develop.StepActivist, "2025-02-01", "method", "群团组织推优", "recommenders", "团支部")
	if d := w.detail(t, id); d.ActivistOn != "2025-02-01" || d.Stage != develop.StageActivist || d.Step != develop.StepActivistFiling {
		t.Fatalf("activist: %+v", d.RecordView)
	}
}

// RULES.md §2 ⑤: 指定一至两名正式党员作培养联系人 — 1 or 2 distinct full members in
// normal status.
func TestRuleContactsOneOrTwoFullMembers(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	id := w.record(t, "联系", "2025-01-15")
	w.pass(t, id, develop.StepTalk, "2025-01-20", "talker", "王书记")
	w.pass(t, id, develop.StepActivist, "2025-02-01", "method", "党员推荐")
	w.pass(t, id, develop.StepActivistFiling, "2025-02-02")
	suspended := w.member(t, "停止党籍者", "1", "2")
	for name, ids := range map[string][]int64{
		"none":           {},
		"three":          {w.full[0], w.full[1], w.full[2]},
		"twice the same": {w.full[0], w.full[0]},
		"a probationary": {w.full[0], w.probationary},
		"not normal":     {suspended},
		"missing":        {999999},
	} {
		t.Run(name, func(t *testing.T) {
			expectRule(t, w.act(t, w.csTK, id, flow.Approve, form("2025-02-03", "contactIds", ids)), "指定一至两名正式党员作培养联系人")
		})
	}
	w.pass(t, id, develop.StepContacts, "2025-02-03", "contactIds", []int64{w.full[0], w.full[1]})
}

// RULES.md §2 ⑥: 党支部每半年对入党积极分子进行一次考察 — exactly six months
// after becoming an activist passes without a review, a day later needs one.
func TestRuleReviewEverySixMonths(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	start := func(t *testing.T, name string) int64 {
		id := w.record(t, name, "2025-01-06")
		w.pass(t, id, develop.StepTalk, "2025-01-10", "talker", "王书记")
		w.pass(t, id, develop.StepActivist, "2025-01-31", "method", "党员推荐")
		w.pass(t, id, develop.StepActivistFiling, "2025-01-31")
		w.pass(t, id, develop.StepContacts, "2025-01-31", "contactIds", []int64{w.full[0]})
		return id
	}
	t.Run("six months to the day (31 January → 31 July) passes", func(t *testing.T) {
		w.pass(t, start(t, "半年"), develop.StepCultivate, "2025-07-31")
	})
	t.Run("a day later is refused, a review in time lets it pass", func(t *testing.T) {
		id := start(t, "超期")
		expectRule(t, w.act(t, w.csTK, id, flow.Approve, form("2025-08-01")), "党支部每半年对入党积极分子进行一次考察")
		w.review(t, id, "2025-07-31")
		w.pass(t, id, develop.StepCultivate, "2025-08-01")
	})
	t.Run("a review too late leaves the gap before it", func(t *testing.T) {
		id := start(t, "迟考")
		w.review(t, id, "2025-08-01")
		expectRule(t, w.act(t, w.csTK, id, flow.Approve, form("2025-08-02")), "党支部每半年对入党积极分子进行一次考察")
	})
}

// RULES.md §2 ⑦: 入党积极分子经过一年以上培养教育方可确定为发展对象 — exactly
// one year as an activist passes, a day short fails; the reviews, the
// notice (≥ 5 working days, ended before the date) and the plan follow.
func TestRuleTargetAfterOneYear(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	apptest.Expect(t, w.plan(t, w.cs, 2026, 5), 200)
	t.Run("a day short of one year fails", func(t *testing.T) {
		id := w.record(t, "不满一年", "2025-06-02")
		w.toTargetStep(t, id, "2025-10-13")
		w.readyForTarget(t, id, []string{"2026-04-13"}, "2026-09-29", "2026-10-10")
		expectRule(t, w.act(t, w.csTK, id, flow.Approve, form("2026-10-12")), "入党积极分子经过一年以上培养教育方可确定为发展对象")
	})
	t.Run("exactly one year passes and takes a place of the plan", func(t *testing.T) {
		id := w.record(t, "满一年", "2025-06-02")
		w.toTargetStep(t, id, "2025-10-12")
		w.readyForTarget(t, id, []string{"2026-04-12"}, "2026-09-29", "2026-10-10")
		w.pass(t, id, develop.StepTarget, "2026-10-12")
		d := w.detail(t, id)
		if d.TargetOn != "2026-10-12" || d.Stage != develop.StageTarget || d.Step != develop.StepTargetFiling {
			t.Fatalf("target: %+v", d.RecordView)
		}
		if p := w.planRow(t, w.cs, 2026); p.Used != 1 || *p.Quota != 5 {
			t.Fatalf("plan: %+v", p)
		}
	})
	t.Run("reviews missing are refused at ⑦ too", func(t *testing.T) {
		id := w.record(t, "缺考察", "2025-06-02")
		w.toTargetStep(t, id, "2025-07-01")
		w.readyForTarget(t, id, []string{"2026-01-01"}, "2026-09-29", "2026-10-10") // 2026-01-01 → 2026-07-01 missing
		expectRule(t, w.act(t, w.csTK, id, flow.Approve, form("2026-10-12")), "党支部每半年对入党积极分子进行一次考察")
	})
}

// RULES.md §2: 公示不少于规定的工作日 (5) before 确定发展对象 — counted in
// working days across 国庆节 2026 (1–7 October off, Saturday 10 October
// worked): 29 September to 10 October is 5 and passes, to 9 October is 4;
// the notice must have ended before the step's date.
func TestRuleTargetNoticeFiveWorkingDays(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	apptest.Expect(t, w.plan(t, w.cs, 2026, 5), 200)
	prepare := func(t *testing.T, name string) int64 {
		id := w.record(t, name, "2025-06-02")
		w.toTargetStep(t, id, "2025-07-01")
		w.review(t, id, "2026-01-01")
		w.review(t, id, "2026-07-01")
		return id
	}
	const rule = "公示不少于规定的工作日"
	t.Run("no notice", func(t *testing.T) {
		expectRule(t, w.act(t, w.csTK, prepare(t, "未公示"), flow.Approve, form("2026-10-12")), rule)
	})
	t.Run("4 working days across the holiday fail", func(t *testing.T) {
		id := prepare(t, "四天")
		w.notice(t, develop.NoticeTarget, w.branch, "2026-09-29", "2026-10-09", id)
		expectRule(t, w.act(t, w.csTK, id, flow.Approve, form("2026-10-12")), rule)
	})
	t.Run("5 working days pass once ended", func(t *testing.T) {
		id := prepare(t, "五天")
		w.notice(t, develop.NoticeTarget, w.branch, "2026-09-29", "2026-10-10", id)
		expectRule(t, w.act(t, w.csTK, id, flow.Approve, form("2026-10-10")), rule) // on its last day
		w.pass(t, id, develop.StepTarget, "2026-10-11")
	})
	t.Run("a notice of another kind does not count", func(t *testing.T) {
		id := prepare(t, "别类")
		res := w.e.Do("POST", "/api/fzdy/notices", w.csTK, map[string]any{"kind": develop.NoticeAdmit, "orgId": w.branch,
			"title": "公示", "startOn": "2026-09-01", "endOn": "2026-09-30", "recordIds": []int64{id}})
		apptest.Expect(t, res, 400) // an activist is not listed on a notice of admission
		expectRule(t, w.act(t, w.csTK, id, flow.Approve, form("2026-10-12")), rule)
	})
}

// RULES.md §2 ⑨: 确定两名正式党员作入党介绍人 — exactly two distinct full
// members in normal status.
func TestRuleSponsorsTwoFullMembers(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	apptest.Expect(t, w.plan(t, w.cs, 2026, 5), 200)
	id := w.targetRecord(t, "介绍")
	w.pass(t, id, develop.StepTargetFiling, "2026-10-13")
	const rule = "确定两名正式党员作入党介绍人"
	for name, ids := range map[string][]int64{
		"one":            {w.full[0]},
		"three":          {w.full[0], w.full[1], w.full[2]},
		"the same twice": {w.full[0], w.full[0]},
		"a probationary": {w.full[0], w.probationary},
	} {
		t.Run(name, func(t *testing.T) {
			expectRule(t, w.act(t, w.csTK, id, flow.Approve, form("2026-10-14", "sponsorIds", ids)), rule)
		})
	}
	w.pass(t, id, develop.StepSponsors, "2026-10-14", "sponsorIds", []int64{w.full[2], w.full[3]})
	res := w.act(t, w.csTK, id, flow.Approve, form("2026-10-15"))
	if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != "conclusion" {
		t.Fatalf("the political review's conclusion is required: %d %s", res.Status, res.Body)
	}
	w.pass(t, id, develop.StepPoliticalReview, "2026-10-15", "conclusion", "政治审查合格")
	if d := w.detail(t, id); d.Step != develop.StepTraining {
		t.Fatalf("after ⑩: %+v", d.RecordView)
	}
}

// targetRecord walks a record of branch to ⑧ (target on 2026-10-12).
func (w *c1World) targetRecord(t testing.TB, name string) int64 {
	t.Helper()
	id := w.record(t, name, "2025-06-02")
	w.toTargetStep(t, id, "2025-07-01")
	w.readyForTarget(t, id, []string{"2026-01-01", "2026-07-01"}, "2026-09-29", "2026-10-10")
	w.pass(t, id, develop.StepTarget, "2026-10-12")
	return id
}

// RULES.md §2 ⑪: 发展对象集中培训不少于三天或二十四学时 — passed DEVELOP
// trainings begun on or after ⑦ (2026-10-12) and ended by the date: 24
// hours or 3 days pass, 23 hours and 2 days fail; other batch types and
// trainings not passed do not count.
func TestRuleTrainingThreeDaysOr24Hours(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	apptest.Expect(t, w.plan(t, w.cs, 2026, 10), 200)
	toTraining := func(t *testing.T, name string) int64 {
		id := w.targetRecord(t, name)
		w.pass(t, id, develop.StepTargetFiling, "2026-10-13")
		w.pass(t, id, develop.StepSponsors, "2026-10-14", "sponsorIds", []int64{w.full[0], w.full[1]})
		w.pass(t, id, develop.StepPoliticalReview, "2026-10-15", "conclusion", "合格")
		return id
	}
	train := func(t *testing.T, id int64, batch, hours, days int, passed bool, start, end string) {
		apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/fzdy/%d/trainings", id), w.csTK, map[string]any{"batchType": batch,
			"title": "发展对象培训班", "startOn": start, "endOn": end, "hours": hours, "days": days, "passed": passed}), 201)
	}
	const rule = "发展对象集中培训不少于三天或二十四学时"
	t.Run("23 hours and 2 days fail; other batches, failed ones and later ones do not count", func(t *testing.T) {
		id := toTraining(t, "不足")
		train(t, id, develop.BatchDevelop, 15, 2, true, "2026-10-12", "2026-10-13")
		train(t, id, develop.BatchDevelop, 8, 0, true, "2026-10-16", "2026-10-16")
		train(t, id, 2, 40, 5, true, "2026-10-12", "2026-10-16")                     // 积极分子培训
		train(t, id, develop.BatchDevelop, 10, 2, false, "2026-10-12", "2026-10-16") // not passed
		train(t, id, develop.BatchDevelop, 10, 2, true, "2026-10-12", "2026-10-20")  // ends after the date
		expectRule(t, w.act(t, w.csTK, id, flow.Approve, form("2026-10-16")), rule)
	})
	t.Run("24 hours pass", func(t *testing.T) {
		id := toTraining(t, "学时")
		train(t, id, develop.BatchDevelop, 16, 0, true, "2026-10-12", "2026-10-13")
		train(t, id, develop.BatchDevelop, 8, 0, true, "2026-10-16", "2026-10-16")
		w.pass(t, id, develop.StepTraining, "2026-10-16")
	})
	t.Run("3 days pass", func(t *testing.T) {
		id := toTraining(t, "天数")
		train(t, id, develop.BatchDevelop, 12, 3, true, "2026-10-12", "2026-10-16")
		w.pass(t, id, develop.StepTraining, "2026-10-16")
		if d := w.detail(t, id); d.Step != develop.StepBranchReview || len(d.Trainings) != 1 || len(d.Steps) != 10 {
			t.Fatalf("after ⑪: step %s, %d trainings, %d steps", d.Step, len(d.Trainings), len(d.Steps))
		}
	})
}
