// Package content is 党务新闻 (party service news) and 文章管理 (articles):
// one model of rich-text items in columns (栏目), written by the
// organisation department, the 二级党委 and the branch secretaries,
// reviewed and published within the publisher's organisation scope, read
// by the people of the audience's subtree (and roles), with a receipt per
// reader and the unread count on the home pages.
package content

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// Service is the content domain.
type Service struct {
	db    *bun.DB
	sys   *system.Service
	orgs  *org.Service
	now   func() time.Time
	items map[string]*resource.Resource[Item, ItemView]
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service) *Service {
	s := &Service{db: database, sys: sys, orgs: orgs, now: func() time.Time { return time.Now().UTC() }}
	s.items = map[string]*resource.Resource[Item, ItemView]{KindNews: s.itemResource(newsKind), KindArticle: s.itemResource(articleKind)}
	return s
}

// SetClock replaces the clock (tests of the pinned order at its end).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }

// Module describes the content module to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "content", Migrations: Migrations(), Routes: s.Routes, Menus: menus(),
		Dicts: append(newsKind.fields().DictUses(), articleKind.fields().DictUses()...)}
}

// Routes registers the staff pages' endpoints of each kind and the
// reader's, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	for _, k := range []kind{newsKind, articleKind} {
		in := rs.In(KindLabels[k.code])
		s.items[k.code].Routes(in, k.base, k.perms.Perms)
		write := k.perms.Add + "|" + k.perms.Edit
		in.Post(k.base+"/{id}/submit", write, "提交审核", s.handleFlow(k, s.Submit))
		in.Post(k.base+"/{id}/publish", k.perms.Publish, "审核发布", s.handleFlow(k, s.Publish))
		in.Post(k.base+"/{id}/reject", k.perms.Publish, "退回", s.handleFlow(k, s.Reject))
		in.Post(k.base+"/{id}/withdraw", k.perms.Publish, "撤回", s.handleFlow(k, s.Withdraw))
		in.Get(k.base+"/{id}/readers", k.perms.List, "查看阅读情况", s.handleReaders(k))
		in.Get(k.base+"/{id}/readers/export", k.perms.Export, "导出阅读情况", s.handleReadersExport(k))
		in.Get(k.base+"/roles", write, "查询角色", httpx.Read(s.roleOptions))
		s.sys.AttachRoutes(in, k.base, s.attachments(k))
	}
	read := rs.In("阅读党务新闻")
	read.Get("/api/content/items", PermRead, "查询", httpx.ReadList(s.Readable))
	read.Get("/api/content/items/{id}", PermRead, "阅读", httpx.ReadOn(errNoItem, s.Open))
	read.Get("/api/content/items/{id}/attachments", PermRead, "查看附件", httpx.ReadOn(errNoItem, s.ReadableAttachments))
	read.Get("/api/content/items/{id}/attachments/{aid}/download", PermRead, "下载附件", s.handleReadableFile(false))
	read.Get("/api/content/items/{id}/attachments/{aid}/view", PermRead, "预览附件", s.handleReadableFile(true))
	read.Get("/api/content/unread", PermRead, "查询未读数", httpx.Read(s.Unread))
	rs.In("党务新闻图片").Get("/api/content/items/{id}/images/{aid}", imagePerm, "查看正文图片", s.handleImage)
}

func errNoItem() *httpx.Error { return httpx.NotFound("内容不存在") }
