package unit

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/system"
	"zhdj/internal/system/dictseed"
)

// Migrations of the unit domain (versions 2026112330..39 are ours; they run
// after the org domain's, whose table dzz a unit is paired with;
// 2026112380 un-hides the pages once the web side was built).
func Migrations() []db.Migration {
	return []db.Migration{
		{Version: 2026112330, Name: "unit schema: dw_info, dw_ldbz", Up: createSchema},
		{Version: 2026112331, Name: "unit dictionaries", Up: seedDicts},
		{Version: 2026112332, Name: "unit menus and grants", Up: seedMenus},
		{Version: 2026112371, Name: "unit import permission", Up: func(ctx context.Context, tx bun.Tx) error {
			return system.AddButtons(ctx, tx, "unit/dwxx", system.Buttons("dw", "import"), "组织部管理员", "二级党委管理员")
		}},
		{Version: 2026112380, Name: "unit: show the unit information and unit trail pages (built)", Up: func(ctx context.Context, tx bun.Tx) error {
			if err := system.ShowMenuPage(ctx, tx, "unit/dwxx"); err != nil {
				return err
			}
			return system.ShowMenuPage(ctx, tx, "unit/trail")
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
	var dictID int64
	err := tx.NewSelect().Model((*system.Dict)(nil)).Column("id").Where("name = ?", DictType).Scan(ctx, &dictID)
	if errors.Is(err, sql.ErrNoRows) {
		return system.InsertDicts(ctx, tx, []dictseed.Dict{{Name: DictType, Description: "单位类型", Items: []dictseed.Item{
			{Value: "1", Label: "院系"}, {Value: "2", Label: "机关"}, {Value: "3", Label: "直属单位"}, {Value: "4", Label: "附属单位"},
			{Value: TypeOther, Label: "其他"}}}})
	} else if err != nil {
		return err
	}
	now := time.Now().UTC()
	_, err = tx.NewInsert().Model(&system.DictDetail{DictID: dictID, Label: "其他", Value: TypeOther, Sort: 99, Enabled: true,
		CreatedAt: now, UpdatedAt: now}).Exec(ctx)
	return err
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

func seedMenus(ctx context.Context, tx bun.Tx) error {
	dir := system.MenuSeed{Title: "单位信息库", Path: MenuPath, Component: "Layout", Icon: "bank", Type: system.MenuDir,
		Children: []system.MenuSeed{
			// Hidden until their pages are built (shown by migration 2026112380).
			{Title: "单位基本信息", Name: "Dwxx", Path: "dwxx", Component: "unit/dwxx", Icon: "bank", Type: system.MenuPage, Hidden: true,
				Children: system.Buttons("dw", "list", "add", "edit", "del")},
			{Title: "单位变动轨迹", Name: "DwTrail", Path: "trail", Component: "unit/trail", Icon: "history", Type: system.MenuPage, Hidden: true},
		}}
	ids, err := system.InsertMenus(ctx, tx, nil, []system.MenuSeed{dir})
	if err != nil {
		return err
	}
	// ids: directory, info page, its buttons list/add/edit/del, trail page.
	d, page, list, add, edit, del, trail := ids[0], ids[1], ids[2], ids[3], ids[4], ids[5], ids[6]
	return GrantMenus(ctx, tx, map[string][]int64{
		"组织部管理员":  {d, page, list, add, edit, del, trail},
		"二级党委管理员": {d, page, list, add, edit, trail},
		"党支部书记":   {d, page, list, trail},
	})
}

// GrantMenus gives seeded roles menu entries; a role renamed or removed by
// the administrators is skipped (they grant by hand).
func GrantMenus(ctx context.Context, tx bun.Tx, grants map[string][]int64) error {
	for _, role := range []string{"组织部管理员", "二级党委管理员", "党支部书记"} {
		menus, ok := grants[role]
		if !ok {
			continue
		}
		var roleID int64
		err := tx.NewSelect().Table("sys_role").Column("id").Where("name = ?", role).Scan(ctx, &roleID)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		} else if err != nil {
			return fmt.Errorf("role %s: %w", role, err)
		}
		for _, m := range menus {
			if _, err := tx.ExecContext(ctx, "INSERT INTO sys_role_menu (role_id, menu_id) VALUES (?, ?)", roleID, m); err != nil {
				return err
			}
		}
	}
	return nil
}
