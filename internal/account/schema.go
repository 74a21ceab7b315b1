package account

import (
	"context"
	"database/sql"
	"errors"
	"time"

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
// accounts of members get: the seeded one normally does; a database whose
// administrators deleted it gets it back (a role named 党员 without a code
// takes the code).
func ensureMemberRole(ctx context.Context, tx bun.Tx) error {
	var id int64
	err := tx.NewSelect().Table("sys_role").Column("id").Where("code = ?", system.RoleMember).Scan(ctx, &id)
	if err == nil {
		return nil
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	res, err := tx.NewUpdate().Table("sys_role").Set("code = ?", system.RoleMember).Where("name = ?", "党员").Where("code IS NULL").Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return nil
	}
	name := "党员"
	if n, err := tx.NewSelect().Table("sys_role").Where("name = ?", name).Count(ctx); err != nil {
		return err
	} else if n > 0 { // a role of that name carries another code
		name = "党员（账号）"
	}
	now := time.Now().UTC()
	_, err = tx.ExecContext(ctx, `INSERT INTO sys_role (name, description, level, data_scope, code, is_system, created_at, updated_at)
		VALUES (?, ?, 4, ?, ?, ?, ?, ?)`, name, "查看本人信息，参加组织生活和学习", system.ScopeSelf, system.RoleMember, true, now, now)
	return err
}
