package org

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/search"
	"zhdj/internal/system"
)

// Migrations of the org domain (versions 2026112301..2026112309 are ours;
// 2026112360 un-hides the page once the web side was built).
func Migrations() []db.Migration {
	return []db.Migration{
		{Version: 2026112301, Name: "org schema: party organisations and their custom role scopes", Up: createSchema},
		search.Migration(2026112711, "org: text-search index of the organisations", orgSearch),
		{Version: 2026112302, Name: "org menus and grants", Up: seedMenus},
		{Version: 2026112303, Name: "org settings: term reminder", Up: seedSettings},
		{Version: 2026112351, Name: "org import permission", Up: func(ctx context.Context, tx bun.Tx) error {
			return system.AddButtons(ctx, tx, "party/dzz", system.Buttons("dzz", "import"), system.RoleOrgDept, system.RoleCommittee)
		}},
		{Version: 2026112360, Name: "org: show the party organisation page (built)", Up: func(ctx context.Context, tx bun.Tx) error {
			return system.ShowMenuPage(ctx, tx, "party/dzz")
		}},
		// Its API is dzz:list's, so every role that lists organisations gets the page.
		{Version: 2026112390, Name: "org: organisation change trail page", Up: func(ctx context.Context, tx bun.Tx) error {
			return system.AddPages(ctx, tx, PartyMenuPath, []system.MenuSeed{{Title: "组织变动轨迹", Name: "DzzTrail", Path: "dzztrail",
				Component: "party/dzztrail", Icon: "history", Type: system.MenuPage}}, system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary)
		}},
		// 书记/委员 are chosen among the members (the names stay as their display
		// snapshot). No foreign key: the member table is the member domain's.
		{Version: 2026112600, Name: "org: secretary and committee chosen among the members", Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx, `ALTER TABLE dzz ADD COLUMN secretary_member_id BIGINT NULL`,
				`ALTER TABLE dzz ADD COLUMN committee_member_ids TEXT NOT NULL DEFAULT '[]'`)
		}},
		// Deleting a dictionary value counts the records holding it, one
		// indexed query per column the module declares (Module.Dicts).
		{Version: 2026112653, Name: "org: the dictionary columns are indexed (a value in use is counted)", Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx,
				`CREATE INDEX idx_dzz_type ON dzz(type)`,
				`CREATE INDEX idx_dzz_category ON dzz(category)`)
		}},
		{Version: 2026112641, Name: "organisations sort by pinyin", Up: func(ctx context.Context, tx bun.Tx) error {
			return db.ZhSortKey(ctx, tx, "dzz", "name", []string{"name"})
		}},
	}
}

func createSchema(ctx context.Context, tx bun.Tx) error {
	// The path is compared byte-wise so that "path LIKE '/1/5/%'" is served
	// by the index: PostgreSQL needs the C collation for that; SQLite uses
	// an index for LIKE when the column's collation is NOCASE (its LIKE is
	// case-insensitive; paths hold only digits and slashes).
	collate := "COLLATE NOCASE"
	if db.IsPostgres(tx) {
		collate = `COLLATE "C"`
	}
	return db.DDL(ctx, tx,
		strings.ReplaceAll(`CREATE TABLE dzz (
			id {{pk}},
			pid BIGINT NULL REFERENCES dzz(id),
			code VARCHAR(32) NOT NULL UNIQUE,
			name VARCHAR(100) NOT NULL,
			short_name VARCHAR(50) NOT NULL DEFAULT '',
			type VARCHAR(16) NOT NULL,
			category VARCHAR(16) NOT NULL DEFAULT '',
			unit_dept_id BIGINT NULL REFERENCES sys_dept(id),
			founded_on DATE NULL,
			secretary_name VARCHAR(50) NOT NULL DEFAULT '',
			committee TEXT NOT NULL,
			term_start DATE NULL,
			term_years INTEGER NOT NULL DEFAULT 3,
			term_end DATE NULL,
			contact_phone VARCHAR(32) NOT NULL DEFAULT '',
			status VARCHAR(2) NOT NULL DEFAULT '1',
			revoked_on DATE NULL,
			sort INTEGER NOT NULL DEFAULT 0,
			path VARCHAR(400) {{collate}} NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`, "{{collate}}", collate),
		`CREATE INDEX idx_dzz_pid ON dzz(pid)`,
		`CREATE INDEX idx_dzz_path ON dzz(path)`,
		`CREATE INDEX idx_dzz_status ON dzz(status)`,
		`CREATE INDEX idx_dzz_unit ON dzz(unit_dept_id)`,
		`CREATE INDEX idx_dzz_term_end ON dzz(term_end)`,
		// Names are unique among the live children of one parent (and among live roots).
		`CREATE UNIQUE INDEX uq_dzz_live_sibling_name ON dzz(COALESCE(pid, 0), name) WHERE status = '1'`,

		`CREATE TABLE dzz_role_scope (
			role_id BIGINT NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
			dzz_id BIGINT NOT NULL REFERENCES dzz(id) ON DELETE CASCADE,
			PRIMARY KEY (role_id, dzz_id))`,
		`CREATE INDEX idx_dzz_role_scope_dzz ON dzz_role_scope(dzz_id)`,
	)
}

// Permissions of the org domain.
const (
	PermList = "dzz:list"
	PermAdd  = "dzz:add"
	PermEdit = "dzz:edit"
	PermDel  = "dzz:del"
	PermMove = "dzz:move"
)

// Path of the information-base directory other party modules add their pages to.
const PartyMenuPath = "/party"

// orgMenus is the directory of the party information base with the
// organisation page: every party role lists, the two administrator roles change.
func orgMenus() []system.MenuSeed {
	lists := []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}
	buttons := append(system.Granted(system.Buttons("dzz", "list"), lists...),
		system.Granted(append(system.Buttons("dzz", "add", "edit", "del"),
			system.MenuSeed{Title: "调整/合并/拆分", Type: system.MenuButton, Permission: PermMove}),
			system.RoleOrgDept, system.RoleCommittee)...)
	return []system.MenuSeed{{Title: "党建信息库", Path: PartyMenuPath, Component: "Layout", Icon: "team", Type: system.MenuDir, Workbench: system.WorkbenchParty,
		Children: []system.MenuSeed{
			// Hidden until its page is built (shown by migration 2026112360).
			{Title: "党组织", Name: "Dzz", Path: "dzz", Component: "party/dzz", Icon: "apartment", Type: system.MenuPage, Hidden: true,
				Roles: lists, Children: buttons},
		}}}
}

func seedMenus(ctx context.Context, tx bun.Tx) error {
	_, err := system.InsertMenus(ctx, tx, nil, orgMenus())
	return err
}

// CfgTermReminderMonths is the setting for how long before a term ends the
// relations page warns (RULES.md §4: default 3 months).
const CfgTermReminderMonths = "termReminderMonths"

func seedSettings(ctx context.Context, tx bun.Tx) error {
	now := time.Now().UTC()
	row := &system.Config{Key: CfgTermReminderMonths, Value: fmt.Sprint(DefaultTermReminderMonths), Name: "换届提醒提前月数",
		Group: "party", Kind: system.KindInt, Remark: "党组织任期届满前多少个月开始提醒换届", CreatedAt: now, UpdatedAt: now}
	_, err := tx.NewInsert().Model(row).Exec(ctx)
	return err
}
