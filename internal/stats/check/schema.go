package check

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Migrations of 数据校验: the menu only (the checks keep no table).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121100, Name: "stats/check: 统计分析 directory and the 数据校验 page", Up: func(ctx context.Context, tx bun.Tx) error {
		_, err := system.InsertMenus(ctx, tx, nil, menus())
		return err
	}}}
}

// Permissions (sjjy:…): the organisation department and the 二级党委 check
// the records of their scope before they file the statistics.
const (
	PermList   = "sjjy:list"
	PermExport = "sjjy:export"
)

// MenuDir is the top-level 统计分析 directory the statistics pages (党内统计,
// 数据快照, 综合查询 …) join.
const MenuDir = "/tjfx"

// pageComponent is the page (web/src/pages/tjfx/sjjy).
const pageComponent = "tjfx/sjjy"

func menus() []system.MenuSeed {
	roles := []string{system.RoleOrgDept, system.RoleCommittee}
	return []system.MenuSeed{{Title: "统计分析", Path: MenuDir, Component: "Layout", Icon: "rise", Type: system.MenuDir,
		Workbench: system.WorkbenchParty, Roles: roles, Children: []system.MenuSeed{
			{Title: "数据校验", Name: "Sjjy", Path: "sjjy", Component: pageComponent, Icon: "profile", Type: system.MenuPage,
				Roles: roles, Children: system.Granted(system.Buttons("sjjy", "list", "export"), roles...)},
		}}}
}
