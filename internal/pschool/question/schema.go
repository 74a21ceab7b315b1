package question

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/search"
	"zhdj/internal/pschool/school"
	"zhdj/internal/system"
)

// Migrations of the question bank (versions 2026120610..19 are ours; they
// run after the party school's directory, 2026120600).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120610, Name: "question bank: dx_question, dx_question_tag", Up: migrate},
		{Version: 2026120611, Name: "question bank: the page 题库 under 党校", Up: addPage},
		search.Migration(2026120612, "question bank: text-search index of the stems", stemSearch)}
}

// Perms are the question bank's permissions: tk:list, tk:add, tk:edit,
// tk:del, tk:import, tk:export.
var Perms = resource.PermsFor("tk")

// staff are the roles that keep a bank: the organisation department (the
// university party school's) and the secondary committees (their branch
// schools').
var staff = []string{system.RoleOrgDept, system.RoleCommittee}

// menus is the page 题库 under 党校 with its buttons.
func menus() []system.MenuSeed {
	return []system.MenuSeed{{Title: "题库", Name: "DxTk", Path: "tk", Component: "dx/tk", Icon: "profile", Type: system.MenuPage,
		Roles: staff, Children: system.Granted(system.Buttons("tk", "list", "add", "edit", "del", "import", "export"), staff...)}}
}

func addPage(ctx context.Context, tx bun.Tx) error {
	return system.AddPages(ctx, tx, school.MenuDir, menus())
}

// stemSearch is the text-search index of the list's keyword box (the stem):
// a bank grows to thousands of questions, searched by a phrase of one.
var stemSearch = search.Index{Table: "dx_question", Columns: []string{"stem"}}

func migrate(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx, `CREATE TABLE dx_question (
			id {{pk}},
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			type INTEGER NOT NULL,
			stem VARCHAR(2000) NOT NULL,
			options TEXT NOT NULL DEFAULT '[]',
			answer VARCHAR(2000) NOT NULL,
			analysis VARCHAR(2000) NOT NULL DEFAULT '',
			tags VARCHAR(400) NOT NULL DEFAULT '',
			difficulty INTEGER NOT NULL,
			enabled BOOLEAN NOT NULL DEFAULT TRUE,
			{{stamps}})`,
		// The list and the draws: a school's questions by type and difficulty.
		`CREATE INDEX idx_dx_question_org ON dx_question(org_id, type, difficulty)`,
		`CREATE TABLE dx_question_tag (
			question_id BIGINT NOT NULL REFERENCES dx_question(id) ON DELETE CASCADE,
			tag VARCHAR(30) NOT NULL,
			PRIMARY KEY (question_id, tag))`,
		// The tag filter and the draws by tag.
		`CREATE INDEX idx_dx_question_tag_tag ON dx_question_tag(tag, question_id)`)
}
