package query

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/stats/check"
	"zhdj/internal/system"
)

// Migrations of 综合查询 and 花名册 (versions 2026121110..19 are ours): the
// saved queries and the two pages under 统计分析.
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121110, Name: "stats/query: tjfx_query (saved queries), 综合查询 and 花名册 pages", Up: migrate}}
}

// Permissions: the organisation department and the 二级党委 query and
// save; a branch secretary reads the rosters of their branch.
const (
	PermList         = "zhcx:list"
	PermSave         = "zhcx:save"
	PermExport       = "zhcx:export"
	PermRosterList   = "hmc:list"
	PermRosterExport = "hmc:export"
)

func menus() []system.MenuSeed {
	roles := []string{system.RoleOrgDept, system.RoleCommittee}
	rosterRoles := []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}
	return []system.MenuSeed{
		{Title: "综合查询", Name: "Zhcx", Path: "zhcx", Component: "tjfx/zhcx", Icon: "search", Type: system.MenuPage, Roles: roles,
			Children: system.Granted(append(system.Buttons("zhcx", "list", "export"),
				system.MenuSeed{Title: "保存查询", Type: system.MenuButton, Permission: PermSave}), roles...)},
		{Title: "花名册", Name: "Hmc", Path: "hmc", Component: "tjfx/hmc", Icon: "team", Type: system.MenuPage, Roles: rosterRoles,
			Children: system.Granted(system.Buttons("hmc", "list", "export"), rosterRoles...)},
	}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	if err := db.DDL(ctx, tx, `CREATE TABLE tjfx_query (
			id {{pk}},
			name VARCHAR(50) NOT NULL,
			source VARCHAR(20) NOT NULL,
			filter TEXT NOT NULL,
			columns TEXT NOT NULL,
			shared BOOLEAN NOT NULL DEFAULT FALSE,
			owner_id BIGINT NOT NULL,
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_tjfx_query_owner ON tjfx_query(owner_id)`); err != nil {
		return err
	}
	return system.AddPages(ctx, tx, check.MenuDir, menus())
}
