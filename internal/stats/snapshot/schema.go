package snapshot

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/stats/check"
	"zhdj/internal/system"
)

// Permissions (sjkz:…): the organisation department takes snapshots; it and
// the 二级党委 list and export them, each seeing the roster and the lines of
// their own scope.
const (
	PermList   = "sjkz:list"
	PermCreate = "sjkz:create"
	PermExport = "sjkz:export"
)

// pageComponent is the page (web/src/pages/tjfx/sjkz).
const pageComponent = "tjfx/sjkz"

func menus() []system.MenuSeed {
	return []system.MenuSeed{{Title: "数据快照", Name: "Sjkz", Path: "sjkz", Component: pageComponent, Icon: "history", Type: system.MenuPage,
		Children: system.Buttons("sjkz", "list", "export")}}
}

// Migrations of 数据快照: the page under 统计分析 and the frozen tables.
func Migrations() []db.Migration {
	return []db.Migration{
		{Version: 2026121150, Name: "stats/snapshot: the 数据快照 page", Up: func(ctx context.Context, tx bun.Tx) error {
			if err := system.AddPages(ctx, tx, check.MenuDir, menus(), system.RoleOrgDept, system.RoleCommittee); err != nil {
				return err
			}
			return system.AddButtons(ctx, tx, pageComponent, []system.MenuSeed{{Title: "新建快照", Type: system.MenuButton, Permission: PermCreate}},
				system.RoleOrgDept)
		}},
		{Version: 2026121151, Name: "stats/snapshot: snapshots, their frozen tables and rosters", Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx,
				`CREATE TABLE tjfx_snapshot (
					id {{pk}},
					snap_date DATE NOT NULL,
					title VARCHAR(100) NOT NULL,
					kind VARCHAR(16) NOT NULL,
					scheduled_year INTEGER NULL,
					status VARCHAR(16) NOT NULL,
					members INTEGER NOT NULL,
					took_ms INTEGER NOT NULL,
					taken_at TIMESTAMP NOT NULL,
					taken_by VARCHAR(64) NOT NULL)`,
				// One year-end snapshot a year, however many instances run the job
				// (NULL for the manual ones: NULLs never collide).
				`CREATE UNIQUE INDEX uq_tjfx_snapshot_year ON tjfx_snapshot(scheduled_year)`,
				`CREATE INDEX idx_tjfx_snapshot_date ON tjfx_snapshot(snap_date, id)`,
				`CREATE TABLE tjfx_snapshot_table (
					snapshot_id BIGINT NOT NULL,
					table_key VARCHAR(32) NOT NULL,
					position INTEGER NOT NULL,
					title VARCHAR(100) NOT NULL,
					unit VARCHAR(16) NOT NULL,
					columns TEXT NOT NULL,
					PRIMARY KEY (snapshot_id, table_key))`,
				`CREATE TABLE tjfx_snapshot_count (
					id {{pk}},
					snapshot_id BIGINT NOT NULL,
					table_key VARCHAR(32) NOT NULL,
					level VARCHAR(16) NOT NULL,
					position INTEGER NOT NULL,
					org_id BIGINT NOT NULL,
					org_name VARCHAR(100) NOT NULL,
					counts TEXT NOT NULL)`,
				`CREATE INDEX idx_tjfx_snapshot_count ON tjfx_snapshot_count(snapshot_id, table_key, level, position)`,
				`CREATE TABLE tjfx_snapshot_member (
					snapshot_id BIGINT NOT NULL,
					member_id BIGINT NOT NULL,
					name VARCHAR(64) NOT NULL,
					org_id BIGINT NOT NULL,
					org_name VARCHAR(100) NOT NULL,
					gender VARCHAR(16) NOT NULL DEFAULT '',
					ethnicity VARCHAR(16) NOT NULL DEFAULT '',
					education VARCHAR(16) NOT NULL DEFAULT '',
					person_category VARCHAR(16) NOT NULL DEFAULT '',
					party_status VARCHAR(16) NOT NULL DEFAULT '',
					birth_date DATE NULL,
					joined_on DATE NULL,
					PRIMARY KEY (snapshot_id, member_id))`,
				// The roster filtered by organisation.
				`CREATE INDEX idx_tjfx_snapshot_member_org ON tjfx_snapshot_member(snapshot_id, org_id)`,
			)
		}},
	}
}
