package orglife_test

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/audit"
)

// Every route: 401 without a session, 403 without its permission, and a
// meeting outside the caller's organisation scope is a 404 (never a 403).
func TestRoutesGuardPermissionAndScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v := w.create(t, w.csTK, body(w.branch, orglife.TypeBranchGeneral, 1))
	base := fmt.Sprintf("/api/zzsh/meetings/%d", v.ID)
	routes := []struct {
		method, path string
		body         any
		scoped       bool // names the cs meeting: 404 for the math committee
	}{
		{"GET", "/api/zzsh/meetings", nil, false},
		{"GET", "/api/zzsh/meetings/export", nil, false},
		{"GET", base, nil, true},
		{"POST", "/api/zzsh/meetings", body(w.branch, orglife.TypeBranchGeneral, 2), false},
		{"PUT", "/api/zzsh/meetings", map[string]any{"id": v.ID, "place": "会议室"}, true},
		{"DELETE", "/api/zzsh/meetings", []int64{v.ID}, true},
		{"POST", base + "/publish", nil, true},
		{"POST", base + "/start", nil, true},
		{"POST", base + "/close", nil, true},
		{"POST", base + "/cancel", map[string]any{"reason": "时间冲突"}, true},
		{"POST", base + "/reschedule", map[string]any{"startsAt": at(3, 14), "endsAt": at(3, 16), "reason": "时间冲突"}, true},
		{"PUT", base + "/minutes", map[string]any{"minutes": "<p>讨论</p>"}, true},
		{"GET", base + "/attendees", nil, true},
		{"POST", base + "/attendees/roster", nil, true},
		{"POST", base + "/attendees", map[string]any{"memberIds": []int64{1}}, true},
		{"POST", base + "/guests", map[string]any{"name": "张委员", "guestTitle": "学院党委委员"}, true},
		{"DELETE", base + "/attendees", []int64{1}, true},
		{"PUT", base + "/attendees/1/attendance", map[string]any{"status": "present"}, true},
		{"PUT", base + "/attendees/1/leave", map[string]any{"approve": true}, true},
		{"GET", base + "/attachments", nil, true},
		{"DELETE", base + "/attachments/1", nil, true},
		{"GET", base + "/record.docx", nil, true},
		{"GET", "/api/zzsh/types/options", nil, false},
		{"GET", "/api/zzsh/meetings/trail", nil, false},
		{"GET", base + "/trail", nil, true},
	}
	for _, rt := range routes {
		if res := w.e.Do(rt.method, rt.path, "", rt.body); res.Status != 401 {
			t.Errorf("%s %s without a session: %d", rt.method, rt.path, res.Status)
		}
		if res := w.e.Do(rt.method, rt.path, w.noTK, rt.body); res.Status != 403 {
			t.Errorf("%s %s without the permission: %d", rt.method, rt.path, res.Status)
		}
		if rt.scoped {
			if res := w.e.Do(rt.method, rt.path, w.mathTK, rt.body); res.Status != 404 {
				t.Errorf("%s %s out of scope: %d %s", rt.method, rt.path, res.Status, res.Body)
			}
		}
	}
	// A create naming an organisation outside the scope is a 400 on orgId.
	apptest.ExpectField(t, w.e.Do("POST", "/api/zzsh/meetings", w.mathTK, body(w.branch, orglife.TypeBranchGeneral, 2)), "orgId", "所选党组织不存在")
	// The types' setting is the organisation department's: hy:* is not enough.
	for _, rt := range []struct{ method, path string }{{"GET", "/api/zzsh/types"}, {"POST", "/api/zzsh/types"}, {"PUT", "/api/zzsh/types"}, {"DELETE", "/api/zzsh/types"}} {
		if res := w.e.Do(rt.method, rt.path, "", map[string]any{}); res.Status != 401 {
			t.Errorf("%s %s without a session: %d", rt.method, rt.path, res.Status)
		}
		if res := w.e.Do(rt.method, rt.path, w.csTK, map[string]any{}); res.Status != 403 {
			t.Errorf("%s %s with hy:* only: %d", rt.method, rt.path, res.Status)
		}
	}
	// Reading only: the list works, changes are refused.
	apptest.Expect(t, w.e.Do("GET", base, w.listTK, nil), 200)
	apptest.Expect(t, w.e.Do("POST", base+"/publish", w.listTK, nil), 403)
	if got := w.detail(t, w.csTK, v.ID); got.Place != "支部活动室" || got.State != orglife.StateDraft || got.Cancelled {
		t.Fatalf("changed from outside the scope: %+v", got)
	}
}

// A validation error names the input field it is about, in Chinese.
func TestValidationErrorsNameTheirField(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	base := body(w.branch, orglife.TypeBranchGeneral, 1)
	cases := []struct {
		body       map[string]any
		field, msg string
	}{
		{apptest.With(base, "orgId", w.mathBranch), "orgId", "所选党组织不存在"},
		{apptest.With(base, "orgId", 0), "orgId", "请选择党组织"},
		{apptest.With(base, "typeCode", ""), "typeCode", "请选择会议类型"},
		{apptest.With(base, "typeCode", "zz"), "typeCode", "会议类型不存在"},
		{apptest.With(base, "typeCode", orglife.TypeDemocratic), "typeCode", "计算机教工党支部不能召开民主生活会"},
		{apptest.With(base, "topic", " "), "topic", "请输入会议主题（不超过200个字）"},
		{apptest.With(base, "topic", strings.Repeat("学", 201)), "topic", "请输入会议主题（不超过200个字）"},
		{apptest.With(base, "startsAt", nil), "startsAt", "请选择开始时间"},
		{apptest.With(base, "endsAt", at(1, 13)), "endsAt", "结束时间应晚于开始时间"},
		{apptest.With(base, "host", strings.Repeat("王", 51)), "host", "主持人不超过50个字"},
	}
	for _, c := range cases {
		apptest.ExpectField(t, w.e.Do("POST", "/api/zzsh/meetings", w.csTK, c.body), c.field, c.msg)
	}
	// 民主生活会 is the committees'; a branch's 党小组会 is not the branch's either.
	w.create(t, w.csTK, apptest.With(base, "orgId", w.cs, "typeCode", orglife.TypeDemocratic))
	apptest.ExpectField(t, w.e.Do("POST", "/api/zzsh/meetings", w.csTK, apptest.With(base, "typeCode", orglife.TypeGroup)), "typeCode", "计算机教工党支部不能召开党小组会")
	// A time that is no time: the field is named (the form marks 开始时间), on create and on update.
	apptest.ExpectField(t, w.e.Do("POST", "/api/zzsh/meetings", w.csTK, apptest.With(base, "startsAt", "明天下午")), "startsAt", "请求数据格式错误")
	// The same checks on update.
	v := w.create(t, w.csTK, base)
	apptest.ExpectField(t, w.e.Do("PUT", "/api/zzsh/meetings", w.csTK, map[string]any{"id": v.ID, "topic": ""}), "topic", "请输入会议主题（不超过200个字）")
	apptest.ExpectField(t, w.e.Do("PUT", "/api/zzsh/meetings", w.csTK, map[string]any{"id": v.ID, "typeCode": orglife.TypeDemocratic}), "typeCode", "计算机教工党支部不能召开民主生活会")
	apptest.ExpectField(t, w.e.Do("PUT", "/api/zzsh/meetings", w.csTK, map[string]any{"id": v.ID, "endsAt": "16:00"}), "endsAt", "请求数据格式错误")
}

// A meeting is held on the day it starts in China; the 党课 fields stay
// with 党课; the form never sets the state or the minutes.
func TestCreateDerivesTheDayAndKeepsTheFormToItsFields(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// 2026-03-01 07:30 in China is still 2026-02-28 in UTC.
	early := apptest.With(body(w.branch, orglife.TypeBranchGeneral, 1), "startsAt", "2026-02-28T23:30:00Z", "endsAt", "2026-03-01T01:00:00Z",
		"lecturer", "张教授", "secretaryLecture", true, "state", 4, "minutes", "<p>x</p>")
	v := w.create(t, w.csTK, early)
	if v.HeldOn != "2026-03-01" || v.State != orglife.StateDraft || v.StateName != "草稿" || v.Minutes != "" || v.Lecturer != "" || v.SecretaryLecture {
		t.Fatalf("created %+v", v)
	}
	if v.OrgName != "计算机教工党支部" || v.TypeName != "支部党员大会" || v.AttendeeCount != 0 {
		t.Fatalf("names %+v", v)
	}
	lecture := w.create(t, w.csTK, apptest.With(body(w.branch, orglife.TypeLecture, 2), "lecturer", "张教授", "secretaryLecture", true))
	if lecture.Lecturer != "张教授" || !lecture.SecretaryLecture {
		t.Fatalf("党课 %+v", lecture)
	}
	// An update with a stale version is a 409; the state sent is ignored.
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/zzsh/meetings", w.csTK, map[string]any{"id": v.ID, "updateTime": "2020-01-01T00:00:00Z", "place": "会议室"}),
		409, "会议已被他人修改，请刷新后重试")
	got := apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "PUT", "/api/zzsh/meetings", w.csTK, map[string]any{"id": v.ID, "updateTime": v.UpdatedAt, "place": "会议室", "state": 3})
	if got.Place != "会议室" || got.State != orglife.StateDraft || got.Topic != v.Topic {
		t.Fatalf("updated %+v", got)
	}
}

// The list's filters: type (a code, or the school's own types), the
// organisation's subtree, the state, the days and the topic; the scope.
func TestListFilters(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	custom := apptest.DoJSON[orglife.MeetingType](t, w.e, 201, "POST", "/api/zzsh/types", w.e.AdminTK,
		map[string]any{"name": "支部书记讲评会", "orgTypes": "4,5", "period": "", "enabled": true})
	a := w.create(t, w.csTK, body(w.branch, orglife.TypeBranchGeneral, 1))
	b := w.create(t, w.csTK, apptest.With(body(w.branch, orglife.TypeBranchCommittee, 10), "topic", "研究发展党员工作"))
	c := w.create(t, w.csTK, body(w.branch, custom.Code, 20))
	d := w.create(t, w.csTK, body(w.cs, orglife.TypeDemocratic, 5))
	m := w.create(t, w.mathTK, body(w.mathBranch, orglife.TypeBranchGeneral, 1))
	check := func(token string, q url.Values, want ...int64) {
		t.Helper()
		got, total := w.ids(t, token, q)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) || total != len(want) {
			t.Errorf("%v: %v (%d), want %v", q, got, total, want)
		}
	}
	check(w.csTK, url.Values{}, a.ID, b.ID, c.ID, d.ID)
	check(w.mathTK, url.Values{}, m.ID)
	check(w.e.AdminTK, url.Values{"type": {orglife.TypeBranchGeneral}}, a.ID, m.ID)
	check(w.csTK, url.Values{"type": {orglife.TypeOther}}, c.ID)
	check(w.e.AdminTK, url.Values{"orgId": {fmt.Sprint(w.branch)}}, a.ID, b.ID, c.ID)
	check(w.csTK, url.Values{"heldOnFrom": {"2026-03-05"}, "heldOnTo": {"2026-03-10"}}, b.ID, d.ID)
	check(w.csTK, url.Values{"blurry": {"发展党员"}}, b.ID)
	check(w.csTK, url.Values{"state": {"2"}})
	apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "POST", fmt.Sprintf("/api/zzsh/meetings/%d/cancel", d.ID), w.csTK, map[string]any{"reason": "延期"})
	check(w.csTK, url.Values{"cancelled": {"true"}}, d.ID)
	check(w.csTK, url.Values{"cancelled": {"false"}}, a.ID, b.ID, c.ID)
	res := w.e.Do("GET", "/api/zzsh/meetings/export", w.csTK, nil)
	apptest.Expect(t, res, 200)
	rows, err := apptest.Download(t, res).GetRows("Sheet1")
	if err != nil || len(rows) < 4 {
		t.Fatalf("export rows %v %v", rows, err)
	}
}

// The roster says why it gave nobody: a party group keeps no member records
// (its members are added by hand), an organisation without members has none.
func TestDrawRoster_EmptySaysWhy(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	group := w.e.Org(t, w.branch, "6", "第一党小组")
	v := w.create(t, w.csTK, body(group, orglife.TypeGroup, 2))
	roster := fmt.Sprintf("/api/zzsh/meetings/%d/attendees/roster", v.ID)
	apptest.ExpectMessage(t, w.e.Do("POST", roster, w.csTK, nil), 400, "党小组不单独建立党员名册，请通过“添加党员”逐个添加本小组的党员")
	v = w.create(t, w.csTK, body(w.branch, orglife.TypeThemeDay, 2))
	roster = fmt.Sprintf("/api/zzsh/meetings/%d/attendees/roster", v.ID)
	apptest.ExpectMessage(t, w.e.Do("POST", roster, w.csTK, nil), 400, "该党组织暂无正常状态的党员，无法从党员名册导入")
	w.member(t, w.branch, "张三")
	if n := w.draw(t, v.ID); n != 1 {
		t.Errorf("drawn %d", n)
	}
}

// The state machine: publish needs attendees (and a 组织生活会 a guest),
// start sets a fresh sign key, close marks the expected absent, cancel and
// reschedule only before START; a draft or a cancelled meeting is deleted,
// a published one not.
func TestStateMachine(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang, li := w.member(t, w.branch, "张三"), w.member(t, w.branch, "李四")
	w.member(t, w.mathBranch, "王五")
	v := w.create(t, w.csTK, body(w.branch, orglife.TypeBranchGeneral, 1))
	path := fmt.Sprintf("/api/zzsh/meetings/%d", v.ID)
	apptest.ExpectMessage(t, w.e.Do("POST", path+"/publish", w.csTK, nil), 400, "请先添加参会人员")
	apptest.ExpectMessage(t, w.e.Do("POST", path+"/start", w.csTK, nil), 400, "只有已发布的会议可以开始")
	if n := w.draw(t, v.ID); n != 2 {
		t.Fatalf("drawn %d", n)
	}
	if n := w.draw(t, v.ID); n != 0 {
		t.Fatalf("drawn twice: %d", n)
	}
	pub := w.act(t, v.ID, "publish", 200)
	if pub.State != orglife.StatePublished || pub.PublishedAt == nil || pub.AttendeeCount != 2 {
		t.Fatalf("published %+v", pub)
	}
	apptest.ExpectMessage(t, w.e.Do("DELETE", "/api/zzsh/meetings", w.csTK, []int64{v.ID}), 400, "只能删除草稿或已取消的会议")
	apptest.ExpectMessage(t, w.e.Do("POST", path+"/close", w.csTK, nil), 400, "只有进行中的会议可以结束")
	// Two starts at once: one wins.
	statuses := apptest.Concurrently(2, func(int) int { return w.e.Do("POST", path+"/start", w.csTK, nil).Status })
	apptest.ExpectOneWins(t, statuses, 200, 400, 409)
	var key string
	if err := w.e.DB.NewSelect().Model((*orglife.Meeting)(nil)).Column("sign_key").Where("id = ?", v.ID).Scan(t.Context(), &key); err != nil || len(key) != 32 {
		t.Fatalf("sign key %q %v", key, err)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", path+"/cancel", w.csTK, map[string]any{"reason": "临时有事"}), 400, "会议已开始，不能取消")
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/zzsh/meetings", w.csTK, map[string]any{"id": v.ID, "place": "会议室"}), 400, "会议已开始，不能修改")
	// Attendance by hand: 张三 present.
	att := w.attendees(t, v.ID)
	byMember := map[int64]orglife.AttendeeView{}
	for _, a := range att {
		byMember[*a.MemberID] = a
	}
	marked := apptest.DoJSON[orglife.AttendeeView](t, w.e, 200, "PUT", fmt.Sprintf("%s/attendees/%d/attendance", path, byMember[zhang].ID), w.csTK,
		map[string]any{"status": "present"})
	if marked.Status != orglife.AttendPresent || marked.SignChannel != "hand" || marked.SignedAt == nil || marked.StatusName != "已签到" || marked.OrgName != "计算机教工党支部" {
		t.Fatalf("marked %+v", marked)
	}
	apptest.ExpectField(t, w.e.Do("PUT", fmt.Sprintf("%s/attendees/%d/attendance", path, byMember[li].ID), w.csTK, map[string]any{"status": "x"}), "status", "请选择出勤情况")
	closed := w.act(t, v.ID, "close", 200)
	if closed.State != orglife.StateClosed || closed.PresentCount != 1 || closed.AbsentCount != 1 || closed.ClosedAt == nil {
		t.Fatalf("closed %+v", closed)
	}
	// A draft is rescheduled and cancelled, then deleted.
	d := w.create(t, w.csTK, body(w.branch, orglife.TypeBranchGeneral, 2))
	dpath := fmt.Sprintf("/api/zzsh/meetings/%d", d.ID)
	apptest.ExpectField(t, w.e.Do("POST", dpath+"/reschedule", w.csTK, map[string]any{"startsAt": at(4, 14), "endsAt": at(4, 16)}), "reason", "请输入改期原因（不超过500个字）")
	moved := apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "POST", dpath+"/reschedule", w.csTK,
		map[string]any{"startsAt": at(4, 9), "endsAt": at(4, 11), "reason": "与教学安排冲突"})
	if moved.HeldOn != "2026-03-04" || !moved.StartsAt.Equal(at(4, 9)) {
		t.Fatalf("rescheduled %+v", moved)
	}
	apptest.ExpectField(t, w.e.Do("POST", dpath+"/cancel", w.csTK, map[string]any{"reason": " "}), "reason", "请输入取消原因（不超过500个字）")
	gone := apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "POST", dpath+"/cancel", w.csTK, map[string]any{"reason": "临时有事"})
	if !gone.Cancelled || gone.CancelReason != "临时有事" {
		t.Fatalf("cancelled %+v", gone)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", dpath+"/cancel", w.csTK, map[string]any{"reason": "再次"}), 400, "会议已取消")
	apptest.Expect(t, w.e.Do("DELETE", "/api/zzsh/meetings", w.csTK, []int64{d.ID}), 204)
	apptest.Expect(t, w.e.Do("GET", dpath, w.csTK, nil), 404)
}

// A 组织生活会 is published only with a guest of a higher committee.
func TestLifeMeetingNeedsAGuest(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.member(t, w.branch, "张三")
	v := w.create(t, w.csTK, body(w.branch, orglife.TypeLifeMeeting, 1))
	path := fmt.Sprintf("/api/zzsh/meetings/%d", v.ID)
	w.draw(t, v.ID)
	apptest.ExpectMessage(t, w.e.Do("POST", path+"/publish", w.csTK, nil), 400, "组织生活会应有上级党组织成员参加，请添加列席人员")
	apptest.ExpectField(t, w.e.Do("POST", path+"/guests", w.csTK, map[string]any{"name": ""}), "name", "请输入姓名（不超过50个字）")
	g := apptest.DoJSON[orglife.AttendeeView](t, w.e, 201, "POST", path+"/guests", w.csTK, map[string]any{"name": "赵委员", "guestTitle": "学院党委委员"})
	if !g.Guest || g.MemberID != nil || g.GuestTitle != "学院党委委员" {
		t.Fatalf("guest %+v", g)
	}
	w.act(t, v.ID, "publish", 200)
	// The list changes only before START.
	w.prepare(t, v.ID)
	w.act(t, v.ID, "start", 200)
	apptest.ExpectMessage(t, w.e.Do("DELETE", path+"/attendees", w.csTK, []int64{g.ID}), 400, "会议已开始或已取消，不能修改参会人员")
}

// Attendees: drawn from the roster (members in normal status, once), added
// by hand from the caller's scope, removed before START; leave decisions.
func TestAttendees(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, w.branch, "张三")
	wang := w.member(t, w.mathBranch, "王五")
	other := w.member(t, w.e.Org(t, w.cs, "5", "计算机学生党支部"), "钱六")
	lost := w.member(t, w.branch, "孙七") // not in normal status: not drawn
	if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("member_status = ?", "2").Where("id = ?", lost).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	v := w.create(t, w.csTK, body(w.branch, orglife.TypeBranchGeneral, 1))
	path := fmt.Sprintf("/api/zzsh/meetings/%d", v.ID)
	w.draw(t, v.ID)
	apptest.ExpectField(t, w.e.Do("POST", path+"/attendees", w.csTK, map[string]any{"memberIds": []int64{wang}}), "memberIds", "所选党员不存在")
	apptest.ExpectField(t, w.e.Do("POST", path+"/attendees", w.csTK, map[string]any{"memberIds": []int64{}}), "memberIds", "请选择参会人员")
	apptest.ExpectField(t, w.e.Do("POST", path+"/attendees", w.csTK, map[string]any{"memberIds": []int64{other}, "joinReason": 9}), "joinReason", "参会类型取值无效")
	added := apptest.DoJSON[orglife.Added](t, w.e, 200, "POST", path+"/attendees", w.csTK, map[string]any{"memberIds": []int64{other, zhang}, "joinReason": orglife.ReasonPartJob})
	if added.Added != 1 {
		t.Fatalf("added %+v", added)
	}
	att := w.attendees(t, v.ID)
	if len(att) != 2 || att[0].JoinType != orglife.JoinRoster || att[1].JoinType != orglife.JoinByHand || att[1].JoinReasonName != "兼职参加" || att[1].OrgName != "计算机学生党支部" {
		t.Fatalf("attendees %+v", att)
	}
	apptest.Expect(t, w.e.Do("DELETE", path+"/attendees", w.csTK, []int64{att[1].ID, 999999}), 404)
	apptest.Expect(t, w.e.Do("DELETE", path+"/attendees", w.csTK, []int64{att[1].ID}), 204)
	// A leave request waiting (the sign-in's page files it) is decided once.
	if _, err := w.e.DB.NewUpdate().Model((*orglife.Attendee)(nil)).Set("leave_state = ?", orglife.LeavePending).Set("leave_reason = ?", "出差").
		Where("id = ?", att[0].ID).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	if got := w.detail(t, w.csTK, v.ID); got.PendingLeaves != 1 || got.AttendeeCount != 1 {
		t.Fatalf("counts %+v", got)
	}
	leave := fmt.Sprintf("%s/attendees/%d/leave", path, att[0].ID)
	ok := apptest.DoJSON[orglife.AttendeeView](t, w.e, 200, "PUT", leave, w.csTK, map[string]any{"approve": true})
	if ok.Status != orglife.AttendLeave || ok.LeaveState != orglife.LeaveApproved || ok.LeaveDecidedBy == "" || ok.LeaveDecidedAt == nil {
		t.Fatalf("approved %+v", ok)
	}
	apptest.ExpectMessage(t, w.e.Do("PUT", leave, w.csTK, map[string]any{"approve": false}), 400, "没有待审批的请假申请")
	apptest.Expect(t, w.e.Do("PUT", fmt.Sprintf("%s/attendees/%d/leave", path, 999999), w.csTK, map[string]any{"approve": true}), 404)
}

// Publishing, cancelling and rescheduling tell the attendees who have an
// account, once the change is committed.
func TestAttendeesAreTold(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, w.branch, "张三")
	w.member(t, w.branch, "李四") // no account: not told
	zhangTK := w.account(t, zhang)
	v := w.create(t, w.csTK, body(w.branch, orglife.TypeBranchGeneral, 1))
	path := fmt.Sprintf("/api/zzsh/meetings/%d", v.ID)
	w.draw(t, v.ID)
	if got := w.inbox(t, zhangTK); len(got) != 0 {
		t.Fatalf("told before publishing: %+v", got)
	}
	// Three publishes at once: one wins, and only it tells (the others roll back).
	statuses := apptest.Concurrently(3, func(int) int { return w.e.Do("POST", path+"/publish", w.csTK, nil).Status })
	apptest.ExpectOneWins(t, statuses, 200, 400, 409)
	apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "POST", path+"/reschedule", w.csTK, map[string]any{"startsAt": at(2, 9), "endsAt": at(2, 11), "reason": "与教学安排冲突"})
	apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "POST", path+"/cancel", w.csTK, map[string]any{"reason": "临时有事"})
	got := w.inbox(t, zhangTK)
	titles := make([]string, len(got))
	for i, m := range got {
		titles[i] = m.Title
	}
	slices.Sort(titles)
	topic := "学习贯彻党的二十届四中全会精神"
	if want := []string{"会议取消：" + topic, "会议改期：" + topic, "会议通知：" + topic}; !slices.Equal(titles, want) {
		t.Fatalf("told %v, want %v", titles, want)
	}
	link := fmt.Sprintf("/orglife/shyk/zbdydh?id=%d", v.ID)
	for _, m := range got {
		if m.Link != link {
			t.Errorf("link %q", m.Link)
		}
		if strings.HasPrefix(m.Title, "会议通知") && !strings.Contains(m.Content, "计算机教工党支部将于2026年3月1日 14:00—16:00召开支部党员大会") {
			t.Errorf("notice %q", m.Content)
		}
	}
}

// Minutes are sanitised on the server: a <script> never comes back, nor
// reaches the 会议记录's Word document; minutes_at is the first recording.
func TestMinutesAreSanitisedAndPrinted(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.member(t, w.branch, "张三")
	w.member(t, w.branch, "李四")
	v := w.create(t, w.csTK, body(w.branch, orglife.TypeBranchGeneral, 1))
	path := fmt.Sprintf("/api/zzsh/meetings/%d", v.ID)
	w.draw(t, v.ID)
	minutes := map[string]any{"minutes": `<p onclick="x()">大家<b>交流</b>了学习体会</p><script>alert("x")</script><p>A &amp; B</p>`, "resolutions": "一、按期转正"}
	apptest.ExpectMessage(t, w.e.Do("PUT", path+"/minutes", w.csTK, minutes), 400, "会议开始后才能记录会议纪要")
	w.act(t, v.ID, "publish", 200)
	w.act(t, v.ID, "start", 200)
	att := w.attendees(t, v.ID)
	apptest.DoJSON[orglife.AttendeeView](t, w.e, 200, "PUT", fmt.Sprintf("%s/attendees/%d/attendance", path, att[0].ID), w.csTK, map[string]any{"status": "late"})
	got := apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "PUT", path+"/minutes", w.csTK, minutes)
	if strings.Contains(got.Minutes, "script") || strings.Contains(got.Minutes, "alert") || strings.Contains(got.Minutes, "onclick") ||
		!strings.Contains(got.Minutes, "<b>交流</b>") || got.MinutesAt == nil || got.Resolutions != "一、按期转正" {
		t.Fatalf("minutes %+v", got)
	}
	first := *got.MinutesAt
	w.act(t, v.ID, "close", 200)
	again := apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "PUT", path+"/minutes", w.csTK, apptest.With(minutes, "resolutions", "二、"))
	if !again.MinutesAt.Equal(first) || again.Resolutions != "二、" {
		t.Fatalf("minutes again %+v (first %v)", again, first)
	}
	res := w.e.Do("GET", path+"/record.docx", w.listTK, nil)
	apptest.Expect(t, res, 200)
	doc := documentText(documentXML(t, res.Body)) // the text a reader sees: the minutes' bold is a run of its own
	for _, want := range []string{"计算机教工党支部支部党员大会会议记录", "主 持 人：王书记", "应到：2人", "实到：1人（张三）", "其中迟到：1人（张三）", "缺席：1人（李四）", "主持人（签字）",
		"大家交流了学习体会", "A &amp; B", "二、", "一、集中学习"} {
		if !strings.Contains(doc, want) {
			t.Errorf("the record lacks %q", want)
		}
	}
	if strings.Contains(doc, "script") || strings.Contains(doc, "alert") {
		t.Fatalf("the record holds the script: %s", doc)
	}
}

// Attachments: photos only as images; the scope holds.
func TestAttachments(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v := w.create(t, w.csTK, body(w.branch, orglife.TypeBranchGeneral, 1))
	path := fmt.Sprintf("/api/zzsh/meetings/%d/attachments", v.ID)
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")
	apptest.Expect(t, w.e.Upload(path+"?kind=photo", w.csTK, "file", "现场.png", png, nil), 201)
	if res := w.e.Upload(path+"?kind=photo", w.csTK, "file", "纪要.txt", []byte("纪要"), nil); res.Status != 400 {
		t.Fatalf("a text as a photo: %d %s", res.Status, res.Body)
	}
	apptest.Expect(t, w.e.Upload(path+"?kind=upload", w.csTK, "file", "材料.txt", []byte("材料"), nil), 201)
	apptest.Expect(t, w.e.Upload(path+"?kind=", w.csTK, "file", "材料.txt", []byte("材料"), nil), 400)
	apptest.Expect(t, w.e.Upload(path+"?kind=upload", w.mathTK, "file", "材料.txt", []byte("材料"), nil), 404)
	apptest.Expect(t, w.e.Upload(path+"?kind=upload", "", "file", "材料.txt", []byte("材料"), nil), 401)
	apptest.Expect(t, w.e.Upload(path+"?kind=upload", w.listTK, "file", "材料.txt", []byte("材料"), nil), 403)
	list := apptest.DoJSON[[]map[string]any](t, w.e, 200, "GET", path, w.listTK, nil)
	if len(list) != 2 {
		t.Fatalf("attachments %+v", list)
	}
	// Deleting the draft deletes its attachments with it (and their files, once committed).
	apptest.Expect(t, w.e.Do("DELETE", "/api/zzsh/meetings", w.csTK, []int64{v.ID}), 204)
	left, err := w.e.DB.NewSelect().Table("sys_attachment").Where("module = ?", "zzsh_meeting").Where("record_id = ?", v.ID).Count(context.Background())
	if err != nil || left != 0 {
		t.Fatalf("%d attachments left of a deleted meeting (%v)", left, err)
	}
}

// Meeting types: a school's own is coded c1, c2, …; a built-in one keeps
// its organisations; a type in use or built in is not deleted.
func TestMeetingTypes(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	all := apptest.DoJSON[[]orglife.MeetingType](t, w.e, 200, "GET", "/api/zzsh/types", admin, nil)
	if len(all) != 7 || all[0].Code != orglife.TypeBranchGeneral || !all[0].Builtin {
		t.Fatalf("types %+v", all)
	}
	apptest.ExpectField(t, w.e.Do("POST", "/api/zzsh/types", admin, map[string]any{"name": "读书会", "orgTypes": ""}), "orgTypes", "请选择召开会议的党组织类型")
	apptest.ExpectField(t, w.e.Do("POST", "/api/zzsh/types", admin, map[string]any{"name": "读书会", "orgTypes": "9"}), "orgTypes", "党组织类型取值无效")
	apptest.ExpectField(t, w.e.Do("POST", "/api/zzsh/types", admin, map[string]any{"name": "读书会", "orgTypes": "5", "period": "week"}), "period", "考核周期取值无效")
	apptest.ExpectField(t, w.e.Do("POST", "/api/zzsh/types", admin, map[string]any{"name": "党课", "orgTypes": "5"}), "name", "会议类型“党课”已存在")
	one := apptest.DoJSON[orglife.MeetingType](t, w.e, 201, "POST", "/api/zzsh/types", admin, map[string]any{"name": "读书会", "orgTypes": "5,4,5", "enabled": true})
	two := apptest.DoJSON[orglife.MeetingType](t, w.e, 201, "POST", "/api/zzsh/types", admin,
		map[string]any{"name": "微党课", "orgTypes": "5", "period": "quarter", "minCount": 1, "countsAs": orglife.TypeLecture, "enabled": false})
	if one.Code != "c1" || one.OrgTypes != "4,5" || two.Code != "c2" || two.Builtin {
		t.Fatalf("created %+v %+v", one, two)
	}
	options := apptest.DoJSON[[]orglife.MeetingType](t, w.e, 200, "GET", "/api/zzsh/types/options", w.listTK, nil)
	if len(options) != 8 {
		t.Fatalf("options %+v", options)
	}
	// A disabled type is not chosen for a new meeting.
	apptest.ExpectField(t, w.e.Do("POST", "/api/zzsh/meetings", w.csTK, body(w.branch, two.Code, 1)), "typeCode", "会议类型“微党课”已停用，请重新选择")
	// A built-in type keeps its organisations and code.
	dem := all[6]
	got := apptest.DoJSON[orglife.MeetingType](t, w.e, 200, "PUT", "/api/zzsh/types", admin,
		map[string]any{"id": dem.ID, "code": "x", "name": "民主生活会（领导班子）", "orgTypes": "5", "period": "year", "minCount": 2, "enabled": true})
	if got.Code != orglife.TypeDemocratic || got.OrgTypes != dem.OrgTypes || got.MinCount != 2 || got.Name != "民主生活会（领导班子）" {
		t.Fatalf("built-in updated %+v", got)
	}
	apptest.ExpectMessage(t, w.e.Do("DELETE", "/api/zzsh/types", admin, []int64{dem.ID}), 400, "内置会议类型“民主生活会（领导班子）”不能删除，可以停用")
	w.create(t, w.csTK, body(w.branch, one.Code, 1))
	apptest.ExpectMessage(t, w.e.Do("DELETE", "/api/zzsh/types", admin, []int64{one.ID, two.ID}), 400, "会议类型已有会议，不能删除，可以停用")
	apptest.Expect(t, w.e.Do("DELETE", "/api/zzsh/types", admin, []int64{two.ID}), 204)
	three := apptest.DoJSON[orglife.MeetingType](t, w.e, 201, "POST", "/api/zzsh/types", admin, map[string]any{"name": "微党课", "orgTypes": "5", "enabled": true})
	if three.Code != "c2" {
		t.Fatalf("the next code after c2's deletion: %s", three.Code)
	}
}

// 谈心谈话 sits after 其他会议 and before 会议统计.
func TestTalkPageSitsBeforeTheStatistics(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	pages := w.e.Pages(t, "/orglife") // components: the four meeting pages end with 其他会议
	talk := slices.Index(pages, "orglife/txth")
	if talk < 1 || pages[talk-1] != "orglife/meeting" || slices.Index(pages, "orglife/compliance") != talk+1 {
		t.Fatalf("pages %v", pages)
	}
}

// Every write leaves a trail entry of what it changed: the form, the state
// changes, the minutes; a deleted meeting stays in the scope's trail. A
// snapshot is not restored.
func TestTrail(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.member(t, w.branch, "张三")
	v := w.create(t, w.csTK, body(w.branch, orglife.TypeBranchGeneral, 1))
	path := fmt.Sprintf("/api/zzsh/meetings/%d", v.ID)
	apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "PUT", "/api/zzsh/meetings", w.csTK, map[string]any{"id": v.ID, "place": "会议室"})
	w.draw(t, v.ID)
	w.act(t, v.ID, "publish", 200)
	apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "POST", path+"/reschedule", w.csTK, map[string]any{"startsAt": at(2, 9), "endsAt": at(2, 11), "reason": "冲突"})
	apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "POST", path+"/cancel", w.csTK, map[string]any{"reason": "临时有事"})
	entries := apptest.DoJSON[struct{ Content []audit.Labelled }](t, w.e, 200, "GET", path+"/trail", w.listTK, nil).Content
	var got []string
	for _, e := range entries {
		var changes []string
		for _, c := range e.Changes {
			changes = append(changes, c.Label+"："+c.Old+"→"+c.New)
		}
		got = append(got, e.TypeLabel+" "+strings.Join(changes, "；"))
	}
	want := []string{
		"修改 状态：已发布→已取消；取消原因：→临时有事",
		"修改 会议时间：2026年3月1日 14:00—16:00→2026年3月2日 09:00—11:00",
		"修改 状态：草稿→已发布",
		"修改 会议地点：支部活动室→会议室",
		"新增 ",
	}
	if len(got) != len(want) {
		t.Fatalf("trail %q", got)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("entry %d: %q, want %q", i, got[i], want[i])
		}
	}
	apptest.Expect(t, w.e.Do("POST", "/api/zzsh/meetings/trail/restore", w.csTK, map[string]any{"trailId": entries[0].ID}), 404)
	apptest.Expect(t, w.e.Do("DELETE", "/api/zzsh/meetings", w.csTK, []int64{v.ID}), 204)
	across, _ := apptest.GetPage[audit.NamedEntry](t, w.e, w.csTK, "/api/zzsh/meetings/trail", nil)
	if len(across) == 0 || across[0].Type != audit.TypeDelete {
		t.Fatalf("the scope's trail after the delete: %+v", across)
	}
	if rows, _ := apptest.GetPage[audit.NamedEntry](t, w.e, w.mathTK, "/api/zzsh/meetings/trail", nil); len(rows) != 0 {
		t.Fatalf("another scope sees the trail: %+v", rows)
	}
}
