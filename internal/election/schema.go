package election

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/system"
)

// Migrations of the elections (versions 2026120520..29 are ours; they run
// after the ballot engine's and the organisation base's).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120520, Name: "election: xj_election, xj_candidate, xj_vote, xj_congress, xj_unit, xj_nomination, menus, chain", Up: migrate}}
}

// Permissions of 换届选举: see the elections of the scope, make and resubmit
// a plan, hold the vote and report the result, approve a plan and confirm a
// result as the higher committee.
const (
	PermList    = "hjxj:list"
	PermAdd     = "hjxj:add"
	PermVote    = "hjxj:vote"
	PermApprove = "hjxj:approve"
)

// Permissions of 党代表选举: see, set up a congress and its constituencies,
// nominate (a branch), hold a constituency's vote, export the representatives.
const (
	PermCongressList   = "ddbxj:list"
	PermCongressAdd    = "ddbxj:add"
	PermNominate       = "ddbxj:nominate"
	PermCongressVote   = "ddbxj:vote"
	PermCongressExport = "ddbxj:export"
)

// Pages (components under web/src/pages).
const (
	pageElection = "party/hjxj"
	pageCongress = "party/ddbxj"
)

// FlowKey is the 换届选举 workflow's key.
const FlowKey = "hjxj"

// The workflow's steps: the higher committee approves the plan (approve) or
// returns it to the organiser (resubmit); after the vote the organiser
// reports the result (report) and the higher committee confirms it (confirm)
// or returns it to the vote.
const (
	StepResubmit = "resubmit"
	StepApprove  = "approve"
	StepReport   = "report"
	StepConfirm  = "confirm"
)

// higher are the organisation types that approve an election: the nearest
// 党委 (二级党委, or the school's) above the electing organisation.
var higher = []string{org.TypeCommittee, org.TypeSecondaryCommittee}

// every organisation type but a party group (which has no committee).
var every = []string{org.TypeCommittee, org.TypeSecondaryCommittee, org.TypeGeneralBranch, org.TypeDirectBranch, org.TypeBranch}

// chains: one chain for every type; the higher committee's steps act above
// the electing organisation (Workflow.OrgAt), so a committee never approves
// its own election.
var chains = []flow.Chain{{OrgType: flow.AnyType, Links: []flow.Link{
	{Step: StepResubmit, Acting: every, Role: "选举单位"},
	{Step: StepApprove, Acting: higher, Role: "上级党委"},
	{Step: StepReport, Acting: every, Role: "选举单位"},
	{Step: StepConfirm, Acting: higher, Role: "上级党委"},
}}}

func button(title, perm string, roles ...string) system.MenuSeed {
	return system.MenuSeed{Title: title, Type: system.MenuButton, Permission: perm, Roles: roles}
}

// menus: 换届选举 for every level (a branch plans and votes, the committees
// above approve), 党代表选举 for the committees (the 组织部 sets a congress up,
// the 二级党委 vote, the branches nominate).
func menus() []system.MenuSeed {
	dept, committee, branch := system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary
	all := []string{dept, committee, branch}
	return []system.MenuSeed{
		{Title: "换届选举", Name: "Hjxj", Path: "hjxj", Component: pageElection, Icon: "solution", Type: system.MenuPage, Roles: all,
			Children: []system.MenuSeed{
				button("查询", PermList, all...),
				button("发起换届", PermAdd, all...),
				button("组织投票", PermVote, all...),
				button("审批", PermApprove, dept, committee),
			}},
		{Title: "党代表选举", Name: "Ddbxj", Path: "ddbxj", Component: pageCongress, Icon: "team", Type: system.MenuPage, Roles: all,
			Children: []system.MenuSeed{
				button("查询", PermCongressList, all...),
				button("新增", PermCongressAdd, dept),
				button("推荐提名", PermNominate, all...),
				button("组织投票", PermCongressVote, dept, committee),
				button("导出", PermCongressExport, dept, committee),
			}},
	}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE xj_election (
			id {{pk}},
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			parent_id BIGINT NOT NULL REFERENCES dzz(id),
			title VARCHAR(100) NOT NULL,
			seats INT NOT NULL,
			secretary BOOLEAN NOT NULL DEFAULT FALSE,
			method VARCHAR(8) NOT NULL,
			meeting_on DATE NOT NULL,
			note VARCHAR(500) NOT NULL DEFAULT '',
			state VARCHAR(12) NOT NULL,
			secretary_name VARCHAR(50) NOT NULL DEFAULT '',
			deputy_name VARCHAR(50) NOT NULL DEFAULT '',
			term_start DATE NULL,
			term_end DATE NULL,
			created_by VARCHAR(50) NOT NULL DEFAULT '',
			{{stamps}})`,
		`CREATE INDEX idx_xj_election_org ON xj_election(org_id, meeting_on)`,
		`CREATE INDEX idx_xj_election_state ON xj_election(state, meeting_on)`,
		`CREATE TABLE xj_candidate (
			id {{pk}},
			election_id BIGINT NOT NULL REFERENCES xj_election(id),
			member_id BIGINT NOT NULL REFERENCES dyjbxx(id),
			name VARCHAR(50) NOT NULL,
			sort INT NOT NULL DEFAULT 0,
			for_secretary BOOLEAN NOT NULL DEFAULT FALSE)`,
		`CREATE UNIQUE INDEX uq_xj_candidate ON xj_candidate(election_id, member_id)`,
		// A vote of an election or a constituency; one open at a time.
		`CREATE TABLE xj_vote (
			id {{pk}},
			owner_kind VARCHAR(4) NOT NULL,
			owner_id BIGINT NOT NULL,
			seq INT NOT NULL,
			round_id BIGINT NOT NULL REFERENCES ballot_round(id),
			seats INT NOT NULL,
			options TEXT NOT NULL,
			expected INT NOT NULL,
			present INT NOT NULL,
			state VARCHAR(8) NOT NULL,
			result TEXT NULL,
			opened_at TIMESTAMP NOT NULL,
			closed_at TIMESTAMP NULL)`,
		`CREATE UNIQUE INDEX uq_xj_vote ON xj_vote(owner_kind, owner_id, seq)`,
		`CREATE UNIQUE INDEX uq_xj_vote_round ON xj_vote(round_id)`,
		`CREATE TABLE xj_congress (
			id {{pk}},
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			title VARCHAR(100) NOT NULL,
			nominate_by DATE NOT NULL,
			note VARCHAR(500) NOT NULL DEFAULT '',
			created_by VARCHAR(50) NOT NULL DEFAULT '',
			{{stamps}})`,
		`CREATE INDEX idx_xj_congress_org ON xj_congress(org_id)`,
		`CREATE TABLE xj_unit (
			id {{pk}},
			congress_id BIGINT NOT NULL REFERENCES xj_congress(id),
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			quota INT NOT NULL,
			method VARCHAR(8) NOT NULL)`,
		`CREATE UNIQUE INDEX uq_xj_unit ON xj_unit(congress_id, org_id)`,
		`CREATE INDEX idx_xj_unit_org ON xj_unit(org_id)`,
		`CREATE TABLE xj_nomination (
			id {{pk}},
			unit_id BIGINT NOT NULL REFERENCES xj_unit(id),
			branch_id BIGINT NOT NULL REFERENCES dzz(id),
			member_id BIGINT NOT NULL REFERENCES dyjbxx(id),
			name VARCHAR(50) NOT NULL,
			reason VARCHAR(500) NOT NULL DEFAULT '',
			created_by VARCHAR(50) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL)`,
		`CREATE UNIQUE INDEX uq_xj_nomination ON xj_nomination(unit_id, member_id)`)
	if err != nil {
		return err
	}
	if err := flow.SeedChains(ctx, tx, FlowKey, chains); err != nil {
		return err
	}
	return system.AddPages(ctx, tx, org.PartyMenuPath, menus())
}
