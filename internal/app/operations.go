package app

import (
	"context"
	"net/http"
	"strconv"
	"sync"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/apidoc"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/servermon"
	"zhdj/internal/system"
	"zhdj/web"
)

// The operations pages of 系统监控 (issue 33): 接口文档 and 服务监控.

// PermAPIDoc lets a caller read the API documentation: the OpenAPI document
// and the page /doc.html (system administrators).
const PermAPIDoc = "apidoc:list"

// apiDocPage is 接口文档 under 系统监控: the page shows /doc.html.
func apiDocPage() system.MenuSeed {
	return system.MenuSeed{Title: "接口文档", Name: "ApiDoc", Path: "apidoc", Component: "monitor/apidoc", Icon: "api", Type: system.MenuPage,
		Roles: []string{system.RoleAdmin}, Children: []system.MenuSeed{
			{Title: "查看", Type: system.MenuButton, Permission: PermAPIDoc, Roles: []string{system.RoleAdmin}}}}
}

// apiDocModule is the API documentation as a module: its page, the OpenAPI
// document of every declared route (made at its first request, when every
// module has registered) and the page that shows it.
func apiDocModule() module.Module {
	return module.Module{Name: "apidoc", Menus: []system.MenuSeed{apiDocPage()},
		Migrations: []db.Migration{{Version: 2026121400, Name: "page 接口文档 (OpenAPI document, /doc.html)",
			Up: func(ctx context.Context, tx bun.Tx) error {
				return system.AddPages(ctx, tx, "/monitor", []system.MenuSeed{apiDocPage()})
			}}},
		Routes: func(root *httpx.Routes) {
			doc := sync.OnceValue(func() apidoc.Document { return apidoc.Build(root.All(), schemaVersion()) })
			rs := root.In("接口文档")
			rs.Get("/api/doc/openapi.json", PermAPIDoc, "查看接口文档（OpenAPI）", func(w http.ResponseWriter, r *http.Request) error {
				return httpx.OK(w, doc())
			})
			rs.Get("/doc.html", PermAPIDoc, "查看接口文档页面", func(w http.ResponseWriter, r *http.Request) error {
				page, err := web.APIDoc()
				if err != nil {
					return httpx.E(http.StatusServiceUnavailable, "接口文档页面尚未构建：请运行 make build")
				}
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				w.Header().Set("Cache-Control", "no-cache")
				_, err = w.Write(page)
				return err
			})
		}}
}

// schemaVersion is the newest migration's version: builds carry no commit
// (-buildvcs=false), and the schema names what a server speaks.
func schemaVersion() string { return "schema " + strconv.FormatInt(NewestMigration(), 10) }

// NewestMigration is the version of the newest migration this program
// knows (a backup's database must not be newer).
// Read once: Migrations declares every module anew.
func NewestMigration() int64 {
	newestSchema.Do(func() {
		for _, m := range Migrations() {
			newestSchema.version = max(newestSchema.version, m.Version)
		}
	})
	return newestSchema.version
}

var newestSchema struct {
	sync.Once
	version int64
}

// serverPage is 服务监控 under 系统监控.
func serverPage() system.MenuSeed {
	return system.MenuSeed{Title: "服务监控", Name: "Server", Path: "server", Component: "monitor/server", Icon: "dashboard", Type: system.MenuPage,
		Roles: []string{system.RoleAdmin}, Children: []system.MenuSeed{
			{Title: "查看", Type: system.MenuButton, Permission: servermon.PermView, Roles: []string{system.RoleAdmin}}}}
}

// serverModule is 服务监控 as a module: its page and, given the monitor
// (nil where only the migrations are wanted), its endpoint.
func serverModule(m *servermon.Monitor) module.Module {
	mod := module.Module{Name: "servermon", Menus: []system.MenuSeed{serverPage()},
		Migrations: []db.Migration{{Version: 2026121401, Name: "page 服务监控",
			Up: func(ctx context.Context, tx bun.Tx) error {
				return system.AddPages(ctx, tx, "/monitor", []system.MenuSeed{serverPage()})
			}}}}
	if m != nil {
		mod.Routes = m.Routes
	}
	return mod
}
