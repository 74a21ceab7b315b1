package fee

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/fee/feeevent"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/uniq"
)

// Provider is a way of paying dues. Paying through one writes a df_payment
// under a number the provider makes; a provider that has the money in hand
// when the payment is recorded (Settles) writes the entries at once, one
// that does not leaves an order waiting for its confirmation (the
// platform's signed notify, online.go).
type Provider interface {
	Name() string  // df_payment.provider
	Label() string // its Chinese name
	Settles() bool // the money is in hand when the payment is recorded
	Number(now time.Time) string
}

// Onsite is 现场缴费: the branch's fee collector takes the money and records
// it under a receipt number.
type Onsite struct{}

func (Onsite) Name() string                { return ProviderOnsite }
func (Onsite) Label() string               { return "现场缴费" }
func (Onsite) Settles() bool               { return true }
func (Onsite) Number(now time.Time) string { return number("XC", now) }

// Online is the campus payment platform: an order the platform confirms by
// an HMAC-signed notify (online.go).
type Online struct{}

func (Online) Name() string                { return ProviderOnline }
func (Online) Label() string               { return "校园支付平台" }
func (Online) Settles() bool               { return false }
func (Online) Number(now time.Time) string { return number("DF", now) }

// ProviderLabels are the providers' Chinese names.
var ProviderLabels = map[string]string{ProviderOnsite: Onsite{}.Label(), ProviderOnline: Online{}.Label(),
	ProviderSandbox: Sandbox{}.Label()}

// number is prefix, the China date and time to the second and 6 random
// digits (the unique index on df_payment.no guards the rare clash).
func number(prefix string, now time.Time) string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic(err)
	}
	return fmt.Sprintf("%s%s%06d", prefix, now.In(date.China).Format("20060102150405"), n.Int64())
}

// payable is a due about to be paid, read in the paying transaction.
type payable struct {
	ID         int64  `bun:"id"`
	Month      string `bun:"month"`
	MemberID   int64  `bun:"member_id"`
	MemberName string `bun:"member_name"`
	OrgID      int64  `bun:"org_id"`
	DueFen     int64  `bun:"due_fen"`
	PaidFen    int64  `bun:"paid_fen"`
}

// readPayable reads dues ids through restrict (the caller's scope, or the
// member's own) and checks they can be paid now: every one found (else
// 404), unpaid, not 0, within the back-payment window (RULES §1: the
// current month and at most CfgBackMonths before it).
func (s *Service) readPayable(ctx context.Context, idb bun.IDB, ids []int64,
	restrict func(*bun.SelectQuery) *bun.SelectQuery) ([]payable, int64, error) {
	ids = uniq.Of(ids)
	if len(ids) == 0 {
		return nil, 0, httpx.Invalid("dueIds", "请选择要缴纳的月份")
	}
	if len(ids) > 500 {
		return nil, 0, httpx.Invalid("dueIds", "一次最多缴纳500笔")
	}
	var rows []payable
	q := idb.NewSelect().TableExpr("df_due AS d").Column("d.id", "d.month", "d.member_id", "d.member_name", "d.org_id", "d.due_fen", "d.paid_fen").
		Where("d.id IN (?)", bun.List(ids)).OrderExpr("d.member_name, d.month")
	if err := restrict(q).Scan(ctx, &rows); err != nil {
		return nil, 0, httpx.Internal(err)
	}
	if len(rows) != len(ids) {
		return nil, 0, errNoPayment()
	}
	cur := s.currentMonth()
	first := date.Month(cur).AddMonths(-s.backMonths(ctx)).String()
	var sum int64
	for _, r := range rows {
		switch {
		case r.DueFen == 0:
			return nil, 0, httpx.Invalid("dueIds", "%s %s 免交党费", r.MemberName, r.Month)
		case r.PaidFen >= r.DueFen:
			return nil, 0, httpx.Conflict("%s %s 的党费已缴纳", r.MemberName, r.Month)
		case r.Month > cur:
			return nil, 0, httpx.Invalid("dueIds", "%s 尚未到缴费月份", r.Month)
		case r.Month < first:
			return nil, 0, httpx.Invalid("dueIds", "%s 超出补交期限（最多补交%d个月）", r.Month, s.backMonths(ctx))
		}
		sum += r.DueFen - r.PaidFen
	}
	return rows, sum, nil
}

// backMonths is the back-payment window (setting, RULES §1 default 6).
func (s *Service) backMonths(ctx context.Context) int {
	return s.sys.SettingInt(ctx, CfgBackMonths, DefaultBackMonths)
}

// writeEntries writes the pay entries of payment p for dues ids in one
// INSERT … SELECT: each entry's amount is its due's outstanding amount, its
// gen the due's reversals so far; then credits them to their dues. A due
// paid meanwhile (a concurrent payment) breaks the unique (due_id, kind,
// gen): 409, and the caller's transaction writes nothing. The months paid
// are published (MonthPaid) in the same transaction.
func (s *Service) writeEntries(ctx context.Context, tx bun.Tx, p *Payment, ids []int64, operator string) error {
	var written []int64
	err := tx.NewRaw(`INSERT INTO df_entry (due_id, payment_id, kind, gen, amount_fen, member_id, month, reason, operator, created_at)
		SELECT d.id, ?, ?, (SELECT COUNT(*) FROM df_entry AS r WHERE r.due_id = d.id AND r.kind = ?), d.due_fen - d.paid_fen,
			d.member_id, d.month, '', ?, ? FROM df_due AS d WHERE d.id IN (?) RETURNING id`,
		p.ID, EntryPay, EntryReverse, operator, p.CreatedAt, bun.List(ids)).Scan(ctx, &written)
	if db.IsUniqueViolation(err) {
		return errPaidMeanwhile()
	} else if err != nil {
		return httpx.Internal(err)
	}
	if err := CreditPayment(ctx, tx, p.ID); err != nil {
		return httpx.Internal(err)
	}
	return s.publishPaid(ctx, tx, written)
}

// CreditPayment adds the pay entries of payment id, just inserted, to their
// dues' paid_fen, in the inserting transaction and once: an atomic
// UPDATE … SET paid_fen = paid_fen + (the entries' sum), never read, add,
// write back. Every insert of pay entries calls it (the demo's bulk one
// too), so a due's paid_fen is always the sum of its entries.
func CreditPayment(ctx context.Context, idb bun.IDB, id int64) error {
	_, err := idb.NewRaw(`UPDATE df_due SET paid_fen = paid_fen +
			(SELECT SUM(e.amount_fen) FROM df_entry AS e WHERE e.payment_id = ? AND e.due_id = df_due.id AND e.kind = ?)
		WHERE id IN (SELECT e.due_id FROM df_entry AS e WHERE e.payment_id = ? AND e.kind = ?)`, id, EntryPay, id, EntryPay).Exec(ctx)
	return err
}

func errNoPayment() *httpx.Error { return httpx.NotFound("缴费记录不存在") }

func errPaidMeanwhile() *httpx.Error {
	return httpx.Conflict("所选月份的党费已由他人缴纳，请刷新后重试")
}

// open records payment p of plan pl through provider: paid with its
// entries, extra and prepayments when the provider settles, else a pending
// order with its lines, its extra and its prepayments fixed (ordered).
func (s *Service) open(ctx context.Context, tx bun.Tx, provider Provider, p *Payment, pl *plan) error {
	now := s.now()
	p.Provider, p.CreatedAt, p.UpdatedAt = provider.Name(), now, now
	p.AmountFen, p.ExtraFen, p.ExtraDueID, p.PrepayFen = pl.sum, pl.extraFen, pl.extraDueID, pl.prepayFen()
	p.ToCentral = pl.extraFen >= CentralExtraFen
	switch {
	case p.No != "":
	case provider.Name() == ProviderOnsite:
		// A receipt: the year's next number, atomically.
		no, err := receiptNumber(ctx, tx, now)
		if err != nil {
			return httpx.Internal(err)
		}
		p.No = no
	default:
		p.No = provider.Number(now)
	}
	p.State = PayPending
	if provider.Settles() {
		p.State, p.PaidAt = PayPaid, &now
	}
	if _, err := tx.NewInsert().Model(p).Exec(ctx); err != nil {
		if db.IsUniqueViolation(err) {
			return httpx.Invalid("receiptNo", "收据号%s已使用", p.No)
		}
		return httpx.Internal(err)
	}
	ids := make([]int64, len(pl.rows))
	for i, r := range pl.rows {
		ids[i] = r.ID
	}
	if provider.Settles() {
		return s.settlePlan(ctx, tx, p, ids, pl.prepays, rbac.From(ctx).AccountName())
	}
	if len(pl.rows) > 0 {
		lines := make([]OrderLine, len(pl.rows))
		for i, r := range pl.rows {
			lines[i] = OrderLine{PaymentID: p.ID, DueID: r.ID, AmountFen: r.DueFen - r.PaidFen}
		}
		if _, err := tx.NewInsert().Model(&lines).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
	}
	return insertPrepays(ctx, tx, p, pl.prepays, PrepayOrdered, p.Payer)
}

// OnsiteInput is the body of an on-site payment: the dues paid (members of
// one organisation), the receipt number (generated when empty), who paid.
//
// For one member (MemberID), the payment may also pay months (frozen ones
// as their dues, the others ahead: 预交; a quarter's three months: 按季度)
// and a voluntary extra (ExtraFen, 自愿多交).
type OnsiteInput struct {
	DueIDs    []int64  `json:"dueIds"`
	MemberID  int64    `json:"memberId"`
	MemberIDs []int64  `json:"memberIds"` // several members of one organisation paying the same months (按季度 for a branch)
	Months    []string `json:"months"`
	ExtraFen  int64    `json:"extraFen"`
	ReceiptNo string   `json:"receiptNo"`
	Payer     string   `json:"payer"`
	Remark    string   `json:"remark"`
	Method    string   `json:"method"` // MethodCash, MethodTransfer or MethodScan (PayMethods)
	PaidOn    string   `json:"paidOn"` // the day it was paid: not after today, not before its months' batches started; empty = today
}

// PayOnsite records an on-site payment of dues of the caller's scope under
// one receipt number, all or nothing.
func (s *Service) PayOnsite(ctx context.Context, in OnsiteInput) (*Payment, error) {
	in.ReceiptNo, in.Payer = strings.TrimSpace(in.ReceiptNo), strings.TrimSpace(in.Payer)
	switch {
	case len(in.ReceiptNo) > 40 || !receiptChars.MatchString(in.ReceiptNo):
		return nil, httpx.Invalid("receiptNo", "收据号只能由字母、数字和短横线组成，不超过40个字符")
	case generatedReceipt.MatchString(strings.ToUpper(in.ReceiptNo)):
		// Taken by hand, it would block the year's sequence when it gets there.
		return nil, httpx.Invalid("receiptNo", "SJ加年份和6位序号的收据号由系统生成，请不要手工填写")
	case len([]rune(in.Payer)) > 50:
		return nil, httpx.Invalid("payer", "缴款人不超过50个字")
	case len([]rune(in.Remark)) > 200:
		return nil, httpx.Invalid("remark", "备注不超过200个字")
	}
	if err := checkMethod(in.Method); err != nil {
		return nil, err
	}
	paidOn, err := s.paidOnOf(strings.TrimSpace(in.PaidOn))
	if err != nil {
		return nil, err
	}
	scope, err := s.orgs.Scoped("d.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	p := &Payment{No: in.ReceiptNo, Payer: in.Payer, Remark: in.Remark, OperatorID: rbac.From(ctx).AccountID(), Method: in.Method, PaidOn: paidOn,
		Operator: rbac.From(ctx).AccountName()}
	w := ways{Months: in.Months, ExtraFen: in.ExtraFen}
	several := in.MemberID != 0 || len(in.MemberIDs) > 0
	if !several && !w.empty() {
		return nil, httpx.Invalid("memberId", "预交、按季度交纳或自愿多交须选择党员")
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if several {
			return s.payOnsiteFor(ctx, tx, in, w, p, scope)
		}
		rows, sum, err := s.readPayable(ctx, tx, in.DueIDs, scope)
		if err != nil {
			return err
		}
		for _, r := range rows {
			if r.OrgID != rows[0].OrgID {
				return httpx.Invalid("dueIds", "一张收据只收缴同一党组织党员的党费")
			}
		}
		p.OrgID = rows[0].OrgID
		// One member's months: the payer is the member unless named.
		if p.Payer == "" && !slices.ContainsFunc(rows, func(r payable) bool { return r.MemberID != rows[0].MemberID }) {
			p.Payer = rows[0].MemberName
		}
		if err := checkPaidOnAfterBatches(ctx, tx, p.PaidOn, rows); err != nil {
			return err
		}
		return s.open(ctx, tx, Onsite{}, p, &plan{rows: rows, sum: sum})
	})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// payOnsiteFor records an on-site payment of members of the caller's
// scope, all of one organisation, under the prepayment lock: for one
// member dues, months (frozen or ahead) and an extra; for several (a
// branch paying a quarter for its members) the same months of each.
func (s *Service) payOnsiteFor(ctx context.Context, tx bun.Tx, in OnsiteInput, w ways, p *Payment,
	dueScope func(*bun.SelectQuery) *bun.SelectQuery) error {
	ids := uniq.Of(append(in.MemberIDs, in.MemberID))
	ids = slices.DeleteFunc(ids, func(id int64) bool { return id == 0 })
	if len(ids) == 0 {
		return httpx.Invalid("memberIds", "请选择党员")
	}
	if len(ids) > 1 && (len(in.DueIDs) > 0 || w.ExtraFen != 0) {
		return httpx.Invalid("memberIds", "多名党员一同缴费时只能选择月份；自愿多交须选择一名党员")
	}
	if len(ids) > 200 {
		return httpx.Invalid("memberIds", "一张收据最多收缴200名党员")
	}
	members, err := s.members.FactsIn(ctx, tx, ids)
	if err != nil {
		return err
	}
	if err := lockPrepay(ctx, tx); err != nil {
		return err
	}
	all := &plan{}
	for _, m := range members {
		if m.OrgID != members[0].OrgID {
			return httpx.Invalid("memberIds", "一张收据只收缴同一党组织党员的党费")
		}
		who := ""
		if len(members) > 1 {
			who = m.Name + "："
		}
		pl, err := s.resolve(ctx, tx, m.ID, in.DueIDs, w, dueScope, who)
		if err != nil {
			return err
		}
		all.rows, all.prepays, all.sum = append(all.rows, pl.rows...), append(all.prepays, pl.prepays...), all.sum+pl.sum
		all.extraFen, all.extraDueID = pl.extraFen, pl.extraDueID
	}
	p.OrgID = members[0].OrgID
	if len(members) == 1 {
		p.MemberID = &members[0].ID
		if p.Payer == "" {
			p.Payer = members[0].Name
		}
	}
	for _, r := range all.rows {
		if r.OrgID != all.rows[0].OrgID {
			return httpx.Invalid("dueIds", "一张收据只收缴同一党组织党员的党费")
		}
		p.OrgID = r.OrgID
	}
	if err := checkPaidOnAfterBatches(ctx, tx, p.PaidOn, all.rows); err != nil {
		return err
	}
	return s.open(ctx, tx, Onsite{}, p, all)
}

// ReverseInput is the body of a reversal.
type ReverseInput struct {
	Reason string `json:"reason"`
}

// Reverse writes the reversal of pay or extra entry id (冲正): a new entry
// with the opposite amount referencing it; a pay entry's due is unpaid
// again and may be paid anew (the credit of a prepayment that paid it goes
// back to the prepayment), an extra's due loses the extra and its payment
// is no longer 上缴中央. An entry
// reversed already is a 409 (the unique reverses_id).
func (s *Service) Reverse(ctx context.Context, id int64, in ReverseInput) (*Entry, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	if in.Reason == "" || len([]rune(in.Reason)) > 200 {
		return nil, httpx.Invalid("reason", "请输入冲正原因（不超过200个字）")
	}
	scope, err := s.orgs.Scoped("d.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	var out *Entry
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		orig := new(Entry)
		err := scope(tx.NewSelect().Model(orig).Join("JOIN df_due AS d ON d.id = e.due_id").Where("e.id = ?", id)).Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return httpx.NotFound("缴费明细不存在")
		} else if err != nil {
			return httpx.Internal(err)
		}
		kind, column := EntryReverse, "paid_fen"
		switch orig.Kind {
		case EntryPay:
		case EntryExtra:
			kind, column = EntryUnextra, "extra_fen"
		default:
			return httpx.Invalid("id", "冲正记录不能再冲正")
		}
		e := &Entry{DueID: orig.DueID, Kind: kind, Gen: orig.Gen, AmountFen: -orig.AmountFen, MemberID: orig.MemberID,
			Month: orig.Month, ReversesID: &orig.ID, Reason: in.Reason, Operator: rbac.From(ctx).AccountName(), CreatedAt: s.now()}
		if _, err := tx.NewInsert().Model(e).Exec(ctx); err != nil {
			if db.IsUniqueViolation(err) {
				return httpx.Conflict("该笔缴费已冲正")
			}
			return httpx.Internal(err)
		}
		// The due's paid amount (or its extra) drops by what the reversal cancels.
		if _, err := tx.NewUpdate().Table("df_due").Set(column+" = "+column+" + ?", e.AmountFen).Where("id = ?", e.DueID).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		// A reversed extra is not passed up to the centre.
		if kind == EntryUnextra && orig.PaymentID != nil {
			if _, err := tx.NewUpdate().Model((*Payment)(nil)).Set("to_central = ?", false).Set("updated_at = ?", e.CreatedAt).
				Where("id = ?", *orig.PaymentID).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
		}
		// A payment out of a prepayment gives the prepayment its credit back
		// (refunded through 退还预交, or kept).
		if _, err := tx.NewUpdate().Model((*Prepay)(nil)).Set("left_fen = left_fen + ?", orig.AmountFen).Set("updated_at = ?", e.CreatedAt).
			Where("entry_id = ?", orig.ID).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		out = e
		if kind != EntryReverse || s.bus == nil {
			return nil
		}
		return s.bus.Publish(ctx, tx, feeevent.MonthPaymentReversed{EntryID: e.ID, ReversesID: orig.ID, DueID: e.DueID, MemberID: e.MemberID, Month: e.Month})
	})
	return out, err
}

// PaymentView is a payment in the list, with its labels and organisation.
type PaymentView struct {
	Payment       `bun:",extend"`
	OrgName       string `bun:"org_name,scanonly" json:"orgName"`
	ProviderLabel string `bun:"-" json:"providerLabel"`
	StateLabel    string `bun:"-" json:"stateLabel"`
	MethodLabel   string `bun:"-" json:"methodLabel"` // on-site: 现金/转账/扫码, 未记录 when none was recorded; online: ""
}

func (v *PaymentView) label() {
	v.ProviderLabel, v.StateLabel = ProviderLabels[v.Provider], PayStateLabels[v.State]
	v.MethodLabel = methodLabel(v.Provider, v.Method)
}

var paymentSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"no":         {Columns: []string{"p.no"}, Match: httpx.Eq},
		"provider":   {Columns: []string{"p.provider"}, Match: httpx.In},
		"state":      {Columns: []string{"p.state"}, Match: httpx.In},
		"orgId":      org.SubtreeFilter("p.org_id"),
		"createTime": {Columns: []string{"p.created_at"}, Match: httpx.Range, Kind: httpx.Time},
		// 上缴中央: the payments with a voluntary extra of CentralExtraFen or more.
		"central":  {Columns: []string{"p.to_central"}, Match: httpx.Eq, Kind: httpx.Bool},
		"memberId": {Columns: []string{"p.member_id"}, Match: httpx.Eq, Kind: httpx.Int},
	},
	Sorts:       map[string]string{"createTime": "p.created_at", "amountFen": "p.amount_fen"},
	DefaultSort: "p.created_at DESC",
	Key:         "p.id",
}

// ListPayments pages the payments of the caller's scope, newest first.
func (s *Service) ListPayments(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[PaymentView], error) {
	scope, err := s.orgs.Scoped("p.org_id")(ctx)
	if err != nil {
		return httpx.PageResult[PaymentView]{}, err
	}
	q := scope(org.NameJoin("p.org_id")(s.db.NewSelect().Model((*PaymentView)(nil)).ColumnExpr("p.*")))
	return httpx.PagedEach(ctx, q, paymentSpec, lq, (*PaymentView).label)
}

// EntryView is an entry of a payment's detail.
type EntryView struct {
	Entry      `bun:",extend"`
	MemberName string `bun:"member_name,scanonly" json:"memberName"`
	Reversed   bool   `bun:"reversed,scanonly" json:"reversed"`
}

// PaymentDetail is a payment with its entries (and an order's lines).
type PaymentDetail struct {
	PaymentView
	Entries []EntryView  `json:"entries"`
	Prepays []PrepayView `json:"prepays"` // the months it paid ahead (预交)
}

// Payment reads a payment of the caller's scope with its entries and the
// reversals of them.
func (s *Service) Payment(ctx context.Context, id int64) (*PaymentDetail, error) {
	scope, err := s.orgs.Scoped("p.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	out := new(PaymentDetail)
	err = scope(org.NameJoin("p.org_id")(s.db.NewSelect().Model(&out.PaymentView).ColumnExpr("p.*")).Where("p.id = ?", id)).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoPayment()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	out.label()
	out.Entries = []EntryView{}
	if err := s.db.NewSelect().Model(&out.Entries).ColumnExpr("e.*, d.member_name").
		ColumnExpr("EXISTS (SELECT 1 FROM df_entry AS r WHERE r.reverses_id = e.id) AS reversed").
		Join("JOIN df_due AS d ON d.id = e.due_id").Where("e.payment_id = ?", id).OrderExpr("d.member_name, e.month").
		Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	if out.Prepays, err = prepaysOf(ctx, s.db, 0, "r.payment_id = ?", id); err != nil {
		return nil, err
	}
	return out, nil
}

// PaymentFilterOptions are the payment list's filter choices: the ways a
// payment comes in (演示支付 only while the sandbox is on) and its states.
type PaymentFilterOptions struct {
	Providers []Option `json:"providers"`
	States    []Option `json:"states"`
}

// PaymentOptions answers the payment list's filter choices, so the web never
// types the providers' or the states' names.
func (s *Service) PaymentOptions() PaymentFilterOptions {
	providers := []Option{{ProviderOnsite, ProviderLabels[ProviderOnsite]}, {ProviderOnline, ProviderLabels[ProviderOnline]}}
	if s.opts.Sandbox {
		providers = append(providers, Option{ProviderSandbox, ProviderLabels[ProviderSandbox]})
	}
	states := []Option{{PayPaid, PayStateLabels[PayPaid]}, {PayPending, PayStateLabels[PayPending]}, {PayRefund, PayStateLabels[PayRefund]}}
	return PaymentFilterOptions{Providers: providers, States: states}
}

func (s *Service) payRoutes(rs *httpx.Routes) {
	rs.Get("/api/dfgl/payment", PermList, "查询", httpx.ReadList(s.ListPayments))
	rs.Get("/api/dfgl/payment/{id}", PermList, "详情", httpx.ReadOn(errNoPayment, s.Payment))
	rs.Post("/api/dfgl/onsite", PermOnsite, "现场缴费", httpx.Create(s.PayOnsite))
	rs.Get("/api/dfgl/payment/options", PermList, "缴费记录筛选项",
		httpx.Read(func(context.Context) (PaymentFilterOptions, error) { return s.PaymentOptions(), nil }))
	rs.Get("/api/dfgl/onsite/methods", PermOnsite, "缴费方式", httpx.Read(func(context.Context) ([]Option, error) { return PayMethods, nil }))
	rs.Post("/api/dfgl/entry/{id}/reverse", PermReverse, "冲正", httpx.CreateUnder(func() *httpx.Error { return httpx.NotFound("缴费明细不存在") },
		s.Reverse))
}
