// Package fee is 党费's monthly collection (RULES.md §1): a batch per month
// (创建 → 启动缴费 → 已结算) freezes every member's due in their organisation
// at the start; payments go through a provider (现场缴费 recorded by the
// branch's fee collector, or the campus payment platform's signed notify)
// and are written as insert-only ledger entries; a settled month is locked
// and corrected by reversal entries. The standards and the monthly amount
// are internal/fee/standard's. See docs/fee.md.
package fee

import (
	"context"
	"crypto/rand"
	"os"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/fee/standard"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
)

// DueFunc computes the dues of members for a month (the standards'
// MonthlyDues): a member missing from the answer owes nothing that month
// (not yet a probationary member, no base) and gets no due row.
type DueFunc func(ctx context.Context, idb bun.IDB, year, month int, memberIDs []int64) (map[int64]standard.Due, error)

// Options are the process settings of the payment platform (environment,
// never code): the notify's HMAC secret and the sandbox switch.
type Options struct {
	// Secret (ZHDJ_PAY_SECRET) signs the platform's notify; empty: online
	// payment is off (orders are refused, every notify is refused).
	Secret string
	// Sandbox (ZHDJ_PAY_SANDBOX=on) enables the test platform: an endpoint
	// that produces the correctly signed notify of an order. Off by default;
	// never on in production.
	Sandbox bool
	// PayURL is the platform's payment page an order redirects to
	// (ZHDJ_PAY_URL); with the sandbox it is the app's own /payment page.
	PayURL string
}

// OptionsFromEnv reads Options from ZHDJ_PAY_SECRET, ZHDJ_PAY_SANDBOX and
// ZHDJ_PAY_URL. The sandbox without a secret gets a random one for this
// process (it signs nothing but the sandbox's own notifies and result
// links, which a restart makes stale: the member's fee page signs them
// anew); the real platform always needs the operator's secret.
func OptionsFromEnv() Options {
	o := Options{Secret: os.Getenv("ZHDJ_PAY_SECRET"), Sandbox: strings.EqualFold(os.Getenv("ZHDJ_PAY_SANDBOX"), "on"),
		PayURL: os.Getenv("ZHDJ_PAY_URL")}
	if o.Sandbox && o.Secret == "" {
		o.Secret = rand.Text()
	}
	return o
}

// Service is the fee collection domain.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	orgs    *org.Service
	members *member.Service
	dues    DueFunc
	opts    Options
	bus     *event.Bus // MonthPaid, MonthPaymentReversed and MonthInArrears are published on it
	now     func() time.Time
}

// New builds the service; dues computes a month's dues (the standards').
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service, dues DueFunc, opts Options, bus *event.Bus) *Service {
	return &Service{db: database, sys: sys, orgs: orgs, members: members, dues: dues, opts: opts, bus: bus,
		now: func() time.Time { return time.Now().UTC() }}
}

// Module describes the fee collection domain to internal/app. It works on
// a nil service (it only takes method values).
func (s *Service) Module() module.Module {
	return module.Module{Name: "fee", Migrations: Migrations(), Routes: s.Routes, Menus: menus(), Subscribe: s.subscribe,
		WorkLists: s.workLists(), Jobs: s.jobs()}
}

// Routes registers the endpoints under /api/dfgl, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	s.batchRoutes(rs.In("党费批次管理"))
	s.payRoutes(rs.In("缴费管理"))
	s.waysRoutes(rs.In("缴费管理"))
	s.mineRoutes(rs.In("我的党费"))
	s.platformRoutes(rs.In("党费在线支付"))
}

// subscribe answers member.FeesPaidUpTo (the transfer's 党费缴纳至),
// member.UnpaidRuns (the oversight's 自行脱党 reminder) and
// standard.LastFrozenMonth (a hardship reduction ends after the frozen
// months), and charges a probationary member admitted by the school from
// the month of the branch meeting (member.Created).
func (s *Service) subscribe(b *event.Bus) {
	event.Subscribe(b, s.admitted)
	event.Answer(b, func(ctx context.Context, idb bun.IDB, q standard.LastFrozenMonth) (standard.FrozenMonth, error) {
		m, err := LastFrozen(ctx, idb, q.MemberID)
		return standard.FrozenMonth{Month: m}, err
	})
	event.Answer(b, func(ctx context.Context, idb bun.IDB, q member.UnpaidRuns) (member.Unpaid, error) {
		return UnpaidRuns(ctx, idb, q.Through, q.Months)
	})
	event.Answer(b, func(ctx context.Context, idb bun.IDB, q member.FeesPaidUpTo) (member.PaidUpTo, error) {
		m, err := PaidUpTo(ctx, idb, q.MemberID)
		if err != nil {
			return member.PaidUpTo{}, err
		}
		last, err := LastFrozen(ctx, idb, q.MemberID)
		return member.PaidUpTo{Month: m, LastDue: last}, err
	})
}
