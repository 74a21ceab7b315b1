package xbry

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// Migrations of 选拔任用纪实 (versions 2026121060..69 are ours; they run
// after the cadre base's and 职数管理's, whose posts a selection fills).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121060, Name: "cadre selection: gb_xbry, gb_xbry_candidate, chain, menus", Up: migrate}}
}

// FlowKey names the workflow in the flow tables and the to-dos.
const FlowKey = "gbxbry"

// MenuDir is the cadre base's directory 干部管理.
const MenuDir = "/gb"

// Perms are gbxbry:list, gbxbry:add (发起动议), gbxbry:edit (修改动议),
// gbxbry:del (删除 a selection not yet recommended on, 终止 one under way)
// and gbxbry:export.
var Perms = resource.PermsFor("gbxbry")

// Step permissions: the cadre office's steps (民主推荐, 考察, 任前公示,
// 试用期满考核) and the committee's decisions entered by it (讨论决定, 任职).
const (
	PermHandle = "gbxbry:handle"
	PermDecide = "gbxbry:decide"
)

var roles = []string{system.RoleCadreAdmin, system.RoleOrgDept}

// chains: every selection is the school's, acted on at its party committee
// (the root 党委) by the organisation department (组织部, the cadre office)
// and, for the decisions, recorded for the committee (党委).
var chains = []flow.Chain{{OrgType: flow.AnyType, Links: []flow.Link{
	{Step: StepRecommend, Acting: []string{org.TypeCommittee}, Role: "党委组织部"},
	{Step: StepInspect, Acting: []string{org.TypeCommittee}, Role: "考察组"},
	{Step: StepDecide, Acting: []string{org.TypeCommittee}, Role: "党委"},
	{Step: StepPublicize, Acting: []string{org.TypeCommittee}, Role: "党委组织部"},
	{Step: StepAppoint, Acting: []string{org.TypeCommittee}, Role: "党委"},
	{Step: StepReview, Acting: []string{org.TypeCommittee}, Role: "党委组织部"},
}}}

// menus is the page 选拔任用 under 干部管理.
func menus() []system.MenuSeed {
	return []system.MenuSeed{{Title: "选拔任用", Name: "Gbxbry", Path: "xbry", Component: "gb/xbry", Icon: "solution", Type: system.MenuPage,
		Roles: roles, Children: system.Granted(system.Buttons("gbxbry", "list", "add", "edit", "del", "export", "handle", "decide"), roles...)}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	// unit_id is a sys_dept id; position_id a 职数管理 post and appointee_id,
	// cadre_id and document_id rows of the cadre base and 职数管理: those
	// packages own their tables and are asked through their Go APIs, so no
	// foreign key names them here.
	err := db.DDL(ctx, tx, `CREATE TABLE gb_xbry (
			id {{pk}},
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			title VARCHAR(100) NOT NULL,
			unit_id BIGINT NOT NULL REFERENCES sys_dept(id),
			position_id BIGINT NOT NULL,
			position_name VARCHAR(100) NOT NULL,
			level VARCHAR(16) NOT NULL DEFAULT '',
			elected BOOLEAN NOT NULL DEFAULT FALSE,
			motion_on DATE NOT NULL,
			motion_by VARCHAR(100) NOT NULL,
			reason VARCHAR(2000) NOT NULL DEFAULT '',
			conditions VARCHAR(2000) NOT NULL DEFAULT '',
			state VARCHAR(16) NOT NULL,
			rec_on DATE NULL,
			rec_method VARCHAR(16) NOT NULL DEFAULT '',
			rec_expected INTEGER NOT NULL DEFAULT 0,
			rec_present INTEGER NOT NULL DEFAULT 0,
			insp_team VARCHAR(1000) NOT NULL DEFAULT '',
			insp_from DATE NULL,
			insp_to DATE NULL,
			insp_talks INTEGER NOT NULL DEFAULT 0,
			insp_report TEXT NOT NULL DEFAULT '',
			meet_on DATE NULL,
			meet_name VARCHAR(100) NOT NULL DEFAULT '',
			meet_total INTEGER NOT NULL DEFAULT 0,
			meet_present INTEGER NOT NULL DEFAULT 0,
			meet_agree INTEGER NOT NULL DEFAULT 0,
			appointee_id BIGINT NULL,
			appointee_name VARCHAR(50) NOT NULL DEFAULT '',
			pub_from DATE NULL,
			pub_to DATE NULL,
			pub_result VARCHAR(2000) NOT NULL DEFAULT '',
			document_id BIGINT NULL,
			doc_no VARCHAR(50) NOT NULL DEFAULT '',
			appoint_on DATE NULL,
			promotion BOOLEAN NOT NULL DEFAULT FALSE,
			probation_until DATE NULL,
			review_on DATE NULL,
			review_result VARCHAR(16) NOT NULL DEFAULT '',
			review_note VARCHAR(2000) NOT NULL DEFAULT '',
			created_by VARCHAR(64) NOT NULL DEFAULT '',
			{{stamps}})`,
		`CREATE INDEX idx_gb_xbry_unit ON gb_xbry(unit_id, motion_on)`,
		`CREATE INDEX idx_gb_xbry_state ON gb_xbry(state, motion_on)`,
		`CREATE INDEX idx_gb_xbry_motion ON gb_xbry(motion_on)`,
		`CREATE INDEX idx_gb_xbry_level ON gb_xbry(level)`,
		`CREATE TABLE gb_xbry_candidate (
			id {{pk}},
			selection_id BIGINT NOT NULL REFERENCES gb_xbry(id) ON DELETE CASCADE,
			sort INTEGER NOT NULL,
			cadre_id BIGINT NOT NULL,
			name VARCHAR(50) NOT NULL,
			unit_name VARCHAR(100) NOT NULL DEFAULT '',
			post VARCHAR(200) NOT NULL DEFAULT '',
			votes INTEGER NOT NULL DEFAULT 0,
			talk_votes INTEGER NOT NULL DEFAULT 0,
			inspected BOOLEAN NOT NULL DEFAULT FALSE)`,
		`CREATE UNIQUE INDEX uq_gb_xbry_candidate ON gb_xbry_candidate(selection_id, cadre_id)`)
	if err != nil {
		return err
	}
	if err := flow.SeedChains(ctx, tx, FlowKey, chains); err != nil {
		return err
	}
	return system.AddPages(ctx, tx, MenuDir, menus())
}
