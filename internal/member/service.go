// Package member is the party member information base (党员): records with
// encrypted personal fields, scoped lists, detail, change trail and roster.
package member

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/remind"
	"zhdj/internal/system"
)

// Service is the member domain.
type Service struct {
	db     *bun.DB
	sys    *system.Service
	orgs   *org.Service
	cipher *crypto.FieldCipher
	now    func() time.Time
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, cipher *crypto.FieldCipher) *Service {
	return &Service{db: database, sys: sys, orgs: orgs, cipher: cipher, now: func() time.Time { return time.Now().UTC() }}
}

// Routes registers the member domain's endpoints.
func (s *Service) Routes(rs *httpx.Routes) {
	rs.Get("/api/dyjbxx", PermList, httpx.ReadList(s.List))
	rs.Get("/api/dyjbxx/export", PermExport, s.handleExport)
	rs.Get("/api/dyjbxx/{id}", PermList, s.handleDetail)
	rs.Post("/api/dyjbxx", PermAdd, httpx.Create(s.Create))
	rs.Put("/api/dyjbxx", PermEdit, s.handleUpdate)
	rs.Delete("/api/dyjbxx", PermDel, httpx.IDsAction(s.Delete))
	rs.Get("/api/dyjbxx/trail", PermList, httpx.ReadList(s.trails().Across))
	rs.Get("/api/dyjbxx/{id}/trail", PermList, httpx.ListUnder(errNoMember, s.trails().Page))
	rs.Post("/api/dyjbxx/trail/restore", PermEdit, httpx.Action(s.Restore))
	rs.Get("/api/common/dyjbxx", httpx.SignedIn, httpx.ReadList(s.Picker))
}

// Module describes the member domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "member", Migrations: Migrations(), Routes: s.Routes,
		Imports: []module.ImportKind{s.ImportKind()}, Menus: memberMenus(), Trail: TrailModule, Subscribe: s.subscribe,
		Reminders: []remind.Kind{s.probationReminder()}}
}

// subscribe: the member domain counts members for the org domain and
// moves the members of merged organisations.
func (s *Service) subscribe(b *event.Bus) { org.ServeMembers(b, s) }

// CountByOrg answers org.CountMembers: members in normal status per
// organisation, and the full members (正式党员) among them.
func (s *Service) CountByOrg(ctx context.Context, idb bun.IDB, orgIDs []int64) (map[int64]org.MemberCounts, error) {
	var rows []struct {
		OrgID int64 `bun:"org_id"`
		Total int   `bun:"total"`
		Full  int   `bun:"full"`
	}
	q := idb.NewSelect().TableExpr("dyjbxx AS m").
		ColumnExpr("m.org_id, COUNT(*) AS total").
		ColumnExpr("SUM(CASE WHEN m.party_status = ? THEN 1 ELSE 0 END) AS full", PartyFull).
		Where("m.member_status = ?", StatusNormal).GroupExpr("m.org_id")
	if orgIDs != nil {
		q = q.Where("m.org_id IN (?)", bun.In(orgIDs))
	}
	err := q.Scan(ctx, &rows)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]org.MemberCounts, len(rows))
	for _, r := range rows {
		out[r.OrgID] = org.MemberCounts{Total: r.Total, Full: r.Full}
	}
	return out, nil
}

// MoveMembers handles org.Merged: every member of the from
// organisations (whatever their status) moves to to in one statement, and
// each gets a trail entry (USER_UPDATE, 所在党组织). It runs inside the
// caller's transaction and trusts the caller's checks of both ends.
func (s *Service) MoveMembers(ctx context.Context, tx bun.Tx, from []int64, to int64) (int, error) {
	return s.moveMembers(ctx, tx, from, to)
}
