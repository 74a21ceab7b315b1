package transfer

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// Perms are the record permissions zzgx:list, zzgx:add, zzgx:export.
var Perms = resource.PermsFor("zzgx")

// The other permissions of the module.
const (
	PermBranch    = "zzgx:branch"    // act at a branch's steps (支部审核, 接收方支部审核)
	PermCommittee = "zzgx:committee" // act at a secondary committee's steps
	PermDept      = "zzgx:dept"      // act at the organisation department's step
	PermCancel    = "zzgx:cancel"    // cancel (撤销) a transfer under way
	PermChain     = "zzgx:chain"     // edit the approval chains
	PermMine      = "zzgx:mine"      // the party member's own organisation relation (党员首页)
)

// Migrations of the transfer domain: versions 2026112800..09 are ours
// (the letters' are 2026112810..19, the oversight's after them).
func Migrations() []db.Migration {
	return []db.Migration{
		{Version: 2026112800, Name: "transfer: table zzgx_transfer, approval chains per kind, menus 组织关系转接", Up: migrate},
	}
}

// Organisation types (DZZ_LX) the chains name.
const (
	orgTypeSchool    = "1" // 党委
	orgTypeCommittee = "2" // 二级党委
	orgTypeGeneral   = "3" // 党总支
	orgTypeDirect    = "4" // 直属党支部
	orgTypeBranch    = "5" // 党支部
)

// Flow key of a kind's workflow.
func flowKey(kind string) string { return "zzgx_" + kind }

// chains of kind: apply (the applicant's, where a returned transfer waits;
// a transfer starts at the next link) → branch → committee → department;
// a 直属党支部 skips the committee; a 党总支 keeping members acts as their
// branch. 校内转接 goes from the sending branch
// and its committee to the receiving committee and branch (no department).
func chains(kind string) []flow.Chain {
	apply := func(t string) flow.Link {
		return flow.Link{Step: StepApply, Acting: []string{t}, Role: "申请人"}
	}
	branch := func(t string) flow.Link { return flow.Link{Step: StepBranch, Acting: []string{t}, Role: "党支部"} }
	committee := flow.Link{Step: StepCommittee, Acting: []string{orgTypeCommittee, orgTypeGeneral, orgTypeSchool}, Role: "二级党委"}
	// A 党总支 keeping members of its own reviews as their branch; the
	// committee above it (or the school's) reviews next.
	above := flow.Link{Step: StepCommittee, Acting: []string{orgTypeCommittee, orgTypeSchool}, Role: "二级党委"}
	dept := flow.Link{Step: StepDept, Acting: []string{orgTypeSchool}, Role: "组织部"}
	if kind == KindInside {
		inCommittee := flow.Link{Step: StepInCommittee, Acting: []string{orgTypeCommittee, orgTypeGeneral, orgTypeSchool}, Role: "接收方二级党委"}
		inBranch := flow.Link{Step: StepInBranch, Acting: []string{orgTypeBranch, orgTypeDirect, orgTypeGeneral}, Role: "接收方党支部"}
		return []flow.Chain{
			{OrgType: orgTypeBranch, Links: []flow.Link{apply(orgTypeBranch), branch(orgTypeBranch), committee, inCommittee, inBranch}},
			{OrgType: orgTypeGeneral, Links: []flow.Link{apply(orgTypeGeneral), branch(orgTypeGeneral), above, inCommittee, inBranch}},
			{OrgType: orgTypeDirect, Links: []flow.Link{apply(orgTypeDirect), branch(orgTypeDirect), inCommittee, inBranch}},
		}
	}
	return []flow.Chain{
		{OrgType: orgTypeBranch, Links: []flow.Link{apply(orgTypeBranch), branch(orgTypeBranch), committee, dept}},
		{OrgType: orgTypeGeneral, Links: []flow.Link{apply(orgTypeGeneral), branch(orgTypeGeneral), above, dept}},
		{OrgType: orgTypeDirect, Links: []flow.Link{apply(orgTypeDirect), branch(orgTypeDirect), dept}},
	}
}

// pages are the menu's pages: one per group of kinds (the page component
// reads its kinds from its folder).
var pages = []struct{ title, name, path, icon string }{
	{"校外转入", "ZzgxIn", "in", "login"},
	{"转出", "ZzgxOut", "out", "logout"},
	{"校内转接", "ZzgxInside", "inside", "swap"},
	{"出国（境）暂留", "ZzgxAbroad", "abroad", "global"},
	{"流动党员", "ZzgxFlow", "flow", "car"},
	{"停止党籍/失联", "ZzgxSuspend", "suspend", "stop"},
	{"出党", "ZzgxLeave", "leave", "user-delete"},
}

// menus is the top-level 组织关系转接 (/zzgx) with a page per group of
// kinds; the record and step buttons hang on the first page. The letters'
// (介绍信管理) and the statistics' (转接统计) pages are added to the same
// directory by their own migrations. The member's own permission sits in a
// hidden directory, like the member home's.
func menus() []system.MenuSeed {
	dept, committee, branch := system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary
	all := []string{dept, committee, branch}
	grant := system.Granted
	button := func(title, perm string) []system.MenuSeed {
		return []system.MenuSeed{{Title: title, Type: system.MenuButton, Permission: perm}}
	}
	buttons := append(append(append(append(append(
		grant(system.Buttons("zzgx", "list", "add", "export"), all...),
		grant(button("支部审核", PermBranch), all...)...),
		grant(button("二级党委审核", PermCommittee), dept, committee)...),
		grant(button("组织部审核", PermDept), dept)...),
		grant(button("撤销转接", PermCancel), dept)...),
		grant(button("审批链配置", PermChain), dept)...)
	var children []system.MenuSeed
	for i, p := range pages {
		page := system.MenuSeed{Title: p.title, Name: p.name, Path: p.path, Component: "zzgx/" + p.path, Icon: p.icon,
			Type: system.MenuPage, Roles: all}
		if i == 0 {
			page.Children = buttons
		}
		children = append(children, page)
	}
	mine := append(all, system.RoleMember)
	return []system.MenuSeed{
		{Title: "组织关系转接", Path: "/zzgx", Component: "Layout", Icon: "branches", Type: system.MenuDir, Workbench: system.WorkbenchParty, Roles: all, Children: children},
		{Title: "我的组织关系", Path: "/zzgx-mine", Component: "Layout", Type: system.MenuDir, Workbench: system.WorkbenchParty, Hidden: true, Roles: mine,
			Children: grant(button("我的组织关系", PermMine), mine...)},
	}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE zzgx_transfer (
			id {{pk}},
			kind VARCHAR(16) NOT NULL,
			sub_kind VARCHAR(16) NOT NULL DEFAULT '',
			state VARCHAR(16) NOT NULL,
			member_id BIGINT NULL REFERENCES dyjbxx(id),
			name VARCHAR(50) NOT NULL,
			gender VARCHAR(8) NOT NULL DEFAULT '',
			id_number_enc VARCHAR(255) NOT NULL DEFAULT '',
			id_number_idx VARCHAR(64) NOT NULL DEFAULT '',
			phone_enc VARCHAR(255) NOT NULL DEFAULT '',
			party_status VARCHAR(8) NOT NULL DEFAULT '',
			joined_on DATE NULL,
			person_type VARCHAR(8) NOT NULL DEFAULT '',
			person_category VARCHAR(8) NOT NULL DEFAULT '',
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			to_org_id BIGINT NULL REFERENCES dzz(id),
			other_org VARCHAR(100) NOT NULL DEFAULT '',
			reach VARCHAR(16) NOT NULL DEFAULT '',
			fees_paid_up_to VARCHAR(7) NOT NULL DEFAULT '',
			fees_from VARCHAR(8) NOT NULL DEFAULT '',
			happened_on DATE NULL,
			reason VARCHAR(500) NOT NULL DEFAULT '',
			started_by BIGINT NULL,
			by_self BOOLEAN NOT NULL DEFAULT FALSE,
			done_on DATE NULL,
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL
		)`,
		`CREATE INDEX idx_zzgx_transfer_kind_state ON zzgx_transfer (kind, state, id)`,
		`CREATE INDEX idx_zzgx_transfer_org ON zzgx_transfer (org_id, kind)`,
		`CREATE INDEX idx_zzgx_transfer_to_org ON zzgx_transfer (to_org_id)`,
		`CREATE INDEX idx_zzgx_transfer_member ON zzgx_transfer (member_id, state)`,
		// One transfer under way per member (two starts at once: one wins).
		`CREATE UNIQUE INDEX uq_zzgx_transfer_open ON zzgx_transfer (member_id)
			WHERE state NOT IN ('done', 'rejected', 'withdrawn', 'cancelled')`,
		`CREATE INDEX idx_zzgx_transfer_idnumber ON zzgx_transfer (id_number_idx)`,
		`CREATE INDEX idx_zzgx_transfer_done ON zzgx_transfer (done_on)`,
	)
	if err != nil {
		return err
	}
	for _, k := range Kinds {
		if err := flow.SeedChains(ctx, tx, flowKey(k), chains(k)); err != nil {
			return err
		}
	}
	_, err = system.InsertMenus(ctx, tx, nil, menus())
	return err
}
