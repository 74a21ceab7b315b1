package system

import (
	"context"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
)

// Every first-level menu belongs to one workbench (mode) of the top bar: the
// web shows the entries of the mode chosen, so twenty first-level menus do
// not crowd one bar. The mode is data (sys_menu.workbench), declared by the
// module's menu seed and changed in 菜单管理, never a list of paths in the web.

// menuWorkbenchMigration adds sys_menu.workbench and sets it for the
// first-level menus there are: the platform's own (系统管理, 系统监控 and the
// hidden switch permissions) are the system mode's, every domain menu so far is
// party-building. Later seeds declare theirs (InsertMenus writes it).
func menuWorkbenchMigration() db.Migration {
	return db.Migration{Version: 2026120110, Name: "menus: every first-level menu belongs to a workbench (mode) of the top bar",
		Up: func(ctx context.Context, tx bun.Tx) error {
			if err := db.DDL(ctx, tx, `ALTER TABLE sys_menu ADD COLUMN workbench VARCHAR(16) NOT NULL DEFAULT ''`); err != nil {
				return err
			}
			if _, err := tx.NewUpdate().Table("sys_menu").Set("workbench = ?", module.WorkbenchSystem).
				Where("pid IS NULL").Where("path IN (?)", bun.In([]string{"/system", "/monitor", "/workbench-switch"})).Exec(ctx); err != nil {
				return err
			}
			_, err := tx.NewUpdate().Table("sys_menu").Set("workbench = ?", module.WorkbenchParty).
				Where("pid IS NULL").Where("workbench = ''").Exec(ctx)
			return err
		}}
}

// hasWorkbenchColumn tells whether migration 2026120110 has run: the seeds of
// earlier migrations replay on a fresh database before the column exists, and
// that migration then sets their workbench.
func hasWorkbenchColumn(ctx context.Context, idb bun.IDB) (bool, error) {
	query := `SELECT COUNT(*) FROM pragma_table_info('sys_menu') WHERE name = 'workbench'`
	if db.IsPostgres(idb) {
		query = `SELECT COUNT(*) FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name = 'sys_menu' AND column_name = 'workbench'`
	}
	var n int
	if err := idb.NewRaw(query).Scan(ctx, &n); err != nil {
		return false, err
	}
	return n > 0, nil
}

// validWorkbench reports whether key names a workbench.
func validWorkbench(key string) bool { return module.WorkbenchTitle(key) != "" }

// workbenchRoutes serves the workbenches for 菜单管理's choice.
func (s *Service) workbenchRoutes(rs *httpx.Routes) {
	rs.Get("/api/menus/workbenches", "menu:list", "查询", func(w http.ResponseWriter, r *http.Request) error {
		return httpx.OK(w, module.Workbenches())
	})
}
