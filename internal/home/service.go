// Package home is the home page (首页) of those who manage party data: the
// key numbers of their data scope, the organisation rules broken now, the
// latest changes and their to-dos; the top bar's 预警 list; and the party
// member's own home (党员首页). It owns no
// tables: it reads the organisation, member and system domains through
// their exported queries, each applying the caller's scope.
package home

import (
	"time"

	"zhdj/internal/content"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/points"
	"zhdj/internal/system"
)

// PermView guards the home page's figures and the organisation warnings.
const PermView = "home:view"

// Service is the home page.
type Service struct {
	sys     *system.Service
	orgs    *org.Service
	members *member.Service
	life    *orglife.Service
	points  *points.Service
	content *content.Service
	now     func() time.Time
}

// New builds the service.
func New(sys *system.Service, orgs *org.Service, members *member.Service, life *orglife.Service, pts *points.Service, news *content.Service) *Service {
	return &Service{sys: sys, orgs: orgs, members: members, life: life, points: pts, content: news, now: time.Now}
}

// Module describes the home page to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "home", Migrations: Migrations(), Routes: s.Routes, Menus: menus()}
}

// Routes registers the summary, the warnings of the top bar, this month's
// organisation life and the member home.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("首页")
	rs.Get("/api/home/summary", PermView, "查看首页", httpx.Read(s.Summary))
	rs.Get("/api/home/warnings", PermView, "查看预警", httpx.ReadList(s.Warnings))
	rs.Get("/api/home/meetings", PermView, "查看本月组织生活", httpx.Read(s.Meetings))
	rs = rs.In("党员首页")
	rs.Get("/api/dyHome", PermMemberHome, "查看党员首页", httpx.Read(s.MemberHome))
	rs.Get("/api/dyHome/trail", PermMemberHome, "查看本人变动记录", httpx.ReadList(s.MemberTrail))
}
