package develop_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
)

// Issue 22, the entry into the development: who may apply, who may vouch,
// which training counts, the talk's deadline, the 志愿书 ranges.

// RULES.md §2: the applicant is "not already a member". A person of the
// registry whose ID number is in the member base as a party member (any
// status but 已出党 and 去世) is refused at ①, naming no one outside the
// caller's scope, and the picker marks them.
func TestApplicantIsNoPartyMember_Rules2(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	// person registers a student of cs and, unless status is "", a member of
	// math (outside csTK's scope) with their ID number.
	person := func(t *testing.T, name, party, status string) int64 {
		pid, idNo := w.student(t, name, "2000-01-01", w.csUnit)
		if status != "" {
			// 停止党籍 is reached only through the transfer's suspension
			// (条例第二十四条), never the member form: stored as 失联, then set.
			formStatus := status
			if status == member.StatusSuspended {
				formStatus = member.StatusLost
			}
			m := apptest.FullMember(name+"（党员）", w.mathBranch, "idNumber", idNo, "partyStatus", party, "memberStatus", formStatus,
				"appliedOn", "2020-03-01", "joinedOn", "2021-06-30", "fullOn", "2022-06-30")
			if party == member.PartyProbation {
				m["fullOn"] = ""
			}
			id := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", m)
			if status != formStatus {
				if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("member_status = ?", status).Where("id = ?", id).
					Exec(t.Context()); err != nil {
					t.Fatal(err)
				}
			}
		}
		return pid
	}
	apply := func(pid int64) *apptest.Response {
		return w.e.Do("POST", "/api/fzdy", w.csTK, map[string]any{"personKind": "student", "personId": pid, "orgId": w.branch, "appliedOn": "2025-04-01"})
	}
	const rule = "入党申请人不能是党员"
	t.Run("a full member since 2021 of another college is refused at ①, naming no one else", func(t *testing.T) {
		res := apply(person(t, "老党员", member.PartyFull, member.StatusNormal))
		expectRule(t, res, rule)
		if f, _ := res.Map(t)["field"].(string); f != "personId" || !strings.Contains(res.Message(), "正式党员") ||
			strings.Contains(res.Message(), "数学") || strings.Contains(res.Message(), "（党员）") {
			t.Fatalf("message: %s", res.Body)
		}
	})
	for _, c := range []struct {
		name, party, status string
		want                int
	}{
		{"预备党员", member.PartyProbation, member.StatusNormal, 400},
		{"已转出 (still a member elsewhere)", member.PartyFull, member.StatusTransferredOut, 400},
		{"停止党籍", member.PartyFull, member.StatusSuspended, 400},
		{"失联", member.PartyFull, member.StatusLost, 400},
		{"已出党 may apply again", member.PartyFull, member.StatusLeft, 201},
		{"去世", member.PartyFull, member.StatusDeceased, 201},
		{"no member", "", "", 201},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := apply(person(t, "状态"+c.status, c.party, c.status))
			if c.want == 400 {
				expectRule(t, res, rule)
			} else {
				apptest.Expect(t, res, 201)
			}
		})
	}
	t.Run("the picker marks members (matched by ID number) and not those who left", func(t *testing.T) {
		person(t, "挑选正式", member.PartyFull, member.StatusNormal)
		person(t, "挑选停止", member.PartyFull, member.StatusSuspended)
		person(t, "挑选出党", member.PartyFull, member.StatusLeft)
		rows, _ := apptest.GetPage[develop.PersonPick](t, w.e, w.csTK, "/api/fzdy/people?kind=student&blurry=挑选", nil)
		got := map[string]string{}
		for _, r := range rows {
			got[r.Name] = r.MemberStatus
		}
		want := map[string]string{"挑选正式": "正式党员", "挑选停止": "正式党员（停止党籍）", "挑选出党": ""}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("picked: %v, want %v", got, want)
		}
	})
}

// 细则 第十四条: 受留党察看处分、尚未恢复党员权利的党员，不能作入党介绍人 (⑨);
// a 培养联系人 (⑤) is a full member in good standing too. The member base
// keeps 留党察看 (underWatchSince, in the member's trail); a refusal names
// no member outside the caller's scope.
func TestSponsorNotUnderWatch_Xize14(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	apptest.Expect(t, w.plan(t, w.cs, 2026, 5), 200)
	watched := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember("察看党员", w.branch, "gender", "1", "underWatchSince", "2025-09-01"))
	outside := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember("外院党员", w.mathBranch, "gender", "2", "memberStatus", member.StatusLost))
	t.Run("⑤ contacts", func(t *testing.T) {
		id := w.record(t, "联系", "2025-06-02")
		w.pass(t, id, develop.StepTalk, "2025-06-20", "talker", "王书记")
		w.pass(t, id, develop.StepActivist, "2025-07-01", "method", "党员推荐")
		w.pass(t, id, develop.StepActivistFiling, "2025-07-01")
		res := w.act(t, w.csTK, id, flow.Approve, form("2025-07-02", "contactIds", []int64{watched}))
		expectRule(t, res, "指定一至两名正式党员作培养联系人")
		if !strings.Contains(res.Message(), "察看党员受留党察看处分、尚未恢复党员权利，不能作培养联系人") {
			t.Fatalf("message: %s", res.Body)
		}
		res = w.act(t, w.csTK, id, flow.Approve, form("2025-07-02", "contactIds", []int64{w.full[0], outside}))
		if !strings.Contains(res.Message(), "所选第 2 名培养联系人不是正常状态的正式党员") || strings.Contains(res.Message(), "外院党员") {
			t.Fatalf("a member outside the scope is not named: %s", res.Body)
		}
	})
	id := w.targetRecord(t, "介绍察看")
	w.pass(t, id, develop.StepTargetFiling, "2026-10-13")
	t.Run("⑨ refuses a sponsor under 留党察看, naming the article", func(t *testing.T) {
		res := w.act(t, w.csTK, id, flow.Approve, form("2026-10-14", "sponsorIds", []int64{w.full[0], watched}))
		expectRule(t, res, "确定两名正式党员作入党介绍人")
		if f, _ := res.Map(t)["field"].(string); f != "sponsorIds" ||
			!strings.Contains(res.Message(), "察看党员受留党察看处分、尚未恢复党员权利，不能作入党介绍人（细则第十四条）") {
			t.Fatalf("message: %s", res.Body)
		}
	})
	t.Run("rights restored (the date cleared, in the member's trail), the sponsor is accepted", func(t *testing.T) {
		apptest.Expect(t, w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": watched, "underWatchSince": ""}), 200)
		trail, _ := apptest.GetPage[map[string]any](t, w.e, w.e.AdminTK, fmt.Sprintf("/api/dyjbxx/%d/trail", watched), nil)
		if !strings.Contains(fmt.Sprint(trail), "留党察看起始日期") {
			t.Fatalf("trail: %v", trail)
		}
		w.pass(t, id, develop.StepSponsors, "2026-10-14", "sponsorIds", []int64{w.full[0], watched})
	})
	t.Run("a 留党察看 date in the future is refused", func(t *testing.T) {
		res := w.e.Do("PUT", "/api/dyjbxx", w.e.AdminTK, map[string]any{"id": watched, "underWatchSince": "2999-01-01"})
		if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != "underWatchSince" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
	})
}

// 细则 第二十条 (⑪ 短期集中培训): a training's days and hours fit its dates
// (days ≤ the calendar days, hours ≤ 8 a day), and only a training that
// began on or after the day the person became a 发展对象 (⑦) counts.
func TestTrainingFitsItsDatesAndFollowsTarget_Xize20(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	apptest.Expect(t, w.plan(t, w.cs, 2026, 5), 200)
	id := w.targetRecord(t, "培训") // ⑦ on 2026-10-12
	base := fmt.Sprintf("/api/fzdy/%d/trainings", id)
	train := func(start, end string, hours, days int) *apptest.Response {
		return w.e.Do("POST", base, w.csTK, map[string]any{"batchType": develop.BatchDevelop, "title": "发展对象培训班" + start,
			"startOn": start, "endOn": end, "hours": hours, "days": days, "passed": true})
	}
	field := func(t *testing.T, res *apptest.Response, want string) {
		t.Helper()
		if f, _ := res.Map(t)["field"].(string); res.Status != 400 || f != want {
			t.Fatalf("want 400 on %s: %d %s", want, res.Status, res.Body)
		}
	}
	t.Run("one day cannot hold 3 days, nor 9 hours", func(t *testing.T) {
		field(t, train("2026-10-12", "2026-10-12", 8, 3), "days")
		field(t, train("2026-10-12", "2026-10-12", 9, 1), "hours")
		field(t, train("2026-10-12", "2026-10-13", 17, 2), "hours")
		field(t, train("2026-10-12", "2026-10-14", 25, 0), "hours") // no days given: the calendar's 3
	})
	w.pass(t, id, develop.StepTargetFiling, "2026-10-13")
	w.pass(t, id, develop.StepSponsors, "2026-10-14", "sponsorIds", []int64{w.full[0], w.full[1]})
	w.pass(t, id, develop.StepPoliticalReview, "2026-10-15", "conclusion", "合格")
	const rule = "发展对象集中培训不少于三天或二十四学时"
	t.Run("a training begun the day before ⑦ does not count, and the refusal says why", func(t *testing.T) {
		apptest.Expect(t, train("2026-10-11", "2026-10-14", 32, 4), 201)
		res := w.act(t, w.csTK, id, flow.Approve, form("2026-10-16"))
		expectRule(t, res, rule)
		if !strings.Contains(res.Message(), "「发展对象培训班2026-10-11」（2026-10-11 开始）在确定为发展对象之前，不计入") ||
			!strings.Contains(res.Message(), "确定为发展对象（2026-10-12）后") {
			t.Fatalf("message: %s", res.Body)
		}
	})
	t.Run("one begun on the day of ⑦ counts", func(t *testing.T) {
		apptest.Expect(t, train("2026-10-12", "2026-10-14", 24, 3), 201)
		w.pass(t, id, develop.StepTraining, "2026-10-16")
	})
}

// RULES.md §2 ②: one deadline, one setting. The list's due date and the
// rule both read talkWithinMonths in calendar months: applied on 31
// January 2026, the talk is due on 28 February (not 2 March); a talk that
// day passes, on 1 March it needs its reason. A record returned to ② is
// due by the same rule.
func TestTalkDueIsTheRulesMonth_Rules2(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	id := w.record(t, "月末申请", "2026-01-31")
	if d := w.detail(t, id); d.DueOn != "2026-02-28" {
		t.Fatalf("due on %s, want 2026-02-28", d.DueOn)
	}
	rows, _ := apptest.GetPage[develop.RecordView](t, w.e, w.csTK, "/api/fzdy", url.Values{"dueOnFrom": {"2026-02-28"}, "dueOnTo": {"2026-02-28"}})
	if len(rows) != 1 || rows[0].ID != id {
		t.Fatalf("listed due on 2026-02-28: %+v", rows)
	}
	res := w.act(t, w.csTK, id, flow.Approve, form("2026-03-01", "talker", "王书记"))
	expectRule(t, res, "收到入党申请书后一个月内派人谈话")
	if !strings.Contains(res.Message(), "应在 2026-02-28 前谈话") {
		t.Fatalf("message: %s", res.Body)
	}
	w.pass(t, id, develop.StepTalk, "2026-02-28", "talker", "王书记")
	apptest.Expect(t, w.act(t, w.csTK, id, flow.Return, nil), 200)
	if d := w.detail(t, id); d.Step != develop.StepTalk || d.DueOn != "2026-02-28" {
		t.Fatalf("returned to ②: %s due %s", d.Step, d.DueOn)
	}
	cv := apptest.DoJSON[develop.ConfigView](t, w.e, 200, "GET", "/api/fzdy/config", w.listTK, nil)
	if cv.Config.Steps[1].Key != develop.StepTalk || cv.Config.Steps[1].DueDays != 0 {
		t.Fatalf("the talk has no day count of its own: %+v", cv.Config.Steps[1])
	}
}

// RULES.md §2 and 民法典 第二百零二条: someone born on 29 February is 18 on
// 1 March of a common year; the refusal states the rule.
func TestApplicantBornOn29February_Civil202(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	res := w.apply(t, w.csTK, w.branch, "2008-02-29", "2026-02-28")
	expectRule(t, res, "入党申请人须年满十八周岁")
	if !strings.Contains(res.Message(), "申请人须年满18周岁（2008年2月29日出生者于2026年3月1日年满18周岁") ||
		!strings.Contains(res.Message(), "民法典第二百零二条") {
		t.Fatalf("message: %s", res.Body)
	}
	apptest.Expect(t, w.apply(t, w.csTK, w.branch, "2008-02-29", "2026-03-01"), 201)
}

// 志愿书 number ranges never overlap, also when created at once (the
// overlap check and the insert hold the ranges' lock): of ten overlapping
// creations exactly one lands, ten apart all land; a range may start right
// after another ends (100 / 101), not on its last number (100 / 100).
func TestNumberRangesNeverOverlapUnderConcurrency(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	year := date.Today().Time().Year() + 1
	create := func(first, last int64) *apptest.Response {
		return w.e.Do("POST", "/api/fzdy/numbers", w.deptTK, map[string]any{"year": year, "prefix": "B", "first": first, "last": last})
	}
	statuses := func(res []*apptest.Response) []int {
		out := make([]int, len(res))
		for i, r := range res {
			out[i] = r.Status
		}
		return out
	}
	t.Run("ten overlapping at once: exactly one", func(t *testing.T) {
		res := apptest.Concurrently(10, func(i int) *apptest.Response { return create(int64(1+i), int64(100+i)) })
		apptest.ExpectOneWins(t, statuses(res), http.StatusCreated, http.StatusBadRequest)
	})
	t.Run("ten overlapping at once through the service, five times over: one each time", func(t *testing.T) {
		ctx := w.adminCtx(t)
		for round := range 5 {
			first := int64(5000 + 1000*round)
			errs := apptest.Concurrently(10, func(i int) error {
				_, err := w.e.App.Develop.CreateNumberRangeForTests(ctx, develop.NumberRangeInput{Year: year, Prefix: "R",
					First: first + int64(i), Last: first + 99 + int64(i)})
				return err
			})
			won := 0
			for _, err := range errs {
				if err == nil {
					won++
				} else if !strings.Contains(err.Error(), "重叠") {
					t.Fatalf("round %d: %v", round, err)
				}
			}
			if won != 1 {
				t.Fatalf("round %d: %d of ten overlapping ranges created, want 1", round, won)
			}
		}
	})
	t.Run("ten apart at once: all", func(t *testing.T) {
		res := apptest.Concurrently(10, func(i int) *apptest.Response {
			return create(int64(1000+100*i), int64(1099+100*i))
		})
		for i, s := range statuses(res) {
			if s != http.StatusCreated {
				t.Fatalf("range %d: %d %s", i, s, res[i].Body)
			}
		}
	})
	var rows []rangeRow
	rows, _ = apptest.GetPage[rangeRow](t, w.e, w.deptTK, "/api/fzdy/numbers", url.Values{"year": {fmt.Sprint(year)}})
	if len(rows) != 16 {
		t.Fatalf("%d ranges, want 16", len(rows))
	}
	t.Run("adjacent allowed, touching refused", func(t *testing.T) {
		apptest.Expect(t, create(2000, 2100), 201)
		apptest.Expect(t, create(2101, 2200), 201)
		res := create(2200, 2300)
		if res.Status != 400 || !strings.Contains(res.Message(), "重叠") {
			t.Fatalf("touching: %d %s", res.Status, res.Body)
		}
	})
}

// 发展党员工作细则 第七条 in a leap year: applied on 31 January 2024, the
// talk is listed due on 29 February, and the rule agrees: a talk on 29
// February is in time, on 1 March it needs its reason.
func TestTalkDueInALeapYear_Article7(t *testing.T) {
	w := newC1World(t)
	id := w.record(t, "闰年申请", "2024-01-31")
	if d := w.detail(t, id); d.DueOn != "2024-02-29" {
		t.Fatalf("due on %s, want 2024-02-29", d.DueOn)
	}
	res := w.act(t, w.csTK, id, flow.Approve, form("2024-03-01", "talker", "王书记"))
	expectRule(t, res, "收到入党申请书后一个月内派人谈话")
	if !strings.Contains(res.Message(), "应在 2024-02-29 前谈话") {
		t.Fatalf("message: %s", res.Body)
	}
	w.pass(t, id, develop.StepTalk, "2024-02-29", "talker", "王书记")
}
