package orgstd

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Migrations of 党组织建设 (versions 2026120410..19 are ours; they run after
// organisation life's, whose 组织生活 menu directory they add to).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120410, Name: "orgstd: indicator sets, assessments, marks, menu", Up: migrate}}
}

// Permissions of 党组织建设: reading (every manager), the indicator sets (the
// 组织部), a branch's self-assessment, the review by the committee above,
// the 示范/样板 marks (the 组织部) and the ranking's export.
const (
	PermList   = "dzzjs:list"
	PermConfig = "dzzjs:config"
	PermAssess = "dzzjs:assess"
	PermReview = "dzzjs:review"
	PermMark   = "dzzjs:mark"
	PermExport = "dzzjs:export"
)

// menuDir is the 组织生活 directory; Component is this module's page.
const (
	menuDir   = "/orglife"
	Component = "orglife/construction"
)

func button(title, perm string, roles ...string) system.MenuSeed {
	return system.MenuSeed{Title: title, Type: system.MenuButton, Permission: perm, Roles: roles}
}

// menus is the page 党组织建设 under 组织生活 with its buttons, each granted
// to the roles that act so.
func menus() []system.MenuSeed {
	dept, committee, branch := system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary
	return []system.MenuSeed{{Title: "党组织建设", Name: "Dzzjs", Path: "dzzjs", Component: Component, Icon: "trophy", Type: system.MenuPage,
		Roles: []string{dept, committee, branch}, Children: []system.MenuSeed{
			button("查询", PermList, dept, committee, branch),
			button("指标设置", PermConfig, dept),
			// The committee and the 组织部 hold it too (a role grants only what
			// its granter holds: the 二级党委 grants 党支部书记); a reviewer never
			// reviews what it submitted itself.
			button("自评", PermAssess, dept, committee, branch),
			button("审核", PermReview, dept, committee),
			button("示范样板", PermMark, dept),
			button("导出", PermExport, dept, committee, branch),
		}}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE dzzjs_year (
			id {{pk}},
			year INT NOT NULL UNIQUE,
			frozen BOOLEAN NOT NULL DEFAULT FALSE,
			{{stamps}})`,
		`CREATE TABLE dzzjs_indicator (
			id {{pk}},
			year INT NOT NULL REFERENCES dzzjs_year(year),
			category VARCHAR(50) NOT NULL,
			name VARCHAR(200) NOT NULL,
			standard VARCHAR(2000) NOT NULL DEFAULT '',
			max_tenths INT NOT NULL,
			sort INT NOT NULL DEFAULT 0,
			{{stamps}})`,
		`CREATE INDEX idx_dzzjs_indicator_year ON dzzjs_indicator(year, sort)`,
		`CREATE TABLE dzzjs_assessment (
			id {{pk}},
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			year INT NOT NULL REFERENCES dzzjs_year(year),
			state SMALLINT NOT NULL DEFAULT 1,
			self_tenths INT NOT NULL DEFAULT 0,
			review_tenths INT NULL,
			review_comment VARCHAR(1000) NOT NULL DEFAULT '',
			return_reason VARCHAR(500) NOT NULL DEFAULT '',
			submitted_at TIMESTAMP NULL,
			reviewed_at TIMESTAMP NULL,
			reviewed_by VARCHAR(50) NOT NULL DEFAULT '',
			submitted_by VARCHAR(50) NOT NULL DEFAULT '',
			submitted_by_id BIGINT NULL,
			mark VARCHAR(8) NOT NULL DEFAULT '',
			{{stamps}})`,
		// One assessment per branch and year; the queue and the ranking read
		// a year's by state, ordered by the reviewed total.
		`CREATE UNIQUE INDEX uq_dzzjs_assessment ON dzzjs_assessment(org_id, year)`,
		`CREATE INDEX idx_dzzjs_assessment_year ON dzzjs_assessment(year, state, review_tenths)`,
		`CREATE TABLE dzzjs_item (
			id {{pk}},
			assessment_id BIGINT NOT NULL REFERENCES dzzjs_assessment(id) ON DELETE CASCADE,
			indicator_id BIGINT NOT NULL REFERENCES dzzjs_indicator(id) ON DELETE CASCADE,
			self_tenths INT NULL,
			explanation VARCHAR(1000) NOT NULL DEFAULT '',
			review_tenths INT NULL,
			review_note VARCHAR(500) NOT NULL DEFAULT '')`,
		`CREATE UNIQUE INDEX uq_dzzjs_item ON dzzjs_item(assessment_id, indicator_id)`,
		`CREATE INDEX idx_dzzjs_item_indicator ON dzzjs_item(indicator_id)`,
		`CREATE TABLE dzzjs_mark (
			id {{pk}},
			assessment_id BIGINT NOT NULL REFERENCES dzzjs_assessment(id) ON DELETE CASCADE,
			mark VARCHAR(8) NOT NULL DEFAULT '',
			previous VARCHAR(8) NOT NULL DEFAULT '',
			reason VARCHAR(500) NOT NULL DEFAULT '',
			by_name VARCHAR(50) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_dzzjs_mark_assessment ON dzzjs_mark(assessment_id, id)`)
	if err != nil {
		return err
	}
	if err := system.AddPages(ctx, tx, menuDir, menus()); err != nil {
		return err
	}
	// After 会议统计 (70), before 会议类型 (80).
	return system.SortPage(ctx, tx, Component, 74)
}
