package fee

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// Notify is the campus payment platform's notify of a paid order (a JSON
// body). Sign is the lowercase hex HMAC-SHA256, keyed with the shared
// secret, of Canonical(): the fields in key order as
// amountFen=…&orderNo=…&timestamp=…&txnId=… (timestamp in Unix seconds).
type Notify struct {
	OrderNo   string `json:"orderNo"`
	TxnID     string `json:"txnId"`
	AmountFen int64  `json:"amountFen"`
	Timestamp int64  `json:"timestamp"`
	Sign      string `json:"sign"`
}

// Canonical is the text the notify's signature covers.
func (n Notify) Canonical() string {
	return fmt.Sprintf("amountFen=%d&orderNo=%s&timestamp=%d&txnId=%s", n.AmountFen, n.OrderNo, n.Timestamp, n.TxnID)
}

// SignNotify signs n with secret (the platform's side; the sandbox and the
// tests use it).
func SignNotify(secret string, n Notify) Notify {
	n.Sign = mac(secret, n.Canonical())
	return n
}

func mac(secret, text string) string {
	h := hmac.New(sha256.New, []byte(secret))
	h.Write([]byte(text))
	return hex.EncodeToString(h.Sum(nil))
}

// resultSig signs an order's result link (/payment?no=…&sig=…), under a
// text no notify can have.
func (s *Service) resultSig(no string) string { return mac(s.opts.Secret, "result:"+no) }

// ResultURL is the public page showing order no's result: the web app's
// /payment route, under the /web/ base the server serves the app at.
func (s *Service) ResultURL(no string) string {
	return "/web/payment?" + url.Values{"no": {no}, "sig": {s.resultSig(no)}}.Encode()
}

func errNotify(format string, args ...any) *httpx.Error { return httpx.BadRequest(format, args...) }

// HandleNotify verifies and applies a notify: a forged signature, a stale
// or future timestamp (beyond the setting CfgNotifyMaxAge), an unknown
// order or an amount other than the order's is refused (400) and changes
// nothing. A notify of an order no longer pending (a duplicate) is answered
// as a success and changes nothing. The order's entries are written with
// its state change in one transaction, with its extra and its months paid
// ahead (credit, spent on those frozen meanwhile) — all fixed when the
// order was made; when a month was paid (or prepaid) meanwhile, the order
// becomes 需退款 and writes none.
func (s *Service) HandleNotify(ctx context.Context, n Notify) error {
	if s.opts.Secret == "" {
		return httpx.Forbidden("在线缴费未开通")
	}
	got, err := hex.DecodeString(n.Sign)
	if err != nil || !hmac.Equal(got, mustHex(mac(s.opts.Secret, n.Canonical()))) {
		return errNotify("签名无效")
	}
	maxAge := int64(s.sys.SettingInt(ctx, CfgNotifyMaxAge, DefaultNotifyMaxAge))
	if age := s.now().Unix() - n.Timestamp; age > maxAge || age < -maxAge {
		return errNotify("通知时间戳超出有效期")
	}
	if n.TxnID == "" || len(n.TxnID) > 64 {
		return errNotify("交易号无效")
	}
	if n.OrderNo == "" || len(n.OrderNo) > 40 {
		return errNotify("订单号无效")
	}
	p := new(Payment)
	err = s.db.NewSelect().Model(p).Where("no = ?", n.OrderNo).Where("provider IN (?)", bun.List([]string{ProviderOnline, ProviderSandbox})).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return httpx.NotFound("订单不存在")
	} else if err != nil {
		return httpx.Internal(err)
	}
	if p.Provider == ProviderSandbox && !s.opts.Sandbox {
		return httpx.Forbidden("演示支付未启用")
	}
	if n.AmountFen != p.AmountFen {
		return errNotify("金额与订单不符")
	}
	if p.State != PayPending {
		return nil
	}
	now := s.now()
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*Payment)(nil)).Set("state = ?", PayPaid).Set("paid_at = ?", now).
			Set("platform_txn = ?", n.TxnID).Set("updated_at = ?", now).
			Where("id = ?", p.ID).Where("state = ?", PayPending).Exec(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if k, _ := res.RowsAffected(); k == 0 {
			return nil // a duplicate notify got there first
		}
		var ids []int64
		if err := tx.NewSelect().Model((*OrderLine)(nil)).Column("due_id").Where("payment_id = ?", p.ID).Scan(ctx, &ids); err != nil {
			return httpx.Internal(err)
		}
		p.CreatedAt = now
		if len(ids) > 0 {
			if err := s.writeEntries(ctx, tx, p, ids, p.Payer); err != nil {
				return err
			}
		}
		if err := writeExtra(ctx, tx, p, p.Payer); err != nil {
			return err
		}
		if p.PrepayFen == 0 {
			return nil
		}
		// The order's months paid ahead become credit, spent at once on
		// those frozen since the order was made.
		if err := lockPrepay(ctx, tx); err != nil {
			return err
		}
		_, err = tx.NewUpdate().Model((*Prepay)(nil)).Set("state = ?", PrepayHeld).Set("updated_at = ?", now).
			Where("payment_id = ?", p.ID).Where("state = ?", PrepayOrdered).Exec(ctx)
		if db.IsUniqueViolation(err) {
			return httpx.Conflict("所选月份的党费已预交")
		} else if err != nil {
			return httpx.Internal(err)
		}
		return s.applyCredit(ctx, tx, now, "r.payment_id = ?", p.ID)
	})
	var he *httpx.Error
	if errors.As(err, &he) && he.Status == http.StatusConflict {
		_, err = s.db.NewUpdate().Model((*Payment)(nil)).Set("state = ?", PayRefund).Set("paid_at = ?", now).
			Set("platform_txn = ?", n.TxnID).Set("updated_at = ?", now).
			Where("id = ?", p.ID).Where("state = ?", PayPending).Exec(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
	}
	return err
}

func mustHex(s string) []byte {
	b, _ := hex.DecodeString(s)
	return b
}

// Result is what the public /payment page shows of an order: nothing
// personal, only what its signed link names.
type Result struct {
	No            string     `json:"no"`
	State         string     `json:"state"`
	StateLabel    string     `json:"stateLabel"`
	Provider      string     `json:"provider"` // sandbox: 演示支付, the page offers its confirmation
	ProviderLabel string     `json:"providerLabel"`
	AmountFen     int64      `json:"amountFen"`
	ExtraFen      int64      `json:"extraFen"` // of it, 自愿多交
	Months        []string   `json:"months"`   // the months it pays, frozen or ahead
	PaidAt        *time.Time `json:"paidAt"`
}

// OrderResult reads order no for its signed result link (a wrong signature
// is the same 404 as an unknown order).
func (s *Service) OrderResult(ctx context.Context, no, sig string) (*Result, error) {
	notFound := httpx.NotFound("支付记录不存在或链接无效")
	if s.opts.Secret == "" || len(no) > 40 || !hmac.Equal(mustHex(sig), mustHex(s.resultSig(no))) || sig == "" {
		return nil, notFound
	}
	p := new(Payment)
	err := s.db.NewSelect().Model(p).Where("no = ?", no).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	out := &Result{No: p.No, State: p.State, StateLabel: PayStateLabels[p.State], Provider: p.Provider, ProviderLabel: ProviderLabels[p.Provider],
		AmountFen: p.AmountFen, ExtraFen: p.ExtraFen, PaidAt: p.PaidAt, Months: []string{}}
	var ahead []string
	if err := s.db.NewSelect().TableExpr("df_order_line AS ol").ColumnExpr("d.month").Join("JOIN df_due AS d ON d.id = ol.due_id").
		Where("ol.payment_id = ?", p.ID).OrderExpr("d.month").Scan(ctx, &out.Months); err != nil {
		return nil, httpx.Internal(err)
	}
	if err := s.db.NewSelect().Model((*Prepay)(nil)).Column("month").Where("payment_id = ?", p.ID).Scan(ctx, &ahead); err != nil {
		return nil, httpx.Internal(err)
	}
	out.Months = slices.Sorted(slices.Values(append(out.Months, ahead...)))
	return out, nil
}

func (s *Service) platformRoutes(rs *httpx.Routes) {
	rs.Post("/api/dfgl/pay/notify", httpx.Public, "支付平台通知", func(w http.ResponseWriter, r *http.Request) error {
		var n Notify
		if err := httpx.Decode(r, &n); err != nil {
			return err
		}
		if err := s.HandleNotify(r.Context(), n); err != nil {
			return err
		}
		return httpx.OK(w, map[string]string{"code": "SUCCESS"})
	})
	rs.Get("/api/dfgl/pay/result", httpx.Public, "支付结果", func(w http.ResponseWriter, r *http.Request) error {
		res, err := s.OrderResult(r.Context(), r.URL.Query().Get("no"), r.URL.Query().Get("sig"))
		if err != nil {
			return err
		}
		return httpx.OK(w, res)
	})
	rs.Post("/api/dfgl/pay/sandbox", httpx.Public, "演示支付确认", httpx.Action(s.SandboxPay))
}

// myMember is the caller's own member record (its account's), 404 without one.
func (s *Service) myMember(ctx context.Context) (*member.Facts, error) {
	m, err := s.members.OwnFacts(ctx)
	if err == nil && m == nil {
		err = httpx.NotFound("您的账号未关联党员信息")
	}
	return m, err
}

// MyDue is one of the member's own months, payable when within the
// back-payment window and unpaid.
type MyDue struct {
	DueView
	Payable bool `json:"payable"`
}

// MyFees is 我的党费: the member's months (the last 24), up to which
// month they have paid, the window and whether online payment is open.
type MyFees struct {
	MemberID   int64  `json:"memberId"`
	MemberName string `json:"memberName"`
	PaidUpTo   string `json:"paidUpTo"`
	BackMonths int    `json:"backMonths"`
	Online     bool   `json:"online"`
	// OnlineLabel names where an online payment goes: 演示支付 (the
	// sandbox) or 校园支付平台; "" while online payment is off.
	OnlineLabel string      `json:"onlineLabel"`
	Dues        []MyDue     `json:"dues"`
	Payments    []MyPayment `json:"payments"`
	// 预交: the window (months after the current one), the months that may
	// be paid ahead now with their amounts, the credit left and the
	// prepayments with the months they covered.
	PrepayMonths int          `json:"prepayMonths"`
	Ahead        []AheadMonth `json:"ahead"`
	CreditFen    int64        `json:"creditFen"`
	Prepays      []PrepayView `json:"prepays"`
	// CentralExtraFen is the extra from which 上缴中央 (1,000 元).
	CentralExtraFen int64 `json:"centralExtraFen"`
}

// MyPayment is one of the member's payments, with the result link of an
// online order.
type MyPayment struct {
	Payment       `bun:",extend"`
	ProviderLabel string `bun:"-" json:"providerLabel"`
	StateLabel    string `bun:"-" json:"stateLabel"`
	ResultURL     string `bun:"-" json:"resultUrl,omitempty"`
}

// Mine reads the caller's own fees.
func (s *Service) Mine(ctx context.Context) (*MyFees, error) {
	m, err := s.myMember(ctx)
	if err != nil {
		return nil, err
	}
	return s.feesOf(ctx, m.ID, m.Name)
}

// feesOf reads member id's fees (我的党费, and 现场缴费's view of a member).
func (s *Service) feesOf(ctx context.Context, id int64, name string) (*MyFees, error) {
	var err error
	out := &MyFees{MemberID: id, MemberName: name, BackMonths: s.backMonths(ctx), Online: s.online(), Dues: []MyDue{}, Payments: []MyPayment{},
		PrepayMonths: s.prepayMonths(ctx), CentralExtraFen: CentralExtraFen}
	if out.Online {
		out.OnlineLabel = s.onlineProvider().Label()
	}
	if out.PaidUpTo, err = PaidUpTo(ctx, s.db, id); err != nil {
		return nil, httpx.Internal(err)
	}
	var dues []DueView
	if err := org.NameJoin("d.org_id")(s.db.NewSelect().Model(&dues).ColumnExpr("d.*")).
		Where("d.member_id = ?", id).OrderExpr("d.month DESC").Limit(24).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	cur, first := s.currentMonth(), date.Month(s.currentMonth()).AddMonths(-out.BackMonths).String()
	for _, d := range dues {
		d.label()
		out.Dues = append(out.Dues, MyDue{DueView: d, Payable: d.State == DueUnpaid && d.Month <= cur && d.Month >= first})
	}
	if err := s.db.NewSelect().Model(&out.Payments).ColumnExpr("p.*").
		Where("p.member_id = ? OR p.id IN (SELECT e.payment_id FROM df_entry AS e WHERE e.member_id = ?) OR "+
			"p.id IN (SELECT r.payment_id FROM df_prepay AS r WHERE r.member_id = ?)", id, id, id).
		OrderExpr("p.created_at DESC, p.id DESC").Limit(50).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for i := range out.Payments {
		p := &out.Payments[i]
		p.ProviderLabel, p.StateLabel = ProviderLabels[p.Provider], PayStateLabels[p.State]
		if p.Provider != ProviderOnsite && s.opts.Secret != "" {
			p.ResultURL = s.ResultURL(p.No)
		}
	}
	if out.Ahead, err = s.aheadMonths(ctx, s.db, id); err != nil {
		return nil, err
	}
	if out.CreditFen, err = creditOf(ctx, s.db, id); err != nil {
		return nil, httpx.Internal(err)
	}
	if out.Prepays, err = prepaysOf(ctx, s.db, 24, "r.member_id = ?", id); err != nil {
		return nil, err
	}
	return out, nil
}

// online tells whether online payment is open: a secret, and a platform
// page or the sandbox.
func (s *Service) online() bool {
	return s.opts.Secret != "" && (s.opts.PayURL != "" || s.opts.Sandbox)
}

// OrderInput is the body of a member's online order: the dues paid, months
// (frozen ones paid as their dues, the others ahead: 预交, 按季度) and a
// voluntary extra (自愿多交).
type OrderInput struct {
	DueIDs   []int64  `json:"dueIds"`
	Months   []string `json:"months"`
	ExtraFen int64    `json:"extraFen"`
}

// Order is a created online order and where the payer goes to pay it.
type Order struct {
	No            string `json:"no"`
	AmountFen     int64  `json:"amountFen"`
	ProviderLabel string `json:"providerLabel"` // 校园支付平台, or 演示支付 in the sandbox
	PayURL        string `json:"payUrl"`
}

// CreateOrder makes the caller's online order for their own months: the
// amount is the server's (the dues' outstanding sum, the months ahead at
// the standards' amount, the extra), never the client's, fixed with the
// order's lines and prepayments before the payer is sent to the platform.
func (s *Service) CreateOrder(ctx context.Context, in OrderInput) (*Order, error) {
	if !s.online() {
		return nil, httpx.Conflict("在线缴费未开通，请联系党支部现场缴费")
	}
	m, err := s.myMember(ctx)
	if err != nil {
		return nil, err
	}
	id := m.ID
	p := &Payment{OrgID: m.OrgID, MemberID: &id, Payer: m.Name, OperatorID: rbac.From(ctx).AccountID()}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		pl, err := s.resolve(ctx, tx, id, in.DueIDs, ways{Months: in.Months, ExtraFen: in.ExtraFen},
			func(q *bun.SelectQuery) *bun.SelectQuery { return q }, "")
		if err != nil {
			return err
		}
		return s.open(ctx, tx, s.onlineProvider(), p, pl)
	})
	if err != nil {
		return nil, err
	}
	out := &Order{No: p.No, AmountFen: p.AmountFen, ProviderLabel: ProviderLabels[p.Provider]}
	if s.opts.Sandbox {
		// The sandbox's "platform page" is the result page, which offers
		// 演示支付's confirmation while the order is pending.
		out.PayURL = s.ResultURL(p.No)
	} else {
		out.PayURL = s.opts.PayURL + "?" + url.Values{"orderNo": {p.No}, "amountFen": {fmt.Sprint(p.AmountFen)},
			"returnUrl": {s.ResultURL(p.No)}}.Encode()
	}
	return out, nil
}

func (s *Service) mineRoutes(rs *httpx.Routes) {
	rs.Get("/api/dfgl/mine", PermMine, "查询", httpx.Read(s.Mine))
	rs.Post("/api/dfgl/mine/order", PermMine, "在线缴费", httpx.Create(s.CreateOrder))
}
