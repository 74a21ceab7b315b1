package appraisal

import (
	"context"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/orglife"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Migrations of 民主评议党员 (versions 2026120510..19 are ours; after the
// ballot engine's and organisation life's, whose 组织生活 directory holds
// the page).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120510, Name: "appraisal: mzpy_round, mzpy_member, settings, menus", Up: migrate}}
}

// Permissions: see the rounds and the progress of the scope; open rounds
// for branches (二级党委, 组织部); open and close a branch's vote; decide the
// grades and the follow-ups; export; write one's own personal summary.
const (
	PermList   = "mzpy:list"
	PermOpen   = "mzpy:open"
	PermVote   = "mzpy:vote"
	PermDecide = "mzpy:decide"
	PermExport = "mzpy:export"
	PermSelf   = "mzpy:self"
)

// Settings (系统参数) and their defaults.
const (
	// CfgExcellentShare is the largest share of the graded members that
	// may be graded 优秀, as a fraction ("1/3": RULES §4, 优秀 normally ≤ 1/3).
	CfgExcellentShare     = "appraisal.excellentShare"
	DefaultExcellentShare = "1/3"
	// CfgSummaryMin and CfgSummaryMax bound a personal summary (字数).
	CfgSummaryMin     = "appraisal.summaryMin"
	DefaultSummaryMin = 300
	CfgSummaryMax     = "appraisal.summaryMax"
	DefaultSummaryMax = 3000
)

// Component is the management page; Page its menu path under 组织生活.
const (
	Component = "orglife/mzpy"
	pageSort  = 78
)

// TrailModule is the rounds' module id in the change trail.
const TrailModule = 74

// menus: the page 民主评议党员 under 组织生活, and the hidden directory
// that grants every member their own summary (/mzpydy/self) and vote (/mzpydy).
func menus() []system.MenuSeed {
	organisers := []string{system.RoleOrgDept, system.RoleCommittee}
	managers := append([]string{system.RoleBranchSecretary}, organisers...)
	button := func(title, perm string, roles ...string) system.MenuSeed {
		return system.MenuSeed{Title: title, Type: system.MenuButton, Permission: perm, Roles: roles}
	}
	return []system.MenuSeed{{Title: "民主评议党员", Name: "Mzpy", Path: "mzpy", Component: Component, Icon: "team", Type: system.MenuPage,
		Roles: managers, Children: []system.MenuSeed{
			button("查询", PermList, managers...),
			button("开展评议", PermOpen, organisers...),
			button("组织投票", PermVote, managers...),
			button("评定等次", PermDecide, managers...),
			button("导出", PermExport, managers...),
		}}}
}

// mineMenus is the hidden directory of the members' own pages.
func mineMenus() []system.MenuSeed {
	all := []string{system.RoleMember, system.RoleBranchSecretary, system.RoleCommittee, system.RoleOrgDept}
	return []system.MenuSeed{{Title: "民主评议（党员）", Path: "/mzpydy-mine", Component: "Layout", Type: system.MenuDir,
		Workbench: system.WorkbenchParty, Hidden: true, Roles: all,
		Children: []system.MenuSeed{{Title: "个人总结与投票", Type: system.MenuButton, Permission: PermSelf, Roles: all}}}}
}

func allMenus() []system.MenuSeed { return append(mineMenus(), menus()...) }

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE mzpy_round (
			id {{pk}},
			year INT NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			state VARCHAR(8) NOT NULL,
			meeting_id BIGINT NULL,
			ballot_id BIGINT NULL,
			votes INT NOT NULL DEFAULT 0,
			issued INT NOT NULL DEFAULT 0,
			cast_count INT NOT NULL DEFAULT 0,
			opened_by VARCHAR(50) NOT NULL DEFAULT '',
			voting_at TIMESTAMP NULL,
			closed_at TIMESTAMP NULL,
			closes_at TIMESTAMP NULL,
			decided_by VARCHAR(50) NOT NULL DEFAULT '',
			decided_at TIMESTAMP NULL,
			excellent INT NOT NULL DEFAULT 0,
			unqualified INT NOT NULL DEFAULT 0,
			{{stamps}})`,
		// One round a year per branch, whoever opened it.
		`CREATE UNIQUE INDEX uq_mzpy_round ON mzpy_round(org_id, year)`,
		`CREATE INDEX idx_mzpy_round_year ON mzpy_round(year, state)`,
		`CREATE TABLE mzpy_member (
			id {{pk}},
			round_id BIGINT NOT NULL REFERENCES mzpy_round(id),
			member_id BIGINT NOT NULL REFERENCES dyjbxx(id),
			name VARCHAR(50) NOT NULL,
			probation BOOLEAN NOT NULL DEFAULT FALSE,
			active BOOLEAN NOT NULL DEFAULT TRUE,
			summary TEXT NOT NULL DEFAULT '',
			summary_state SMALLINT NOT NULL DEFAULT 0,
			saved_at TIMESTAMP NULL,
			submitted_at TIMESTAMP NULL,
			n_excellent INT NOT NULL DEFAULT 0,
			n_qualified INT NOT NULL DEFAULT 0,
			n_basic INT NOT NULL DEFAULT 0,
			n_unqualified INT NOT NULL DEFAULT 0,
			proposed VARCHAR(12) NOT NULL DEFAULT '',
			grade VARCHAR(12) NOT NULL DEFAULT '',
			reason VARCHAR(500) NOT NULL DEFAULT '',
			follow_up VARCHAR(12) NOT NULL DEFAULT '',
			follow_note VARCHAR(500) NOT NULL DEFAULT '',
			follow_due DATE NULL,
			follow_by VARCHAR(50) NOT NULL DEFAULT '',
			follow_at TIMESTAMP NULL,
			transfer_id BIGINT NULL,
			{{stamps}})`,
		`CREATE UNIQUE INDEX uq_mzpy_member ON mzpy_member(round_id, member_id)`,
		// The member's detail tab and /mzpydy/self find their rows by member.
		`CREATE INDEX idx_mzpy_member_member ON mzpy_member(member_id)`,
		// The follow-up list: the members graded 不合格.
		`CREATE INDEX idx_mzpy_member_grade ON mzpy_member(grade, round_id)`)
	if err != nil {
		return err
	}
	for _, st := range []struct{ key, value, name, kind, remark string }{
		{CfgExcellentShare, DefaultExcellentShare, "民主评议党员：优秀等次比例上限", system.KindText,
			"优秀等次占参评（正式）党员人数的最高比例，分数形式，如 1/3（默认，按人数向下取整：3人最多1名，6人最多2名）"},
		{CfgSummaryMin, strconv.Itoa(DefaultSummaryMin), "民主评议党员：个人总结最少字数", system.KindInt, "个人总结提交时的最少字数（默认300）"},
		{CfgSummaryMax, strconv.Itoa(DefaultSummaryMax), "民主评议党员：个人总结最多字数", system.KindInt, "个人总结的最多字数（默认3000，不超过20000）"},
	} {
		if err := system.InsertSetting(ctx, tx, st.key, st.value, st.name, "orglife", st.kind, st.remark); err != nil {
			return err
		}
	}
	if _, err := system.InsertMenus(ctx, tx, nil, mineMenus()); err != nil {
		return err
	}
	if err := system.AddPages(ctx, tx, orglife.MenuDir, menus()); err != nil {
		return err
	}
	return system.SortPage(ctx, tx, Component, pageSort)
}
