package talk

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
	"zhdj/internal/system/dictseed"
)

// Migrations of the talk domain (versions 2026112500..09 are ours; they run
// after the org domain's, whose table dzz a talk belongs to).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026112500, Name: "talk: dzz_txth, DJ_TXTH_LX, menus", Up: migrate},
		// Deleting a dictionary value counts the talks holding it (Module.Dicts).
		{Version: 2026112657, Name: "talk: the type is indexed (a value in use is counted)", Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx, `CREATE INDEX idx_dzz_txth_type ON dzz_txth(type)`)
		}}}
}

// DictType is the talk type dictionary.
const DictType = "DJ_TXTH_LX"

// Perms are the talk permissions txth:list, txth:add, … (the buttons the
// migration seeds).
var Perms = resource.PermsFor("txth")

// menus is the new top-level 组织生活 with the talk page. The roles that
// manage organisations keep its records: the organisation department, the
// secondary committees and the branch secretaries (each within their scope).
func menus() []system.MenuSeed {
	roles := []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}
	return []system.MenuSeed{{Title: "组织生活", Path: "/orglife", Component: "Layout", Icon: "solution", Type: system.MenuDir, Workbench: system.WorkbenchParty,
		Roles: roles, Children: []system.MenuSeed{
			{Title: "谈心谈话", Name: "Txth", Path: "txth", Component: "orglife/txth", Icon: "message", Type: system.MenuPage,
				Roles: roles, Children: system.Granted(system.Buttons("txth", "list", "add", "edit", "del", "import", "export"), roles...)},
		}}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE dzz_txth (
			id {{pk}},
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			talk_date DATE NOT NULL,
			type VARCHAR(16) NOT NULL,
			talker VARCHAR(50) NOT NULL,
			interviewees VARCHAR(200) NOT NULL,
			place VARCHAR(100) NOT NULL DEFAULT '',
			content VARCHAR(2000) NOT NULL,
			remark VARCHAR(500) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		// The list is scoped by organisation and sorted by date; the
		// yearly check (RULES §4) reads one organisation's talks of a year.
		`CREATE INDEX idx_dzz_txth_org ON dzz_txth(org_id, talk_date)`,
		`CREATE INDEX idx_dzz_txth_date ON dzz_txth(talk_date)`)
	if err != nil {
		return err
	}
	if err := system.InsertDicts(ctx, tx, []dictseed.Dict{{Name: DictType, Description: "谈心谈话类型", Items: []dictseed.Item{
		{Value: "1", Label: "书记与班子成员"}, {Value: "2", Label: "班子成员之间"}, {Value: "3", Label: "班子成员与党员"},
		{Value: "4", Label: "党员之间"}, {Value: "9", Label: "其他"}}}}); err != nil {
		return err
	}
	_, err = system.InsertMenus(ctx, tx, nil, menus())
	return err
}
