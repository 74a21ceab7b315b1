// Package develop is 发展党员: the development of new members through the 5
// stages and 25 steps of the 2014 细则 (RULES.md §2). A development record
// per person, linked to the people registry and kept per branch, runs
// through the declared workflow "develop" (platform/flow): each step is an
// action of the branch, the committee above it or the organisation
// department, refused when it breaks a rule of the configuration the record
// started with. On 接收预备党员 the person enters the member base; on 转正 the
// member becomes full. See docs/develop.md.
package develop

import (
	"context"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/people"
	"zhdj/internal/platform/calendar"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/record"
	"zhdj/internal/system"
)

// Service is the development domain.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	orgs    *org.Service
	members *member.Service
	persons *people.Service
	cal     *calendar.Calendar
	now     func() time.Time
	configs configCache
	wf      *flow.Workflow[Record]
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service, persons *people.Service,
	cal *calendar.Calendar) *Service {
	s := &Service{db: database, sys: sys, orgs: orgs, members: members, persons: persons, cal: cal,
		now: func() time.Time { return time.Now().UTC() }}
	s.wf = s.workflow()
	return s
}

// Module describes the development domain to internal/app. It works on a
// nil service (it only takes method values).
func (s *Service) Module() module.Module {
	return module.Module{Name: "develop", Migrations: Migrations(), Routes: s.Routes, Menus: menus(), Trail: TrailModule,
		Reminders: s.reminders(), Imports: []module.ImportKind{s.importKind()}, WorkLists: s.workLists(),
		Subscribe: s.subscribe}
}

// subscribe answers member.ProbationsKept: the probations this module keeps
// (a record at the probationary stage) are reminded of here, not by the
// member domain.
func (s *Service) subscribe(b *event.Bus) {
	event.Answer(b, func(ctx context.Context, idb bun.IDB, q member.ProbationsKept) (member.Kept, error) {
		kept := member.Kept{}
		for part := range slices.Chunk(q.MemberIDs, 1000) {
			var ids []int64
			if err := idb.NewSelect().Model((*Record)(nil)).Column("r.member_id").Where("r.member_id IN (?)", bun.List(part)).
				Where("r.stage = ?", StageProbationary).Scan(ctx, &ids); err != nil {
				return nil, err
			}
			for _, id := range ids {
				kept[id] = true
			}
		}
		return kept, nil
	})
}

// Routes registers the development endpoints under /api/fzdy, each with
// its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("发展党员")
	s.wf.Routes(rs, "/api/fzdy", flow.Perms{View: Perms.List, Chains: Perms.List, ChainsEdit: PermConfig})
	s.recordRoutes(rs)
	s.reviewsOf().Routes(rs, "/api/fzdy/{id}/reviews", Perms.List, PermBranch, "考察记录")
	s.trainingsOf().Routes(rs, "/api/fzdy/{id}/trainings", Perms.List, PermBranch+"|"+PermCommittee, "培训记录")
	s.noticeRoutes(rs)
	s.configRoutes(rs)
	rs.Get("/api/fzdy/plans", Perms.List, "查看发展计划", httpx.ReadList(s.Plans))
	rs.Put("/api/fzdy/plans", PermPlan, "下达发展计划", httpx.Action(s.SetPlan))
	s.numberRoutes(rs)
	s.batchRoutes(rs)
	s.votersRoutes(rs)
	s.reportRoutes(rs)
	s.noticeDocRoutes(rs)
	s.mineRoutes(rs)
}

// find reads a record of the caller's scope through idb (404 outside it):
// the workflow's Find.
func (s *Service) find(ctx context.Context, idb bun.IDB, id int64) (*Record, error) {
	return record.FindScoped[Record](ctx, idb, s.scope, "r", id, errNoRecord)
}

// scope is the caller's organisation scope over the records' branch.
func (s *Service) scope(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
	return s.orgs.Scoped("r.org_id")(ctx)
}

func errNoRecord() *httpx.Error { return httpx.NotFound("发展党员记录不存在") }
