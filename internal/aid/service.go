// Package aid is 党员帮扶 (member aid): members in difficulty (帮扶对象),
// with the fee module's hardship reduction shown where it applies; aid
// records — visits, money from the fee funds (approved by the 二级党委, or
// by the 组织部 above a threshold), in-kind help — with their photos;
// yearly totals per 二级党委 and kind; and the 七一 and 春节 visit lists.
package aid

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	feestandard "zhdj/internal/fee/standard"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
)

// Service is the aid domain.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	orgs    *org.Service
	members *member.Service
	fees    *feestandard.Service
	now     func() time.Time
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service, fees *feestandard.Service) *Service {
	s := &Service{db: database, sys: sys, orgs: orgs, members: members, fees: fees, now: func() time.Time { return time.Now().UTC() }}
	if sys != nil {
		sys.CheckSetting(CfgThreshold, system.MessageCheck(checkThreshold))
	}
	return s
}

// Module describes the aid domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "aid", Migrations: Migrations(), Routes: s.Routes, Menus: menus(), Dicts: dictUses()}
}

// Routes registers the aid endpoints, each with its permission.
func (s *Service) Routes(rs *httpx.Routes) {
	r := rs.In("党员帮扶")
	r.Get("/api/dybf/cases", Perms.List, "查询帮扶对象", httpx.ReadList(s.Cases))
	r.Post("/api/dybf/cases", Perms.Add, "登记帮扶对象", httpx.Create(s.AddCase))
	r.Post("/api/dybf/cases/{id}/resolve", Perms.Add, "标记已脱困", httpx.ChangeOn(errNoCase, s.Resolve))
	// Who registers corrects and removes: 登记 covers its own mistakes.
	r.Put("/api/dybf/cases/{id}", Perms.Add, "修改帮扶对象", httpx.ChangeOn(errNoCase, s.UpdateCase))
	r.Delete("/api/dybf/cases/{id}", Perms.Add, "删除帮扶对象", httpx.DoOn(errNoCase, s.DeleteCase))
	r.Get("/api/dybf/records", Perms.List, "查询帮扶记录", httpx.ReadList(s.Records))
	r.Get("/api/dybf/records/export", Perms.Export, "导出帮扶记录", s.exportRecords)
	r.Post("/api/dybf/records", Perms.Add, "登记帮扶记录", httpx.Create(s.AddRecord))
	r.Put("/api/dybf/records/{id}", Perms.Add, "修改帮扶记录", httpx.ChangeOn(errNoRecord, s.UpdateRecord))
	r.Delete("/api/dybf/records/{id}", Perms.Add, "删除帮扶记录", httpx.DoOn(errNoRecord, s.DeleteRecord))
	r.Post("/api/dybf/records/{id}/decide", Perms.Approve, "审批帮扶金", httpx.ChangeOn(errNoRecord, s.Decide))
	r.Get("/api/dybf/totals", Perms.List, "帮扶年度统计", httpx.ReadList(s.Totals))
	r.Get("/api/dybf/visits", Perms.List, "走访慰问名单", httpx.ReadList(s.Visits))
	r.Get("/api/dybf/threshold", Perms.List, "查看审批额度", httpx.Read(s.ThresholdInfo))
	s.sys.AttachRoutes(r, "/api/dybf/records", s.attachments())
}

// attachModule keys a record's attachment rows.
const attachModule = "dybf"

// attachments are a record's photos and papers, seen and changed within the
// caller's scope.
func (s *Service) attachments() system.AttachSpec {
	return system.AttachSpec{Module: attachModule, Title: "党员帮扶", Read: Perms.List, Edit: Perms.Add,
		Find:  func(ctx context.Context, id int64) error { _, err := s.record(ctx, id); return err },
		Kinds: map[string]system.AttachKind{"": {Label: "照片或材料", MaxFiles: 20}}}
}
