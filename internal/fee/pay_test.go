package fee_test

import (
	"context"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
	"zhdj/internal/member"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/event"
)

// A collector pays several members at once under one receipt number, all
// or nothing; a month paid is refused; dues out of the scope are a 404.
func TestOnsitePaymentOfSeveralMembers(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a, b := w.student(t, w.c.Branch, "甲"), w.student(t, w.c.Branch, "乙")
	c := w.student(t, w.math, "丙")
	m := month(0)
	w.batch(t, m)
	da, db, dc := w.dueOf(t, a, m), w.dueOf(t, b, m), w.dueOf(t, c, m)
	p := apptest.DoJSON[fee.Payment](t, w.e, 201, "POST", "/api/dfgl/onsite", w.secretary,
		map[string]any{"dueIds": []int64{da.ID, db.ID}, "payer": "支部收缴员", "method": fee.MethodCash})
	if p.No == "" || p.Provider != fee.ProviderOnsite || p.State != fee.PayPaid || p.AmountFen != 40 || p.OrgID != w.c.Branch {
		t.Fatalf("payment: %+v", p)
	}
	if w.paid(t, da.ID) != 20 || w.paid(t, db.ID) != 20 {
		t.Fatal("entries not written")
	}
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(da.ID)), 409, "甲 "+m+" 的党费已缴纳")
	// Out of the secretary's scope: 404, and nothing written with it.
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(dc.ID)), 404, "缴费记录不存在")
	// One paid month among several: nothing is written.
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.dept, ids(dc.ID, da.ID)), 409, "甲 "+m+" 的党费已缴纳")
	if n := w.count(t, "df_entry"); n != 2 {
		t.Fatalf("%d entries after refusals", n)
	}
	// A receipt number given by the collector: not one of the system's sequence, and unique (below).
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.dept, map[string]any{"method": "cash", "dueIds": []int64{dc.ID}, "receiptNo": p.No}), 400,
		"SJ加年份和6位序号的收据号由系统生成，请不要手工填写")
	if w.paid(t, dc.ID) != 0 {
		t.Fatal("a refused receipt wrote entries")
	}
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.dept, map[string]any{"method": "cash", "dueIds": []int64{dc.ID}, "receiptNo": "收据1"}), 400,
		"收据号只能由字母、数字和短横线组成，不超过40个字符")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.dept, map[string]any{"method": "cash", "dueIds": []int64{}}), 400, "请选择要缴纳的月份")
	got := apptest.DoJSON[fee.Payment](t, w.e, 201, "POST", "/api/dfgl/onsite", w.dept, map[string]any{"method": "cash", "dueIds": []int64{dc.ID}, "receiptNo": "NO-2026-001"})
	if got.No != "NO-2026-001" || got.Payer != "丙" {
		t.Fatalf("receipt: %+v", got)
	}
	d2 := w.student(t, w.math, "丁")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.dept, map[string]any{"method": "cash", "memberId": d2, "months": []string{month(1)},
		"receiptNo": "NO-2026-001"}), 400, "收据号NO-2026-001已使用")
	// The payment's detail lists its entries; another branch's payment is a 404 for the secretary.
	detail := apptest.DoJSON[fee.PaymentDetail](t, w.e, 200, "GET", fmt.Sprintf("/api/dfgl/payment/%d", p.ID), w.secretary, nil)
	names := map[string]bool{}
	for _, en := range detail.Entries {
		names[en.MemberName] = en.AmountFen == 20 && en.Kind == fee.EntryPay
	}
	if len(detail.Entries) != 2 || !names["甲"] || !names["乙"] || detail.ProviderLabel != "现场缴费" {
		t.Fatalf("detail: %+v", detail)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dfgl/payment/%d", got.ID), w.secretary, nil), 404)
	list, total := apptest.GetPage[fee.PaymentView](t, w.e, w.secretary, "/api/dfgl/payment", nil)
	if total != 1 || list[0].ID != p.ID {
		t.Fatalf("the secretary's payments: %d %+v", total, list)
	}
}

// One receipt holds the members of one organisation.
func TestOnsiteOneOrganisationPerReceipt(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a, c := w.student(t, w.c.Branch, "甲"), w.student(t, w.math, "丙")
	m := month(0)
	w.batch(t, m)
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.dept, ids(w.dueOf(t, a, m).ID, w.dueOf(t, c, m).ID)), 400,
		"一张收据只收缴同一党组织党员的党费")
}

// RULES §1 补交 ≤ 6 months: the month 6 before the current one may be
// paid, the 7th not (the setting feeBackPayMonths).
func TestBackPaymentWindowRULES1SixMonths(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.student(t, w.c.Branch, "甲")
	six, seven := month(-6), month(-7)
	w.batch(t, six)
	w.batch(t, seven)
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(w.dueOf(t, a, seven).ID)), 400,
		seven+" 超出补交期限（最多补交6个月）")
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(w.dueOf(t, a, six).ID)), 201)
	// The window is a setting: 7 months lets the 7th through.
	w.setting(t, fee.CfgBackMonths, "7")
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(w.dueOf(t, a, seven).ID)), 201)
}

// Concurrent payments of one member-month: exactly one succeeds (the
// unique due/kind/gen of the entries), on both databases.
func TestConcurrentPaymentsExactlyOneSucceeds(t *testing.T) {
	t.Parallel()
	w, _, d := oneDue(t)
	statuses := apptest.Concurrently(20, func(int) int { return w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(d.ID)).Status })
	apptest.ExpectOneWins(t, statuses, 201, 409)
	if w.paid(t, d.ID) != 20 || w.count(t, "df_payment") != 1 {
		t.Fatalf("paid %d, %d payments", w.paid(t, d.ID), w.count(t, "df_payment"))
	}
}

// Settling locks the month: its due rows are never edited; a correction
// is a reversal entry (negative, referencing the original), after which
// the month can be paid again; an entry is reversed once.
func TestSettleThenReverse(t *testing.T) {
	t.Parallel()
	w, a, d := oneDue(t)
	m := d.Month
	p := apptest.DoJSON[fee.Payment](t, w.e, 201, "POST", "/api/dfgl/onsite", w.secretary, ids(d.ID))
	apptest.DoJSON[fee.Batch](t, w.e, 200, "POST", fmt.Sprintf("/api/dfgl/batch/%d/settle", d.BatchID), w.dept, nil)
	detail := apptest.DoJSON[fee.PaymentDetail](t, w.e, 200, "GET", fmt.Sprintf("/api/dfgl/payment/%d", p.ID), w.dept, nil)
	orig := detail.Entries[0]
	path := fmt.Sprintf("/api/dfgl/entry/%d/reverse", orig.ID)
	apptest.ExpectMessage(t, w.e.Do("POST", path, w.dept, map[string]any{"reason": ""}), 400, "请输入冲正原因（不超过200个字）")
	apptest.Expect(t, w.e.Do("POST", path, w.secretary, map[string]any{"reason": "错收"}), 403)
	rev := apptest.DoJSON[fee.Entry](t, w.e, 201, "POST", path, w.dept, map[string]any{"reason": "收错党员"})
	if rev.Kind != fee.EntryReverse || rev.AmountFen != -20 || rev.ReversesID == nil || *rev.ReversesID != orig.ID || rev.DueID != d.ID {
		t.Fatalf("reversal: %+v", rev)
	}
	if w.paid(t, d.ID) != 0 {
		t.Fatal("the reversal did not cancel the payment")
	}
	if after := w.dueOf(t, a, m); after.DueFen != d.DueFen || after.OrgID != d.OrgID || *after.CommitteeID != *d.CommitteeID ||
		after.Working != d.Working || !after.CreatedAt.Equal(d.CreatedAt) {
		t.Fatalf("the settled due changed: %+v → %+v", d, after)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", path, w.dept, map[string]any{"reason": "再冲"}), 409, "该笔缴费已冲正")
	apptest.ExpectMessage(t, w.e.Do("POST", fmt.Sprintf("/api/dfgl/entry/%d/reverse", rev.ID), w.dept, map[string]any{"reason": "x"}), 400,
		"冲正记录不能再冲正")
	// Paid again after the reversal (a new pay entry, gen 1).
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(d.ID)), 201)
	if w.paid(t, d.ID) != 20 || w.count(t, "df_entry") != 3 {
		t.Fatal("the new payment after the reversal")
	}
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/entry/999999/reverse", w.dept, map[string]any{"reason": "x"}), 404)
	// Another committee's administrator: the entry lies outside their scope.
	math, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.Math, fee.PermList, fee.PermReverse)
	var live int64
	if err := w.e.DB.NewSelect().Table("df_entry").Column("id").Where("kind = 'pay' AND gen = 1").Scan(t.Context(), &live); err != nil {
		t.Fatal(err)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", fmt.Sprintf("/api/dfgl/entry/%d/reverse", live), math, map[string]any{"reason": "x"}), 404, "缴费明细不存在")
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dfgl/payment/%d", p.ID), math, nil), 404)
	rows, _ := apptest.GetPage[fee.DueView](t, w.e, math, "/api/dfgl/due", url.Values{"month": {m}})
	if len(rows) != 0 {
		t.Fatalf("another committee lists the branch's dues: %+v", rows)
	}
}

// member.FeesPaidUpTo: the latest month up to which all due months are paid.
func TestFeesPaidUpTo(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.student(t, w.c.Branch, "甲")
	ask := func() string {
		r, ok, err := event.Ask[member.PaidUpTo](context.Background(), w.e.App.Bus, w.e.DB, member.FeesPaidUpTo{MemberID: a})
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		return r.Month
	}
	if got := ask(); got != "" {
		t.Fatalf("no dues: %q", got)
	}
	m2, m1, m0 := month(-2), month(-1), month(0)
	for _, m := range []string{m2, m1, m0} {
		w.batch(t, m)
	}
	if got := ask(); got != "" {
		t.Fatalf("nothing paid: %q", got)
	}
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(w.dueOf(t, a, m2).ID)), 201)
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(w.dueOf(t, a, m0).ID)), 201)
	if got := ask(); got != m2 {
		t.Fatalf("paid %s and %s: %q", m2, m0, got)
	}
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(w.dueOf(t, a, m1).ID)), 201)
	if got := ask(); got != m0 {
		t.Fatalf("all paid: %q", got)
	}
}

// df_due.paid_fen is what every figure reads as a due's paid amount; it
// must always equal the sum of the due's entries, whatever wrote them:
// on-site payments of several members, a reversal, a payment after it, 20
// concurrent payments of one member-month (one wins), an online order's
// notify and its duplicates, and an order refused as 需退款.
func TestPaidFenEqualsSumOfEntries(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a, b, c := w.student(t, w.c.Branch, "甲"), w.student(t, w.c.Branch, "乙"), w.student(t, w.c.Branch, "丙")
	m1, m0 := month(-1), month(0)
	w.batch(t, m1)
	w.batch(t, m0)
	// 甲 and 乙 paid last month on one receipt; 甲's is reversed and paid again.
	p := apptest.DoJSON[fee.Payment](t, w.e, 201, "POST", "/api/dfgl/onsite", w.secretary,
		ids(w.dueOf(t, a, m1).ID, w.dueOf(t, b, m1).ID))
	detail := apptest.DoJSON[fee.PaymentDetail](t, w.e, 200, "GET", fmt.Sprintf("/api/dfgl/payment/%d", p.ID), w.dept, nil)
	var first int64
	for _, e := range detail.Entries {
		if e.MemberID == a {
			first = e.ID
		}
	}
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dfgl/entry/%d/reverse", first), w.dept, map[string]any{"reason": "收错"}), 201)
	if got := w.dueOf(t, a, m1).PaidFen; got != 0 {
		t.Fatalf("after the reversal 甲's paid_fen is %d", got)
	}
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(w.dueOf(t, a, m1).ID)), 201)
	// 丙's month, 20 collectors at once: exactly one wins.
	dc := w.dueOf(t, c, m0).ID
	apptest.ExpectOneWins(t, apptest.Concurrently(20, func(int) int { return w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(dc)).Status }),
		201, 409)
	// 乙 pays this month online; the platform sends the notify three times.
	o := w.order(t, w.account(t, b), w.dueOf(t, b, m0).ID)
	n := notify(fee.Notify{OrderNo: o.No, TxnID: "T1", AmountFen: o.AmountFen, Timestamp: time.Now().Unix()})
	for range 3 {
		apptest.Expect(t, w.e.Do("POST", "/api/dfgl/pay/notify", "", n), 200)
	}
	// 甲 orders this month online, but the collector takes it on site first: 需退款, no entry.
	da := w.dueOf(t, a, m0).ID
	o2 := w.order(t, w.account(t, a), da)
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(da)), 201)
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/pay/notify", "", notify(fee.Notify{OrderNo: o2.No, TxnID: "T2",
		AmountFen: o2.AmountFen, Timestamp: time.Now().Unix()})), 200)

	var dues []fee.Due
	if err := w.e.DB.NewSelect().Model(&dues).OrderExpr("d.id").Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	if len(dues) != 6 {
		t.Fatalf("%d dues", len(dues))
	}
	for _, d := range dues {
		if d.PaidFen != w.paid(t, d.ID) {
			t.Errorf("due %d (%s %s): paid_fen %d, its entries add up to %d", d.ID, d.MemberName, d.Month, d.PaidFen, w.paid(t, d.ID))
		}
		// Every month was paid once in full except 丙's last month.
		want := d.DueFen
		if d.MemberID == c && d.Month == m1 {
			want = 0
		}
		if d.PaidFen != want {
			t.Errorf("due %d (%s %s): paid_fen %d, want %d", d.ID, d.MemberName, d.Month, d.PaidFen, want)
		}
	}
}

// Migration 2026112900 fills paid_fen from the entries already written:
// undone on a database with payments, a reversal and a re-payment (with
// 2026112901's index on paid_fen, which comes after it), and run again, it
// gives every due its entries' sum.
func TestPaidFenMigrationBackfillsFromEntries(t *testing.T) {
	t.Parallel()
	w, a, d := oneDue(t)
	b := w.student(t, w.c.Branch, "乙") // joins after this month started: only last month is due
	m1 := month(-1)
	w.batch(t, m1)
	p := apptest.DoJSON[fee.Payment](t, w.e, 201, "POST", "/api/dfgl/onsite", w.secretary, ids(d.ID, w.dueOf(t, a, m1).ID))
	detail := apptest.DoJSON[fee.PaymentDetail](t, w.e, 200, "GET", fmt.Sprintf("/api/dfgl/payment/%d", p.ID), w.dept, nil)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dfgl/entry/%d/reverse", detail.Entries[0].ID), w.dept, map[string]any{"reason": "收错"}), 201)
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(detail.Entries[0].DueID)), 201)

	up := map[int64]func(context.Context, bun.Tx) error{}
	for _, m := range fee.Migrations() {
		up[m.Version] = m.Up
	}
	ctx := t.Context()
	err := db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		if err := db.DDL(ctx, tx, `DROP INDEX idx_df_due_unpaid`, `DROP INDEX idx_df_due_report`,
			`ALTER TABLE df_due DROP COLUMN paid_fen`, `CREATE INDEX idx_df_due_month_path ON df_due(month, org_path)`); err != nil {
			return err
		}
		if err := up[2026112900](ctx, tx); err != nil {
			return err
		}
		return up[2026112901](ctx, tx)
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]int64{d.ID: 20, w.dueOf(t, a, m1).ID: 20, w.dueOf(t, b, m1).ID: 0}
	for id, fen := range want {
		var got int64
		if err := w.e.DB.NewSelect().Table("df_due").Column("paid_fen").Where("id = ?", id).Scan(ctx, &got); err != nil {
			t.Fatal(err)
		}
		if got != fen || got != w.paid(t, id) {
			t.Errorf("due %d: paid_fen %d after the migration, want %d (entries %d)", id, got, fen, w.paid(t, id))
		}
	}
}

// A body naming members only by id 0 names none: 400 on memberIds, no
// payment (it used to reach the first of an empty list).
func TestOnsiteWithoutARealMember(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/onsite", w.dept, map[string]any{"memberIds": []int64{0}, "months": []string{month(0)}, "method": fee.MethodCash}), 400,
		"请选择党员")
	if n := w.count(t, "df_payment"); n != 0 {
		t.Fatalf("%d payments", n)
	}
}
