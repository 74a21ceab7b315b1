package standard

import (
	"context"
	"encoding/json"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// Permissions of the module: 党费标准 (dfbz), 党费基数 (dfjs) and the
// hardship reductions (dfjm, a workflow: the branch proposes, the committee
// above approves).
const (
	PermStandardList  = "dfbz:list"
	PermStandardEdit  = "dfbz:edit"  // add and edit a standard not yet enabled
	PermStandardState = "dfbz:state" // enable / void a standard
	PermBaseList      = "dfjs:list"
	PermBaseEdit      = "dfjs:edit" // add, edit, delete bases
	PermBaseImport    = "dfjs:import"
	PermBaseExport    = "dfjs:export"
	// PermBaseWaive sets a base's category to 免交 or 困难减免 (with a
	// reason): the organisation department's. A branch or a secondary
	// committee reduces a member's fee only through a hardship proposal
	// approved by the committee above (中组发〔2008〕3号).
	PermBaseWaive    = "dfjs:waive"
	PermHardshipList = "dfjm:list"
	PermBranch       = "dfjm:branch"    // propose a reduction (the branch's step)
	PermCommittee    = "dfjm:committee" // approve it (the higher committee's step)
)

// MenuDir is the top-level 党费管理 directory; the batch, payment and report
// pages of internal/fee and internal/fee/report are added to it (system.AddPages).
const MenuDir = "/dfgl"

// Migrations of the fee standards (versions 2026112830..39, 2026112910..19, 2026113030..39 and 2026113040..49
// are ours; they run after the member table they refer to).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026112830, Name: "fee standard: standards, bases, hardship, menus 党费管理/党费标准/党费基数", Up: migrate},
		{Version: 2026112831, Name: "fee standard: the 党费基数 page (bases, hardship reductions) and the hardship approval chain", Up: func(ctx context.Context, tx bun.Tx) error {
			if err := flow.SeedChains(ctx, tx, HardshipKey, hardshipChains); err != nil {
				return err
			}
			return system.AddPages(ctx, tx, MenuDir, basePages())
		}},
		// The finance office's workbook is imported by the department and the
		// committees; every role exports the bases of its scope.
		{Version: 2026112832, Name: "fee standard: import and export of the bases", Up: func(ctx context.Context, tx bun.Tx) error {
			all := []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}
			if err := system.AddButtons(ctx, tx, "dfgl/base", []system.MenuSeed{{Title: "导出", Type: system.MenuButton, Permission: PermBaseExport}},
				all...); err != nil {
				return err
			}
			return system.AddButtons(ctx, tx, "dfgl/base", []system.MenuSeed{{Title: "导入", Type: system.MenuButton, Permission: PermBaseImport}},
				system.RoleOrgDept, system.RoleCommittee)
		}},
		// A proposal can be returned to the branch (退回修改) and resubmitted:
		// the chain gains the branch's step (the committee's, as edited
		// since, is kept). Proposals started before keep their chain.
		{Version: 2026112910, Name: "fee standard: hardship proposals returned to the branch and resubmitted", Up: func(ctx context.Context, tx bun.Tx) error {
			return flow.ReseedChains(ctx, tx, HardshipKey, hardshipChains)
		}},
		// An approved reduction can be ended early (终止): the first month
		// charged in full again; 0 while it runs its course.
		{Version: 2026112911, Name: "fee standard: hardship reductions ended early", Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx, `ALTER TABLE fee_hardship ADD COLUMN end_from_ym INTEGER NOT NULL DEFAULT 0`)
		}},
		// 免交 and 困难减免 as a base's category waive the fee: only the
		// organisation department sets them (with a reason, in the trail);
		// the branches and committees go through the hardship approval.
		{Version: 2026113030, Name: "fee standard: only the organisation department sets the categories 免交 and 困难减免", Up: func(ctx context.Context, tx bun.Tx) error {
			return system.AddButtons(ctx, tx, "dfgl/base", []system.MenuSeed{{Title: "核定免交/困难减免类别", Type: system.MenuButton,
				Permission: PermBaseWaive}}, system.RoleOrgDept)
		}},
		// 中组发〔2008〕3号 names bases the module lacked: 年薪制 (the month's
		// pay) and 个体经营者 (the previous quarter's average) pay by the
		// salaried brackets under standards of their own; a graduate
		// student's stipend is the base where the school so decides.
		{Version: 2026113040, Name: "fee standard: 年薪制 and 个体经营者 standards, the graduate stipend setting", Up: func(ctx context.Context, tx bun.Tx) error {
			if err := seedStandards(ctx, tx); err != nil {
				return err
			}
			return system.InsertSetting(ctx, tx, CfgGraduateStipend, "false", "研究生以普通奖学金为党费基数", "fee", system.KindBool,
				"开启后，研究生党员（人员类别为硕士研究生、博士研究生）以录入的每月普通奖学金为基数，按在职党员比例交纳党费"+
					"（中组部关于中组发〔2008〕3号的答问：由学校确定）；关闭时学生党员按学生党员党费标准交纳")
		}}}
}

// menus is the top-level 党费管理 with the 党费标准 page. The organisation
// department keeps the standards; the secondary committees and branch
// secretaries see them.
func menus() []system.MenuSeed {
	dept := system.RoleOrgDept
	all := []string{dept, system.RoleCommittee, system.RoleBranchSecretary}
	button := func(title, perm string, roles ...string) system.MenuSeed {
		return system.MenuSeed{Title: title, Type: system.MenuButton, Permission: perm, Roles: roles}
	}
	return []system.MenuSeed{{Title: "党费管理", Path: MenuDir, Component: "Layout", Icon: "money-collect", Type: system.MenuDir, Workbench: system.WorkbenchParty,
		Roles: all, Children: []system.MenuSeed{
			{Title: "党费标准", Name: "Dfbz", Path: "standard", Component: "dfgl/standard", Icon: "calculator", Type: system.MenuPage,
				Roles: all, Children: []system.MenuSeed{
					button("查询", PermStandardList, all...), button("编辑", PermStandardEdit, dept),
					button("启用作废", PermStandardState, dept)}},
		}}}
}

// basePages is the 党费基数 page: every role keeps the bases of its scope.
func basePages() []system.MenuSeed {
	all := []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}
	return []system.MenuSeed{{Title: "党费基数", Name: "Dfjs", Path: "base", Component: "dfgl/base", Icon: "account-book",
		Type: system.MenuPage, Roles: all, Children: []system.MenuSeed{
			{Title: "查询", Type: system.MenuButton, Permission: PermBaseList, Roles: all},
			{Title: "编辑", Type: system.MenuButton, Permission: PermBaseEdit, Roles: all},
			{Title: "查看减免", Type: system.MenuButton, Permission: PermHardshipList, Roles: all},
			{Title: "支部申请减免", Type: system.MenuButton, Permission: PermBranch, Roles: all},
			{Title: "上级党委审批减免", Type: system.MenuButton, Permission: PermCommittee, Roles: []string{system.RoleOrgDept, system.RoleCommittee}}}}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE fee_standard (
			id {{pk}},
			name VARCHAR(100) NOT NULL,
			category VARCHAR(16) NOT NULL,
			kind VARCHAR(8) NOT NULL,
			brackets TEXT NOT NULL DEFAULT '[]',
			fixed_fen BIGINT NOT NULL DEFAULT 0,
			basis VARCHAR(500) NOT NULL DEFAULT '',
			state VARCHAR(8) NOT NULL,
			enabled_at TIMESTAMP NULL,
			voided_at TIMESTAMP NULL,
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		// One enabled standard per category at a time.
		`CREATE UNIQUE INDEX uq_fee_standard_enabled ON fee_standard(category) WHERE state = 'on'`,
		`CREATE INDEX idx_fee_standard_state ON fee_standard(state, category)`,
		`CREATE TABLE fee_base (
			id {{pk}},
			member_id BIGINT NOT NULL REFERENCES dyjbxx(id) ON DELETE CASCADE,
			year INTEGER NOT NULL,
			from_month INTEGER NOT NULL,
			category VARCHAR(16) NOT NULL,
			items TEXT NOT NULL DEFAULT '{}',
			included_fen BIGINT NOT NULL DEFAULT 0,
			deducted_fen BIGINT NOT NULL DEFAULT 0,
			base_fen BIGINT NOT NULL DEFAULT 0,
			remark VARCHAR(500) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		// A base per member, year and month it applies from; MonthlyDues reads a chunk of members' year.
		`CREATE UNIQUE INDEX uq_fee_base ON fee_base(member_id, year, from_month)`,
		`CREATE INDEX idx_fee_base_year ON fee_base(year, category, member_id)`,
		`CREATE TABLE fee_hardship (
			id {{pk}},
			member_id BIGINT NOT NULL REFERENCES dyjbxx(id) ON DELETE CASCADE,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			kind VARCHAR(8) NOT NULL,
			fen BIGINT NOT NULL DEFAULT 0,
			from_ym INTEGER NOT NULL,
			to_ym INTEGER NOT NULL,
			reason VARCHAR(500) NOT NULL,
			state VARCHAR(16) NOT NULL,
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_fee_hardship_member ON fee_hardship(member_id, state, from_ym)`,
		`CREATE INDEX idx_fee_hardship_org ON fee_hardship(org_id, state, created_at)`)
	if err != nil {
		return err
	}
	if err := seedStandards(ctx, tx); err != nil {
		return err
	}
	_, err = system.InsertMenus(ctx, tx, nil, menus())
	return err
}

// seedStandards enables the regulation's default standard of every
// category that has no standard yet (中组发〔2008〕3号, RULES §1).
func seedStandards(ctx context.Context, tx bun.IDB) error {
	now := time.Now().UTC()
	for _, st := range DefaultStandards() {
		if has, err := tx.NewSelect().Model((*standardRow)(nil)).Where("category = ?", st.Category).Exists(ctx); err != nil || has {
			if err != nil {
				return err
			}
			continue
		}
		b, err := json.Marshal(st.Brackets)
		if err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(&standardRow{Name: st.Name, Category: st.Category, Kind: st.Kind, Brackets: string(b),
			FixedFen: st.FixedFen, Basis: st.Basis, State: StateOn, EnabledAt: &now, Base: resource.Base{CreatedAt: now, UpdatedAt: now}}).
			Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}
