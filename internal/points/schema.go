package points

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Migrations of the points domain (versions 2026121230..39 are ours; they
// run after the member and organisation-life tables they name by id).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121230, Name: "points: jf_rule, jf_entry, jf_ref, jf_total, jf_manual, menu", Up: migrate},
		honoursMigration()}
}

// Perms are the points permissions (the buttons the migration seeds).
var Perms = struct{ List, Rule, Export, Propose, Approve string }{
	List: "jf:list", Rule: "jf:rule", Export: "jf:export", Propose: "jf:propose", Approve: "jf:approve"}

// menus adds 党员积分 to the 党建信息库 directory. Every manager reads the
// ledger of its scope; a branch proposes manual entries, a 二级党委 (and
// the organisation department) approves them; the school's rules are the
// organisation department's.
func menus() []system.MenuSeed {
	managers := []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}
	approvers := []string{system.RoleOrgDept, system.RoleCommittee}
	button := func(title, perm string, roles ...string) system.MenuSeed {
		return system.MenuSeed{Title: title, Type: system.MenuButton, Permission: perm, Roles: roles}
	}
	return []system.MenuSeed{{Title: "党员积分", Name: "Dyjf", Path: "dyjf", Component: "party/dyjf", Icon: "trophy", Type: system.MenuPage,
		Roles: managers, Children: []system.MenuSeed{
			button("查询", Perms.List, managers...),
			button("导出", Perms.Export, managers...),
			button("申报积分", Perms.Propose, managers...),
			button("审核积分", Perms.Approve, approvers...),
			button("积分规则", Perms.Rule, system.RoleOrgDept),
		}}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx,
		// One row per rule (key): the school's points per event.
		`CREATE TABLE jf_rule (rule_key VARCHAR(32) PRIMARY KEY, points INT NOT NULL, updated_at TIMESTAMP NOT NULL)`,
		// The ledger: every entry once per (source, source event, member).
		`CREATE TABLE jf_entry (
			id {{pk}},
			member_id BIGINT NOT NULL,
			member_name VARCHAR(50) NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			year INT NOT NULL,
			points INT NOT NULL,
			kind VARCHAR(16) NOT NULL,
			source VARCHAR(16) NOT NULL,
			event_key VARCHAR(100) NOT NULL,
			ref VARCHAR(60) NOT NULL DEFAULT '',
			text VARCHAR(300) NOT NULL,
			created_at TIMESTAMP NOT NULL)`,
		`CREATE UNIQUE INDEX ux_jf_entry_event ON jf_entry(source, event_key, member_id)`,
		`CREATE INDEX idx_jf_entry_member ON jf_entry(member_id, year)`,
		`CREATE INDEX idx_jf_entry_org ON jf_entry(org_id, year)`,
		// What one source record (a meeting attended) stands at for a member
		// now: the newest revision heard and the points it gave.
		`CREATE TABLE jf_ref (
			source VARCHAR(16) NOT NULL,
			ref VARCHAR(60) NOT NULL,
			member_id BIGINT NOT NULL,
			revision BIGINT NOT NULL,
			points INT NOT NULL,
			PRIMARY KEY (source, ref, member_id))`,
		// A member's total of a year, kept by the same transaction as the
		// entries (the rankings read it).
		`CREATE TABLE jf_total (
			member_id BIGINT NOT NULL,
			year INT NOT NULL,
			member_name VARCHAR(50) NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			points INT NOT NULL,
			PRIMARY KEY (member_id, year))`,
		`CREATE INDEX idx_jf_total_org ON jf_total(year, org_id, points)`,
		// Manual entries proposed by a branch, decided by a 二级党委.
		`CREATE TABLE jf_manual (
			id {{pk}},
			member_id BIGINT NOT NULL,
			member_name VARCHAR(50) NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			kind VARCHAR(16) NOT NULL,
			points INT NOT NULL,
			reason VARCHAR(500) NOT NULL,
			earned_on DATE NOT NULL,
			state VARCHAR(16) NOT NULL,
			proposed_by VARCHAR(64) NOT NULL,
			proposer_org_id BIGINT,
			decided_by VARCHAR(64) NOT NULL DEFAULT '',
			decided_at TIMESTAMP,
			remark VARCHAR(500) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_jf_manual_org ON jf_manual(org_id, state)`)
	if err != nil {
		return err
	}
	return system.AddPages(ctx, tx, org.PartyMenuPath, menus())
}
