package quota

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// Migrations of 职数管理 (versions 2026121030..39 are ours; they run after
// the cadre base's 2026121000, whose directory /gb the page goes under).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121030, Name: "cadre quota: gb_position, gb_quota, gb_holding, gb_rmwj, menus", Up: migrate},
		{Version: 2026121031, Name: "cadre quota: withdrawal of issued documents (gb_rmwj.withdrawn_*)", Up: migrateWithdrawal}}
}

// Dictionaries the positions and quotas hold codes of (seeded by system).
const (
	DictLevel     = "GB_XZJB" // 行政级别/职级
	DictAttribute = "GB_ZWSX" // 职务属性
	DictTeamType  = "GB_BZLX" // 班子类型
)

// MenuDir is the cadre base's directory 干部管理.
const MenuDir = "/gb"

// Perms are gbzs:list, gbzs:add, gbzs:edit, gbzs:del, gbzs:export.
var Perms = resource.PermsFor("gbzs")

// PermIssue is 发布任免文件: applying a document's items to the cadres'
// posts and the quotas.
const PermIssue = "gbzs:issue"

var roles = []string{system.RoleCadreAdmin, system.RoleOrgDept}

// menus is the page 职数管理 under 干部管理, for the cadre office and the
// organisation department.
func menus() []system.MenuSeed {
	return []system.MenuSeed{{Title: "职数管理", Name: "Gbzsgl", Path: "zsgl", Component: "gb/zsgl", Icon: "apartment", Type: system.MenuPage,
		Roles: roles, Children: system.Granted(system.Buttons("gbzs", "list", "add", "edit", "del", "export", "issue"), roles...)}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE gb_position (
			id {{pk}},
			unit_id BIGINT NOT NULL REFERENCES sys_dept(id),
			name VARCHAR(100) NOT NULL,
			level VARCHAR(16) NOT NULL,
			attribute VARCHAR(16) NOT NULL DEFAULT '',
			team_type VARCHAR(16) NOT NULL DEFAULT '',
			elected BOOLEAN NOT NULL DEFAULT FALSE,
			sort INTEGER NOT NULL DEFAULT 0,
			remark VARCHAR(500) NOT NULL DEFAULT '',
			{{stamps}})`,
		`CREATE UNIQUE INDEX uq_gb_position_name ON gb_position(unit_id, name)`,
		`CREATE INDEX idx_gb_position_level ON gb_position(level)`,
		`CREATE INDEX idx_gb_position_attribute ON gb_position(attribute)`,
		`CREATE INDEX idx_gb_position_team ON gb_position(team_type)`,
		// occupied is the number of current holders counted against the
		// quota: changed only by a conditional UPDATE in an issued
		// document's transaction, so two appointments to the last free
		// place cannot both pass.
		`CREATE TABLE gb_quota (
			id {{pk}},
			unit_id BIGINT NOT NULL REFERENCES sys_dept(id),
			level VARCHAR(16) NOT NULL,
			approved INTEGER NOT NULL DEFAULT 0 CHECK (approved >= 0),
			occupied INTEGER NOT NULL DEFAULT 0 CHECK (occupied >= 0),
			remark VARCHAR(500) NOT NULL DEFAULT '',
			{{stamps}})`,
		`CREATE UNIQUE INDEX uq_gb_quota_unit_level ON gb_quota(unit_id, level)`,
		`CREATE INDEX idx_gb_quota_level ON gb_quota(level)`,
		`CREATE TABLE gb_rmwj (
			id {{pk}},
			doc_no VARCHAR(50) NOT NULL,
			issued_on DATE NOT NULL,
			issuer VARCHAR(100) NOT NULL,
			title VARCHAR(200) NOT NULL,
			state VARCHAR(16) NOT NULL,
			issued_at TIMESTAMP NULL,
			issued_by VARCHAR(64) NOT NULL DEFAULT '',
			{{stamps}})`,
		`CREATE UNIQUE INDEX uq_gb_rmwj_doc_no ON gb_rmwj(doc_no)`,
		`CREATE INDEX idx_gb_rmwj_state ON gb_rmwj(state, issued_on)`,
		`CREATE INDEX idx_gb_rmwj_issued_on ON gb_rmwj(issued_on)`,
		// cadre_id is a gb_jbxx id: the cadre base owns that table and is
		// asked through its Go API, so no foreign key names it here.
		`CREATE TABLE gb_rmwj_item (
			id {{pk}},
			document_id BIGINT NOT NULL REFERENCES gb_rmwj(id) ON DELETE CASCADE,
			sort INTEGER NOT NULL,
			kind VARCHAR(16) NOT NULL,
			cadre_id BIGINT NOT NULL,
			position_id BIGINT NOT NULL REFERENCES gb_position(id),
			on_date DATE NOT NULL,
			promotion BOOLEAN NOT NULL DEFAULT FALSE,
			over_reason VARCHAR(200) NOT NULL DEFAULT '',
			probation_until DATE NULL,
			over_quota BOOLEAN NOT NULL DEFAULT FALSE)`,
		`CREATE INDEX idx_gb_rmwj_item_doc ON gb_rmwj_item(document_id, sort)`,
		`CREATE INDEX idx_gb_rmwj_item_position ON gb_rmwj_item(position_id)`,
		`CREATE INDEX idx_gb_rmwj_item_cadre ON gb_rmwj_item(cadre_id)`,
		`CREATE TABLE gb_holding (
			id {{pk}},
			position_id BIGINT NOT NULL REFERENCES gb_position(id),
			quota_id BIGINT NOT NULL REFERENCES gb_quota(id),
			cadre_id BIGINT NOT NULL,
			start_on DATE NOT NULL,
			end_on DATE NULL,
			over_quota BOOLEAN NOT NULL DEFAULT FALSE,
			over_reason VARCHAR(200) NOT NULL DEFAULT '',
			appoint_item_id BIGINT NOT NULL REFERENCES gb_rmwj_item(id),
			remove_item_id BIGINT NULL REFERENCES gb_rmwj_item(id))`,
		// A cadre holds a position once at a time.
		`CREATE UNIQUE INDEX uq_gb_holding_current ON gb_holding(cadre_id, position_id) WHERE end_on IS NULL`,
		`CREATE INDEX idx_gb_holding_position ON gb_holding(position_id, end_on)`,
		`CREATE INDEX idx_gb_holding_quota ON gb_holding(quota_id, end_on)`)
	if err != nil {
		return err
	}
	return system.AddPages(ctx, tx, MenuDir, menus())
}

// migrateWithdrawal keeps who withdrew an issued document, when and why
// (state withdrawn).
func migrateWithdrawal(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx, `ALTER TABLE gb_rmwj ADD COLUMN withdrawn_at TIMESTAMP NULL`,
		`ALTER TABLE gb_rmwj ADD COLUMN withdrawn_by VARCHAR(64) NOT NULL DEFAULT ''`,
		`ALTER TABLE gb_rmwj ADD COLUMN withdraw_reason VARCHAR(200) NOT NULL DEFAULT ''`)
}
