package fillform

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Migrations of the fill-in forms (versions 2026120540..49 are ours).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120540, Name: "fillform: txbd_form, txbd_entry, menus", Up: migrate}}
}

// Permissions: the administrators' (see forms and entries of their scope,
// create, edit and delete drafts, publish, close and move a deadline,
// review and remind, export) and the addressees' (fill in their own).
const (
	PermList    = "txbd:list"
	PermAdd     = "txbd:add"
	PermEdit    = "txbd:edit"
	PermDel     = "txbd:del"
	PermPublish = "txbd:publish"
	PermReview  = "txbd:review"
	PermExport  = "txbd:export"
	PermFill    = "txbd:fill"
)

// MenuDir is the 组织生活 directory (package talk seeds it).
const MenuDir = "/orglife"

// Components of the two pages (web/src/pages/orglife/…).
const (
	FormsPage   = "orglife/fillform"
	EntriesPage = "orglife/fillinfo"
)

// MinePath is the addressee's page (a named route of the web app, in the
// member's own navigation): their forms, to fill in and submit.
const MinePath = "/list-home/myForms"

// menus are the pages 填报表单管理 and 填报信息管理 under 组织生活 (the
// 组织部 and the 二级党委 administer forms for their subtree) and, in a
// hidden directory as 我的组织关系 has, the addressees' permission to fill:
// every member and every branch secretary, whose page is a named route.
func menus() []system.MenuSeed {
	admins := []string{system.RoleOrgDept, system.RoleCommittee}
	return []system.MenuSeed{
		{Title: "填报表单管理", Name: "Txbdgl", Path: "txbdgl", Component: FormsPage, Icon: "profile", Type: system.MenuPage, Roles: admins,
			Children: system.Granted(append(system.Buttons("txbd", "list", "add", "edit", "del"),
				system.MenuSeed{Title: "发布", Type: system.MenuButton, Permission: PermPublish}), admins...)},
		{Title: "填报信息管理", Name: "Txbdxx", Path: "txbdxx", Component: EntriesPage, Icon: "solution", Type: system.MenuPage, Roles: admins,
			Children: system.Granted([]system.MenuSeed{
				{Title: "审核", Type: system.MenuButton, Permission: PermReview},
				{Title: "导出", Type: system.MenuButton, Permission: PermExport},
			}, admins...)},
	}
}

// fillers hold txbd:fill: every member fills what is sent to them, and the
// roles that grant 党员 and 党支部书记 hold it too (a caller grants only what
// it holds: without it a 二级党委 could not open members' accounts).
var fillers = []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary, system.RoleMember}

// fillMenus is the hidden directory holding txbd:fill.
func fillMenus() []system.MenuSeed {
	return []system.MenuSeed{{Title: "我的填报", Path: "/txbd-mine", Component: "Layout", Type: system.MenuDir, Workbench: system.WorkbenchParty,
		Hidden: true, Roles: fillers, Children: []system.MenuSeed{
			{Title: "填报", Type: system.MenuButton, Permission: PermFill, Roles: fillers},
		}}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE txbd_form (
			id {{pk}},
			title VARCHAR(100) NOT NULL,
			description VARCHAR(2000) NOT NULL DEFAULT '',
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			deadline TIMESTAMP NOT NULL,
			audience VARCHAR(8) NOT NULL,
			mode VARCHAR(8) NOT NULL,
			root_id BIGINT NULL REFERENCES dzz(id),
			ids TEXT NOT NULL DEFAULT '[]',
			fields TEXT NOT NULL DEFAULT '[]',
			state VARCHAR(12) NOT NULL DEFAULT 'draft',
			published_at TIMESTAMP NULL,
			closed_at TIMESTAMP NULL,
			created_by BIGINT NULL,
			creator VARCHAR(50) NOT NULL DEFAULT '',
			{{stamps}})`,
		// The list: the scope's forms by state, the latest first.
		`CREATE INDEX idx_txbd_form_org ON txbd_form(org_id, state)`,
		// The reminders and the to-dos: published forms by deadline.
		`CREATE INDEX idx_txbd_form_state ON txbd_form(state, deadline)`,
		`CREATE TABLE txbd_entry (
			id {{pk}},
			form_id BIGINT NOT NULL REFERENCES txbd_form(id),
			target_id BIGINT NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			member_id BIGINT NULL REFERENCES dyjbxx(id),
			name VARCHAR(100) NOT NULL DEFAULT '',
			state SMALLINT NOT NULL DEFAULT 1,
			answers TEXT NOT NULL DEFAULT '{}',
			saved_at TIMESTAMP NULL,
			submitted_at TIMESTAMP NULL,
			submitted_by BIGINT NULL,
			submitter VARCHAR(50) NOT NULL DEFAULT '',
			reviewer VARCHAR(50) NOT NULL DEFAULT '',
			reviewed_at TIMESTAMP NULL,
			comment VARCHAR(500) NOT NULL DEFAULT '',
			reminded_on DATE NULL,
			{{stamps}})`,
		// One entry per addressee of a form.
		`CREATE UNIQUE INDEX uq_txbd_entry ON txbd_entry(form_id, target_id)`,
		// The follow-up list and its counts: a form's entries by state.
		`CREATE INDEX idx_txbd_entry_form ON txbd_entry(form_id, state)`,
		// 我的填报: a member's own entries, a branch's.
		`CREATE INDEX idx_txbd_entry_member ON txbd_entry(member_id)`,
		`CREATE INDEX idx_txbd_entry_org ON txbd_entry(org_id)`)
	if err != nil {
		return err
	}
	if err := system.AddPages(ctx, tx, MenuDir, menus()); err != nil {
		return err
	}
	_, err = system.InsertMenus(ctx, tx, nil, fillMenus())
	return err
}
