package fee

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/seq"
)

// Ways an on-site payment is taken (df_payment.method). An on-site payment
// names one; online orders and the rows recorded before the column existed
// have none (shown 未记录: never guessed).
const (
	MethodCash     = "cash"     // 现金
	MethodTransfer = "transfer" // 转账 (to the branch's or the committee's account)
	MethodScan     = "scan"     // 扫码 (a QR code of the collector's account)
)

// Option is a value and its Chinese name, as the web's selects take them.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// PayMethods are the on-site payment methods, in the form's order: what
// GET /api/dfgl/onsite/methods serves, so the web never types them.
var PayMethods = []Option{{MethodCash, "现金"}, {MethodTransfer, "转账"}, {MethodScan, "扫码"}}

// MethodUnrecorded is the label of a payment without a method.
const MethodUnrecorded = "未记录"

// methodLabel is the Chinese name of an on-site payment's method
// (未记录 when none was recorded); an online payment has none ("").
func methodLabel(provider, method string) string {
	if provider != ProviderOnsite {
		return ""
	}
	for _, o := range PayMethods {
		if o.Value == method {
			return o.Label
		}
	}
	return MethodUnrecorded
}

// checkMethod refuses a method that is not one of PayMethods.
func checkMethod(method string) error {
	if method == "" {
		return httpx.Invalid("method", "请选择缴费方式")
	}
	if methodLabel(ProviderOnsite, method) == MethodUnrecorded {
		return httpx.Invalid("method", "缴费方式只能是现金、转账或扫码")
	}
	return nil
}

// paidOnOf reads the payment date: today (China) when empty; a date not
// after today.
func (s *Service) paidOnOf(text string) (date.Date, error) {
	today := date.Of(s.now().In(date.China))
	if text == "" {
		return today, nil
	}
	d, ok := date.Parse(text)
	if !ok {
		return "", httpx.Invalid("paidOn", "缴费日期格式应为 2026-03-01")
	}
	if d.After(today) {
		return "", httpx.Invalid("paidOn", "缴费日期不能晚于今天（%s）", today)
	}
	return d, nil
}

// checkPaidOnAfterBatches refuses a payment date before the day the batch
// of a paid month started (启动缴费): the due did not exist before, so it
// cannot have been paid. Months paid ahead (预交) have no batch yet.
func checkPaidOnAfterBatches(ctx context.Context, idb bun.IDB, paidOn date.Date, rows []payable) error {
	if len(rows) == 0 {
		return nil
	}
	months := make([]string, len(rows))
	for i, r := range rows {
		months[i] = r.Month
	}
	var latest struct {
		Month     string     `bun:"month"`
		StartedAt *time.Time `bun:"started_at"`
	}
	err := idb.NewSelect().Table("df_batch").Column("month", "started_at").Where("month IN (?)", bun.List(months)).
		Where("started_at IS NOT NULL").OrderExpr("started_at DESC").Limit(1).Scan(ctx, &latest)
	if err != nil {
		return httpx.Internal(err)
	}
	if latest.StartedAt == nil {
		return nil
	}
	if started := date.Of(latest.StartedAt.In(date.China)); paidOn.Before(started) {
		return httpx.Invalid("paidOn", "缴费日期不能早于 %s 月批次启动缴费的日期（%s）", latest.Month, started)
	}
	return nil
}

// receiptChars are the characters a receipt number typed by hand may have.
var receiptChars = regexp.MustCompile(`^[0-9A-Za-z-]*$`)

// generatedReceipt is the shape of receiptNumber's numbers, which a
// collector may not type.
var generatedReceipt = regexp.MustCompile(`^SJ\d{10}$`)

// receiptNumber is the next receipt number of the China year of now,
// SJ<year><6 digits> counted from 000001 each year, from the platform's
// allocator in the payment's transaction, so parallel payments never share
// a number (and the unique df_payment.no guards the rest).
func receiptNumber(ctx context.Context, tx bun.Tx, now time.Time) (string, error) {
	year := now.In(date.China).Year()
	last, err := seq.Next(ctx, tx, receiptSeqKey, year)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("SJ%d%06d", year, last), nil
}

// receiptSeqKey is the receipts' counter in sys_seq: one a year.
const receiptSeqKey = "df_receipt"
