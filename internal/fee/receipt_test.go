package fee_test

import (
	"fmt"
	"regexp"
	"slices"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
	"zhdj/internal/platform/date"
)

// An on-site payment names its method (现金, 转账, 扫码: the list the web is
// served) and its date: today is accepted, tomorrow and a day before the
// month's batch started are refused, nothing written; the payment records
// both and who took it, and the list shows the method (未记录 for a payment
// recorded before methods were).
func TestOnsiteMethodAndDate(t *testing.T) {
	t.Parallel()
	w, a, d := oneDue(t)
	methods := apptest.DoJSON[[]fee.Option](t, w.e, 200, "GET", "/api/dfgl/onsite/methods", w.secretary, nil)
	if fmt.Sprint(methods) != "[{cash 现金} {transfer 转账} {scan 扫码}]" {
		t.Fatalf("methods %v", methods)
	}
	today := time.Now().In(date.China)
	body := func(method, paidOn string) map[string]any {
		return map[string]any{"dueIds": []int64{d.ID}, "method": method, "paidOn": paidOn}
	}
	apptest.ExpectField(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, body("", "")), "method", "请选择缴费方式")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, body("bitcoin", "")), "method", "缴费方式只能是现金、转账或扫码")
	tomorrow := today.AddDate(0, 0, 1).Format("2006-01-02")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, body(fee.MethodScan, tomorrow)), "paidOn",
		"缴费日期不能晚于今天（"+today.Format("2006-01-02")+"）")
	// The batch started today: its due did not exist yesterday.
	yesterday := today.AddDate(0, 0, -1).Format("2006-01-02")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, body(fee.MethodScan, yesterday)), "paidOn",
		fmt.Sprintf("缴费日期不能早于 %s 月批次启动缴费的日期（%s）", d.Month, today.Format("2006-01-02")))
	apptest.ExpectField(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, body(fee.MethodScan, "2026/3/1")), "paidOn",
		"缴费日期格式应为 2026-03-01")
	typed := body(fee.MethodCash, "")
	typed["receiptNo"] = fmt.Sprintf("SJ%d000001", today.Year())
	apptest.ExpectField(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, typed), "receiptNo", "SJ加年份和6位序号的收据号由系统生成，请不要手工填写")
	if n := w.count(t, "df_payment"); n != 0 {
		t.Fatalf("%d payments after refusals", n)
	}
	p := apptest.DoJSON[fee.Payment](t, w.e, 201, "POST", "/api/dfgl/onsite", w.secretary, body(fee.MethodScan, today.Format("2006-01-02")))
	if p.Method != fee.MethodScan || string(p.PaidOn) != today.Format("2006-01-02") || p.Operator == "" || p.Payer != "甲" {
		t.Fatalf("payment %+v", p)
	}
	detail := apptest.DoJSON[fee.PaymentDetail](t, w.e, 200, "GET", fmt.Sprintf("/api/dfgl/payment/%d", p.ID), w.secretary, nil)
	if detail.MethodLabel != "扫码" || detail.Operator != p.Operator || len(detail.Entries) != 1 || detail.Entries[0].MemberID != a {
		t.Fatalf("detail %+v", detail)
	}
	// A payment recorded before the method was: 未记录, never a guess.
	if _, err := w.e.DB.NewUpdate().Table("df_payment").Set("method = ''").Set("paid_on = NULL").Where("id = ?", p.ID).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	list, _ := apptest.GetPage[fee.PaymentView](t, w.e, w.secretary, "/api/dfgl/payment", nil)
	if len(list) != 1 || list[0].MethodLabel != fee.MethodUnrecorded || list[0].PaidOn != "" {
		t.Fatalf("list %+v", list)
	}
}

// Receipt numbers are the year's sequence, SJ<year><6 digits>, taken
// atomically: payments recorded in parallel never share one, none is skipped.
func TestReceiptNumbersAreUniqueUnderParallelPayments(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	const n = 12
	members := make([]int64, n)
	for i := range members {
		members[i] = w.student(t, w.c.Branch, fmt.Sprintf("员%d", i))
	}
	m := month(0)
	w.batch(t, m)
	dues := make([]int64, n)
	for i, id := range members {
		dues[i] = w.dueOf(t, id, m).ID
	}
	numbers := apptest.Concurrently(n, func(i int) string {
		res := w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(dues[i]))
		if res.Status != 201 {
			return fmt.Sprintf("status %d: %s", res.Status, res.Body)
		}
		var p fee.Payment
		res.JSON(t, &p)
		return p.No
	})
	year := time.Now().In(date.China).Year()
	shape := regexp.MustCompile(fmt.Sprintf(`^SJ%d\d{6}$`, year))
	slices.Sort(numbers)
	for i, no := range numbers {
		if !shape.MatchString(no) || no != fmt.Sprintf("SJ%d%06d", year, i+1) {
			t.Fatalf("receipt numbers %v", numbers)
		}
	}
}
