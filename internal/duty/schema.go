package duty

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/library"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Migrations of 述职与廉政 (versions 2026121220..29 are ours).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121220, Name: "duty: duty_task, duty_report, duty_integrity, 纪检 role, menus", Up: migrate}}
}

// Permissions of the work reports: see the tasks and reports of the scope
// and one's own, declare tasks, write one's (or one's unit's) report,
// review, export.
const (
	PermList   = "zbgz:list"
	PermTask   = "zbgz:task"
	PermSubmit = "zbgz:submit"
	PermReview = "zbgz:review"
	PermExport = "zbgz:export"
)

// Permissions of the integrity records: one's own (everyone), those of the
// organisation scope (the committees; the 纪检监察 role's scope is the whole
// school), export.
const (
	PermMine      = "dlda:mine"
	PermScope     = "dlda:list"
	PermRecExport = "dlda:export"
)

// Menu paths and the pages' components. The pages sit in the library's
// 党务资料 directory (the 党建 top bar has no room for another first-level
// entry); a party member's permissions sit in the hidden MemberDir and the
// member reaches the pages from the 党员 mode.
const (
	MenuDir         = library.MenuDir
	MemberDir       = "/duty-mine"
	reportPage      = "duty/report"
	integrityPage   = "duty/integrity"
	reportPagePath  = MenuDir + "/zbgz"
	integrityPageAt = MenuDir + "/dlda"
	// ownDutyPage is the 党员 mode's 述职与廉政 page (a static web route).
	ownDutyPage = "/list-home/myDuty"
)

// pages are 值班工作报告 and 德廉档案 for the staff roles; members is the
// member's hidden directory (their own reports and integrity record).
func pages() (pages, members []system.MenuSeed) {
	managers := []string{system.RoleOrgDept, system.RoleCommittee}
	writers := append([]string{system.RoleBranchSecretary}, managers...)
	integrity := append([]string{system.RoleDiscipline}, managers...)
	everyone := append([]string{system.RoleBranchSecretary}, integrity...)
	member := system.RoleMember
	button := func(title, perm string, roles ...string) system.MenuSeed {
		return system.MenuSeed{Title: title, Type: system.MenuButton, Permission: perm, Roles: roles}
	}
	pages = []system.MenuSeed{
		{Title: "值班工作报告", Name: "Zbgzbg", Path: "zbgz", Component: reportPage, Icon: "file-text", Type: system.MenuPage,
			Roles: writers, Children: []system.MenuSeed{
				button("查询", PermList, writers...),
				button("发布任务", PermTask, managers...),
				button("提交报告", PermSubmit, writers...),
				button("审阅", PermReview, managers...),
				button("导出", PermExport, managers...),
			}},
		{Title: "德廉档案", Name: "Dlda", Path: "dlda", Component: integrityPage, Icon: "safety", Type: system.MenuPage,
			Roles: everyone, Children: []system.MenuSeed{
				button("我的档案", PermMine, everyone...),
				button("查询管理范围", PermScope, integrity...),
				button("导出", PermRecExport, integrity...),
			}},
	}
	members = []system.MenuSeed{{Title: "我的述职与廉政", Path: MemberDir, Component: "Layout", Type: system.MenuDir,
		Workbench: system.WorkbenchParty, Hidden: true, Roles: []string{member}, Children: []system.MenuSeed{
			button("查询", PermList, member), button("提交报告", PermSubmit, member), button("我的档案", PermMine, member),
		}}}
	return pages, members
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE duty_task (
			id {{pk}},
			title VARCHAR(100) NOT NULL,
			kind VARCHAR(12) NOT NULL,
			target VARCHAR(12) NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			period VARCHAR(50) NOT NULL DEFAULT '',
			due_on DATE NOT NULL,
			created_by VARCHAR(50) NOT NULL DEFAULT '',
			{{stamps}})`,
		`CREATE INDEX idx_duty_task_org ON duty_task(org_id, due_on)`,
		`CREATE INDEX idx_duty_task_due ON duty_task(due_on)`,
		`CREATE TABLE duty_report (
			id {{pk}},
			task_id BIGINT NOT NULL REFERENCES duty_task(id),
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			member_id BIGINT NULL REFERENCES dyjbxx(id),
			name VARCHAR(100) NOT NULL DEFAULT '',
			state SMALLINT NOT NULL DEFAULT 1,
			content TEXT NOT NULL DEFAULT '',
			submitted_at TIMESTAMP NULL,
			late BOOLEAN NOT NULL DEFAULT FALSE,
			comment VARCHAR(1000) NOT NULL DEFAULT '',
			return_reason VARCHAR(500) NOT NULL DEFAULT '',
			reviewer VARCHAR(50) NOT NULL DEFAULT '',
			reviewed_at TIMESTAMP NULL,
			{{stamps}})`,
		`CREATE INDEX idx_duty_report_task ON duty_report(task_id, state)`,
		`CREATE INDEX idx_duty_report_org ON duty_report(org_id)`,
		`CREATE INDEX idx_duty_report_member ON duty_report(member_id)`,
		`CREATE TABLE duty_integrity (
			id {{pk}},
			member_id BIGINT NOT NULL REFERENCES dyjbxx(id),
			kind VARCHAR(12) NOT NULL,
			year INT NOT NULL,
			day DATE NOT NULL,
			matters_kind VARCHAR(12) NOT NULL DEFAULT '',
			topic VARCHAR(200) NOT NULL DEFAULT '',
			tenths INT NOT NULL DEFAULT 0,
			remarks VARCHAR(500) NOT NULL DEFAULT '',
			created_by VARCHAR(50) NOT NULL DEFAULT '',
			{{stamps}})`,
		`CREATE INDEX idx_duty_integrity_member ON duty_integrity(member_id, kind, year)`,
		`CREATE INDEX idx_duty_integrity_year ON duty_integrity(kind, year)`,
		// One commitment a person a year: two signings at once cannot both land.
		`CREATE UNIQUE INDEX uq_duty_integrity_commitment ON duty_integrity(member_id, year) WHERE kind = 'commitment'`)
	if err != nil {
		return err
	}
	if err := system.EnsureRole(ctx, tx, system.RoleSeed{Code: system.RoleDiscipline, Name: "纪检监察", OtherName: "纪检监察（德廉）",
		Description: "学校纪委办公室：查阅全校德廉档案", Level: 3, DataScope: system.ScopeAll}); err != nil {
		return err
	}
	staff, members := pages()
	if err := system.AddPages(ctx, tx, MenuDir, staff); err != nil {
		return err
	}
	_, err = system.InsertMenus(ctx, tx, nil, members)
	return err
}

// menus is what the migration seeds, for the module's descriptor.
func menus() []system.MenuSeed {
	staff, members := pages()
	return append(staff, members...)
}
