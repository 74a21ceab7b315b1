package unit

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/search"
	"zhdj/internal/system"
	"zhdj/internal/system/dictseed"
)

// Migrations of the unit domain (versions 2026112330..39 are ours; they run
// after the org domain's, whose table dzz a unit is paired with;
// 2026112380 un-hides the pages once the web side was built).
func Migrations() []db.Migration {
	return []db.Migration{
		{Version: 2026112330, Name: "unit schema: dw_info, dw_ldbz", Up: createSchema},
		search.Migration(2026112712, "unit: text-search index of the unit information", infoSearch),
		{Version: 2026112331, Name: "unit dictionaries", Up: seedDicts},
		{Version: 2026112332, Name: "unit menus and grants", Up: seedMenus},
		{Version: 2026112371, Name: "unit import permission", Up: func(ctx context.Context, tx bun.Tx) error {
			return system.AddButtons(ctx, tx, "unit/dwxx", system.Buttons("dw", "import"), system.RoleOrgDept, system.RoleCommittee)
		}},
		{Version: 2026112380, Name: "unit: show the unit information and unit trail pages (built)", Up: func(ctx context.Context, tx bun.Tx) error {
			if err := system.ShowMenuPage(ctx, tx, "unit/dwxx"); err != nil {
				return err
			}
			return system.ShowMenuPage(ctx, tx, "unit/trail")
		}},
		// Deleting a dictionary value counts the records holding it, one
		// indexed query per column the module declares (Module.Dicts).
		{Version: 2026112655, Name: "unit: the team kind is indexed (a value in use is counted)", Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx,
				`CREATE INDEX idx_dw_ldbz_kind ON dw_ldbz(kind)`)
		}},
		{Version: 2026112642, Name: "leadership teams sort by pinyin", Up: func(ctx context.Context, tx bun.Tx) error {
			return db.ZhSortKey(ctx, tx, "dw_ldbz", "name", []string{"name"})
		}},
	}
}

func createSchema(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx,
		// One row per sys_dept row that has been described as a unit (a
		// department without a row is a unit whose information is not filled in).
		`CREATE TABLE dw_info (
			dept_id BIGINT NOT NULL PRIMARY KEY REFERENCES sys_dept(id) ON DELETE CASCADE,
			code VARCHAR(32) NOT NULL UNIQUE,
			short_name VARCHAR(50) NOT NULL DEFAULT '',
			type VARCHAR(16) NOT NULL,
			leader_name VARCHAR(50) NOT NULL DEFAULT '',
			contact_phone VARCHAR(32) NOT NULL DEFAULT '',
			dzz_id BIGINT NULL REFERENCES dzz(id),
			founded_on DATE NULL,
			status VARCHAR(2) NOT NULL DEFAULT '1',
			revoked_on DATE NULL,
			remark VARCHAR(500) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		// The scope rule reads units by their paired organisation.
		`CREATE INDEX idx_dw_info_dzz ON dw_info(dzz_id)`,
		`CREATE INDEX idx_dw_info_type ON dw_info(type)`,
		`CREATE INDEX idx_dw_info_status ON dw_info(status)`,

		`CREATE TABLE dw_ldbz (
			id {{pk}},
			dept_id BIGINT NOT NULL REFERENCES sys_dept(id) ON DELETE CASCADE,
			name VARCHAR(100) NOT NULL,
			kind VARCHAR(16) NOT NULL,
			sort INTEGER NOT NULL DEFAULT 0,
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_dw_ldbz_dept ON dw_ldbz(dept_id, sort)`,
		`CREATE UNIQUE INDEX uq_dw_ldbz_name ON dw_ldbz(dept_id, name)`,
	)
}

// Dictionaries of the unit domain. The unit type uses the seeded DW_LX
// (院系, 机关, 直属单位, 附属单位), to which this migration adds 其他.
const (
	DictType     = "DW_LX"
	DictStatus   = "DW_ZT"
	DictTeamKind = "DW_LDBZ_LX"
)

// Unit statuses (DW_ZT).
const (
	StatusNormal  = "1"
	StatusRevoked = "2"
)

// TypeOther is the DW_LX item this domain adds.
const TypeOther = "5"

func seedDicts(ctx context.Context, tx bun.Tx) error {
	if err := system.InsertDicts(ctx, tx, []dictseed.Dict{
		{Name: DictStatus, Description: "单位状态", Items: []dictseed.Item{{Value: StatusNormal, Label: "正常"}, {Value: StatusRevoked, Label: "撤销"}}},
		{Name: DictTeamKind, Description: "领导班子类别", Items: []dictseed.Item{{Value: "1", Label: "党政"}, {Value: "2", Label: "党委"}, {Value: "3", Label: "行政"}}},
	}); err != nil {
		return err
	}
	// DW_LX may exist already (seeded with the platform): it gains 其他.
	if added, err := system.AddDictItem(ctx, tx, DictType, "其他", TypeOther, 99); added || err != nil {
		return err
	}
	return system.InsertDicts(ctx, tx, []dictseed.Dict{{Name: DictType, Description: "单位类型", Items: []dictseed.Item{
		{Value: "1", Label: "院系"}, {Value: "2", Label: "机关"}, {Value: "3", Label: "直属单位"}, {Value: "4", Label: "附属单位"},
		{Value: TypeOther, Label: "其他"}}}})
}

// Permissions of the unit domain.
const (
	PermList = "dw:list"
	PermAdd  = "dw:add"
	PermEdit = "dw:edit"
	PermDel  = "dw:del" // revoke a unit
)

// MenuPath is the directory of the unit information base.
const MenuPath = "/unit"

// unitMenus is the unit information base: every party role lists and
// sees the trail, the committee administrators add and edit, and only the
// organisation department revokes.
func unitMenus() []system.MenuSeed {
	all := []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}
	var buttons []system.MenuSeed
	buttons = append(buttons, system.Granted(system.Buttons("dw", "list"), all...)...)
	buttons = append(buttons, system.Granted(system.Buttons("dw", "add", "edit"), system.RoleOrgDept, system.RoleCommittee)...)
	buttons = append(buttons, system.Granted(system.Buttons("dw", "del"), system.RoleOrgDept)...)
	return []system.MenuSeed{{Title: "单位信息库", Path: MenuPath, Component: "Layout", Icon: "bank", Type: system.MenuDir, Workbench: system.WorkbenchParty, Roles: all,
		Children: []system.MenuSeed{
			// Hidden until their pages are built (shown by migration 2026112380).
			{Title: "单位基本信息", Name: "Dwxx", Path: "dwxx", Component: "unit/dwxx", Icon: "bank", Type: system.MenuPage, Hidden: true,
				Roles: all, Children: buttons},
			{Title: "单位变动轨迹", Name: "DwTrail", Path: "trail", Component: "unit/trail", Icon: "history", Type: system.MenuPage, Hidden: true,
				Roles: all},
		}}}
}

func seedMenus(ctx context.Context, tx bun.Tx) error {
	_, err := system.InsertMenus(ctx, tx, nil, unitMenus())
	return err
}
