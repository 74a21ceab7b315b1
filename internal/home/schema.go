package home

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Migrations of the home page (versions 2026112620..29 are ours).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026112620, Name: "home: the home page permission", Up: func(ctx context.Context, tx bun.Tx) error {
		_, err := system.InsertMenus(ctx, tx, nil, menus())
		return err
	}}}
}

// menus is the permission of the home page's figures, granted to the roles
// that manage party data (each sees their own scope). It has no page: 首页
// is every user's; without it a user gets the greeting and quick links.
// Like the top bar's mode switch, it sits in a hidden directory.
func menus() []system.MenuSeed {
	roles := []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}
	return []system.MenuSeed{{Title: "首页", Path: "/home-summary", Component: "Layout", Type: system.MenuDir, Hidden: true,
		Roles: roles, Children: []system.MenuSeed{
			{Title: "首页统计与预警", Type: system.MenuButton, Permission: PermView, Roles: roles},
		}}}
}
