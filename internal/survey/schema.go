package survey

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Migrations of the questionnaires (versions 2026120530..39 and 80 are ours; after
// the ballot engine's, whose rounds an anonymous questionnaire opens).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120530, Name: "survey: wj_questionnaire, wj_roll, wj_answer, wj_mark, menus", Up: migrate},
		// Before orglife's 2026120581, which drops zzsh_receipt.
		{Version: 2026120580, Name: "survey: the meeting receipts become questionnaires (wj_questionnaire.meeting_id)", Up: migrateReceipts}}
}

// Permissions of 问卷管理.
const (
	PermList    = "wj:list"
	PermAdd     = "wj:add"
	PermEdit    = "wj:edit"
	PermDel     = "wj:del"
	PermPublish = "wj:publish"
	PermStop    = "wj:stop"
	PermResult  = "wj:result"
	PermExport  = "wj:export"
)

// MenuDir is the 组织生活 directory (package talk seeds it).
const MenuDir = "/orglife"

const page = "orglife/wj"

// menus is the page 问卷管理 under 组织生活, for the 组织部, the 二级党委
// and the branch secretaries (each within their scope).
func menus() []system.MenuSeed {
	roles := []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary}
	button := func(title, perm string) system.MenuSeed {
		return system.MenuSeed{Title: title, Type: system.MenuButton, Permission: perm, Roles: roles}
	}
	return []system.MenuSeed{{Title: "问卷管理", Name: "Wjgl", Path: "wj", Component: page, Icon: "form", Type: system.MenuPage,
		Roles: roles, Children: []system.MenuSeed{
			button("查询", PermList), button("新增", PermAdd), button("编辑", PermEdit), button("删除", PermDel),
			button("发布", PermPublish), button("停止", PermStop), button("查看结果", PermResult), button("导出", PermExport),
		}}}
}

func migrate(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE wj_questionnaire (
			id {{pk}},
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			title VARCHAR(500) NOT NULL,
			paper TEXT NOT NULL,
			anonymous BOOLEAN NOT NULL DEFAULT FALSE,
			share_type SMALLINT NOT NULL,
			targets TEXT NOT NULL,
			state SMALLINT NOT NULL DEFAULT 0,
			closes_at TIMESTAMP NULL,
			link_token VARCHAR(64) NULL,
			round_id BIGINT NULL REFERENCES ballot_round(id),
			audience INT NOT NULL DEFAULT 0,
			codes INT NOT NULL DEFAULT 0,
			answered INT NOT NULL DEFAULT 0,
			created_by VARCHAR(50) NOT NULL DEFAULT '',
			published_at TIMESTAMP NULL,
			stopped_at TIMESTAMP NULL,
			{{stamps}})`,
		`CREATE UNIQUE INDEX uq_wj_questionnaire_token ON wj_questionnaire(link_token)`,
		`CREATE INDEX idx_wj_questionnaire_org ON wj_questionnaire(org_id, state)`,
		`CREATE INDEX idx_wj_questionnaire_created ON wj_questionnaire(created_at)`,
		// The accounts a named questionnaire was sent to (an anonymous one's
		// roll is the engine's).
		`CREATE TABLE wj_roll (
			questionnaire_id BIGINT NOT NULL REFERENCES wj_questionnaire(id) ON DELETE CASCADE,
			account_id BIGINT NOT NULL,
			PRIMARY KEY (questionnaire_id, account_id))`,
		// Named answers: one per account and per member.
		`CREATE TABLE wj_answer (
			id {{pk}},
			questionnaire_id BIGINT NOT NULL REFERENCES wj_questionnaire(id) ON DELETE CASCADE,
			account_id BIGINT NULL,
			member_id BIGINT NULL,
			name VARCHAR(50) NOT NULL DEFAULT '',
			marks TEXT NOT NULL,
			created_at TIMESTAMP NOT NULL)`,
		`CREATE UNIQUE INDEX uq_wj_answer_account ON wj_answer(questionnaire_id, account_id)`,
		`CREATE UNIQUE INDEX uq_wj_answer_member ON wj_answer(questionnaire_id, member_id)`,
		// A named answer's marks, one row each, for the results: counted per
		// item and choice from the covering index (first_mark: the first of
		// its item in its answer, so an item's answers are counted too).
		`CREATE TABLE wj_mark (
			answer_id BIGINT NOT NULL REFERENCES wj_answer(id) ON DELETE CASCADE,
			questionnaire_id BIGINT NOT NULL,
			item VARCHAR(81) NOT NULL,
			choice VARCHAR(40) NOT NULL DEFAULT '',
			text VARCHAR(2000) NOT NULL DEFAULT '',
			first_mark BOOLEAN NOT NULL)`,
		`CREATE INDEX idx_wj_mark_count ON wj_mark(questionnaire_id, item, choice, first_mark)`,
		`CREATE INDEX idx_wj_mark_answer ON wj_mark(answer_id)`)
	if err != nil {
		return err
	}
	return system.AddPages(ctx, tx, MenuDir, menus())
}
