package oversight_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/system"
	"zhdj/internal/transfer"
	"zhdj/internal/transfer/oversight"
)

// RULES.md §3 "Lost contact ≥ 6 months → membership suspended": a member
// whose latest completed transfer is 失联党员 (and still 失联) is due for
// suspension on the day six months after losing contact — not the day
// before — to the organisation managing the member. A member found again
// (a later completed transfer, or no longer 失联) drops out; the months are
// a setting.
func TestRule3LostContactSixMonthsSuggestsSuspension(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	lost, _ := w.member(t, "失联甲", w.csStaff)
	back, _ := w.member(t, "失联乙", w.mathB)
	since := date.Date("2025-03-31")
	id := w.transfer(t, transfer.Transfer{Kind: transfer.KindLost, MemberID: &lost, OrgID: w.csStaff, HappenedOn: since, DoneOn: "2025-04-15"})
	w.status(t, lost, member.StatusLost)
	w.transfer(t, transfer.Transfer{Kind: transfer.KindLost, MemberID: &back, OrgID: w.mathB, HappenedOn: since, DoneOn: "2025-04-15"})
	w.transfer(t, transfer.Transfer{Kind: transfer.KindReturn, MemberID: &back, OrgID: w.mathB, DoneOn: "2025-06-01"})
	w.status(t, back, member.StatusLost) // the later transfer says otherwise: not reminded

	edge := oversight.LostSuspensionDue(since, 6)
	if edge != "2025-09-30" {
		t.Fatalf("six months after 2025-03-31: %s", edge)
	}
	if got := w.due(t, oversight.ReminderLostContact, edge.AddDays(-1)); len(got) != 0 {
		t.Errorf("a day short of six months: %+v", got)
	}
	got := w.due(t, oversight.ReminderLostContact, edge)
	if d, ok := got[id]; len(got) != 1 || !ok || d.DueOn != edge || d.OrgID != w.csStaff ||
		d.Title != "党员失联甲自2025-03-31失去联系，2025-09-30满6个月，建议停止其党籍" {
		t.Errorf("six months: %+v", got)
	}

	// Found again: the status is no longer 失联.
	w.status(t, lost, member.StatusNormal)
	if got := w.due(t, oversight.ReminderLostContact, edge.AddYears(1)); len(got) != 0 {
		t.Errorf("found again: %+v", got)
	}
	w.status(t, lost, member.StatusLost)

	// The setting: three months.
	w.setting(t, oversight.CfgLostMonths, "3")
	if got := w.due(t, oversight.ReminderLostContact, since.AddMonths(3)); len(got) != 1 {
		t.Errorf("three months by the setting: %+v", got)
	}
	w.setting(t, oversight.CfgLostMonths, "6")
	if got := w.due(t, oversight.ReminderLostContact, since.AddMonths(3)); len(got) != 0 {
		t.Errorf("back to six months: %+v", got)
	}
}

// RULES.md §3 "still lost after 2 more years → removed": a member whose
// latest completed transfer is 停止党籍 (and still 停止党籍) is due for
// removal two years after the suspension, not a day earlier.
func TestRule3SuspendedTwoYearsSuggestsRemoval(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m, _ := w.member(t, "停止甲", w.csStudent)
	w.transfer(t, transfer.Transfer{Kind: transfer.KindLost, MemberID: &m, OrgID: w.csStudent, HappenedOn: "2022-01-10", DoneOn: "2022-02-01"})
	id := w.transfer(t, transfer.Transfer{Kind: transfer.KindSuspend, MemberID: &m, OrgID: w.csStudent, DoneOn: "2022-08-20"})
	w.status(t, m, member.StatusSuspended)
	edge := oversight.SuspendedRemovalDue("2022-08-20", 2)
	if edge != "2024-08-20" {
		t.Fatalf("two years: %s", edge)
	}
	if got := w.due(t, oversight.ReminderSuspended, edge.AddDays(-1)); len(got) != 0 {
		t.Errorf("a day short of two years: %+v", got)
	}
	if got := w.due(t, oversight.ReminderSuspended, edge); len(got) != 1 || got[id].DueOn != edge || got[id].OrgID != w.csStudent {
		t.Errorf("two years: %+v", got)
	}
	// No longer lost: the suspension stands but the 失联 reminder does not fire.
	if got := w.due(t, oversight.ReminderLostContact, "2030-01-01"); len(got) != 0 {
		t.Errorf("a suspended member is not reminded as lost: %+v", got)
	}
}

// Abroad (出国（境）暂留) more than 5 years → suspension suggested: exactly
// five years is not more than five; the day after is.
func TestRule3AbroadMoreThanFiveYearsSuggestsSuspension(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	m, _ := w.member(t, "出国甲", w.direct)
	home, _ := w.member(t, "出国乙", w.direct)
	left := date.Date("2020-02-29")
	id := w.transfer(t, transfer.Transfer{Kind: transfer.KindAbroad, MemberID: &m, OrgID: w.direct, OtherOrg: "英国", HappenedOn: left, DoneOn: "2020-03-02"})
	w.transfer(t, transfer.Transfer{Kind: transfer.KindAbroad, MemberID: &home, OrgID: w.direct, HappenedOn: left, DoneOn: "2020-03-02"})
	w.transfer(t, transfer.Transfer{Kind: transfer.KindReturn, MemberID: &home, OrgID: w.direct, DoneOn: "2023-09-01"})
	// One under way does not count: only completed ones do.
	w.transfer(t, transfer.Transfer{Kind: transfer.KindReturn, State: transfer.StateBranch, MemberID: &m, OrgID: w.direct})
	five := left.AddYears(5)
	if got := w.due(t, oversight.ReminderAbroad, five); len(got) != 0 {
		t.Errorf("exactly five years: %+v", got)
	}
	got := w.due(t, oversight.ReminderAbroad, five.AddDays(1))
	if d := got[id]; len(got) != 1 || d.DueOn != oversight.AbroadSuspensionDue(left, 5) || d.OrgID != w.direct ||
		d.Link == "" || d.Title != "党员出国甲自2020-02-29出国（境）（英国），"+string(five.AddDays(1))+"起超过5年，建议停止其党籍" {
		t.Errorf("more than five years: %+v", got)
	}
}

// The reminder reaches the managers of the organisation managing the
// member (its branch secretary), through the 智能提醒 job, and names the
// transfer's page.
func TestRule3ReminderReachesTheMembersBranch(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	lost, _ := w.member(t, "失联丙", w.csStudent)
	since := date.Today().AddMonths(-6).AddDays(-1)
	id := w.transfer(t, transfer.Transfer{Kind: transfer.KindLost, MemberID: &lost, OrgID: w.csStudent, HappenedOn: since, DoneOn: since})
	w.status(t, lost, member.StatusLost)
	secretaryTK, secretary := e.UserAt(t, "LEVEL", w.csStudent)
	e.GrantRole(t, secretary, system.RoleBranchSecretary)
	otherTK, other := e.UserAt(t, "LEVEL", w.mathB)
	e.GrantRole(t, other, system.RoleBranchSecretary)
	e.RunReminders(t, e.App.Oversight.Module())
	type page struct {
		TotalElements int
		Content       []struct{ Title, Link string }
	}
	got := apptest.DoJSON[page](t, e, 200, "GET", "/api/msgPushHistory/getRemind", secretaryTK, nil)
	// Lost six months: 停止党籍 suggested (125) and 自行脱党 to decide (128, 党章 第九条).
	links := map[string]bool{}
	for _, c := range got.Content {
		links[c.Link] = true
	}
	if got.TotalElements != 2 || !links[fmt.Sprintf("/zzgx/suspend?id=%d", id)] || !links[fmt.Sprintf("/dyjbxx/detail?id=%d", lost)] {
		t.Errorf("the branch's secretary: %+v", got)
	}
	if n := apptest.DoJSON[page](t, e, 200, "GET", "/api/msgPushHistory/getRemind", otherTK, nil); n.TotalElements != 0 {
		t.Errorf("another branch's secretary: %+v", n)
	}
}

// 党章 第九条: six consecutive months without paying the dues, or without
// contact, is 自行脱党; the member's branch is reminded to decide, with a
// link to the member. Only months that have ended count: dues unpaid from
// January are six ended months on 1 July (not on 30 June, when June is
// still open); a run broken by a paid (or 免交) month is not. A member lost
// since 15 January is due on 15 July, not the day before.
func TestDangzhang9_SixMonthsWithoutFeesOrContactIsQuitting(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := t.Context()
	unpaid, _ := w.member(t, "欠费甲", w.csStaff)
	broken, _ := w.member(t, "欠费乙", w.mathB)
	lost, _ := w.member(t, "失联丁", w.csStudent)
	now := time.Now().UTC()
	for i, month := range []string{"2025-01", "2025-02", "2025-03", "2025-04", "2025-05", "2025-06", "2025-07"} {
		b := &fee.Batch{Month: month, State: fee.BatchOpen, StartedAt: &now, CreatedAt: now, UpdatedAt: now}
		if _, err := w.e.DB.NewInsert().Model(b).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		for _, d := range []struct {
			m, org int64
			fen    int64
		}{{unpaid, w.csStaff, 100}, {broken, w.mathB, map[bool]int64{true: 0, false: 100}[i == 1]}} {
			due := &fee.Due{BatchID: b.ID, Month: month, MemberID: d.m, MemberName: "某", OrgID: d.org, OrgPath: "/", DueFen: d.fen, CreatedAt: now}
			if _, err := w.e.DB.NewInsert().Model(due).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	w.transfer(t, transfer.Transfer{Kind: transfer.KindLost, MemberID: &lost, OrgID: w.csStudent, HappenedOn: "2025-01-15", DoneOn: "2025-01-20"})
	w.status(t, lost, member.StatusLost)

	t.Run("党章第九条 fees: six ended months", func(t *testing.T) {
		if on := oversight.QuitFeesDue("2025-01"); on != "2025-07-01" {
			t.Fatalf("due %s", on)
		}
		if got := w.due(t, oversight.ReminderQuit, "2025-06-30"); len(got) != 0 {
			t.Errorf("June still open: %+v", got)
		}
		got := w.due(t, oversight.ReminderQuit, "2025-07-01")
		d, ok := got[unpaid]
		if len(got) != 1 || !ok || d.DueOn != "2025-07-01" || d.OrgID != w.csStaff || d.Link != fmt.Sprintf("/dyjbxx/detail?id=%d", unpaid) ||
			!strings.Contains(d.Title, "党支部应按党章第九条讨论") || !strings.Contains(d.Title, "自2025-01起连续6个月未交纳党费") {
			t.Errorf("six ended months: %+v", got)
		}
		// 欠费乙's run starts after February's 免交 month: six ended months on 1 September.
		if _, ok := w.due(t, oversight.ReminderQuit, "2025-08-31")[broken]; ok {
			t.Error("a broken run counted")
		}
	})
	t.Run("党章第九条 contact: six months lost", func(t *testing.T) {
		if _, ok := w.due(t, oversight.ReminderQuit, "2025-07-14")[lost]; ok {
			t.Error("a day short of six months")
		}
		got := w.due(t, oversight.ReminderQuit, "2025-07-15")
		if d, ok := got[lost]; !ok || d.DueOn != "2025-07-15" || d.OrgID != w.csStudent || !strings.Contains(d.Title, "失去联系满6个月") {
			t.Errorf("six months lost: %+v", got)
		}
	})
	t.Run("党章第九条 a member who left drops out", func(t *testing.T) {
		w.status(t, unpaid, member.StatusLeft)
		if _, ok := w.due(t, oversight.ReminderQuit, "2025-12-31")[unpaid]; ok {
			t.Error("a member who left is still reminded")
		}
	})
}
