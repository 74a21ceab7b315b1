package account

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Migrations of the account module (versions 2026112600..09 of issue 10).
func Migrations() []db.Migration {
	return []db.Migration{
		{Version: 2026112601, Name: "account: the 党员 role (by code) and the dy:account button", Up: func(ctx context.Context, tx bun.Tx) error {
			if err := ensureMemberRole(ctx, tx); err != nil {
				return err
			}
			// The administrators of members: the university's organisation
			// department and the secondary committees (admin holds everything).
			return system.AddButtons(ctx, tx, "party/dyjbxx", []system.MenuSeed{{Title: "党员账号", Type: system.MenuButton,
				Permission: member.PermAccount}}, system.RoleOrgDept, system.RoleCommittee)
		}},
	}
}

// ensureMemberRole makes sure a role carries the code of the 党员 role the
// accounts of members get (system owns the roles).
func ensureMemberRole(ctx context.Context, tx bun.Tx) error {
	return system.EnsureRole(ctx, tx, system.RoleSeed{Code: system.RoleMember, Name: "党员", OtherName: "党员（账号）",
		Description: "查看本人信息，参加组织生活和学习", Level: 4, DataScope: system.ScopeSelf})
}
