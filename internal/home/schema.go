package home

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Migrations of the home page (versions 2026112620..29 and, for the member
// home, 2026112700..09 are ours).
func Migrations() []db.Migration {
	return []db.Migration{
		{Version: 2026112620, Name: "home: the home page permission", Up: func(ctx context.Context, tx bun.Tx) error {
			_, err := system.InsertMenus(ctx, tx, nil, menus())
			return err
		}},
		{Version: 2026112700, Name: "home: the member home (dy:home) and the mode switch for the 党员 role and the party roles", Up: grantMemberHome},
	}
}

// menus is the permission of the home page's figures, granted to the roles
// that manage party data (each sees their own scope). It has no page: 首页
// is every user's; without it a user gets the greeting and quick links.
// Like the top bar's mode switch, it sits in a hidden directory.
func menus() []system.MenuSeed {
	roles := []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}
	return []system.MenuSeed{{Title: "首页", Path: "/home-summary", Component: "Layout", Type: system.MenuDir, Workbench: system.WorkbenchParty, Hidden: true,
		Roles: roles, Children: []system.MenuSeed{
			{Title: "首页统计与预警", Type: system.MenuButton, Permission: PermView, Roles: roles},
		}}}
}

// memberHomePerms are the party member's home (dy:home) and the top bar's
// mode switch (workbench:group), whose 党员首页 entry leads there. The 党员
// role holds them: its accounts land on their home. So do the roles that
// manage party data, whose holders are party members too (an account that
// is also a member switches from 首页 to its own home) — and a caller
// grants only a role whose permissions it holds itself: the college
// administrators, who make members' accounts with the 党员 role, must hold
// them. The 党员 role's data scope is SELF (仅本人) and it holds no list
// permission, so it reads no other member's record.
var memberHomePerms = []string{PermMemberHome, "workbench:group"}

// memberHomeRoles are the roles granted memberHomePerms, by code.
var memberHomeRoles = []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary, system.RoleMember}

// grantMemberHome grants the seeded buttons of memberHomePerms (the system
// domain seeds them in the hidden 工作台切换 directory) to memberHomeRoles;
// a grant a role holds already is kept as it is.
func grantMemberHome(ctx context.Context, tx bun.Tx) error {
	for _, code := range memberHomeRoles {
		var ids []int64
		if err := tx.NewSelect().Table("sys_menu").Column("id").Where("permission IN (?)", bun.In(memberHomePerms)).
			Where("type = ?", system.MenuButton).
			Where("id NOT IN (SELECT rm.menu_id FROM sys_role_menu AS rm JOIN sys_role AS r ON r.id = rm.role_id WHERE r.code = ?)", code).
			Scan(ctx, &ids); err != nil {
			return err
		}
		if err := system.GrantMenus(ctx, tx, ids, code); err != nil {
			return err
		}
	}
	return nil
}
