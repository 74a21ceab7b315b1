// Package election is 换届选举 (an organisation's committee elected when its
// term ends) and 党代表选举 (the representatives of a congress elected in
// constituencies), both voted on phones through the anonymous ballot engine
// (internal/platform/ballot). An election's plan (seats, candidates, 差额 or
// 等额, the meeting day) is approved by the higher committee through the flow
// kit; the organiser opens the vote in the meeting for the members with a
// vote who are present (accounts, printed codes for those without one),
// closes it and reads the count; the result, confirmed by the higher
// committee, is written to the organisation (secretary, committee, term)
// with the organisation's change trail. The module opens and closes rounds
// and reads counts: it stores no ballot and nothing that links a voter to a
// choice. Design: docs/election.md.
package election

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
)

// VoterLink is the voters' page (a round's link adds ?round=<id>).
const VoterLink = "/dzzhjgl/tp"

// Kind is the ballot engine's kind of the module's rounds.
const Kind = "election"

// Service is the elections domain.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	orgs    *org.Service
	members *member.Service
	ballots *ballot.Service
	wf      *flow.Workflow[Record]
	now     func() time.Time
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service, ballots *ballot.Service) *Service {
	s := &Service{db: database, sys: sys, orgs: orgs, members: members, ballots: ballots, now: func() time.Time { return time.Now().UTC() }}
	s.wf = s.workflow()
	return s
}

// SetClock sets the clock (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Module describes the elections to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "election", Migrations: Migrations(), Routes: s.Routes, Menus: menus()}
}

// Routes registers the elections' endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	h := rs.In("换届选举")
	const el = "/api/hjxj"
	h.Get(el, PermList, "查询", httpx.ReadList(s.List))
	h.Post(el, PermAdd, "发起换届", httpx.Create(s.Create))
	h.Get(el+"/eligible", PermAdd, "查询可选候选人", httpx.ReadList(s.Eligible))
	h.Get(el+"/{id}", PermList, "查看详情", httpx.ReadOn(errNoElection, s.Detail))
	h.Get(el+"/{id}/voters", PermVote, "查看应到会党员", httpx.ReadOn(errNoElection, s.ElectionVoters))
	h.Post(el+"/{id}/votes", PermVote, "开始投票", httpx.ActionOn(errNoElection, s.OpenElectionVote))
	h.Post(el+"/votes/{id}/close", PermVote, "结束投票并计票", httpx.ReadOn(errNoVote, s.CloseElectionVote))
	s.wf.Routes(h, el, flow.Perms{View: PermList})

	d := rs.In("党代表选举")
	const cg = "/api/ddbxj"
	d.Get(cg, PermCongressList, "查询", httpx.ReadList(s.ListCongresses))
	d.Post(cg, PermCongressAdd, "新增", httpx.Create(s.CreateCongress))
	d.Get(cg+"/{id}", PermCongressList, "查看详情", httpx.ReadOn(errNoCongress, s.CongressDetail))
	d.Get(cg+"/{id}/reps", PermCongressList, "查看当选代表", httpx.ReadOn(errNoCongress, s.Representatives))
	d.Get(cg+"/{id}/reps/export", PermCongressExport, "导出当选代表", httpx.WriteID(errNoCongress, s.exportRepresentatives))
	d.Post(cg+"/units/{id}/nominations", PermNominate, "推荐提名", httpx.ActionOn(errNoUnit, s.Nominate))
	d.Delete(cg+"/nominations/{id}", PermNominate, "撤回提名", httpx.DoOn(errNoNomination, s.Withdraw))
	d.Get(cg+"/eligible", PermNominate, "查询可提名党员", httpx.ReadList(s.Eligible))
	d.Get(cg+"/units/{id}/voters", PermCongressVote, "查看应到会党员", httpx.ReadOn(errNoUnit, s.UnitVoters))
	d.Post(cg+"/units/{id}/votes", PermCongressVote, "开始投票", httpx.ActionOn(errNoUnit, s.OpenUnitVote))
	d.Post(cg+"/votes/{id}/close", PermCongressVote, "结束投票并计票", httpx.ReadOn(errNoVote, s.CloseUnitVote))
}

func errNoElection() *httpx.Error   { return httpx.NotFound("换届选举不存在") }
func errNoVote() *httpx.Error       { return httpx.NotFound("投票不存在") }
func errNoCongress() *httpx.Error   { return httpx.NotFound("党代表选举不存在") }
func errNoUnit() *httpx.Error       { return httpx.NotFound("选举单位不存在") }
func errNoNomination() *httpx.Error { return httpx.NotFound("提名不存在") }

// link is the page a to-do opens.
func link(id int64) string { return fmt.Sprintf("%s/hjxj?id=%d", org.PartyMenuPath, id) }

// scopeHas tells whether organisation id lies in the caller's scope.
func (s *Service) scopeHas(ctx context.Context, id int64) (bool, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return false, httpx.AsError(err)
	}
	return sc.Has(id), nil
}
