package fee_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
	"zhdj/internal/platform/httpx"
)

// order makes the member's online order for dues and answers it.
func (w *world) order(t *testing.T, tok string, dueIDs ...int64) fee.Order {
	t.Helper()
	return apptest.DoJSON[fee.Order](t, w.e, 201, "POST", "/api/dfgl/mine/order", tok, ids(dueIDs...))
}

func notify(n fee.Notify) fee.Notify { return fee.SignNotify(testSecret, n) }

// The signed notify: forged, stale (the setting, 300 s by default) and
// future signatures and a wrong amount are refused and change nothing;
// the good one writes the entries; a duplicate answers success and changes
// nothing.
func TestNotifySignatureTimestampAmountAndDuplicates(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.student(t, w.c.Branch, "甲")
	m1, m0 := month(-1), month(0)
	w.batch(t, m1)
	w.batch(t, m0)
	tok := w.account(t, a)
	d1, d0 := w.dueOf(t, a, m1), w.dueOf(t, a, m0)
	// The amount is the server's: a client's amount is not even read.
	res := w.e.Do("POST", "/api/dfgl/mine/order", tok, map[string]any{"dueIds": []int64{d1.ID, d0.ID}, "amountFen": 1})
	apptest.Expect(t, res, 201)
	var o fee.Order
	res.JSON(t, &o)
	if o.AmountFen != 40 || !strings.HasPrefix(o.PayURL, "/web/payment?") || o.ProviderLabel != "演示支付" {
		t.Fatalf("order: %+v", o)
	}
	// The server's clock stands still from here: the edges of the timestamp's
	// window (300 s) are exact, however long each post takes on a loaded machine.
	at := time.Now().UTC()
	w.e.App.Fee.SetClock(func() time.Time { return at })
	now := at.Unix()
	good := fee.Notify{OrderNo: o.No, TxnID: "T1", AmountFen: 40, Timestamp: now}
	post := func(n fee.Notify) *apptest.Response { return w.e.Do("POST", "/api/dfgl/pay/notify", "", n) }
	forged := notify(good)
	forged.AmountFen = 4000 // signed for 40, sent as 4000
	apptest.ExpectMessage(t, post(forged), 400, "签名无效")
	other := fee.SignNotify("another-secret", good)
	apptest.ExpectMessage(t, post(other), 400, "签名无效")
	apptest.ExpectMessage(t, post(fee.Notify{OrderNo: o.No, TxnID: "T1", AmountFen: 40, Timestamp: now, Sign: "zz"}), 400, "签名无效")
	stale := good
	stale.Timestamp = now - 301
	apptest.ExpectMessage(t, post(notify(stale)), 400, "通知时间戳超出有效期")
	future := good
	future.Timestamp = now + 301
	apptest.ExpectMessage(t, post(notify(future)), 400, "通知时间戳超出有效期")
	wrong := good
	wrong.AmountFen = 20
	apptest.ExpectMessage(t, post(notify(wrong)), 400, "金额与订单不符")
	unknown := good
	unknown.OrderNo = "DF0"
	apptest.Expect(t, post(notify(unknown)), 404)
	if w.count(t, "df_entry") != 0 {
		t.Fatal("a refused notify wrote entries")
	}
	// 300 s old is still fresh (the edge of the setting).
	edge := good
	edge.Timestamp = now - 300
	res = post(notify(edge))
	apptest.Expect(t, res, 200)
	if res.Map(t)["code"] != "SUCCESS" || w.paid(t, d1.ID) != 20 || w.paid(t, d0.ID) != 20 {
		t.Fatalf("good notify: %s", res.Body)
	}
	var p fee.Payment
	if err := w.e.DB.NewSelect().Model(&p).Where("no = ?", o.No).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	if p.State != fee.PayPaid || p.PlatformTxn != "T1" || p.PaidAt == nil {
		t.Fatalf("order after notify: %+v", p)
	}
	// Duplicates: success, nothing changes (the same txn or another).
	again := good
	again.TxnID = "T2"
	for _, n := range []fee.Notify{notify(edge), notify(again)} {
		apptest.Expect(t, post(n), 200)
	}
	if w.count(t, "df_entry") != 2 {
		t.Fatalf("duplicates wrote entries: %d", w.count(t, "df_entry"))
	}
	var txn string
	if err := w.e.DB.NewSelect().Table("df_payment").Column("platform_txn").Where("no = ?", o.No).Scan(t.Context(), &txn); err != nil || txn != "T1" {
		t.Fatalf("a duplicate changed the order: %q %v", txn, err)
	}
	// The window is a setting (feeNotifyMaxAgeSeconds).
	w.setting(t, fee.CfgNotifyMaxAge, "600")
	b := w.student(t, w.c.Branch, "乙")
	// 乙 joined after the batches started: the next month's batch holds them.
	if _, err := w.e.DB.NewInsert().Model(&fee.Due{BatchID: w.dueOf(t, a, m0).BatchID, Month: m0, MemberID: b, MemberName: "乙",
		OrgID: w.c.Branch, OrgPath: "/", DueFen: 20, CreatedAt: time.Now()}).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	o2 := w.order(t, w.account(t, b), w.dueOf(t, b, m0).ID)
	older := notify(fee.Notify{OrderNo: o2.No, TxnID: "T3", AmountFen: 20, Timestamp: time.Now().Unix() - 500})
	apptest.Expect(t, post(older), 200)
}

// A member orders only their own dues.
func TestOrderOnlyOwnDues(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a, b := w.student(t, w.c.Branch, "甲"), w.student(t, w.c.Branch, "乙")
	m := month(0)
	w.batch(t, m)
	tok := w.account(t, a)
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dfgl/mine/order", tok, ids(w.dueOf(t, b, m).ID)), 404, "缴费记录不存在")
	noMember, _ := w.e.UserWith("SELF", 0, fee.PermMine)
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/dfgl/mine", noMember, nil), 404, "您的账号未关联党员信息")
	mine := apptest.DoJSON[fee.MyFees](t, w.e, 200, "GET", "/api/dfgl/mine", tok, nil)
	if mine.MemberName != "甲" || len(mine.Dues) != 1 || !mine.Dues[0].Payable || !mine.Online || mine.BackMonths != 6 {
		t.Fatalf("mine: %+v", mine)
	}
}

// Twenty duplicate notifies at once write the order's entries once.
func TestConcurrentDuplicateNotifies(t *testing.T) {
	t.Parallel()
	w, a, d := oneDue(t)
	o := w.order(t, w.account(t, a), d.ID)
	n := notify(fee.Notify{OrderNo: o.No, TxnID: "T", AmountFen: o.AmountFen, Timestamp: time.Now().Unix()})
	statuses := apptest.Concurrently(20, func(int) int { return w.e.Do("POST", "/api/dfgl/pay/notify", "", n).Status })
	for _, s := range statuses {
		if s != 200 {
			t.Fatalf("statuses %v", statuses)
		}
	}
	if w.count(t, "df_entry") != 1 || w.paid(t, d.ID) != 20 {
		t.Fatalf("entries %d", w.count(t, "df_entry"))
	}
}

// A month paid on site while the member's order waited: the notify is
// answered (the platform has the money) and the order is 需退款, writing nothing.
func TestNotifyAfterOnsitePaymentNeedsRefund(t *testing.T) {
	t.Parallel()
	w, a, d := oneDue(t)
	o := w.order(t, w.account(t, a), d.ID)
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(d.ID)), 201)
	n := notify(fee.Notify{OrderNo: o.No, TxnID: "T", AmountFen: o.AmountFen, Timestamp: time.Now().Unix()})
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/pay/notify", "", n), 200)
	var state string
	if err := w.e.DB.NewSelect().Table("df_payment").Column("state").Where("no = ?", o.No).Scan(t.Context(), &state); err != nil {
		t.Fatal(err)
	}
	if state != fee.PayRefund || w.paid(t, d.ID) != 20 {
		t.Fatalf("state %s, paid %d", state, w.paid(t, d.ID))
	}
}

// 演示支付 (the sandbox): the order is pending like the platform's and its
// pay link is the result page; the payer's confirmation (with the link's
// signature) goes through the signed notify — the order becomes paid with
// its entries, labelled 演示支付 in the result, the member's payments and
// the administrators' list; the result shows the order from its id and
// signature only. A wrong signature, an unknown order and a second
// confirmation change nothing.
func TestSandboxAndResultPage(t *testing.T) {
	t.Parallel()
	w, a, d := oneDue(t)
	tok := w.account(t, a)
	o := w.order(t, tok, d.ID)
	if !strings.HasPrefix(o.PayURL, "/web/payment?") || !strings.HasPrefix(o.No, "YS") || o.ProviderLabel != "演示支付" {
		t.Fatalf("order %+v", o)
	}
	q, _ := url.ParseQuery(strings.TrimPrefix(o.PayURL, "/web/payment?"))
	r := apptest.DoJSON[fee.Result](t, w.e, 200, "GET", "/api/dfgl/pay/result?"+q.Encode(), "", nil)
	if r.State != fee.PayPending || r.Provider != fee.ProviderSandbox || r.ProviderLabel != "演示支付" || w.paid(t, d.ID) != 0 {
		t.Fatalf("before the confirmation: %+v, paid %d", r, w.paid(t, d.ID))
	}
	confirm := func(no, sig string) *apptest.Response {
		return w.e.Do("POST", "/api/dfgl/pay/sandbox", "", fee.SandboxConfirm{No: no, Sig: sig})
	}
	apptest.Expect(t, confirm(o.No, strings.Repeat("0", 64)), 404)
	apptest.Expect(t, confirm("YS0", q.Get("sig")), 404)
	if w.paid(t, d.ID) != 0 {
		t.Fatal("a refused confirmation paid")
	}
	res := confirm(o.No, q.Get("sig"))
	apptest.Expect(t, res, 200)
	res.JSON(t, &r)
	if r.No != o.No || r.State != fee.PayPaid || r.AmountFen != 20 || len(r.Months) != 1 || r.Months[0] != d.Month || w.paid(t, d.ID) != 20 {
		t.Fatalf("result: %+v", r)
	}
	apptest.Expect(t, confirm(o.No, q.Get("sig")), 200) // a duplicate: nothing more
	if w.paid(t, d.ID) != 20 {
		t.Fatalf("paid twice: %d", w.paid(t, d.ID))
	}
	if strings.Contains(string(w.e.Do("GET", "/api/dfgl/pay/result?"+q.Encode(), "", nil).Body), "甲") {
		t.Fatal("the public result names the member")
	}
	mine := apptest.DoJSON[fee.MyFees](t, w.e, 200, "GET", "/api/dfgl/mine", tok, nil)
	if len(mine.Payments) != 1 || mine.Payments[0].ProviderLabel != "演示支付" || mine.Payments[0].ResultURL == "" || mine.OnlineLabel != "演示支付" {
		t.Fatalf("the member's payments %+v", mine.Payments)
	}
	listed := apptest.Content[fee.PaymentView](t, w.e.Do("GET", "/api/dfgl/payment?provider=sandbox", w.secretary, nil))
	if len(listed) != 1 || listed[0].ProviderLabel != "演示支付" {
		t.Fatalf("the payments list %+v", listed)
	}
	bad := url.Values{"no": {o.No}, "sig": {strings.Repeat("0", 64)}}
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/dfgl/pay/result?"+bad.Encode(), "", nil), 404, "支付记录不存在或链接无效")
	apptest.Expect(t, w.e.Do("GET", "/api/dfgl/pay/result?no="+o.No, "", nil), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/dfgl/pay/sandbox?no="+o.No, "", nil), 405)
}

// Without ZHDJ_PAY_SANDBOX=on (a production configuration) the sandbox is
// refused: no confirmation, and a sandbox order's notify — even correctly
// signed — pays nothing.
func TestSandboxRefusedWithoutTheSetting(t *testing.T) {
	t.Parallel()
	w, a, d := oneDue(t)
	o := w.order(t, w.account(t, a), d.ID) // made while the sandbox was on
	q, _ := url.ParseQuery(strings.TrimPrefix(o.PayURL, "/web/payment?"))
	prod := fee.New(w.e.DB, w.e.Sys, w.e.App.Orgs, w.e.App.Members, nil, fee.Options{Secret: testSecret, PayURL: "https://pay.example.edu.cn/pay"}, nil)
	if _, err := prod.SandboxPay(t.Context(), fee.SandboxConfirm{No: o.No, Sig: q.Get("sig")}); httpStatus(err) != 404 {
		t.Fatalf("confirmed without the setting: %v", err)
	}
	n := fee.SignNotify(testSecret, fee.Notify{OrderNo: o.No, TxnID: "T9", AmountFen: o.AmountFen, Timestamp: time.Now().Unix()})
	if err := prod.HandleNotify(t.Context(), n); httpStatus(err) != 403 {
		t.Fatalf("a sandbox order's notify without the setting: %v", err)
	}
	if w.paid(t, d.ID) != 0 {
		t.Fatalf("paid without the setting: %d", w.paid(t, d.ID))
	}
	// The payment list's filter offers 演示支付 only while the sandbox is on.
	labels := func(os []fee.Option) (out []string) {
		for _, o := range os {
			out = append(out, o.Label)
		}
		return out
	}
	if got := labels(prod.PaymentOptions().Providers); strings.Join(got, ",") != "现场缴费,校园支付平台" {
		t.Fatalf("providers without the sandbox: %v", got)
	}
	on := apptest.DoJSON[fee.PaymentFilterOptions](t, w.e, 200, "GET", "/api/dfgl/payment/options", w.secretary, nil)
	if got := labels(on.Providers); strings.Join(got, ",") != "现场缴费,校园支付平台,演示支付" || strings.Join(labels(on.States), ",") != "已支付,待支付,需退款" {
		t.Fatalf("options with the sandbox: %+v", on)
	}
	if opts := fee.OptionsFromEnv(); !opts.Sandbox || opts.Secret != testSecret {
		t.Fatalf("the tests' environment: %+v", opts)
	}
}

func httpStatus(err error) int {
	var he *httpx.Error
	if errors.As(err, &he) {
		return he.Status
	}
	return 0
}

// Every route: 401 without a session, 403 without its permission.
func TestRoutesRefuseWithoutSessionOrPermission(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	none, _ := w.e.UserWith("ALL", 0)
	for _, r := range []struct{ method, path string }{
		{"GET", "/api/dfgl/batch"}, {"POST", "/api/dfgl/batch"}, {"POST", "/api/dfgl/batch/1/start"},
		{"POST", "/api/dfgl/batch/1/settle"}, {"GET", "/api/dfgl/batch/1/rollup"}, {"GET", "/api/dfgl/due"},
		{"GET", "/api/dfgl/due/export"}, {"GET", "/api/dfgl/payment"}, {"GET", "/api/dfgl/payment/1"}, {"GET", "/api/dfgl/payment/options"},
		{"POST", "/api/dfgl/onsite"}, {"GET", "/api/dfgl/onsite/methods"}, {"POST", "/api/dfgl/entry/1/reverse"}, {"GET", "/api/dfgl/mine"},
		{"POST", "/api/dfgl/mine/order"},
	} {
		apptest.Expect(t, w.e.Do(r.method, r.path, "", map[string]any{}), 401)
		apptest.Expect(t, w.e.Do(r.method, r.path, none, map[string]any{}), 403)
	}
	// The secretary lists but runs no batch and reverses nothing.
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/batch", w.secretary, map[string]any{"month": month(0)}), 403)
	apptest.Expect(t, w.e.Do("POST", "/api/dfgl/entry/1/reverse", w.secretary, map[string]any{"reason": "x"}), 403)
}
