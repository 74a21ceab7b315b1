// Package account is party members' accounts (党员账号): a member record
// linked to its sign-in account, the accounts of a branch, a college or the
// whole university made in one batch from the member base, and an
// organisation's secretary chosen among its members with an account of the
// role of its level. Each domain writes its own tables (system the
// accounts, member the link, org the leaders); this package puts their
// steps into one transaction under one set of checks.
package account

import (
	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
)

// Service is the account module.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	orgs    *org.Service
	members *member.Service
	arrears Arrears
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service, arrears Arrears) *Service {
	return &Service{db: database, sys: sys, orgs: orgs, members: members, arrears: arrears}
}

// Module describes the account module to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "account", Migrations: Migrations(), Routes: s.Routes}
}

// Routes registers the account endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	members := rs.In("党员信息")
	members.Post("/api/dyjbxx/accounts", member.PermAccount, "批量开通账号", httpx.Action(s.Batch))
	members.Post("/api/dyjbxx/{id}/account", member.PermAccount, "关联账号", httpx.ActionOn(errNoMember, s.Link))
	members.Delete("/api/dyjbxx/{id}/account", member.PermAccount, "解除账号关联", httpx.ActionOn(errNoMember, s.Unlink))
	orgs := rs.In("党组织信息")
	orgs.Put("/api/dzzxx/{id}/leaders", org.PermEdit, "设置书记/委员", httpx.ActionOn(errNoOrg, s.SetLeaders))
	orgs.Post("/api/dzzxx/{id}/leaders/check", org.PermEdit, "检查书记/委员人选", httpx.ActionOn(errNoOrg, s.CheckLeaders))
}

func errNoMember() *httpx.Error { return httpx.NotFound("党员不存在") }
func errNoOrg() *httpx.Error    { return httpx.NotFound("党组织不存在") }
