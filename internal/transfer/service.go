// Package transfer is 组织关系转接 (RULES.md §3): every change of a party
// member's organisation relation — into the school from outside, out of it,
// between branches inside it, abroad and back, mobile members out and in,
// suspension, lost contact and leaving the party. Each kind is a workflow
// of its own (platform/flow key "zzgx_<kind>"): the applicant's step, then
// 支部审核 → 二级党委审核 → 组织部审核 (校内转接: the sending branch and
// committee, then the receiving committee and branch). The member's record
// (status, organisation, trail) changes only when the last approval lands,
// in that approval's transaction; until then the sending organisation keeps
// managing the member. Letters of introduction are asked for through
// Letters (package transfer/letter). See docs/transfer.md.
package transfer

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
	"zhdj/internal/transfer/letter"
)

// Letters is the letters of introduction as transfers need them
// (*letter.Service).
type Letters interface {
	// IssueTx issues the letter of an approved transfer inside the
	// approval's transaction.
	IssueTx(ctx context.Context, tx bun.Tx, in letter.Issue) (letter.Letter, error)
	// ReceiveTx records that the receiving branch accepted the member.
	ReceiveTx(ctx context.Context, tx bun.Tx, transferID int64) error
	// OfTransfer lists a transfer's letters.
	OfTransfer(ctx context.Context, idb bun.IDB, transferID int64) ([]letter.Letter, error)
	// Settings are the letters' settings (the validity by reach).
	Settings(ctx context.Context, idb bun.IDB) (letter.Settings, error)
}

// Service is the transfer domain.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	orgs    *org.Service
	members *member.Service
	cipher  *crypto.FieldCipher
	bus     *event.Bus
	letters Letters
	now     func() time.Time
	flows   map[string]*flow.Workflow[Transfer]
	list    *resource.Resource[Transfer, View]
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service, cipher *crypto.FieldCipher,
	bus *event.Bus, letters Letters) *Service {
	s := &Service{db: database, sys: sys, orgs: orgs, members: members, cipher: cipher, bus: bus, letters: letters,
		now: func() time.Time { return time.Now().UTC() }}
	s.flows = map[string]*flow.Workflow[Transfer]{}
	for _, k := range Kinds {
		s.flows[k] = s.workflow(k)
	}
	s.list = s.records()
	return s
}

// Module describes the transfer domain to internal/app. It works on a nil
// service (it only takes method values).
func (s *Service) Module() module.Module {
	return module.Module{Name: "transfer", Migrations: Migrations(), Routes: s.Routes, Menus: menus(), Subscribe: s.subscribe,
		WorkLists: s.workLists(), Encrypted: encrypted()}
}

func errNoTransfer() *httpx.Error { return httpx.NotFound("组织关系转接记录不存在") }

// scope restricts a query on zzgx_transfer AS t to the caller's: transfers
// whose managing (sending) or receiving organisation lies in their scope,
// and their own (started by them, or of their member record).
func (s *Service) scope(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	self := rbac.UserID(ctx)
	return func(q *bun.SelectQuery) *bun.SelectQuery {
		if sc.All {
			return q
		}
		return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
			g = g.Where("t.started_by = ?", self).
				WhereOr("t.member_id IN (?)", s.members.LinkedID(self))
			if len(sc.OrgIDs) > 0 {
				g = g.WhereOr("t.org_id IN (?)", bun.List(sc.OrgIDs)).WhereOr("t.to_org_id IN (?)", bun.List(sc.OrgIDs))
			}
			return g
		})
	}, nil
}

// find reads a transfer of the caller's scope through idb (404 outside it).
func (s *Service) find(ctx context.Context, idb bun.IDB, id int64) (*Transfer, error) {
	return record.FindScoped[Transfer](ctx, idb, s.scope, "t", id, errNoTransfer)
}

// subscribe answers the member lists' TransfersOut: members with a 转出 or
// 校内转接 under way are 转出中.
func (s *Service) subscribe(b *event.Bus) {
	event.Answer(b, func(ctx context.Context, idb bun.IDB, q member.TransfersOut) (member.Outgoing, error) {
		var ids []int64
		err := idb.NewSelect().Model((*Transfer)(nil)).Column("t.member_id").Where("t.member_id IN (?)", bun.List(q.MemberIDs)).
			Where("t.kind IN (?)", bun.List([]string{KindOut, KindInside})).Where("t.state IN (?)", bun.List(OpenStates)).Scan(ctx, &ids)
		out := make(member.Outgoing, len(ids))
		for _, id := range ids {
			out[id] = "转出中"
		}
		return out, err
	})
}
