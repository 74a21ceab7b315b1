package annual

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/stats/check"
	"zhdj/internal/system"
)

// Permissions (dntj:…): the organisation department and the 二级党委 count
// and export the tables of their scope; the department maps the school's
// person categories onto the occupation groups.
const (
	PermList   = "dntj:list"
	PermExport = "dntj:export"
	PermMap    = "dntj:map"
)

// pageComponent is the page (web/src/pages/tjfx/dntj).
const pageComponent = "tjfx/dntj"

func menus() []system.MenuSeed {
	return []system.MenuSeed{{Title: "党内统计", Name: "Dntj", Path: "dntj", Component: pageComponent, Icon: "table", Type: system.MenuPage,
		Children: system.Buttons("dntj", "list", "export")}}
}

// Migrations of 党内统计: its page under 统计分析, and the occupation mapping
// with the defaults a university starts from.
func Migrations() []db.Migration {
	return []db.Migration{
		{Version: 2026121141, Name: "stats/annual: the 党内统计 page", Up: func(ctx context.Context, tx bun.Tx) error {
			if err := system.AddPages(ctx, tx, check.MenuDir, menus(), system.RoleOrgDept, system.RoleCommittee); err != nil {
				return err
			}
			return system.AddButtons(ctx, tx, pageComponent, system.Buttons("dntj", "map"), system.RoleOrgDept)
		}},
		{Version: 2026121142, Name: "stats/annual: the occupation mapping (人员类别 → 中组部职业)", Up: func(ctx context.Context, tx bun.Tx) error {
			if err := db.DDL(ctx, tx, `CREATE TABLE dntj_occupation (
				category VARCHAR(16) PRIMARY KEY,
				occupation VARCHAR(32) NOT NULL)`); err != nil {
				return err
			}
			rows := []OccupationRow{}
			for cat, occ := range DefaultOccupations {
				rows = append(rows, OccupationRow{Category: cat, Occupation: occ})
			}
			_, err := tx.NewInsert().Model(&rows).Exec(ctx)
			return err
		}},
	}
}
