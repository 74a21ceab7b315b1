package points_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/orglife"
	"zhdj/internal/points"
)

// A meeting held through organisation life's API: attending earns the
// rule's points once; a correction to absent reverses them (a compensating
// entry) and books the deduction; back to present reverses the deduction.
func TestHeldMeetingEarnsAndACorrectionIsReversed(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang, li := w.member(t, w.branch, "张三"), w.member(t, w.branch, "李四")
	b := map[string]any{"orgId": w.branch, "typeCode": orglife.TypeBranchGeneral, "topic": "学习党章", "startsAt": "2026-03-10T14:00:00+08:00",
		"endsAt": "2026-03-10T16:00:00+08:00", "place": "支部活动室", "host": "王书记", "recorder": "李明", "agenda": "集中学习"}
	m := apptest.DoJSON[orglife.MeetingView](t, w.e, 201, "POST", "/api/zzsh/meetings", w.lifeTK, b)
	path := fmt.Sprintf("/api/zzsh/meetings/%d", m.ID)
	apptest.DoJSON[orglife.Added](t, w.e, 200, "POST", path+"/attendees/roster", w.lifeTK, nil)
	for _, a := range []string{"publish", "start"} {
		apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "POST", path+"/"+a, w.lifeTK, nil)
	}
	att := apptest.DoJSON[[]orglife.AttendeeView](t, w.e, 200, "GET", path+"/attendees", w.lifeTK, nil)
	aid := map[int64]int64{}
	for _, a := range att {
		aid[*a.MemberID] = a.ID
	}
	mark := func(member int64, status string) {
		apptest.DoJSON[orglife.AttendeeView](t, w.e, 200, "PUT", fmt.Sprintf("%s/attendees/%d/attendance", path, aid[member]), w.lifeTK,
			map[string]any{"status": status})
	}
	mark(zhang, orglife.AttendPresent)
	if got := w.ledger(t, w.csTK, zhang); len(got) != 0 {
		t.Fatalf("points before the meeting was held: %+v", got)
	}
	apptest.DoJSON[orglife.MeetingView](t, w.e, 200, "POST", path+"/close", w.lifeTK, nil)
	got := w.ledger(t, w.csTK, zhang)
	if len(got) != 1 || got[0].Points != 2 || got[0].Kind != points.KindAttend || got[0].Text != "参加组织生活：学习党章（2026-03-10）" ||
		got[0].Ref == "" || got[0].OrgName != "计算机教工党支部" || got[0].Year != 2026 {
		t.Fatalf("attended: %+v", got)
	}
	if l := w.ledger(t, w.csTK, li); len(l) != 1 || l[0].Points != -2 || l[0].Kind != points.KindAbsent {
		t.Fatalf("absent at CLOSE: %+v", l)
	}
	// Corrected: present → absent.
	mark(zhang, orglife.AttendAbsent)
	got = w.ledger(t, w.csTK, zhang)
	if len(got) != 3 || got[1].Kind != points.KindReversal || got[1].Points != -2 || got[2].Kind != points.KindAbsent || got[2].Points != -2 {
		t.Fatalf("corrected to absent: %+v", got)
	}
	if s, tot := sum(got), w.total(t, zhang, 2026); s != -2 || tot != -2 {
		t.Fatalf("after the correction: ledger %d, total %d", s, tot)
	}
	// Marked absent again: nothing changes (the same points).
	mark(zhang, orglife.AttendAbsent)
	if got = w.ledger(t, w.csTK, zhang); len(got) != 3 {
		t.Fatalf("an unchanged correction booked: %+v", got)
	}
	// Back to present: the deduction reversed, the attendance booked again.
	mark(zhang, orglife.AttendLate)
	if got = w.ledger(t, w.csTK, zhang); len(got) != 5 || sum(got) != 2 || w.total(t, zhang, 2026) != 2 {
		t.Fatalf("back to attending: %+v", got)
	}
}

// A replayed event writes nothing the second time, an older one nothing at
// all, and parallel duplicates book once.
func TestReplayedAndParallelDuplicateEventsBookOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, w.branch, "张三")
	e := attended(901, zhang, orglife.AttendPresent, 100)
	w.publish(t, e)
	w.publish(t, e)
	if got := w.ledger(t, w.csTK, zhang); len(got) != 1 || got[0].Points != 2 {
		t.Fatalf("replayed: %+v", got)
	}
	w.publish(t, attended(901, zhang, orglife.AttendAbsent, 50)) // older than what was heard
	if got := w.ledger(t, w.csTK, zhang); len(got) != 1 {
		t.Fatalf("an older event booked: %+v", got)
	}
	// Eight copies of a new event at once.
	twice := attended(902, zhang, orglife.AttendPresent, 100)
	apptest.Concurrently(8, func(int) int { w.publish(t, twice); return 0 })
	// Eight copies of a correction at once: one reversal, one deduction.
	fix := attended(902, zhang, orglife.AttendAbsent, 200)
	apptest.Concurrently(8, func(int) int { w.publish(t, fix); return 0 })
	got := w.ledger(t, w.csTK, zhang)
	if len(got) != 4 || sum(got) != 0 || w.total(t, zhang, 2026) != 0 {
		t.Fatalf("parallel duplicates: %+v", got)
	}
}

// Rules: bounded, named by field; points follow the rule in force when
// they are heard.
func TestRulesAreBoundedAndApplied(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	apptest.Expect(t, w.e.Do("PUT", "/api/jf/rules", "", map[string]any{"attend": 3}), 401)
	apptest.Expect(t, w.e.Do("PUT", "/api/jf/rules", w.noTK, map[string]any{"attend": 3}), 403)
	apptest.ExpectField(t, w.e.Do("PUT", "/api/jf/rules", w.csTK, map[string]any{"attend": 21}), "attend", "参加组织生活（每次）应为0到20之间的整数")
	apptest.ExpectField(t, w.e.Do("PUT", "/api/jf/rules", w.csTK, map[string]any{"absent": -1}), "absent", "无故缺席组织生活（每次扣）应为0到20之间的整数")
	apptest.ExpectField(t, w.e.Do("PUT", "/api/jf/rules", w.csTK, map[string]any{"x": 1}), "x", "积分规则不存在")
	rules := apptest.DoJSON[[]points.Rule](t, w.e, 200, "PUT", "/api/jf/rules", w.csTK, map[string]any{"attend": 20, "absent": 0})
	if rules[0].Points != 20 || rules[1].Points != 0 {
		t.Fatalf("rules %+v", rules)
	}
	zhang := w.member(t, w.branch, "张三")
	w.publish(t, attended(1, zhang, orglife.AttendPresent, 1))
	w.publish(t, attended(2, zhang, orglife.AttendAbsent, 1)) // no deduction: the rule is 0
	if got := w.ledger(t, w.csTK, zhang); len(got) != 1 || got[0].Points != 20 {
		t.Fatalf("under the rules set: %+v", got)
	}
}
