package develop_test

import (
	"context"
	"fmt"
	"sort"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
	"zhdj/internal/system"
)

// openReminders are the open reminders of the development's types, as
// "type:record:due" sorted.
func (w *c2World) openReminders(t *testing.T) []string {
	t.Helper()
	var rows []remind.Reminder
	if err := w.e.DB.NewSelect().Model(&rows).Where("type BETWEEN 110 AND 116").Where("closed_at IS NULL").
		Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, r := range rows {
		out = append(out, fmt.Sprintf("%d:%d:%s", r.Type, r.RecordID, r.DueOn))
	}
	sort.Strings(out)
	return out
}

func (w *c2World) runReminders(t *testing.T) {
	t.Helper()
	w.e.RunReminders(t, w.e.App.Develop.Module(), w.e.App.Members.Module()) // the member base's probation reminder defers to ours
}

// The development's reminders (110–116) find each record whose matter falls
// due within the rule's window (RULES.md §2's deadlines), not those due
// later; running twice reminds once; a record that moves on closes its
// reminder. The branch's secretary hears of them.
func TestDevelopmentReminders(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	today := date.Today()
	want := []string{}
	expect := func(typ int, id int64, due date.Date) { want = append(want, fmt.Sprintf("%d:%d:%s", typ, id, due)) }

	// 110: the talk is due a month after the application (window 7 days).
	// (Due a calendar month after the application: on the 29th to 31st
	// that may be a day or two before today + 5.)
	applied := today.AddMonths(-1).AddDays(5)
	talk := w.record(t, "待谈话", develop.StepTalk, facts{appliedOn: applied})
	expect(develop.ReminderTalkDue, talk, applied.AddMonths(1))
	w.record(t, "刚申请", develop.StepTalk, facts{appliedOn: today.AddDays(-1)})
	// 111: an activist's review, 6 months after the last (window 14 days).
	activist := today.AddMonths(-6).AddDays(10)
	review := w.record(t, "待考察", develop.StepCultivate, facts{activistOn: activist})
	expect(develop.ReminderReviewDue, review, activist.AddMonths(6))
	// 112: 12 months as activist (window 30 days).
	eligible := w.record(t, "满一年", develop.StepTarget, facts{activistOn: today.AddMonths(-12)})
	expect(develop.ReminderTargetEligible, eligible, today)
	young := w.record(t, "未满一年", develop.StepTarget, facts{activistOn: today.AddMonths(-10)})
	// … both are activists not reviewed for more than 6 months: 111 too.
	expect(develop.ReminderReviewDue, eligible, today.AddMonths(-6))
	expect(develop.ReminderReviewDue, young, today.AddMonths(-4))
	// 113: a notice ending while its record waits at the meeting (window 2 days).
	waiting := w.record(t, "公示中", develop.StepBranchMeeting, facts{})
	w.notice(t, develop.NoticeAdmit, today.AddDays(-10), today.AddDays(1), waiting)
	var notice int64
	if err := w.e.DB.NewSelect().Model((*develop.Notice)(nil)).Column("id").Scan(context.Background(), &notice); err != nil {
		t.Fatal(err)
	}
	expect(develop.ReminderNoticeEnding, notice, today.AddDays(1))
	// 114: ⑰ waiting at the committee more than 30 days since ⑯ (window 0);
	// 116 does not find it yet (3 months after ⑮ is more than 14 days away).
	approval := w.record(t, "待审批", develop.StepCommitteeApproval, approvalFacts(today.AddMonths(-2)))
	expect(develop.ReminderApprovalWaiting, approval, today.AddMonths(-1).AddDays(30))
	// 115: the probation ends in 10 days (window 30).
	probation := w.record(t, "预备期满", develop.StepProbationEducation, facts{admittedOn: today.AddMonths(-12).AddDays(10),
		probation: today.AddDays(10)})
	expect(develop.ReminderProbationEnding, probation, today.AddDays(10))
	w.record(t, "预备期未满", develop.StepProbationEducation, facts{admittedOn: today.AddMonths(-6), probation: today.AddMonths(6)})
	// 116: ⑮ done, ⑰ not, 3 months reached in 5 days (window 14).
	admitted := today.AddMonths(-3).AddDays(5)
	resolution := w.record(t, "决议将超期", develop.StepCommitteeTalk, facts{admittedOn: admitted})
	expect(develop.ReminderResolutionExpiry, resolution, admitted.AddMonths(3))
	sort.Strings(want)

	w.runReminders(t)
	w.runReminders(t)
	if got := w.openReminders(t); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("open reminders\n got %v\nwant %v", got, want)
	}

	// The branch's secretary hears of the branch's records, once each.
	_, secretary := w.e.UserAt(t, "LEVEL", w.branch)
	w.e.GrantRole(t, secretary, system.RoleBranchSecretary)
	w.runReminders(t)
	secretaryTK := w.e.Login(w.e.Username(secretary), "Test@12345")
	page := apptest.DoJSON[struct{ TotalElements int }](t, w.e, 200, "GET", "/api/msgPushHistory/getRemind", secretaryTK, nil)
	if page.TotalElements != len(want)-1 { // 114 goes to the committee acting at ⑰
		t.Fatalf("the secretary has %d reminders, want %d", page.TotalElements, len(want)-1)
	}

	// The talk done: its reminder closes at the next run.
	w.approve(t, w.branchTK, talk, map[string]any{"date": today, "talker": "李老师", "content": "谈话"})
	w.runReminders(t)
	for _, r := range w.openReminders(t) {
		if r == want[0] || r == fmt.Sprintf("%d:%d:%s", develop.ReminderTalkDue, talk, today.AddDays(5)) {
			t.Fatalf("the talk's reminder is still open: %v", w.openReminders(t))
		}
	}
	if n := len(w.openReminders(t)); n != len(want)-1 {
		t.Fatalf("%d reminders open after the talk, want %d", n, len(want)-1)
	}
}

// A probation the development record keeps (with its extensions) is
// reminded of once, by the record's 115: the member base's own probation
// reminder (3) leaves that member out, and still finds a member of no
// development record (one transferred in, say).
func TestProbationRemindedOnce(t *testing.T) {
	t.Parallel()
	w := newC2World(t)
	today := date.Today()
	admitted := today.AddMonths(-12).AddDays(10)
	id := w.record(t, "发展的预备党员", develop.StepProbationEducation, facts{admittedOn: admitted, probation: today.AddDays(10)})
	now := time.Now().UTC()
	developed := &member.Member{Name: "发展的预备党员", PartyStatus: member.PartyProbation, MemberStatus: member.StatusNormal,
		OrgID: w.branch, JoinedOn: admitted, CreatedAt: now, UpdatedAt: now}
	other := &member.Member{Name: "转入的预备党员", PartyStatus: member.PartyProbation, MemberStatus: member.StatusNormal,
		OrgID: w.branch, JoinedOn: admitted, CreatedAt: now, UpdatedAt: now}
	for _, m := range []*member.Member{developed, other} {
		if _, err := w.e.DB.NewInsert().Model(m).Returning("id").Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := w.e.DB.NewUpdate().Model((*develop.Record)(nil)).Set("member_id = ?", developed.ID).Where("id = ?", id).
		Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	w.runReminders(t)
	var members []int64
	if err := w.e.DB.NewSelect().Model((*remind.Reminder)(nil)).Column("record_id").Where("type = ?", member.ReminderProbationExpiry).
		Scan(context.Background(), &members); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(members) != fmt.Sprint([]int64{other.ID}) {
		t.Fatalf("probation reminders of the member base: %v, want only %d", members, other.ID)
	}
	if got := w.openReminders(t); fmt.Sprint(got) != fmt.Sprint([]string{fmt.Sprintf("%d:%d:%s", develop.ReminderProbationEnding, id, today.AddDays(10))}) {
		t.Fatalf("the development's reminders: %v", got)
	}
}
