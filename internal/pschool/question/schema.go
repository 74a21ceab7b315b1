package question

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Migrations of the question bank (versions 2026120610..19 are ours; they
// run after the party school's directory, 2026120600).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120610, Name: "question bank: dx_question, dx_question_tag", Up: migrate}}
}

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
