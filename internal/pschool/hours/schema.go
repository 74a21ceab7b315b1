package hours

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/pschool/school"
	"zhdj/internal/system"
)

// Migrations of 学时统计 (versions 2026120701..19 are ours; 2026120700 is
// the ledger's index the course module adds for the report).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120701, Name: "hours: dx_offline_hours, 学时统计", Up: migrate}}
}

// staff keep the offline study and read the tables; approvers are the
// committees above the branches (not the branch secretary who entered it).
var (
	staff     = []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}
	approvers = []string{system.RoleOrgDept, system.RoleCommittee}
)

// menus is the page 学时统计 under 党校.
func menus() []system.MenuSeed {
	buttons := append(system.Granted(system.Buttons("xs", "list", "add", "edit", "del", "export"), staff...),
		system.MenuSeed{Title: "审核", Type: system.MenuButton, Permission: PermAudit, Roles: approvers})
	return []system.MenuSeed{{Title: "学时统计", Name: "Xssb", Path: "xssb", Component: "dx/xssb", Icon: "field-time",
		Type: system.MenuPage, Roles: staff, Children: buttons}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE dx_offline_hours (
			id {{pk}},
			member_id BIGINT NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			studied_on DATE NOT NULL,
			year INT NOT NULL,
			title VARCHAR(100) NOT NULL,
			form SMALLINT NOT NULL,
			tenths INT NOT NULL,
			note VARCHAR(500) NOT NULL DEFAULT '',
			state SMALLINT NOT NULL DEFAULT 0,
			reason VARCHAR(200) NOT NULL DEFAULT '',
			entered_by BIGINT NOT NULL,
			audited_by BIGINT NULL,
			audited_on DATE NULL,
			{{stamps}})`,
		// The report sums a member's approved hours of a year from the index.
		`CREATE INDEX idx_dx_offline_hours_member ON dx_offline_hours(member_id, year, state, tenths)`,
		// The list is scoped by organisation, the pending ones first.
		`CREATE INDEX idx_dx_offline_hours_org ON dx_offline_hours(org_id, state, studied_on)`)
	if err != nil {
		return err
	}
	return system.AddPages(ctx, tx, school.MenuDir, menus())
}
