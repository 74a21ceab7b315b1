package orglife

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// Migrations of the organisation-life domain (versions 2026120300..49 are
// ours; they run after the member and talk domains', whose tables dyjbxx and
// the 组织生活 menu directory they use).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120300, Name: "orglife: meeting types, meetings, attendees, menus", Up: migrate},
		{Version: 2026120340, Name: "orglife: the sign-in's late setting", Up: migrateSign},
		{Version: 2026120350, Name: "orglife: preparation of 组织生活会/民主生活会, rectification items and their ledger page", Up: migratePrepare},
		{Version: 2026120360, Name: "orglife: meeting receipts and the days to answer", Up: migrateReceipt},
		// After survey's 2026120580, which moves the answers to 问卷管理.
		{Version: 2026120581, Name: "orglife: zzsh_receipt dropped (the receipts are questionnaires)", Up: migrateReceiptGone}}
}

// Permissions: the meetings (hy:list, hy:add, …), their statistics and the
// meeting types (the organisation department's setting).
var (
	Perms           = resource.PermsFor("hy")
	PermStatsList   = "hytj:list"
	PermStatsExport = "hytj:export"
	PermTypesList   = "hylx:list"
	PermTypesEdit   = "hylx:edit"
)

// MenuDir is the 组织生活 directory (package talk seeds it).
const MenuDir = "/orglife"

// builtinTypes are the meetings RULES §4 asks for, with their requirement.
// Branches are 直属党支部 and 党支部; 民主生活会 is held by the leadership
// teams of the 党委 and the 二级党委s, never by a branch.
var builtinTypes = []MeetingType{
	{Code: TypeBranchGeneral, Name: "支部党员大会", OrgTypes: branches, Period: PeriodQuarter, MinCount: 1},
	{Code: TypeBranchCommittee, Name: "支部委员会", OrgTypes: branches, Period: PeriodMonth, MinCount: 1},
	{Code: TypeGroup, Name: "党小组会", OrgTypes: org.TypeGroup, Period: PeriodMonth, MinCount: 1},
	{Code: TypeLecture, Name: "党课", OrgTypes: branches, Period: PeriodQuarter, MinCount: 1},
	{Code: TypeThemeDay, Name: "主题党日", OrgTypes: branches, Period: PeriodMonth, MinCount: 1},
	{Code: TypeLifeMeeting, Name: "组织生活会", OrgTypes: branches, Period: PeriodYear, MinCount: 1},
	{Code: TypeDemocratic, Name: "民主生活会", OrgTypes: org.TypeCommittee + "," + org.TypeSecondaryCommittee, Period: PeriodYear, MinCount: 1},
}

// BuiltinTypes are the built-in types' codes and names, in the menu's order.
func BuiltinTypes() (codes []string, names map[string]string) {
	names = make(map[string]string, len(builtinTypes))
	for _, t := range builtinTypes {
		codes, names[t.Code] = append(codes, t.Code), t.Name
	}
	return codes, names
}

const branches = org.TypeDirectBranch + "," + org.TypeBranch

// menus are the pages added to 组织生活: one meeting page per built-in
// type (the page reads its type from its path), the school's own types,
// the statistics and the types' settings.
func menus() []system.MenuSeed {
	managers := []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}
	buttons := system.Granted(system.Buttons("hy", "list", "add", "edit", "del", "export"), managers...)
	page := func(title, name, path, icon string) system.MenuSeed {
		return system.MenuSeed{Title: title, Name: name, Path: path, Component: "orglife/meeting", Icon: icon, Type: system.MenuPage,
			Roles: managers, Children: buttons}
	}
	return []system.MenuSeed{
		{Title: "三会一课", Name: "Shyk", Path: "shyk", Icon: "schedule", Type: system.MenuDir, Roles: managers, Children: []system.MenuSeed{
			page("支部党员大会", "ShykZbdydh", "zbdydh", "team"),
			page("支部委员会", "ShykZbwyh", "zbwyh", "apartment"),
			page("党小组会", "ShykDxzh", "dxzh", "usergroup-add"),
			page("党课", "ShykDk", "dk", "read"),
		}},
		page("主题党日", "Ztdr", "ztdr", "flag"),
		page("组织生活会", "Zzshh", "zzshh", "solution"),
		page("民主生活会", "Mzshh", "mzshh", "audit"),
		page("其他会议", "Qthy", "qthy", "calendar"),
		{Title: "会议统计", Name: "Hytj", Path: "hytj", Component: "orglife/compliance", Icon: "bar-chart", Type: system.MenuPage, Roles: managers,
			Children: system.Granted(system.Buttons("hytj", "list", "export"), managers...)},
		{Title: "会议类型", Name: "Hylx", Path: "hylx", Component: "orglife/types", Icon: "setting", Type: system.MenuPage, Roles: []string{system.RoleOrgDept},
			Children: system.Granted(system.Buttons("hylx", "list", "edit"), system.RoleOrgDept)},
	}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE zzsh_meeting_type (
			id {{pk}},
			code VARCHAR(16) NOT NULL UNIQUE,
			name VARCHAR(50) NOT NULL,
			org_types VARCHAR(50) NOT NULL,
			period VARCHAR(8) NOT NULL DEFAULT '',
			min_count INT NOT NULL DEFAULT 0,
			counts_as VARCHAR(16) NOT NULL DEFAULT '',
			builtin BOOLEAN NOT NULL DEFAULT FALSE,
			enabled BOOLEAN NOT NULL DEFAULT TRUE,
			sort INT NOT NULL DEFAULT 0,
			{{stamps}})`,
		`CREATE TABLE zzsh_meeting (
			id {{pk}},
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			type_code VARCHAR(16) NOT NULL,
			topic VARCHAR(200) NOT NULL,
			starts_at TIMESTAMP NOT NULL,
			ends_at TIMESTAMP NOT NULL,
			held_on DATE NOT NULL,
			place VARCHAR(200) NOT NULL DEFAULT '',
			online BOOLEAN NOT NULL DEFAULT FALSE,
			host VARCHAR(50) NOT NULL DEFAULT '',
			recorder VARCHAR(50) NOT NULL DEFAULT '',
			lecturer VARCHAR(50) NOT NULL DEFAULT '',
			secretary_lecture BOOLEAN NOT NULL DEFAULT FALSE,
			agenda VARCHAR(2000) NOT NULL DEFAULT '',
			state SMALLINT NOT NULL DEFAULT 1,
			cancelled_at TIMESTAMP NULL,
			cancel_reason VARCHAR(500) NOT NULL DEFAULT '',
			minutes TEXT NOT NULL DEFAULT '',
			resolutions VARCHAR(2000) NOT NULL DEFAULT '',
			minutes_at TIMESTAMP NULL,
			sign_key VARCHAR(64) NOT NULL DEFAULT '',
			receipt BOOLEAN NOT NULL DEFAULT FALSE,
			published_at TIMESTAMP NULL,
			started_at TIMESTAMP NULL,
			closed_at TIMESTAMP NULL,
			{{stamps}})`,
		// The list is scoped by organisation and sorted by day; compliance
		// counts one organisation's (or the school's) meetings of a year by type.
		`CREATE INDEX idx_zzsh_meeting_org ON zzsh_meeting(org_id, held_on)`,
		`CREATE INDEX idx_zzsh_meeting_day ON zzsh_meeting(held_on)`,
		`CREATE INDEX idx_zzsh_meeting_type ON zzsh_meeting(type_code, held_on)`,
		`CREATE TABLE zzsh_attendee (
			id {{pk}},
			meeting_id BIGINT NOT NULL REFERENCES zzsh_meeting(id) ON DELETE CASCADE,
			member_id BIGINT NULL REFERENCES dyjbxx(id),
			name VARCHAR(50) NOT NULL,
			guest BOOLEAN NOT NULL DEFAULT FALSE,
			guest_title VARCHAR(100) NOT NULL DEFAULT '',
			join_type SMALLINT NOT NULL,
			join_reason SMALLINT NOT NULL DEFAULT 0,
			status VARCHAR(12) NOT NULL DEFAULT 'expected',
			signed_at TIMESTAMP NULL,
			sign_channel VARCHAR(8) NOT NULL DEFAULT '',
			leave_reason VARCHAR(500) NOT NULL DEFAULT '',
			leave_state SMALLINT NOT NULL DEFAULT 0,
			leave_decided_by VARCHAR(50) NOT NULL DEFAULT '',
			leave_decided_at TIMESTAMP NULL,
			{{stamps}})`,
		// One row per member and meeting: the sign-in's conditional update
		// marks it once however many scans race.
		`CREATE UNIQUE INDEX uq_zzsh_attendee_member ON zzsh_attendee(meeting_id, member_id)`,
		`CREATE INDEX idx_zzsh_attendee_member ON zzsh_attendee(member_id)`)
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	types := make([]MeetingType, len(builtinTypes))
	for i, t := range builtinTypes {
		t.Builtin, t.Enabled, t.Sort = true, true, (i+1)*10
		t.CreatedAt, t.UpdatedAt = now, now
		types[i] = t
	}
	if _, err := tx.NewInsert().Model(&types).Exec(ctx); err != nil {
		return err
	}
	if err := system.AddPages(ctx, tx, MenuDir, menus()); err != nil {
		return err
	}
	// AddPages numbers the new entries 20, 30, … after 谈心谈话 (10): it
	// moves between 其他会议 (60) and 会议统计 (70).
	return system.SortPage(ctx, tx, talkPage, 65)
}

// talkPage is the component of package talk's 谈心谈话 page.
const talkPage = "orglife/txth"
