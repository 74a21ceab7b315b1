// Package library is 制度文件: the rules and regulations (规章制度) with
// their versions and full-text search, the documents to download (文件下载)
// with their visibility and download counts, the manual (帮助文档) per role,
// the preview of a stored document (PDF in the browser, Office files through
// the configured preview server with a short-lived signed link) and the
// allowlist of hosts the external-link page (/iFrameLinkShow) may show.
package library

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// Trail module ids 210..219 are the library's (the records keep no trail yet).

// Service is the library domain.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	orgs    *org.Service
	now     func() time.Time
	signKey []byte
	rules   *resource.Resource[Rule, RuleView]
	docs    *resource.Resource[Doc, DocView]
	help    *resource.Resource[Help, HelpView]
}

// New builds the service; signKey signs the preview links (a key derived
// for this purpose only).
func New(database *bun.DB, sys *system.Service, orgs *org.Service, signKey []byte) *Service {
	s := &Service{db: database, sys: sys, orgs: orgs, now: func() time.Time { return time.Now().UTC() }, signKey: signKey}
	s.rules, s.docs, s.help = s.ruleResource(), s.docResource(), s.helpResource()
	if sys != nil {
		// The files of rules and documents are uploaded under this key (文件管理 names them).
		sys.NameFiles(system.FileModule{Key: "library", Title: "制度文件", Tags: map[string]string{"": ""}})
		sys.CheckSetting(CfgPreviewURL, system.MessageCheck(checkPreviewURL))
		sys.CheckSetting(CfgPreviewVersion, system.MessageCheck(checkPreviewVersion))
		sys.CheckSetting(CfgPreviewMinutes, system.MessageCheck(checkPreviewMinutes))
	}
	return s
}

// SetClock replaces the clock (tests of the current version at its edges).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Module describes the library to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "library", Migrations: Migrations(), Routes: s.Routes, Menus: menus(),
		Dicts: append(ruleFields.DictUses(), docFields.DictUses()...)}
}

// Routes registers the library's endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	rules := rs.In("规章制度")
	s.rules.Routes(rules, "/api/gzzd", RulePerms, resource.Without(resource.ExportRoute))
	rules.Get("/api/gzzd/{id}/file", RulePerms.List, "下载附件", s.handleRuleFile(false))
	rules.Get("/api/gzzd/{id}/file/view", RulePerms.List, "预览附件", s.handleRuleFile(true))
	rules.Get("/api/gzzd/{id}/preview", RulePerms.List, "在线预览", s.handleRulePreview)

	docs := rs.In("文件下载")
	s.docs.Routes(docs, "/api/wjxz", DocPerms, resource.Without(resource.ExportRoute))
	docs.Get("/api/wjxz/visible", httpx.SignedIn, "查询可下载文件", httpx.ReadList(s.VisibleDocs))
	docs.Get("/api/wjxz/{id}/download", httpx.SignedIn, "下载", s.handleDocDownload(false))
	docs.Get("/api/wjxz/{id}/view", httpx.SignedIn, "预览", s.handleDocDownload(true))
	docs.Get("/api/wjxz/{id}/preview", httpx.SignedIn, "在线预览", s.handleDocPreview)

	help := rs.In("帮助文档")
	s.help.Routes(help, "/api/bzwd", HelpPerms, resource.Without(resource.ExportRoute))
	help.Get("/api/bzwd/mine", httpx.SignedIn, "查看帮助文档", httpx.Read(s.MyHelp))

	shared := rs.In("制度文件")
	shared.Get("/api/library/roles", DocPerms.Add+"|"+DocPerms.Edit+"|"+HelpPerms.Add+"|"+HelpPerms.Edit, "查询角色", httpx.Read(s.roleOptions))
	shared.Get("/api/library/preview/file", httpx.Public, "预览服务取文件", s.handlePreviewFile)
	shared.Get("/api/library/frame", httpx.SignedIn, "外部链接检查", s.handleFrameCheck)
}

// everyone is the scope of school-wide records: no restriction.
func everyone(context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
	return func(q *bun.SelectQuery) *bun.SelectQuery { return q }, nil
}
