// Package cadre is the base of cadre management (干部信息库): the cadre
// record (gb_jbxx, information type 1) with its twelve sub-tables (types
// 2–13) and certificates, kept per unit and seen by the 干部管理员 and the
// 组织部 (and by unit leaders for their units' cadres when the school turns
// that on). Personal data (ID numbers, phones, family members' names and
// employers, certificate numbers) is encrypted at rest.
//
// The other cadre packages (任免审批表 and lrmx, quotas and appointments,
// reminders and analysis) read and write cadres through the Go API of
// api.go, never the gb_* tables: Scoped, Brief, Form, SaveForm, WritePost,
// EndPost and Each.
package cadre

import (
	"context"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/system"
	"zhdj/internal/unit"
)

// TrailModule is the cadre's module id in the change trail (spec GB_JBXX);
// the sub-tables' rows are trailed under it with their cadre as the record.
// TrailManagedDepts is the departments a cadre manages (spec GB_MANAGE_DEPT).
const (
	TrailModule       = 100
	TrailManagedDepts = 101
)

// Service is the cadre base.
type Service struct {
	db     *bun.DB
	sys    *system.Service
	units  *unit.Service
	cipher *crypto.FieldCipher
	now    func() time.Time
	extra  []func(rs *httpx.Routes)

	cadres *cadreResource
	subs   map[string]subTrail // by path: the restore of a sub-table's rows
	// managed is 分管部门's (trail module TrailManagedDepts), apart from subs:
	// the cadre does not propose changes to it.
	managed subTrail
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, units *unit.Service, cipher *crypto.FieldCipher) *Service {
	s := &Service{db: database, sys: sys, units: units, cipher: cipher, now: func() time.Time { return time.Now().UTC() },
		subs: map[string]subTrail{}}
	s.cadres = s.resource()
	return s
}

// Module describes the cadre base to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "cadre", Migrations: Migrations(), Routes: s.Routes, Menus: menus(), Trail: TrailModule,
		Dicts:     fields.DictUses(), // a dictionary value cadres hold cannot be deleted
		Subscribe: s.subscribe, Encrypted: encrypted()}
}

// subscribe: the base tells the system domain which accounts are cadres'
// (the signed-in user's cadreLinked: the web offers 我的干部信息).
func (s *Service) subscribe(b *event.Bus) {
	event.Answer(b, func(context.Context, bun.IDB, system.AccountCadreSQL) (string, error) {
		// A scalar sub-query, not EXISTS: PostgreSQL may turn an EXISTS into a
		// hashed sub-plan, a read of every cadre for each page of accounts
		// (TestListPlansScanNoGrowingTablePerRow); this one is an index lookup
		// per account of the page.
		return "(SELECT 1 FROM gb_jbxx AS ag WHERE ag.user_id = u.id LIMIT 1) IS NOT NULL", nil
	})
}

// Mount lets another cadre package (the 任免审批表, the lrmx import) serve
// its routes with the base's module, registered after the base's own.
func (s *Service) Mount(routes func(rs *httpx.Routes)) { s.extra = append(s.extra, routes) }

// Routes registers the cadre endpoints.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("干部信息库")
	s.routes(rs)
	for _, r := range s.extra {
		r(rs)
	}
}

// Scoped is the caller's cadre scope on column (a gb_jbxx id column or any
// column holding a cadre's unit: "g.unit_id"): everything for a holder of
// gbjbxx:all (干部管理员, 组织部); the units of the caller's unit scope
// when the setting SettingUnitLeaders is on and the caller holds
// gbjbxx:list; nothing otherwise. column must be a unit id (sys_dept).
// A record outside it is a 404 for the caller.
func (s *Service) Scoped(column string) record.Restriction {
	return func(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
		p := rbac.From(ctx)
		if p.Has(PermAll) {
			return func(q *bun.SelectQuery) *bun.SelectQuery { return q }, nil
		}
		if p.Has(Perms.List) && s.unitLeadersSee(ctx) {
			sc, err := s.units.ScopeOf(ctx)
			if err != nil {
				return nil, err
			}
			return func(q *bun.SelectQuery) *bun.SelectQuery { return sc.Apply(q, column) }, nil
		}
		return func(q *bun.SelectQuery) *bun.SelectQuery { return q.Where("1 = 0") }, nil
	}
}

func (s *Service) unitLeadersSee(ctx context.Context) bool {
	return s.sys.Setting(ctx, SettingUnitLeaders) == "true"
}

type labelsKey struct{}

// labels reads the dictionaries the cadre and its rows show, once per
// request (or per demo seed: every write of a form reads them).
func (s *Service) labels(ctx context.Context) (system.DictLabels, error) {
	return rbac.Memo(ctx, labelsKey{}, func() (system.DictLabels, error) {
		return s.sys.DictLabels(ctx, DictGender, DictEthnicity, DictPolitical, DictEducation, DictDegree, DictTitle, DictCategory,
			DictLevel, DictTenure, DictPostAttribute, DictTeamType, DictStatus, audit.DictOrigin, audit.DictType)
	})
}

// reveal decrypts a stored personal field; a value this key cannot read
// shows as empty (and is logged) rather than failing a whole list.
func (s *Service) reveal(stored, table string, id int64) string {
	v, err := s.cipher.Decrypt(stored)
	if err != nil {
		slog.Warn("personal field cannot be decrypted", "table", table, "id", id, "err", err)
		return ""
	}
	return v
}
