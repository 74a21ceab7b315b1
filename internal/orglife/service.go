// Package orglife is 组织生活 (organisation life, RULES §4): the meetings of
// 三会一课, 主题党日, 组织生活会 and 民主生活会 with their attendees, sign-in
// on the phone, minutes and files, and the compliance of each organisation
// with the meetings the rules ask for. Design: docs/orglife.md.
package orglife

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
	"zhdj/internal/talk"
)

// Service is the organisation-life domain.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	orgs    *org.Service
	members *member.Service
	talks   *talk.Service
	bus     *event.Bus
	now     func() time.Time

	meetings *resource.Viewed[Meeting, MeetingView, MeetingInput, MeetingView]

	rectify *resource.Resource[Rectify, RectifyView] // 整改事项 and their ledger (rectify.go)
	// signSecret keys the sign-in links (sign.go): per installation, from
	// the key directory, never in code.
	signSecret []byte
}

// New builds the service; signSecret keys the sign-in links; bus carries
// ReceiptAsked to 问卷管理.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service, talks *talk.Service, bus *event.Bus, signSecret []byte) *Service {
	s := &Service{db: database, sys: sys, orgs: orgs, members: members, talks: talks, bus: bus, now: func() time.Time { return time.Now().UTC() },
		signSecret: signSecret}
	s.meetings = s.meetingResource()
	s.rectify = s.rectifyResource()
	return s
}

// Module describes the organisation-life domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "orglife", Migrations: Migrations(), Routes: s.Routes, Menus: menus(), Trail: TrailModule,
		Reminders: append(s.reminders(), s.rectifyReminder())}
}

// Routes registers the organisation-life endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	s.meetingRoutes(rs)
	s.signRoutes(rs)
	s.statsRoutes(rs)
	s.prepareRoutes(rs)
	s.rectifyRoutes(rs)
}
