package xbry_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre/xbry"
)

// A selection runs from the 动议 to 任职: each step's record is kept, the
// 任职 issues the appointment document through 职数管理 in the step's
// transaction (the quota's place taken, the cadre's post and 任职状态
// written), and the one-year probation of 第五十三条 (a promotion to a
// non-elected post) ends with the review, which is refused on the
// probation's last day and accepted the day after.
func TestSelectionRunsToAppointmentThenProbationReviewOfArticle53(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.toAppoint(t)
	v := w.detail(t, id)
	if v.State != xbry.StateAppointing || v.AppointeeName != "甲" || v.InspTeam != "王组长、李干事" || v.MeetAgree != 7 ||
		len(v.Candidates) != 3 || !v.Candidates[0].Inspected || v.Candidates[2].Inspected || v.Candidates[0].Name != "甲" {
		t.Fatalf("before 任职: %+v", v)
	}
	if q := w.quotaView(t); q.Occupied != 0 {
		t.Fatalf("the quota before 任职: %+v", q)
	}
	w.pass(t, id, appointForm("校党干〔2026〕31号", true, ""))
	v = w.detail(t, id)
	if v.State != xbry.StateProbation || v.DocNo != "校党干〔2026〕31号" || v.DocumentID == nil || v.ProbationUntil == nil ||
		*v.ProbationUntil != "2027-10-11" {
		t.Fatalf("after 任职: %+v", v)
	}
	if q := w.quotaView(t); q.Occupied != 1 || q.Vacant != 0 {
		t.Fatalf("the quota after 任职: %+v", q)
	}
	c := w.cadreView(t, w.a)
	if c["post"] != "副院长" || c["level"] != deputy || c["tenureStatus"] != "2" {
		t.Fatalf("the cadre after 任职: post %v level %v 任职状态 %v", c["post"], c["level"], c["tenureStatus"])
	}
	doc := apptest.DoJSON[map[string]any](t, w.e, 200, "GET", fmt.Sprintf("/api/gbzs/documents/%d", *v.DocumentID), w.e.AdminTK, nil)
	if doc["state"] != "issued" || doc["title"] != "关于甲同志任职的通知" || doc["issuer"] != "学校党委" {
		t.Fatalf("the document: %+v", doc)
	}

	review := func(on string) *apptest.Response {
		return w.act(t, w.e.AdminTK, id, "approve", map[string]any{"reviewOn": on, "reviewResult": xbry.ReviewFit})
	}
	at := func(day string) {
		d, _ := time.ParseInLocation("2006-01-02 15:04", day+" 10:00", time.FixedZone("CST", 8*3600))
		w.e.App.Selections.SetClock(func() time.Time { return d.UTC() })
	}
	at("2027-10-11")
	res := review("2027-10-11")
	apptest.ExpectField(t, res, "reviewOn", "不符合「试用期满后进行考核」：试用期至2027-10-11，期满后方可考核")
	at("2027-10-12")
	apptest.Expect(t, review("2027-10-12"), 200)
	v = w.detail(t, id)
	if v.State != xbry.StateDone || v.ReviewResult != xbry.ReviewFit || v.ReviewOn == nil || *v.ReviewOn != "2027-10-12" {
		t.Fatalf("after the review: %+v", v)
	}
	if c := w.cadreView(t, w.a); c["tenureStatus"] != "1" {
		t.Fatalf("the cadre after the review: 任职状态 %v", c["tenureStatus"])
	}
}

// 第六章 讨论决定: at least two thirds of the committee present (9
// members: 5 present refused, 6 pass), and more than half of the members
// due agreeing, not of those present (9: 4 refused, 5 pass; 10: 5
// refused, 6 pass).
func TestDecisionOfChapter6TwoThirdsPresentMoreThanHalfOfMembersAgree(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.motion(t, w.e.AdminTK, w.post)
	w.pass(t, id, recommendForm(w.a, w.b))
	w.pass(t, id, inspectForm([]string{"王组长", "李干事"}, w.a))
	for _, c := range []struct {
		total, present, agree int
		field, msg            string
	}{
		{9, 5, 5, "meetPresent", "不符合「讨论决定干部任免事项须有三分之二以上成员到会」：应到会9人，实到会5人，不足三分之二"},
		{9, 6, 4, "meetAgree", "不符合「以应到会成员超过半数同意形成决定」：同意4票，未超过应到会成员9人的半数"},
		{10, 7, 5, "meetAgree", "不符合「以应到会成员超过半数同意形成决定」：同意5票，未超过应到会成员10人的半数"},
		{9, 6, 7, "meetAgree", "同意票数应为0到6之间的整数"},
	} {
		apptest.ExpectField(t, w.act(t, w.e.AdminTK, id, "approve", decideForm(c.total, c.present, c.agree, w.a)), c.field, c.msg)
	}
	apptest.ExpectField(t, w.act(t, w.e.AdminTK, id, "approve", decideForm(9, 6, 5, w.b)), "appointeeId", "请从考察对象中选择决定任用的人选")
	if v := w.detail(t, id); v.State != xbry.StateDeciding || v.MeetTotal != 0 {
		t.Fatalf("refused decisions changed the record: %+v", v)
	}
	w.pass(t, id, decideForm(10, 7, 6, w.a))
	if v := w.detail(t, id); v.State != xbry.StatePublicizing || v.MeetPresent != 7 || v.AppointeeName != "甲" {
		t.Fatalf("after the decision: %+v", v)
	}
}

// 第四十五条 (RULES.md §5): the 任前公示 lasts 5 working days at least, on
// the working-day calendar: 28 September to 8 October 2026 has only 4 (the
// National Day holiday 1–7 October does not count), to 9 October 5; from
// 30 September to Saturday 10 October (a 调休 working day) 4, to Monday 12
// October 5. The notice must have ended: it cannot end today.
func TestNoticeOfArticle45FiveWorkingDaysAcrossNationalDay(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.motion(t, w.e.AdminTK, w.post)
	w.pass(t, id, recommendForm(w.a))
	w.pass(t, id, inspectForm([]string{"王组长", "李干事"}, w.a))
	w.pass(t, id, decideForm(9, 9, 9, w.a))
	for _, c := range []struct{ from, to, msg string }{
		{"2026-09-28", "2026-10-08", "不符合「任前公示期不少于5个工作日」：公示 2026-09-28 至 2026-10-08 只有4个工作日"},
		{"2026-09-30", "2026-10-10", "不符合「任前公示期不少于5个工作日」：公示 2026-09-30 至 2026-10-10 只有4个工作日"},
		{"2026-09-21", "2026-10-09", "公示开始日期不能早于讨论决定的会议日期（2026-09-22）"},
	} {
		field := "pubTo"
		if c.from == "2026-09-21" {
			field = "pubFrom"
		}
		apptest.ExpectField(t, w.act(t, w.e.AdminTK, id, "approve", publicizeForm(c.from, c.to)), field, c.msg)
	}
	// Ending today: the notice is not over.
	w.e.App.Selections.SetClock(func() time.Time { return time.Date(2026, 10, 12, 2, 0, 0, 0, time.UTC) })
	apptest.ExpectField(t, w.act(t, w.e.AdminTK, id, "approve", publicizeForm("2026-09-30", "2026-10-12")), "pubTo",
		"不符合「公示期满后方可办理任职」：公示期至2026-10-12，公示结束后方可办理")
	w.e.App.Selections.SetClock(func() time.Time { return time.Date(2026, 10, 13, 2, 0, 0, 0, time.UTC) })
	w.pass(t, id, publicizeForm("2026-09-30", "2026-10-12"))
	v := w.detail(t, id)
	if v.State != xbry.StateAppointing || v.PubTo == nil || *v.PubTo != "2026-10-12" {
		t.Fatalf("after the notice: %+v", v)
	}
	// The appointment comes after the notice.
	apptest.ExpectField(t, w.act(t, w.e.AdminTK, id, "approve", appointForm("校党干〔2026〕40号", true, "")), "appointOn",
		"任职日期应在公示期满（2026-10-12）之后")
}

// 第五章 考察: an inspection team has two members at least; the objects
// come from the people recommended.
func TestInspectionTeamOfTwoAtLeastObjectsFromTheRecommended(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.motion(t, w.e.AdminTK, w.post)
	w.pass(t, id, recommendForm(w.a, w.b))
	apptest.ExpectField(t, w.act(t, w.e.AdminTK, id, "approve", inspectForm([]string{"王组长", " "}, w.a)), "inspTeam",
		"不符合「考察组由两名以上成员组成」：考察组现有1人")
	apptest.ExpectField(t, w.act(t, w.e.AdminTK, id, "approve", inspectForm([]string{"王组长", "李干事"}, w.c3)), "inspected",
		"考察对象应从民主推荐的被推荐人中确定")
	w.pass(t, id, inspectForm([]string{"王组长", "李干事"}, w.b))
	if v := w.detail(t, id); v.Candidates[0].Inspected || !v.Candidates[1].Inspected {
		t.Fatalf("the objects: %+v", v.Candidates)
	}
}

// No probation (not a promotion, 平级转任; or an elected post): the 任职
// ends the selection, the cadre serves (在任).
func TestAppointmentWithoutProbationEndsTheSelection(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.toAppoint(t)
	w.pass(t, id, appointForm("校党干〔2026〕50号", false, ""))
	v := w.detail(t, id)
	if v.State != xbry.StateDone || v.ProbationUntil != nil {
		t.Fatalf("after 任职 without probation: %+v", v)
	}
	if f := w.flowOf(t, w.e.AdminTK, id); f.Step != "" || f.State != xbry.StateDone {
		t.Fatalf("the flow: %+v", f)
	}
	if c := w.cadreView(t, w.a); c["tenureStatus"] != "1" || c["post"] != "副院长" {
		t.Fatalf("the cadre: %+v", c)
	}
}

// A full quota: the 任职 is refused on 超职数理由 and nothing is written
// (no document, the quota, the cadre and the selection unchanged); with a
// reason it passes, marked over quota.
func TestAppointmentBeyondTheQuotaNeedsAReasonAndWritesNothingWithout(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.toAppoint(t)
	holder := w.cadre(t, "丁", w.csUnit)
	doc := w.e.Create(t, w.e.AdminTK, "/api/gbzs/documents", map[string]any{"docNo": "校党干〔2026〕1号", "issuedOn": "2026-03-01",
		"issuer": "学校党委", "title": "任职通知", "items": []map[string]any{{"kind": "appoint", "cadreId": holder, "positionId": w.post,
			"onDate": "2026-03-01", "promotion": false}}})
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/gbzs/documents/%d/issue", doc), w.e.AdminTK, nil), 200)
	res := w.act(t, w.e.AdminTK, id, "approve", appointForm("校党干〔2026〕60号", true, ""))
	apptest.ExpectField(t, res, "overReason", "第1项（任命甲为计算机学院副院长）：将超出该单位此职级的核定职数（核定1名，已配1名），请填写超职数理由")
	if v := w.detail(t, id); v.State != xbry.StateAppointing || v.DocumentID != nil {
		t.Fatalf("a refused 任职 changed the selection: %+v", v)
	}
	docs := apptest.DoJSON[struct{ TotalElements int }](t, w.e, 200, "GET", "/api/gbzs/documents", w.e.AdminTK, nil)
	if q := w.quotaView(t); q.Occupied != 1 || docs.TotalElements != 1 {
		t.Fatalf("a refused 任职 wrote: quota %+v, %d documents", q, docs.TotalElements)
	}
	if c := w.cadreView(t, w.a); c["post"] != "系主任" {
		t.Fatalf("a refused 任职 changed the cadre's post: %v", c["post"])
	}
	w.pass(t, id, appointForm("校党干〔2026〕60号", true, "学科建设急需"))
	if q := w.quotaView(t); q.Occupied != 2 || q.Over != 1 {
		t.Fatalf("over quota with a reason: %+v", q)
	}
}

// Deleting is for a selection not yet recommended on; one under way is
// ended (终止, with its reason) and its record stays; an appointed one
// cannot be ended.
func TestDeleteBeforeRecommendationStopAfterAndNotOnceAppointed(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fresh := w.motion(t, w.e.AdminTK, w.post)
	busy := w.motion(t, w.e.AdminTK, w.post)
	w.pass(t, busy, recommendForm(w.a))
	apptest.ExpectMessage(t, w.e.Do("DELETE", "/api/gbxbry", w.e.AdminTK, map[string]any{"ids": []int64{fresh, busy}}), 409,
		"只能删除尚在民主推荐环节的记录；已开展的选拔任用请「终止」，纪实予以保留")
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/gbxbry/%d", fresh), w.e.AdminTK, nil), 200)
	apptest.Expect(t, w.e.Do("DELETE", "/api/gbxbry", w.e.AdminTK, map[string]any{"ids": []int64{fresh}}), 204)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/gbxbry/%d", fresh), w.e.AdminTK, nil), 404)

	stop := func(id int64, reason string) *apptest.Response {
		return w.e.Do("POST", fmt.Sprintf("/api/gbxbry/%d/stop", id), w.e.AdminTK, map[string]any{
			"version": w.flowOf(t, w.e.AdminTK, id).Version, "reason": reason})
	}
	apptest.ExpectField(t, stop(busy, " "), "reason", "请输入终止原因（不超过500个字）")
	apptest.Expect(t, stop(busy, "岗位调整，不再选配"), 200)
	if v := w.detail(t, busy); v.State != xbry.StateStopped || v.RecOn == nil {
		t.Fatalf("a stopped selection: %+v", v)
	}
	apptest.ExpectMessage(t, stop(busy, "再次终止"), 409, "该选拔任用已终止")

	done := w.toAppoint(t)
	w.pass(t, done, appointForm("校党干〔2026〕70号", true, ""))
	apptest.ExpectMessage(t, stop(done, "终止"), 409, "已任职的选拔任用不能终止；免去职务请通过职数管理的任免文件办理")
}

// A 动议 names a post of the caller's unit scope, every field checked.
func TestMotionChecksItsFields(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	res := w.e.Do("POST", "/api/gbxbry", w.e.AdminTK, map[string]any{"title": "", "positionId": 0, "motionOn": "2026-13-01"})
	apptest.ExpectField(t, res, "title", "请输入标题（不超过100个字）")
	for _, f := range []string{"positionId", "motionOn", "motionBy", "reason"} {
		if !strings.Contains(string(res.Body), `"`+f+`"`) {
			t.Errorf("no error on %s: %s", f, res.Body)
		}
	}
	body := map[string]any{"title": "选拔", "positionId": w.post + 1000, "motionOn": "2026-09-01", "motionBy": "党委常委会", "reason": "空缺"}
	apptest.ExpectField(t, w.e.Do("POST", "/api/gbxbry", w.e.AdminTK, body), "positionId", "所选岗位不存在")
	body["positionId"], body["motionOn"] = w.post, "2999-01-01"
	apptest.ExpectField(t, w.e.Do("POST", "/api/gbxbry", w.e.AdminTK, body), "motionOn", "动议时间不能晚于今天")
}

// Routes: 401 without a session, 403 without the permission, 404 for a
// selection of a unit outside the caller's scope; a college's cadre officer
// with the step permissions sees the college's selection but cannot act at
// the school committee's steps (403).
func TestRoutesAnswer401403404(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.motion(t, w.e.AdminTK, w.post)
	mathPost := w.position(t, w.mathU, "院长", "3", false)
	mathID := w.motion(t, w.e.AdminTK, mathPost)
	all := []string{xbry.Perms.List, xbry.Perms.Add, xbry.Perms.Edit, xbry.Perms.Del, xbry.Perms.Export, xbry.PermHandle, xbry.PermDecide}
	csTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, all...)
	noTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, "dzz:list")
	for _, r := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/gbxbry", nil},
		{"GET", "/api/gbxbry/export", nil},
		{"GET", fmt.Sprintf("/api/gbxbry/%d", id), nil},
		{"POST", "/api/gbxbry", map[string]any{}},
		{"PUT", "/api/gbxbry", map[string]any{"id": id}},
		{"DELETE", "/api/gbxbry", map[string]any{"ids": []int64{id}}},
		{"POST", fmt.Sprintf("/api/gbxbry/%d/stop", id), map[string]any{"reason": "x"}},
		{"GET", fmt.Sprintf("/api/gbxbry/%d/flow", id), nil},
		{"POST", fmt.Sprintf("/api/gbxbry/%d/flow", id), map[string]any{"result": "approve"}},
	} {
		apptest.Expect(t, w.e.Do(r.method, r.path, "", r.body), 401)
		apptest.Expect(t, w.e.Do(r.method, r.path, noTK, r.body), 403)
	}
	for _, r := range []struct{ method, path string }{
		{"GET", fmt.Sprintf("/api/gbxbry/%d", mathID)},
		{"GET", fmt.Sprintf("/api/gbxbry/%d/flow", mathID)},
		{"POST", fmt.Sprintf("/api/gbxbry/%d/flow", mathID)},
		{"POST", fmt.Sprintf("/api/gbxbry/%d/stop", mathID)},
	} {
		apptest.Expect(t, w.e.Do(r.method, r.path, csTK, map[string]any{"result": "approve", "reason": "x"}), 404)
	}
	apptest.Expect(t, w.e.Do("DELETE", "/api/gbxbry", csTK, map[string]any{"ids": []int64{mathID}}), 404)
	list := apptest.DoJSON[struct{ TotalElements int }](t, w.e, 200, "GET", "/api/gbxbry", csTK, nil)
	if list.TotalElements != 1 {
		t.Fatalf("the college sees %d selections, want its own 1", list.TotalElements)
	}
	if v := w.flowOf(t, csTK, id); v.MayAct {
		t.Fatalf("a college officer may act at the school's step: %+v", v)
	}
	apptest.ExpectMessage(t, w.act(t, csTK, id, "approve", recommendForm(w.a)), 409, "「民主推荐」环节由学校党委办理，您没有办理权限")
	apptest.ExpectField(t, w.e.Do("POST", "/api/gbxbry", csTK, map[string]any{"title": "选拔", "positionId": mathPost,
		"motionOn": "2026-09-01", "motionBy": "党委常委会", "reason": "空缺"}), "positionId", "所选岗位不存在")
}
