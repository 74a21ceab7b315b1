// Package archive is 个人档案: the signed-in person's own record across the
// modules (read-only, printable), the files they keep in it (their own
// uploads: certificates, photos), the sharing of one of those files with a
// list of accounts, a role or a branch (档案共享, stoppable, every view
// logged for the owner), and 手机上传: a short-lived, single-use signed link
// shown as a QR code on the desktop, through which a phone without a session
// adds one file to the owner's archive.
package archive

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
)

// Service is the archive domain.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	members *member.Service
	now     func() time.Time
	signKey []byte
	sources Sources
}

// New builds the service; signKey signs the mobile-upload links (a key
// derived for this purpose only); sources are the other modules' "mine"
// reads the record page is assembled from.
func New(database *bun.DB, sys *system.Service, members *member.Service, signKey []byte, sources Sources) *Service {
	s := &Service{db: database, sys: sys, members: members, now: func() time.Time { return time.Now().UTC() },
		signKey: signKey, sources: sources}
	return s
}

// SetClock replaces the clock (tests of a link's expiry, without sleeping).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Module describes the archive to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "archive", Migrations: Migrations(), Routes: s.Routes, Menus: menus()}
}

// Routes registers the archive's endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	mine := rs.In("个人档案")
	mine.Get("/api/archives/mine", PermMine, "查看个人档案", httpx.Read(s.Mine))
	s.sys.AttachRoutes(mine, "/api/archives", s.fileSpec())

	upload := rs.In("手机上传")
	upload.Post("/api/archives/mobileUpload", PermMine, "生成上传二维码", httpx.Action(s.CreateLink))
	upload.Get("/api/archives/mobileUpload/{id}", PermMine, "查询上传结果", httpx.ReadOn(errNoLink, s.LinkState))
	upload.Get("/api/mobileUpload", httpx.Public, "打开上传链接", s.handleLinkCheck)
	upload.Post("/api/mobileUpload", httpx.Public, "手机上传文件", s.handleMobileUpload)

	share := rs.In("档案共享")
	share.Get("/api/archives/shares", PermShare, "查询", httpx.ReadList(s.ListShares))
	share.Post("/api/archives/shares", PermShare, "共享", httpx.Create(s.CreateShare))
	share.Post("/api/archives/shares/{id}/stop", PermShare, "停止共享", httpx.ActionOn(errNoShare, s.StopShare))
	share.Get("/api/archives/shares/{id}/views", PermShare, "查看记录", httpx.ListUnder(errNoShare, s.ShareViews))
	share.Get("/api/archives/shares/roles", PermShare, "查询角色", httpx.Read(s.roleOptions))
	share.Get("/api/archives/shares/people", PermShare, "查找人员", httpx.ReadList(s.people))
	share.Get("/api/archives/shares/orgs", PermShare, "查询党组织", httpx.Read(s.orgOptions))
	share.Get("/api/archivesShareFile/viewFile", httpx.SignedIn, "查看共享文件", s.handleViewFile)
}
