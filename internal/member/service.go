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
	bus    *event.Bus // set by subscribe: the lists ask it who is 转出中
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, cipher *crypto.FieldCipher) *Service {
	return &Service{db: database, sys: sys, orgs: orgs, cipher: cipher, now: func() time.Time { return time.Now().UTC() }}
}

// SetClock makes now the service's clock: the instants of the members'
// versions (state.go) and updates. Tests of the statistics of a date use
// it; the server keeps the wall clock.
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Routes registers the member domain's endpoints.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("党员信息")
	rs.Get("/api/dyjbxx", PermList, "查询", httpx.ReadList(s.List))
	rs.Get("/api/dyjbxx/export", PermExport, "导出花名册", s.handleExport)
	rs.Get("/api/dyjbxx/{id}", PermList, "查看详情", s.handleDetail)
	rs.Post("/api/dyjbxx", PermAdd, "新增", httpx.Create(s.Create))
	rs.Put("/api/dyjbxx", PermEdit, "修改", s.handleUpdate)
	rs.Delete("/api/dyjbxx", PermDel, "删除", httpx.IDsAction(s.Delete))
	rs.Get("/api/dyjbxx/trail", PermList, "查询变动轨迹", httpx.ReadList(s.trails().Across))
	rs.Get("/api/dyjbxx/{id}/trail", PermList, "查看变动轨迹", httpx.ListUnder(ErrNoMember, s.trails().Page))
	rs.Post("/api/dyjbxx/trail/restore", PermEdit, "还原变动", httpx.Action(s.Restore))
	rs.Get("/api/common/dyjbxx", httpx.SignedIn, "选择党员", httpx.ReadList(s.Picker))
	s.sys.AttachRoutes(rs, "/api/dyjbxx", s.attachments())
}

// KindPhoto is the attachment kind of a member's 证件照 (one at a time).
const KindPhoto = "photo"

// attachments are a member's papers and 证件照 (jpg/png up to 2 MB), seen
// by whoever sees the member and changed by whoever may edit them.
func (s *Service) attachments() system.AttachSpec {
	return system.AttachSpec{Module: "dyjbxx", Title: "党员信息", Read: PermList, Edit: PermEdit,
		Find: func(ctx context.Context, id int64) error { _, err := s.find(ctx, s.db, id); return err },
		Kinds: map[string]system.AttachKind{
			"":        {Label: "附件"},
			KindPhoto: {Label: "证件照", Exts: []string{"jpg", "jpeg", "png"}, MaxBytes: 2 << 20, Single: true},
		}}
}

// Module describes the member domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "member", Migrations: Migrations(), Routes: s.Routes,
		Imports: []module.ImportKind{s.ImportKind()}, Menus: memberMenus(), Trail: TrailModule, Subscribe: s.subscribe,
		Dicts: trail.DictUses((*Member)(nil)), Reminders: []remind.Kind{s.probationReminder()}, Encrypted: encrypted()}
}

// subscribe: the member domain counts members for the org domain, moves
// the members of merged organisations, and names the members of accounts
// for the system domain's user lists.
func (s *Service) subscribe(b *event.Bus) {
	s.bus = b
	org.ServeMembers(b, s)
	event.Answer(b, func(context.Context, bun.IDB, system.AccountMemberSQL) (system.AccountMemberColumns, error) {
		// dyjbxx.user_id is unique: one member an account, by its index.
		return system.AccountMemberColumns{ID: "(SELECT am.id FROM dyjbxx AS am WHERE am.user_id = u.id)",
			Name: "(SELECT am.name FROM dyjbxx AS am WHERE am.user_id = u.id)"}, nil
	})
}

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
