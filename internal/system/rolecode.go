package system

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Codes of the roles the platform ships with. Migrations of every domain
// grant menus to roles by code: a code stays when an administrator renames
// the role, and no migration picks a role (or a menu) by position.
const (
	RoleAdmin           = "admin"            // 系统管理员
	RoleOrgDept         = "org_dept"         // 组织部管理员
	RoleCommittee       = "committee"        // 二级党委管理员
	RoleBranchSecretary = "branch_secretary" // 党支部书记
	RoleMember          = "member"           // 党员
	RoleCadreAdmin      = "cadre_admin"      // 干部管理员
	RoleDiscipline      = "discipline"       // 纪检监察 (seeded by internal/duty: reads every 德廉档案)
)

// roleCodes maps the seeded roles' names (as seedSystem created them) to their codes.
var roleCodes = map[string]string{"系统管理员": RoleAdmin, "组织部管理员": RoleOrgDept, "二级党委管理员": RoleCommittee,
	"党支部书记": RoleBranchSecretary, "党员": RoleMember, "干部管理员": RoleCadreAdmin}

// addRoleCodes gives sys_role a code and sets it on the seeded roles still
// carrying their seeded names. Its version sorts before every other
// domain's menu migration, so on a new database their grants find the codes;
// an existing database applies it at its next start (codes are only read by
// migrations not yet applied).
func addRoleCodes(ctx context.Context, tx bun.Tx) error {
	if err := db.DDL(ctx, tx, `ALTER TABLE sys_role ADD COLUMN code VARCHAR(64) NULL`,
		`CREATE UNIQUE INDEX uk_sys_role_code ON sys_role(code)`); err != nil {
		return err
	}
	for name, code := range roleCodes {
		if _, err := tx.NewUpdate().Table("sys_role").Set("code = ?", code).Where("name = ?", name).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}

// GrantMenus grants the menus to the roles with the given codes. A code no
// role carries (the administrators deleted it) is skipped: they grant by
// hand. It is the one way other domains' migrations write sys_role_menu.
func GrantMenus(ctx context.Context, idb bun.IDB, menuIDs []int64, roleCodes ...string) error {
	if len(menuIDs) == 0 {
		return nil
	}
	for _, code := range roleCodes {
		var roleID int64
		err := idb.NewSelect().Table("sys_role").Column("id").Where("code = ?", code).Scan(ctx, &roleID)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		} else if err != nil {
			return fmt.Errorf("role %s: %w", code, err)
		}
		for _, id := range menuIDs {
			if _, err := idb.ExecContext(ctx, "INSERT INTO sys_role_menu (role_id, menu_id) VALUES (?, ?)", roleID, id); err != nil {
				return err
			}
		}
	}
	return nil
}

// GrantPermission grants the seeded entries holding permission perm (a
// button of the system's, such as the top bar's gb:workbench:navbar) to
// the roles with the given codes, as GrantMenus does.
func GrantPermission(ctx context.Context, idb bun.IDB, perm string, roleCodes ...string) error {
	var ids []int64
	if err := idb.NewSelect().Table("sys_menu").Column("id").Where("permission = ?", perm).Scan(ctx, &ids); err != nil {
		return fmt.Errorf("permission %s: %w", perm, err)
	}
	return GrantMenus(ctx, idb, ids, roleCodes...)
}
