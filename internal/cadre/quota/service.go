// Package quota is 职数管理: the posts (岗位) of each unit, the approved
// numbers of posts per unit and level (核定职数) with their occupancy, and
// the appointment and removal documents (任免文件) whose issue changes the
// cadres' posts (through the cadre base's Go API), the occupancy and the
// trail in one transaction. Design: docs/cadre.md, 职数管理与任免文件.
package quota

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
	"zhdj/internal/unit"
)

// Appointment is what an issued 任命 item writes into the cadre's posts
// (information type 3).
type Appointment struct {
	Post           string // the position's name, as the document prints it
	UnitID         int64
	Level          string // GB_XZJB
	Attribute      string // GB_ZWSX
	TeamType       string // GB_BZLX
	PositionID     int64
	Elected        bool
	StartOn        date.Date
	ProbationUntil *date.Date
	DocNo          string
}

// Removal is what an issued 免去 item writes: the post held at the position
// ends on EndOn.
type Removal struct {
	Post       string
	UnitID     int64
	PositionID int64
	EndOn      date.Date
	DocNo      string
}

// Cadres is what the documents need of the cadre base (internal/cadre):
// the names of cadres in the caller's scope (a missing id is not in the
// map) and the writes of a post, with the base's trail, in the document's
// transaction.
type Cadres interface {
	Names(ctx context.Context, ids []int64) (map[int64]string, error)
	Appoint(ctx context.Context, tx bun.IDB, cadreID int64, a Appointment) error
	Remove(ctx context.Context, tx bun.IDB, cadreID int64, r Removal) error
	// UndoAppoint and UndoRemove take back what Appoint and Remove wrote,
	// for a withdrawn document.
	UndoAppoint(ctx context.Context, tx bun.IDB, cadreID int64, a Appointment) error
	UndoRemove(ctx context.Context, tx bun.IDB, cadreID int64, r Removal) error
}

// BaseRefresh is published when an issued document changed cadres' posts:
// the event gb_base_refresh (spec §9) tells whoever shows the cadre base
// to read it again.
type BaseRefresh struct {
	Name       string // always EventBaseRefresh
	DocumentID int64
	CadreIDs   []int64
}

// EventBaseRefresh is the spec's name of the event.
const EventBaseRefresh = "gb_base_refresh"

// Service is 职数管理.
type Service struct {
	db        *bun.DB
	sys       *system.Service
	units     *unit.Service
	cadres    Cadres
	base      *cadre.Service // the cadre base itself, for the demo's read of the cadres (Each)
	bus       *event.Bus
	now       func() time.Time
	positions *resource.Resource[Position, PositionView]
	quotas    *resource.Resource[Quota, QuotaView]
}

// New builds the service over the cadre base's Go API.
func New(database *bun.DB, sys *system.Service, units *unit.Service, cadres *cadre.Service) *Service {
	s := &Service{db: database, sys: sys, units: units, cadres: base{cadres}, base: cadres, now: func() time.Time { return time.Now().UTC() }}
	s.positions = s.positionResource()
	s.quotas = s.quotaResource()
	return s
}

// Module describes 职数管理 to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "cadre/quota", Migrations: Migrations(), Routes: s.Routes, Menus: menus(),
		Dicts: append(positionFields.DictUses(), quotaFields.DictUses()...), Subscribe: s.subscribe}
}

func (s *Service) subscribe(b *event.Bus) { s.bus = b }

// unitScope is the caller's unit scope on a sys_dept id column.
func (s *Service) unitScope(column string) record.Restriction {
	return record.ScopeOn(s.units.ScopeOf, column)
}

func errNoPosition() *httpx.Error { return httpx.NotFound("岗位不存在") }

// Routes registers the endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("职数管理")
	s.positions.Routes(rs, "/api/gbzs/positions", Perms)
	s.quotas.Routes(rs, "/api/gbzs/quotas", Perms)
	rs.Get("/api/gbzs/positions/{id}/holders", Perms.List, "查看岗位现任干部", httpx.ReadOn(errNoPosition, s.Holders))
	rs.Get("/api/gbzs/units", Perms.List, "查询单位职数", httpx.ReadList(s.UnitOccupancy))
	rs.Get("/api/gbzs/units/total", Perms.List, "查询全校职数", httpx.Read(s.SchoolTotal))
	rs.Get("/api/gbzs/units/export", Perms.Export, "导出单位职数", s.exportUnits)
	const docs = "/api/gbzs/documents"
	rs.Get(docs, Perms.List, "查询任免文件", httpx.ReadList(s.Documents))
	rs.Get(docs+"/{id}", Perms.List, "查看任免文件", httpx.ReadOn(errNoDocument, s.Document))
	rs.Post(docs, Perms.Add, "新增任免文件", httpx.Create(s.CreateDocument))
	rs.Put(docs+"/{id}", Perms.Edit, "修改任免文件", httpx.ChangeOn(errNoDocument, s.UpdateDocument))
	rs.Delete(docs, Perms.Del, "删除任免文件", httpx.IDsAction(s.DeleteDocuments))
	rs.Post(docs+"/{id}/issue", PermIssue, "发布任免文件", httpx.ActionOn(errNoDocument, s.Issue))
	rs.Post(docs+"/{id}/withdraw", PermIssue, "撤销任免文件", httpx.ActionOn(errNoDocument, s.Withdraw))
}
