package aid

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
	"zhdj/internal/system/dictseed"
)

// Migrations of the aid domain (versions 2026121260..69 are ours; they run
// after the 党建信息库 directory, the member table and the settings).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121260, Name: "aid: aid_case, aid_record, DYBF_KNLX, threshold setting, menu", Up: migrate}}
}

// Perms are the aid permissions (the buttons the migration seeds).
var Perms = struct{ List, Add, Approve, Export string }{List: "dybf:list", Add: "dybf:add", Approve: "dybf:approve", Export: "dybf:export"}

// DictKind is the dictionary of the kinds of difficulty (帮扶对象's 困难类别).
const DictKind = "DYBF_KNLX"

// CfgThreshold is the setting holding the amount (元) above which a money
// record needs the 组织部: at or below it the 二级党委 approves.
const CfgThreshold = "aidApprovalThreshold"

// DefaultThreshold is the threshold's seeded value (元).
const DefaultThreshold = "2000.00"

// menus adds 党员帮扶 to the 党建信息库 directory: every manager reads its
// scope, registers cases and records (a money record as a proposal) and
// exports; the 二级党委 and the 组织部 approve money. Members get nothing.
func menus() []system.MenuSeed {
	managers := []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}
	approvers := []string{system.RoleOrgDept, system.RoleCommittee}
	button := func(title, perm string, roles ...string) system.MenuSeed {
		return system.MenuSeed{Title: title, Type: system.MenuButton, Permission: perm, Roles: roles}
	}
	return []system.MenuSeed{{Title: "党员帮扶", Name: "Dybf", Path: "dybf", Component: "party/dybf", Icon: "heart", Type: system.MenuPage,
		Roles: managers, Children: []system.MenuSeed{
			button("查询", Perms.List, managers...),
			button("登记", Perms.Add, managers...),
			button("审批", Perms.Approve, approvers...),
			button("导出", Perms.Export, managers...),
		}}}
}

// dictUses declares the columns holding dictionary codes.
func dictUses() []module.DictUse {
	return []module.DictUse{{Dict: DictKind, Table: "aid_case", Column: "kind"}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx,
		// 帮扶对象: a member in difficulty, from since until resolved.
		`CREATE TABLE aid_case (
			id {{pk}},
			member_id BIGINT NOT NULL,
			member_name VARCHAR(50) NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			kind VARCHAR(16) NOT NULL,
			description VARCHAR(1000) NOT NULL,
			since_on DATE NOT NULL,
			until_on DATE,
			state VARCHAR(16) NOT NULL,
			created_by VARCHAR(64) NOT NULL,
			{{stamps}})`,
		`CREATE INDEX idx_aid_case_org ON aid_case(org_id, state)`,
		`CREATE INDEX idx_aid_case_member ON aid_case(member_id, state)`,
		`CREATE INDEX idx_aid_case_kind ON aid_case(kind)`,
		// 帮扶记录: a visit, money (approved before it counts) or in-kind help.
		// committee_id is the member's 二级党委 when registered (the totals
		// group by it); needs_school says the amount exceeded the threshold.
		`CREATE TABLE aid_record (
			id {{pk}},
			member_id BIGINT NOT NULL,
			member_name VARCHAR(50) NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			committee_id BIGINT,
			kind VARCHAR(16) NOT NULL,
			occasion VARCHAR(16) NOT NULL DEFAULT '',
			year INT NOT NULL,
			aid_on DATE NOT NULL,
			fen BIGINT NOT NULL DEFAULT 0,
			visitors VARCHAR(200) NOT NULL DEFAULT '',
			note VARCHAR(1000) NOT NULL DEFAULT '',
			state VARCHAR(16) NOT NULL,
			needs_school BOOLEAN NOT NULL DEFAULT FALSE,
			proposed_by VARCHAR(64) NOT NULL,
			proposer_id BIGINT,
			proposer_org_id BIGINT,
			decided_by VARCHAR(64) NOT NULL DEFAULT '',
			decided_at TIMESTAMP,
			remark VARCHAR(500) NOT NULL DEFAULT '',
			{{stamps}})`,
		`CREATE INDEX idx_aid_record_org ON aid_record(org_id, year, state)`,
		`CREATE INDEX idx_aid_record_year ON aid_record(year, committee_id, kind)`,
		`CREATE INDEX idx_aid_record_visit ON aid_record(member_id, year, kind, occasion)`)
	if err != nil {
		return err
	}
	if err := system.InsertDicts(ctx, tx, []dictseed.Dict{{Name: DictKind, Description: "党员帮扶困难类别", Items: []dictseed.Item{
		{Value: "1", Label: "患病"}, {Value: "2", Label: "受灾"}, {Value: "3", Label: "生活困难"}, {Value: "4", Label: "残疾"},
		{Value: "5", Label: "老党员"}, {Value: "9", Label: "其他"}}}}); err != nil {
		return err
	}
	if err := system.InsertSetting(ctx, tx, CfgThreshold, DefaultThreshold, "帮扶金审批额度（元）", "aid", system.KindText,
		"单笔帮扶金不超过此金额由二级党委审批，超过此金额须由组织部审批"); err != nil {
		return err
	}
	return system.AddPages(ctx, tx, org.PartyMenuPath, menus())
}
