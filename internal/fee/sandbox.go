package fee

import (
	"context"
	"crypto/hmac"
	"database/sql"
	"errors"
	"time"

	"zhdj/internal/platform/httpx"
)

// Sandbox is 演示支付: the demo's stand-in for the campus payment platform
// (ZHDJ_PAY_SANDBOX=on, which `make run` sets; off by default and refused
// without it). Its orders are pending like the platform's; the payer
// confirms on the result page, and the confirmation is delivered as the
// platform's correctly signed notify to HandleNotify — the same path as a
// real payment, never a shortcut that writes paid months. Its orders and
// receipts are labelled 演示支付 everywhere.
type Sandbox struct{}

func (Sandbox) Name() string                { return ProviderSandbox }
func (Sandbox) Label() string               { return "演示支付" }
func (Sandbox) Settles() bool               { return false }
func (Sandbox) Number(now time.Time) string { return number("YS", now) }

// onlineProvider is the provider of a member's online order: the sandbox
// when it is on, else the campus platform.
func (s *Service) onlineProvider() Provider {
	if s.opts.Sandbox {
		return Sandbox{}
	}
	return Online{}
}

// SandboxConfirm is the payer's confirmation on 演示支付's page: the order
// and the signature of its result link (so only who holds the link pays).
type SandboxConfirm struct {
	No  string `json:"no"`
	Sig string `json:"sig"`
}

// SandboxPay confirms a pending 演示支付 order as the platform would: it
// builds the order's correctly signed notify and delivers it to
// HandleNotify, then answers the order's result. Refused (404) unless the
// sandbox is on, and for any order that is not a sandbox order or whose
// link signature is wrong.
func (s *Service) SandboxPay(ctx context.Context, in SandboxConfirm) (*Result, error) {
	if !s.opts.Sandbox || s.opts.Secret == "" {
		return nil, httpx.NotFound("演示支付未启用")
	}
	if in.No == "" || len(in.No) > 40 || in.Sig == "" || !hmac.Equal(mustHex(in.Sig), mustHex(s.resultSig(in.No))) {
		return nil, httpx.NotFound("订单不存在")
	}
	var amount int64
	err := s.db.NewSelect().Model((*Payment)(nil)).Column("amount_fen").Where("no = ?", in.No).Where("provider = ?", ProviderSandbox).
		Scan(ctx, &amount)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, httpx.NotFound("订单不存在")
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	n := SignNotify(s.opts.Secret, Notify{OrderNo: in.No, TxnID: "SANDBOX-" + in.No, AmountFen: amount, Timestamp: s.now().Unix()})
	if err := s.HandleNotify(ctx, n); err != nil {
		return nil, err
	}
	return s.OrderResult(ctx, in.No, in.Sig)
}
