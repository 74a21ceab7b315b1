package fee

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
)

// Batch states (df_batch.state): 创建 → 启动缴费 → 已结算. Every change is a
// conditional UPDATE from the state before.
const (
	BatchCreated = "created" // 创建: the month exists, no dues yet
	BatchOpen    = "open"    // 启动缴费: dues frozen, members pay
	BatchSettled = "settled" // 已结算: the month is locked; corrections are reversal entries
)

// BatchStateLabels are the states' Chinese names.
var BatchStateLabels = map[string]string{BatchCreated: "创建", BatchOpen: "缴费中", BatchSettled: "已结算"}

// Payment providers (df_payment.provider).
const (
	ProviderOnsite = "onsite" // 现场缴费: recorded by the branch's fee collector, with a receipt number
	ProviderOnline = "online" // 校园支付平台: an order the platform confirms by a signed notify
	// ProviderSandbox is 演示支付: an order of the demo's sandbox platform
	// (ZHDJ_PAY_SANDBOX=on only), confirmed by the same signed notify.
	ProviderSandbox = "sandbox"
)

// Payment states (df_payment.state).
const (
	PayPending = "pending" // 待支付: an online order created, no notify yet
	PayPaid    = "paid"    // 已支付: its entries are written
	PayRefund  = "refund"  // 需退款: the platform took the money but a month was paid meanwhile; no entry written
)

// PayStateLabels are the payment states' Chinese names.
var PayStateLabels = map[string]string{PayPending: "待支付", PayPaid: "已支付", PayRefund: "需退款"}

// Entry kinds (df_entry.kind). Entries are only ever inserted: a
// correction is a reversal entry referencing the entry it cancels with the
// opposite amount.
const (
	EntryPay     = "pay"
	EntryReverse = "reverse"
	// EntryExtra is a voluntary extra (自愿多交) on a due: counted in the
	// due's extra_fen, never in its paid_fen (it pays no month's arrears).
	EntryExtra = "extra"
	// EntryUnextra reverses an extra entry (冲正 of a voluntary extra).
	EntryUnextra = "unextra"
)

// CentralExtraFen is the single voluntary extra from which all of it is
// passed up to the centre (中组发〔2008〕3号: 一次多交1000元以上的，全部上缴中央).
const CentralExtraFen = 100000

// MaxExtraFen bounds one voluntary extra (1,000,000 元): a typing error, not a gift.
const MaxExtraFen = 100_000_000

// Prepayment states (df_prepay.state): a month paid ahead of its batch (预交).
const (
	PrepayOrdered  = "ordered"  // in an online order not yet paid: no credit yet
	PrepayHeld     = "held"     // paid, the month not yet frozen: the member's credit
	PrepayApplied  = "applied"  // the month froze: the credit paid its due (entry_id) or stays as credit (left_fen)
	PrepayRefunded = "refunded" // refunded before its month froze (退还预交)
)

// PrepayStateLabels are the prepayment states' Chinese names.
var PrepayStateLabels = map[string]string{PrepayOrdered: "待支付", PrepayHeld: "待抵扣", PrepayApplied: "已抵扣", PrepayRefunded: "已退还"}

// Due states, derived from a due's paid amount (never stored): paid when
// the entries' sum (df_due.paid_fen) reaches the due, exempt when the due is 0.
const (
	DueUnpaid = "unpaid"
	DuePaid   = "paid"
	DueExempt = "exempt"
)

// DueStateLabels are the due states' Chinese names.
var DueStateLabels = map[string]string{DueUnpaid: "未缴", DuePaid: "已缴", DueExempt: "免交"}

// Batch is one month's collection (df_batch): one row per month.
type Batch struct {
	bun.BaseModel `bun:"table:df_batch,alias:b"`
	ID            int64      `bun:"id,pk,autoincrement" json:"id"`
	Month         string     `bun:"month" json:"month"` // YYYY-MM
	State         string     `bun:"state" json:"state"`
	Members       int        `bun:"members" json:"members"` // dues frozen at the start
	DueFen        int64      `bun:"due_fen" json:"dueFen"`  // their sum
	Remark        string     `bun:"remark" json:"remark"`
	Reason        string     `bun:"reason" json:"reason"` // why a month before the current one was created late (补建)
	CreatedBy     string     `bun:"created_by" json:"createdBy"`
	StartedAt     *time.Time `bun:"started_at" json:"startedAt"`
	SettledAt     *time.Time `bun:"settled_at" json:"settledAt"`
	CreatedAt     time.Time  `bun:"created_at" json:"createdAt"`
	UpdatedAt     time.Time  `bun:"updated_at" json:"updatedAt"`
}

// Due is a member's due for a month (df_due), frozen when the month's batch
// starts: the member's organisation then (and its path and 二级党委, which
// the roll-ups group by), the amount, category and working, never changed
// after. PaidFen is the one column that moves: the sum of the due's entries,
// added to in the transaction of every entry insert (CreditPayment, Reverse).
type Due struct {
	bun.BaseModel `bun:"table:df_due,alias:d"`
	ID            int64  `bun:"id,pk,autoincrement" json:"id"`
	BatchID       int64  `bun:"batch_id" json:"batchId"`
	Month         string `bun:"month" json:"month"` // YYYY-MM
	MemberID      int64  `bun:"member_id" json:"memberId"`
	MemberName    string `bun:"member_name" json:"memberName"`
	OrgID         int64  `bun:"org_id" json:"orgId"`
	OrgPath       string `bun:"org_path" json:"-"`               // dzz.path of OrgID at the start ("/1/5/23/")
	CommitteeID   *int64 `bun:"committee_id" json:"committeeId"` // the nearest 二级党委 above (nil: directly under the 党委)
	Category      string `bun:"category" json:"category"`        // the fee category (standard's)
	DueFen        int64  `bun:"due_fen" json:"dueFen"`           // integer fen
	PaidFen       int64  `bun:"paid_fen" json:"paidFen"`         // its entries' sum: payments less reversals
	ExtraFen      int64  `bun:"extra_fen" json:"extraFen"`       // voluntary extras on it (自愿多交), less their reversals
	Working       string `bun:"working" json:"working"`          // which bracket, which rate
	// ChargedLate: added after the month's batch had started, when a
	// probationary member was admitted (admitted): a back payment (补交) of
	// a month before the admission, not counted in the arrears runs.
	ChargedLate bool `bun:"charged_late" json:"chargedLate"`
	// ArrearsTold: the month ended unpaid and MonthInArrears was published
	// for it (TellArrears), once.
	ArrearsTold bool      `bun:"arrears_told" json:"-"`
	CreatedAt   time.Time `bun:"created_at" json:"createdAt"`
}

// Payment is one act of paying (df_payment): an on-site receipt or an
// online order. No is the receipt number (现场缴费) or the order number.
type Payment struct {
	bun.BaseModel `bun:"table:df_payment,alias:p"`
	ID            int64  `bun:"id,pk,autoincrement" json:"id"`
	No            string `bun:"no" json:"no"`
	Provider      string `bun:"provider" json:"provider"`
	State         string `bun:"state" json:"state"`
	AmountFen     int64  `bun:"amount_fen" json:"amountFen"`
	OrgID         int64  `bun:"org_id" json:"orgId"`             // the collecting branch (on-site) or the payer's organisation
	MemberID      *int64 `bun:"member_id" json:"memberId"`       // the member paying their own months (online)
	Payer         string `bun:"payer" json:"payer"`              // who paid or recorded it (a name)
	OperatorID    *int64 `bun:"operator_id" json:"-"`            // the account that recorded or ordered it
	PlatformTxn   string `bun:"platform_txn" json:"platformTxn"` // the platform's transaction id
	ExtraFen      int64  `bun:"extra_fen" json:"extraFen"`       // of AmountFen, the voluntary extra (自愿多交)
	ExtraDueID    *int64 `bun:"extra_due_id" json:"-"`           // the due the extra is written on
	PrepayFen     int64  `bun:"prepay_fen" json:"prepayFen"`     // of AmountFen, months paid ahead (预交, df_prepay)
	ToCentral     bool   `bun:"to_central" json:"toCentral"`     // the extra is CentralExtraFen or more: 上缴中央
	Remark        string `bun:"remark" json:"remark"`
	// Method is how an on-site payment was taken (MethodCash …; "" online
	// and before it was recorded), PaidOn the day the money was handed over,
	// Operator who recorded it (on-site: the receipt's 收款人).
	Method    string     `bun:"method" json:"method"`
	PaidOn    date.Date  `bun:"paid_on" json:"paidOn"`
	Operator  string     `bun:"operator" json:"operator"`
	PaidAt    *time.Time `bun:"paid_at" json:"paidAt"`
	CreatedAt time.Time  `bun:"created_at" json:"createdAt"`
	UpdatedAt time.Time  `bun:"updated_at" json:"updatedAt"`
}

// OrderLine is a due an online order pays (df_order_line), fixed when the
// order is created: the notify's amount must equal their sum.
type OrderLine struct {
	bun.BaseModel `bun:"table:df_order_line,alias:ol"`
	ID            int64 `bun:"id,pk,autoincrement" json:"id"`
	PaymentID     int64 `bun:"payment_id" json:"paymentId"`
	DueID         int64 `bun:"due_id" json:"dueId"`
	AmountFen     int64 `bun:"amount_fen" json:"amountFen"`
}

// Entry is a ledger entry on a due (df_entry), only ever inserted. A pay
// entry has Gen = the number of reversals the due had when it was paid; the
// unique (due_id, kind, gen) lets exactly one payment of a member-month
// through, and a new one only after a reversal. A reversal references the
// entry it cancels (ReversesID), with the opposite amount and the same Gen.
type Entry struct {
	bun.BaseModel `bun:"table:df_entry,alias:e"`
	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	DueID         int64     `bun:"due_id" json:"dueId"`
	PaymentID     *int64    `bun:"payment_id" json:"paymentId"` // nil on a reversal
	Kind          string    `bun:"kind" json:"kind"`
	Gen           int       `bun:"gen" json:"gen"`
	AmountFen     int64     `bun:"amount_fen" json:"amountFen"` // negative on a reversal
	MemberID      int64     `bun:"member_id" json:"memberId"`
	Month         string    `bun:"month" json:"month"`
	ReversesID    *int64    `bun:"reverses_id" json:"reversesId"`
	Reason        string    `bun:"reason" json:"reason"`
	Operator      string    `bun:"operator" json:"operator"`
	CreatedAt     time.Time `bun:"created_at" json:"createdAt"`
}

// Prepay is a month a member paid ahead of its batch (df_prepay, 预交): the
// amount the standards gave for it when paid; when the month's batch
// freezes the member's due, the prepayment pays it (a pay entry of the
// prepayment's payment, EntryID) if it covers the due, and what is left
// (LeftFen) stays as the member's credit until refunded.
type Prepay struct {
	bun.BaseModel `bun:"table:df_prepay,alias:r"`
	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	PaymentID     int64     `bun:"payment_id" json:"paymentId"`
	MemberID      int64     `bun:"member_id" json:"memberId"`
	Month         string    `bun:"month" json:"month"` // YYYY-MM
	AmountFen     int64     `bun:"amount_fen" json:"amountFen"`
	LeftFen       int64     `bun:"left_fen" json:"leftFen"` // credit not yet spent on a due nor refunded
	RefundedFen   int64     `bun:"refunded_fen" json:"refundedFen"`
	State         string    `bun:"state" json:"state"`
	DueID         *int64    `bun:"due_id" json:"dueId"`
	EntryID       *int64    `bun:"entry_id" json:"entryId"` // the pay entry it wrote on the due
	Reason        string    `bun:"reason" json:"reason"`    // of the refund
	Operator      string    `bun:"operator" json:"operator"`
	CreatedAt     time.Time `bun:"created_at" json:"createdAt"`
	UpdatedAt     time.Time `bun:"updated_at" json:"updatedAt"`
}
