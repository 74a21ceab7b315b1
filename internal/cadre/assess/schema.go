package assess

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Migrations of 干部考核 (versions 2026121090..99 are ours; they run after
// the cadre base's, whose cadres a round assesses).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121090, Name: "cadre assessment: schemes and their versions, rounds, cadres, draws, papers, menus", Up: migrate},
		{Version: 2026121091, Name: "cadre assessment: the performance analysis page", Up: func(ctx context.Context, tx bun.Tx) error {
			return system.AddPages(ctx, tx, MenuDir, analysisMenus())
		}},
		{Version: 2026121092, Name: "cadre assessment: appeals (gb_kh_cadre.appeal_*)", Up: migrateAppeals},
	}
}

// migrateAppeals adds a cadre's appeal of their result to their row: the
// reason and when, the organisers' answer and who gave it.
func migrateAppeals(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx,
		`ALTER TABLE gb_kh_cadre ADD COLUMN appeal_state VARCHAR(16) NOT NULL DEFAULT ''`,
		`ALTER TABLE gb_kh_cadre ADD COLUMN appeal_reason VARCHAR(1000) NOT NULL DEFAULT ''`,
		`ALTER TABLE gb_kh_cadre ADD COLUMN appeal_at TIMESTAMP NULL`,
		`ALTER TABLE gb_kh_cadre ADD COLUMN appeal_reply VARCHAR(1000) NOT NULL DEFAULT ''`,
		`ALTER TABLE gb_kh_cadre ADD COLUMN appeal_by VARCHAR(64) NOT NULL DEFAULT ''`,
		`CREATE INDEX idx_gb_kh_cadre_appeal ON gb_kh_cadre(round_id, appeal_state)`)
}

// BallotKind is the engine's kind of the assessment's rounds.
const BallotKind = "cadre_assess"

// MenuDir is the cadre base's directory 干部管理.
const MenuDir = "/gb"

// Settings (系统参数) and their defaults.
const (
	// CfgExcellentShare is a new scheme's 优秀 share (RULES.md §5: 20%).
	CfgExcellentShare     = "cadre.assess.excellentShare"
	DefaultExcellentShare = "0.2"
)

var roles = []string{system.RoleCadreAdmin, system.RoleOrgDept}

// buttonLabels name the permissions as the pages' buttons.
var buttonLabels = map[string]string{Perms.List: "查询", PermScheme: "维护方案", Perms.Add: "组织考核", Perms.Del: "删除",
	PermOpen: "开始与结束测评", PermGrade: "调整等次", PermConfirm: "确认结果", Perms.Export: "导出"}

// menuPage is a page under 干部管理 with a button per permission, granted
// to the module's roles.
func menuPage(title, name, path string, perms ...string) system.MenuSeed {
	buttons := make([]system.MenuSeed, len(perms))
	for i, p := range perms {
		buttons[i] = system.MenuSeed{Title: buttonLabels[p], Type: system.MenuButton, Permission: p}
	}
	return system.MenuSeed{Title: title, Name: name, Path: path, Component: "gb/" + path, Icon: "audit", Type: system.MenuPage,
		Roles: roles, Children: system.Granted(buttons, roles...)}
}

// menus are the pages under 干部管理 the first migration seeds; a
// permission several pages use is a button of each (a role given one page
// gets what it needs there).
func menus() []system.MenuSeed {
	return []system.MenuSeed{
		menuPage("考核方案", "Gbkhfa", "khfa", Perms.List, PermScheme),
		menuPage("干部考核", "Gbkh", "kh", Perms.List, Perms.Add, Perms.Del, PermOpen, PermGrade, PermConfirm, Perms.Export),
		menuPage("综合得分", "Gbkhdf", "khdf", Perms.List, Perms.Export),
	}
}

// analysisMenus is the page 2026121091 adds: 绩效分析 reads the results.
func analysisMenus() []system.MenuSeed {
	return []system.MenuSeed{menuPage("绩效分析", "Gbjxfx", "jxfx", Perms.List, Perms.Export)}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	// cadre_id and unit_id name rows of the cadre base and sys_dept; the
	// cadre base owns its tables and is asked through its Go API, so no
	// foreign key names gb_jbxx. ballot_round_id is the engine's round.
	err := db.DDL(ctx, tx, `CREATE TABLE gb_kh_scheme (
			id {{pk}},
			name VARCHAR(100) NOT NULL,
			year INTEGER NOT NULL,
			cadre_group VARCHAR(20) NOT NULL,
			version INTEGER NOT NULL,
			copied_from_id BIGINT NULL REFERENCES gb_kh_scheme(id) ON DELETE SET NULL,
			remark VARCHAR(500) NOT NULL DEFAULT '',
			definition TEXT NOT NULL,
			{{stamps}})`,
		`CREATE UNIQUE INDEX uq_gb_kh_scheme ON gb_kh_scheme(year, name)`,
		`CREATE TABLE gb_kh_scheme_version (
			scheme_id BIGINT NOT NULL REFERENCES gb_kh_scheme(id) ON DELETE CASCADE,
			version INTEGER NOT NULL,
			definition TEXT NOT NULL,
			saved_at TIMESTAMP NOT NULL,
			saved_by VARCHAR(64) NOT NULL DEFAULT '',
			PRIMARY KEY (scheme_id, version))`,
		`CREATE TABLE gb_kh_round (
			id {{pk}},
			name VARCHAR(100) NOT NULL,
			year INTEGER NOT NULL,
			scheme_id BIGINT NOT NULL,
			scheme_version INTEGER NOT NULL,
			state VARCHAR(16) NOT NULL,
			closes_at TIMESTAMP NULL,
			opened_at TIMESTAMP NULL,
			counted_at TIMESTAMP NULL,
			confirmed_at TIMESTAMP NULL,
			confirmed_by VARCHAR(64) NOT NULL DEFAULT '',
			{{stamps}},
			FOREIGN KEY (scheme_id, scheme_version) REFERENCES gb_kh_scheme_version(scheme_id, version))`,
		`CREATE INDEX idx_gb_kh_round_year ON gb_kh_round(year, id)`,
		`CREATE INDEX idx_gb_kh_round_scheme ON gb_kh_round(scheme_id)`,
		`CREATE TABLE gb_kh_cadre (
			id {{pk}},
			round_id BIGINT NOT NULL REFERENCES gb_kh_round(id) ON DELETE CASCADE,
			cadre_id BIGINT NOT NULL,
			name VARCHAR(50) NOT NULL,
			unit_id BIGINT NOT NULL REFERENCES sys_dept(id),
			post VARCHAR(200) NOT NULL DEFAULT '',
			report TEXT NOT NULL DEFAULT '',
			score VARCHAR(12) NULL,
			detail TEXT NOT NULL DEFAULT '',
			rank INTEGER NULL,
			auto_grade VARCHAR(8) NOT NULL DEFAULT '',
			grade VARCHAR(8) NOT NULL DEFAULT '',
			reason VARCHAR(500) NOT NULL DEFAULT '')`,
		`CREATE UNIQUE INDEX uq_gb_kh_cadre ON gb_kh_cadre(round_id, cadre_id)`,
		`CREATE INDEX idx_gb_kh_cadre_unit ON gb_kh_cadre(round_id, unit_id)`,
		// The performance analysis reads a cadre's rounds over the years.
		`CREATE INDEX idx_gb_kh_cadre_cadre ON gb_kh_cadre(cadre_id)`,
		`CREATE TABLE gb_kh_draw (
			id {{pk}},
			round_id BIGINT NOT NULL REFERENCES gb_kh_round(id) ON DELETE CASCADE,
			group_key VARCHAR(20) NOT NULL,
			source VARCHAR(16) NOT NULL,
			role_id BIGINT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
			account_ids TEXT NOT NULL DEFAULT '',
			codes INTEGER NOT NULL DEFAULT 0,
			unit_ids TEXT NOT NULL DEFAULT '',
			own_unit BOOLEAN NOT NULL DEFAULT FALSE)`,
		`CREATE INDEX idx_gb_kh_draw_round ON gb_kh_draw(round_id)`,
		`CREATE TABLE gb_kh_paper (
			id {{pk}},
			round_id BIGINT NOT NULL REFERENCES gb_kh_round(id) ON DELETE CASCADE,
			unit_id BIGINT NOT NULL REFERENCES sys_dept(id),
			group_key VARCHAR(20) NOT NULL,
			ballot_round_id BIGINT NOT NULL,
			invalid INTEGER NOT NULL DEFAULT 0)`,
		`CREATE UNIQUE INDEX uq_gb_kh_paper ON gb_kh_paper(round_id, unit_id, group_key)`,
		`CREATE UNIQUE INDEX uq_gb_kh_paper_ballot ON gb_kh_paper(ballot_round_id)`)
	if err != nil {
		return err
	}
	// The lists and the papers order cadres by the pinyin of their names.
	if err := db.ZhSortKey(ctx, tx, "gb_kh_cadre", "name", []string{"round_id", "name"}); err != nil {
		return err
	}
	if err := system.InsertSetting(ctx, tx, CfgExcellentShare, DefaultExcellentShare, "干部考核：优秀等次比例上限", "cadre",
		system.KindText, "新建考核方案时优秀等次占参评干部人数的最高比例，小数形式，如 0.2（默认20%，按人数向下取整：5人最多1名）"); err != nil {
		return err
	}
	return system.AddPages(ctx, tx, MenuDir, menus())
}
