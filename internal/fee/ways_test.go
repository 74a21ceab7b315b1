package fee_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
	"zhdj/internal/fee/report"
	"zhdj/internal/platform/date"
	"zhdj/internal/system"
)

// detail is payment id's detail as the department reads it.
func (w *world) detail(t *testing.T, id int64) fee.PaymentDetail {
	t.Helper()
	return apptest.DoJSON[fee.PaymentDetail](t, w.e, 200, "GET", fmt.Sprintf("/api/dfgl/payment/%d", id), w.dept, nil)
}

// pay notifies order o as the platform would, and expects success.
func (w *world) pay(t *testing.T, o fee.Order) {
	t.Helper()
	n := notify(fee.Notify{OrderNo: o.No, TxnID: "T-" + o.No, AmountFen: o.AmountFen, Timestamp: time.Now().Unix()})
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/pay/notify", "", n), 200)
}

// 中组发〔2008〕3号: 党员自愿多交党费不限; 一次多交1000元以上的，全部上缴中央.
// The extra is recorded as such on the month's due (extra_fen, not
// paid_fen): it counts in 实缴 but pays no other month's arrears; 999.99
// 元 is not marked 上缴中央, 1,000.00 元 is; a reversal takes it back.
func TestVoluntaryExtra_Zuzhongfa2008No3(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.student(t, w.c.Branch, "甲")
	other := w.student(t, w.math, "丙")
	m1, m0 := month(-1), month(0)
	w.batch(t, m1)
	w.batch(t, m0)
	d1, d0 := w.dueOf(t, a, m1), w.dueOf(t, a, m0)
	tok := w.account(t, a)

	t.Run("中组发〔2008〕3号 自愿多交 online with the month: 999.99 元 is not 上缴中央", func(t *testing.T) {
		o := apptest.DoJSON[fee.Order](t, w.e, 201, "POST", "/api/dfgl/mine/order", tok,
			map[string]any{"dueIds": []int64{d0.ID}, "extraFen": 99999, "amountFen": 1})
		if o.AmountFen != 20+99999 {
			t.Fatalf("order amount %d, want the due and the extra fixed by the server", o.AmountFen)
		}
		w.pay(t, o)
		d := w.dueOf(t, a, m0)
		if d.PaidFen != 20 || d.ExtraFen != 99999 {
			t.Fatalf("due after the extra: paid %d extra %d", d.PaidFen, d.ExtraFen)
		}
		ps, _ := apptest.GetPage[fee.PaymentView](t, w.e, w.dept, "/api/dfgl/payment", url.Values{"no": {o.No}})
		if len(ps) != 1 || ps[0].ExtraFen != 99999 || ps[0].ToCentral || ps[0].State != fee.PayPaid {
			t.Fatalf("payment: %+v", ps)
		}
	})

	var central fee.Payment
	t.Run("中组发〔2008〕3号 一次多交1000元以上 on site: 1,000.00 元 is 上缴中央, listed by central=true", func(t *testing.T) {
		central = apptest.DoJSON[fee.Payment](t, w.e, 201, "POST", "/api/dfgl/onsite", w.secretary,
			map[string]any{"memberId": a, "extraFen": 100000, "method": fee.MethodCash})
		if central.AmountFen != 100000 || !central.ToCentral || central.ExtraFen != 100000 || central.Payer != "甲" {
			t.Fatalf("on-site extra: %+v", central)
		}
		listed, n := apptest.GetPage[fee.PaymentView](t, w.e, w.dept, "/api/dfgl/payment", url.Values{"central": {"true"}})
		if n != 1 || listed[0].ID != central.ID {
			t.Fatalf("上缴中央 list: %d %+v", n, listed)
		}
		// On the latest frozen month, never on the unpaid month before it.
		if d := w.dueOf(t, a, m0); d.ExtraFen != 199999 || d.PaidFen != 20 {
			t.Fatalf("current month: %+v", d)
		}
		if d := w.dueOf(t, a, m1); d.PaidFen != 0 || d.ExtraFen != 0 {
			t.Fatalf("the extra paid another month's arrears: %+v", d)
		}
	})

	t.Run("实缴 counts the extra, the rate and the arrears count the dues alone", func(t *testing.T) {
		bs := apptest.ListedBy(w.e, "/api/dfgl/batch", w.secretary, func(b fee.BatchView) string { return b.Month })
		f := bs[m0].Scope
		if f.PaidFen != 20+199999 || f.ExtraFen != 199999 || f.RateBP != 10000 || f.OutstandingFen != 0 {
			t.Fatalf("current month figures: %+v", f)
		}
		// The reports (党费报表): the month's total and the branch's ledger.
		rep, _ := w.e.UserAt(t, system.ScopeAll, w.c.Root, report.PermReport)
		y, mo := m0[:4], strings.TrimPrefix(m0[5:], "0")
		orgs := apptest.DoJSON[report.OrgReport](t, w.e, 200, "GET", "/api/dfgl/report/orgs?year="+y+"&month="+mo, rep, nil)
		// 甲's 0.20 paid and 丙's 0.20 not: 50 %, whatever the extras.
		if orgs.Total.PaidFen != 20+199999 || orgs.Total.ExtraFen != 199999 || orgs.Total.RateBP != 5000 || orgs.Total.OutstandingFen != 20 {
			t.Fatalf("report total: %+v", orgs.Total)
		}
		ledger := apptest.DoJSON[report.Ledger](t, w.e, 200, "GET", fmt.Sprintf("/api/dfgl/report/ledger?year=%s&orgId=%d", y, w.c.Branch), rep, nil)
		if ledger.Total.PaidFen != 20+199999 {
			t.Fatalf("ledger total: %+v", ledger.Total)
		}
		unpaid, _ := apptest.GetPage[fee.DueView](t, w.e, w.secretary, "/api/dfgl/due", url.Values{"month": {m1}, "state": {"unpaid"}})
		if len(unpaid) != 1 || unpaid[0].MemberID != a {
			t.Fatalf("the month before stays unpaid: %+v", unpaid)
		}
	})

	t.Run("冲正 of an extra takes it back; refusals", func(t *testing.T) {
		det := w.detail(t, central.ID)
		if len(det.Entries) != 1 || det.Entries[0].Kind != fee.EntryExtra || det.Entries[0].Month != m0 {
			t.Fatalf("entries: %+v", det.Entries)
		}
		rev := apptest.DoJSON[fee.Entry](t, w.e, 201, "POST", fmt.Sprintf("/api/dfgl/entry/%d/reverse", det.Entries[0].ID), w.dept,
			map[string]any{"reason": "金额录错"})
		if rev.Kind != fee.EntryUnextra || rev.AmountFen != -100000 {
			t.Fatalf("reversal: %+v", rev)
		}
		if d := w.dueOf(t, a, m0); d.ExtraFen != 99999 || d.PaidFen != 20 {
			t.Fatalf("after the reversal: %+v", d)
		}
		if _, n := apptest.GetPage[fee.PaymentView](t, w.e, w.dept, "/api/dfgl/payment", url.Values{"central": {"true"}}); n != 0 {
			t.Fatalf("a reversed extra is still listed 上缴中央")
		}
		apptest.ExpectField(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, map[string]any{"method": "cash", "memberId": a, "extraFen": -1}),
			"extraFen", "自愿多交金额不能为负数")
		apptest.ExpectField(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, map[string]any{"method": "cash", "dueIds": []int64{d1.ID}, "extraFen": 100}),
			"memberId", "预交、按季度交纳或自愿多交须选择党员")
		apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, map[string]any{"method": "cash", "memberId": other, "extraFen": 100}),
			404, "党员不存在")
		apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dfgl/member/%d/fees", other), w.secretary, nil), 404)
		apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dfgl/member/%d/fees", a), tok, nil), 403)
	})
}

// quarter is the three months of the current month's quarter.
func quarter() []string {
	now := time.Now().In(date.China)
	first := time.Date(now.Year(), ((now.Month()-1)/3)*3+1, 1, 0, 0, 0, 0, date.China)
	return []string{first.Format("2006-01"), first.AddDate(0, 1, 0).Format("2006-01"), first.AddDate(0, 2, 0).Format("2006-01")}
}

// 中组发〔2008〕3号: 党员可以按月、按季度交纳党费, and may pay ahead (预交).
// A quarter in one payment: the frozen months are paid as their dues, the
// others are prepaid; when a month freezes the prepayment pays it (an entry
// of the prepayment) and the rest stays credit; at most 12 months ahead (a
// setting); a month is prepaid once; 退还预交 and 冲正 give the money back.
func TestPrepayAndQuarterly_Zuzhongfa2008No3(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.student(t, w.c.Branch, "乙")
	e1, e2 := w.student(t, w.c.Branch, "戊"), w.student(t, w.c.Branch, "己")
	tok := w.account(t, a)
	cur := month(0)
	q := quarter()
	for _, m := range q {
		if m < cur {
			w.batch(t, m) // the quarter's months gone by are frozen
		}
	}
	created := apptest.DoJSON[fee.Batch](t, w.e, 201, "POST", "/api/dfgl/batch", w.dept, map[string]any{"month": cur})
	// 丁 orders the current month ahead online; the platform notifies after the freeze.
	d := w.student(t, w.c.Branch, "丁")
	tokD := w.account(t, d)
	// An extra needs a frozen month to be written on: 丁 has none yet.
	apptest.ExpectField(t, w.e.Do("POST", "/api/dfgl/mine/order", tokD, map[string]any{"months": []string{cur}, "extraFen": 100}),
		"extraFen", "该党员尚无已启动缴费的月份，暂不能自愿多交")
	early := apptest.DoJSON[fee.Order](t, w.e, 201, "POST", "/api/dfgl/mine/order", tokD, map[string]any{"months": []string{cur}})

	var qp fee.Payment
	t.Run("中组发〔2008〕3号 按季度交纳 on site: one receipt, the quarter's months listed", func(t *testing.T) {
		qp = apptest.DoJSON[fee.Payment](t, w.e, 201, "POST", "/api/dfgl/onsite", w.secretary,
			map[string]any{"memberId": a, "months": q, "receiptNo": "Q-1", "method": fee.MethodCash})
		frozen := 0
		for _, m := range q {
			if m < cur {
				frozen++
			}
		}
		if qp.AmountFen != 60 || qp.PrepayFen != int64(20*(3-frozen)) || qp.No != "Q-1" {
			t.Fatalf("quarterly payment: %+v", qp)
		}
		det := w.detail(t, qp.ID)
		var months []string
		for _, e := range det.Entries {
			months = append(months, e.Month)
		}
		for _, r := range det.Prepays {
			months = append(months, r.Month)
			if r.State != fee.PrepayHeld || r.LeftFen != 20 {
				t.Fatalf("prepayment: %+v", r)
			}
		}
		if fmt.Sprint(slices.Sorted(slices.Values(months))) != fmt.Sprint(q) {
			t.Fatalf("receipt months %v, want %v", months, q)
		}
	})

	t.Run("中组发〔2008〕3号 预交: the month's freeze spends the prepayment once", func(t *testing.T) {
		apptest.DoJSON[fee.Batch](t, w.e, 200, "POST", fmt.Sprintf("/api/dfgl/batch/%d/start", created.ID), w.dept, nil)
		d := w.dueOf(t, a, cur)
		if d.PaidFen != 20 {
			t.Fatalf("the frozen month is not paid by the prepayment: %+v", d)
		}
		det := w.detail(t, qp.ID)
		var spent bool
		for _, e := range det.Entries {
			spent = spent || e.Month == cur && e.Kind == fee.EntryPay && e.AmountFen == 20
		}
		if !spent {
			t.Fatalf("no entry of the prepayment on %s: %+v", cur, det.Entries)
		}
		apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(d.ID)), 409, fmt.Sprintf("乙 %s 的党费已缴纳", cur))
	})

	t.Run("中组发〔2008〕3号 按季度交纳 for a branch's members: one receipt, each member's quarter", func(t *testing.T) {
		apptest.ExpectField(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, map[string]any{"method": "cash", "memberIds": []int64{e1, e2}, "months": q, "extraFen": 100}),
			"memberIds", "多名党员一同缴费时只能选择月份；自愿多交须选择一名党员")
		p := apptest.DoJSON[fee.Payment](t, w.e, 201, "POST", "/api/dfgl/onsite", w.secretary, map[string]any{"method": "cash", "memberIds": []int64{e1, e2}, "months": q})
		if p.AmountFen != 120 || p.MemberID != nil || p.OrgID != w.c.Branch {
			t.Fatalf("the branch's quarterly receipt: %+v", p)
		}
		det := w.detail(t, p.ID)
		if len(det.Entries)+len(det.Prepays) != 6 {
			t.Fatalf("receipt lines: %d entries, %d prepaid months", len(det.Entries), len(det.Prepays))
		}
		for _, m := range []int64{e1, e2} {
			if d := w.dueOf(t, m, cur); d.PaidFen != 20 {
				t.Fatalf("member %d's current month: %+v", m, d)
			}
		}
		apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, map[string]any{"method": "cash", "memberIds": []int64{e1, e2}, "months": q}),
			409, fmt.Sprintf("己 %s 的党费已缴纳", q[0]))
	})

	t.Run("中组发〔2008〕3号 预交 online: ordered before the freeze, notified after, paid once; a replay changes nothing", func(t *testing.T) {
		if due := w.dueOf(t, d, cur); due.PaidFen != 0 {
			t.Fatalf("an unpaid order paid the month: %+v", due)
		}
		n := notify(fee.Notify{OrderNo: early.No, TxnID: "T-early", AmountFen: early.AmountFen, Timestamp: time.Now().Unix()})
		for range 2 {
			apptest.Expect(t, w.e.Do("POST", "/api/dfgl/pay/notify", "", n), 200)
		}
		if due := w.dueOf(t, d, cur); due.PaidFen != 20 || w.paid(t, due.ID) != 20 {
			t.Fatalf("the notified prepayment: %+v", due)
		}
		mine := apptest.DoJSON[fee.MyFees](t, w.e, 200, "GET", "/api/dfgl/mine", tokD, nil)
		link, _ := url.Parse(mine.Payments[0].ResultURL)
		r := apptest.DoJSON[fee.Result](t, w.e, 200, "GET", "/api/dfgl/pay/result?"+link.RawQuery, "", nil)
		if r.AmountFen != 20 || fmt.Sprint(r.Months) != fmt.Sprint([]string{cur}) || r.State != fee.PayPaid {
			t.Fatalf("the public result: %+v", r)
		}
	})

	t.Run("中组发〔2008〕3号 预交 at most 12 months ahead (setting): the 12th yes, the 13th no; past and twice no", func(t *testing.T) {
		apptest.ExpectField(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, map[string]any{"method": "cash", "memberId": a, "months": []string{month(13)}}),
			"months", fmt.Sprintf("%s 超出预交期限（最多预交当月之后12个月，中组发〔2008〕3号）", month(13)))
		o := apptest.DoJSON[fee.Order](t, w.e, 201, "POST", "/api/dfgl/mine/order", tok, map[string]any{"months": []string{month(12)}})
		if o.AmountFen != 20 {
			t.Fatalf("order %+v", o)
		}
		w.pay(t, o)
		apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, map[string]any{"method": "cash", "memberId": a, "months": []string{month(12)}}),
			400, fmt.Sprintf("%s 的党费已预交", month(12)))
		mine := apptest.DoJSON[fee.MyFees](t, w.e, 200, "GET", "/api/dfgl/mine", tok, nil)
		wantCredit := int64(20)
		for _, m := range q {
			if m > cur {
				wantCredit += 20
			}
		}
		if mine.CreditFen != wantCredit || mine.PrepayMonths != 12 {
			t.Fatalf("我的党费 credit %d (want %d), window %d", mine.CreditFen, wantCredit, mine.PrepayMonths)
		}
		for _, x := range mine.Ahead {
			if x.Month == month(12) || x.Month == cur {
				t.Fatalf("%s offered again: %+v", x.Month, mine.Ahead)
			}
		}
		w.setting(t, fee.CfgPrepayMonths, "13")
		apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, map[string]any{"method": "cash", "memberId": a, "months": []string{month(13)}}), 201)
		if q[0] < cur {
			apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, map[string]any{"method": "cash", "memberId": a, "months": []string{q[0]}}),
				409, fmt.Sprintf("乙 %s 的党费已缴纳", q[0]))
		}
	})

	t.Run("退还预交 and 冲正 of a month paid by it give the credit back", func(t *testing.T) {
		var held fee.Prepay
		if err := w.e.DB.NewSelect().Model(&held).Where("member_id = ? AND month = ?", a, month(13)).Scan(t.Context()); err != nil {
			t.Fatal(err)
		}
		path := fmt.Sprintf("/api/dfgl/prepay/%d/refund", held.ID)
		apptest.Expect(t, w.e.Do("POST", path, w.secretary, map[string]any{"reason": "退党费"}), 403)
		math, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.Math, fee.PermList, fee.PermReverse)
		apptest.ExpectMessage(t, w.e.Do("POST", path, math, map[string]any{"reason": "退党费"}), 404, "预交记录不存在")
		apptest.ExpectField(t, w.e.Do("POST", path, w.dept, map[string]any{"reason": ""}), "reason", "请输入退还原因（不超过200个字）")
		r := apptest.DoJSON[fee.Prepay](t, w.e, 200, "POST", path, w.dept, map[string]any{"reason": "党员申请退还"})
		if r.State != fee.PrepayRefunded || r.LeftFen != 0 || r.RefundedFen != 20 {
			t.Fatalf("refund: %+v", r)
		}
		apptest.ExpectMessage(t, w.e.Do("POST", path, w.dept, map[string]any{"reason": "再退"}), 409, "该笔预交没有可退还的余额")
		// The month is free again.
		apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, map[string]any{"method": "cash", "memberId": a, "months": []string{month(13)}}), 201)
		// 冲正 of the entry the prepayment paid the current month with.
		var applied fee.Prepay
		if err := w.e.DB.NewSelect().Model(&applied).Where("member_id = ? AND month = ?", a, cur).Scan(t.Context()); err != nil {
			t.Fatal(err)
		}
		apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dfgl/entry/%d/reverse", *applied.EntryID), w.dept, map[string]any{"reason": "错抵"}), 201)
		if err := w.e.DB.NewSelect().Model(&applied).WherePK().Scan(t.Context()); err != nil {
			t.Fatal(err)
		}
		if applied.LeftFen != 20 || w.dueOf(t, a, cur).PaidFen != 0 {
			t.Fatalf("after 冲正: prepayment %+v, due %+v", applied, w.dueOf(t, a, cur))
		}
	})
}

// 中组发〔2008〕3号 预交 under a parallel freeze: members prepay the
// current month while its batch starts; whichever comes first, each due is
// paid exactly once — by the prepayment at the freeze, or as a frozen due
// when the prepayment comes after — and nothing stays credit for it.
func TestPrepaymentSpentOnceUnderParallelFreeze_Zuzhongfa2008No3(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	const n = 8
	members := make([]int64, n)
	for i := range members {
		members[i] = w.student(t, w.c.Branch, fmt.Sprintf("员%d", i))
	}
	cur := month(0)
	b := apptest.DoJSON[fee.Batch](t, w.e, 201, "POST", "/api/dfgl/batch", w.dept, map[string]any{"month": cur})
	statuses := apptest.Concurrently(n+1, func(i int) int {
		if i == n {
			return w.e.Do("POST", fmt.Sprintf("/api/dfgl/batch/%d/start", b.ID), w.dept, nil).Status
		}
		return w.e.Do("POST", "/api/dfgl/onsite", w.dept, map[string]any{"method": "cash", "memberId": members[i], "months": []string{cur}}).Status
	})
	for i, s := range statuses {
		if want := map[bool]int{true: 200, false: 201}[i == n]; s != want {
			t.Fatalf("request %d: %d, want %d (%v)", i, s, want, statuses)
		}
	}
	for _, m := range members {
		d := w.dueOf(t, m, cur)
		pays, err := w.e.DB.NewSelect().Table("df_entry").Where("due_id = ? AND kind = 'pay'", d.ID).Count(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		var left int64
		if err := w.e.DB.NewSelect().Table("df_prepay").ColumnExpr("COALESCE(SUM(left_fen), 0)").Where("member_id = ?", m).Scan(t.Context(), &left); err != nil {
			t.Fatal(err)
		}
		if pays != 1 || d.PaidFen != 20 || w.paid(t, d.ID) != 20 || left != 0 {
			t.Fatalf("member %d: %d pay entries, paid %d, credit left %d", m, pays, d.PaidFen, left)
		}
	}
	var total int64
	if err := w.e.DB.NewSelect().Table("df_payment").ColumnExpr("SUM(amount_fen)").Scan(t.Context(), &total); err != nil {
		t.Fatal(err)
	}
	if total != 20*n {
		t.Fatalf("payments %d fen for %d fen due", total, 20*n)
	}
}
