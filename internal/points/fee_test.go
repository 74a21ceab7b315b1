package points_test

import (
	"fmt"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
	"zhdj/internal/fee/feeevent"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/points"
	"zhdj/internal/system"
)

// Party fees through the fee module's API: a month paid before it ends
// earns the fee rule (按时交纳党费), a back payment (补交) of a month that
// ended nothing; reversing the on-time payment (冲正) deducts what it
// earned; replays of the events add nothing. A month that ended unpaid
// costs the arrears rule (欠缴党费) once, however often the job runs.
func TestFeesPaidOnTimeEarnAndArrearsDeduct(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	student := func(name string) int64 {
		return w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, w.branch, "gender", member.GenderMale, "personType", "2"))
	}
	zhang, li := student("张三"), student("李四")
	feeTK, _ := w.e.UserAt(t, system.ScopeAll, w.root, fee.PermList, fee.PermBatch, fee.PermOnsite, fee.PermReverse)
	now := time.Now().In(date.China)
	last, this := now.AddDate(0, -1, 0).Format("2006-01"), now.Format("2006-01")
	for _, m := range []string{last, this} {
		b := apptest.DoJSON[fee.Batch](t, w.e, 201, "POST", "/api/dfgl/batch", feeTK, map[string]any{"month": m, "reason": "补建以前月份"})
		apptest.DoJSON[fee.Batch](t, w.e, 200, "POST", fmt.Sprintf("/api/dfgl/batch/%d/start", b.ID), feeTK, nil)
	}
	due := func(memberID int64, m string) fee.Due {
		var d fee.Due
		if err := w.e.DB.NewSelect().Model(&d).Where("member_id = ?", memberID).Where("month = ?", m).Scan(t.Context()); err != nil {
			t.Fatalf("due of %d in %s: %v", memberID, m, err)
		}
		return d
	}
	pay := func(d fee.Due) {
		apptest.DoJSON[fee.Payment](t, w.e, 201, "POST", "/api/dfgl/onsite", feeTK, map[string]any{"dueIds": []int64{d.ID}, "method": fee.MethodCash})
	}
	thisDue, lastDue := due(zhang, this), due(zhang, last)
	pay(thisDue) // on time: this month is still open
	pay(lastDue) // 补交: last month has ended
	got := w.ledger(t, w.csTK, zhang)
	if len(got) != 1 || got[0].Points != 1 || got[0].Kind != points.KindFee || got[0].Source != points.SourceFee ||
		got[0].Text != fmt.Sprintf("按时交纳党费：%s（%s缴纳）", this, now.Format("2006-01-02")) || w.total(t, zhang, now.Year()) != 1 {
		t.Fatalf("paid on time and late: %+v", got)
	}

	// 冲正 of the on-time payment deducts what it earned.
	var entry fee.Entry
	if err := w.e.DB.NewSelect().Model(&entry).Where("due_id = ?", thisDue.ID).Where("kind = ?", fee.EntryPay).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	reversal := apptest.DoJSON[fee.Entry](t, w.e, 201, "POST", fmt.Sprintf("/api/dfgl/entry/%d/reverse", entry.ID), feeTK,
		map[string]any{"reason": "收据填错"})
	got = w.ledger(t, w.csTK, zhang)
	if len(got) != 2 || got[1].Kind != points.KindReversal || got[1].Points != -1 || got[1].Text != "冲正：党费缴纳冲正："+this ||
		w.total(t, zhang, now.Year()) != 0 {
		t.Fatalf("after the reversal: %+v", got)
	}
	// Replayed, the payment and its reversal are heard already.
	w.publish(t, feeevent.MonthPaid{EntryID: entry.ID, DueID: thisDue.ID, MemberID: zhang, Month: this, PaidOn: now.Format("2006-01-02"), OnTime: true})
	w.publish(t, feeevent.MonthPaymentReversed{EntryID: reversal.ID, ReversesID: entry.ID, DueID: thisDue.ID, MemberID: zhang, Month: this})
	if got = w.ledger(t, w.csTK, zhang); len(got) != 2 || w.total(t, zhang, now.Year()) != 0 {
		t.Fatalf("after replays: %+v", got)
	}

	// The job tells last month's arrears: 李四 never paid it, 张三 paid it late.
	for range 2 {
		if err := w.e.App.Fee.TellArrears(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	w.publish(t, feeevent.MonthInArrears{DueID: due(li, last).ID, MemberID: li, Month: last})
	lastYear := now.AddDate(0, -1, 0).Year()
	l := w.ledger(t, w.csTK, li)
	if len(l) != 1 || l[0].Points != -2 || l[0].Kind != points.KindArrears || l[0].Text != "欠缴党费："+last+"（当月结束时未缴清）" ||
		w.total(t, li, lastYear) != -2 {
		t.Fatalf("arrears of 李四: %+v", l)
	}
	if got = w.ledger(t, w.csTK, zhang); len(got) != 2 {
		t.Fatalf("a month paid late is not in arrears: %+v", got)
	}
}

// The fee and arrears rules are set like the others, within their bounds.
func TestFeeRulesHaveBounds(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	apptest.ExpectField(t, w.e.Do("PUT", "/api/jf/rules", w.csTK, map[string]any{points.RuleArrears: 21}), points.RuleArrears,
		"欠缴党费（每月扣）应为0到20之间的整数")
	apptest.ExpectField(t, w.e.Do("PUT", "/api/jf/rules", w.csTK, map[string]any{points.RuleFee: 11}), points.RuleFee,
		"按时交纳党费（每月）应为0到10之间的整数")
	rules := apptest.DoJSON[[]points.Rule](t, w.e, 200, "PUT", "/api/jf/rules", w.csTK, map[string]any{points.RuleFee: 3})
	for _, r := range rules {
		if r.Key == points.RuleFee && r.Points != 3 || r.Key == points.RuleArrears && (r.Points != 2 || !r.Deduction) {
			t.Fatalf("rules: %+v", rules)
		}
	}
}
