package secreview

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Migrations of the secretaries' review (versions 2026120420..29 are ours;
// they run after the organisation-life module's, whose 组织生活 pages this
// one's page sits among).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120420, Name: "secreview: szpy_round, szpy_report, menus", Up: migrate}}
}

// Permissions of the review: see the rounds and reports of the scope, open
// and close a round (and move its due date), write and submit one's own
// report, grade or return the reports of a round one organises, export.
const (
	PermList   = "szpy:list"
	PermRound  = "szpy:round"
	PermSubmit = "szpy:submit"
	PermGrade  = "szpy:grade"
	PermExport = "szpy:export"
)

// MenuDir is the 组织生活 directory (package talk seeds it).
const MenuDir = "/orglife"

// page is the component of the review's page.
const page = "orglife/review"

// menus is the page 书记述职评议 under 组织生活. The 组织部 and the 二级党委
// organise and grade; a branch secretary sees and writes their own report.
func menus() []system.MenuSeed {
	organisers := []string{system.RoleOrgDept, system.RoleCommittee}
	all := append([]string{system.RoleBranchSecretary}, organisers...)
	button := func(title, perm string, roles ...string) system.MenuSeed {
		return system.MenuSeed{Title: title, Type: system.MenuButton, Permission: perm, Roles: roles}
	}
	return []system.MenuSeed{{Title: "书记述职评议", Name: "Sjszpy", Path: "sjszpy", Component: page, Icon: "audit", Type: system.MenuPage,
		Roles: all, Children: []system.MenuSeed{
			button("查询", PermList, all...),
			button("开展评议", PermRound, organisers...),
			button("提交述职", PermSubmit, all...),
			button("评定", PermGrade, organisers...),
			button("导出", PermExport, organisers...),
		}}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE szpy_round (
			id {{pk}},
			year INT NOT NULL,
			level VARCHAR(12) NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			title VARCHAR(100) NOT NULL,
			due_on DATE NOT NULL,
			state VARCHAR(8) NOT NULL DEFAULT 'open',
			opened_by VARCHAR(50) NOT NULL DEFAULT '',
			closed_at TIMESTAMP NULL,
			{{stamps}})`,
		// One round of a level a year per organiser.
		`CREATE UNIQUE INDEX uq_szpy_round ON szpy_round(org_id, year, level)`,
		`CREATE INDEX idx_szpy_round_year ON szpy_round(year, level)`,
		`CREATE TABLE szpy_report (
			id {{pk}},
			round_id BIGINT NOT NULL REFERENCES szpy_round(id),
			year INT NOT NULL,
			level VARCHAR(12) NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			secretary_member_id BIGINT NULL REFERENCES dyjbxx(id),
			secretary_name VARCHAR(50) NOT NULL DEFAULT '',
			vacant BOOLEAN NOT NULL DEFAULT FALSE,
			state SMALLINT NOT NULL DEFAULT 1,
			content TEXT NOT NULL DEFAULT '',
			saved_at TIMESTAMP NULL,
			submitted_at TIMESTAMP NULL,
			late BOOLEAN NOT NULL DEFAULT FALSE,
			grade VARCHAR(8) NOT NULL DEFAULT '',
			comment VARCHAR(1000) NOT NULL DEFAULT '',
			return_reason VARCHAR(500) NOT NULL DEFAULT '',
			reviewer VARCHAR(50) NOT NULL DEFAULT '',
			reviewed_at TIMESTAMP NULL,
			{{stamps}})`,
		// An organisation reports once a year per level, whichever
		// organiser's round lists it: two overlapping rounds cannot both
		// list a branch, even when opened at once.
		`CREATE UNIQUE INDEX uq_szpy_report_org ON szpy_report(org_id, year, level)`,
		`CREATE INDEX idx_szpy_report_round ON szpy_report(round_id, state)`,
		// 我的述职 finds the caller's reports by their member record.
		`CREATE INDEX idx_szpy_report_secretary ON szpy_report(secretary_member_id)`)
	if err != nil {
		return err
	}
	if err := system.AddPages(ctx, tx, MenuDir, menus()); err != nil {
		return err
	}
	// Among the 组织生活 pages: after 会议统计 (70), before 会议类型 (80).
	return system.SortPage(ctx, tx, page, 76)
}
