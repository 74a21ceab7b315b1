package imports

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Migrations of the import framework (versions 2026112350..59 are ours).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026112350, Name: "import batches and staged rows", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx,
			`CREATE TABLE imp_batch (
				id {{pk}},
				kind VARCHAR(32) NOT NULL,
				file_name VARCHAR(255) NOT NULL DEFAULT '',
				state INTEGER NOT NULL,
				total INTEGER NOT NULL DEFAULT 0,
				new_count INTEGER NOT NULL DEFAULT 0,
				changed_count INTEGER NOT NULL DEFAULT 0,
				unchanged_count INTEGER NOT NULL DEFAULT 0,
				invalid_count INTEGER NOT NULL DEFAULT 0,
				created_by BIGINT NOT NULL,
				created_at TIMESTAMP NOT NULL,
				committed_at TIMESTAMP NULL)`,
			// A user's batches of a kind, newest first.
			`CREATE INDEX idx_imp_batch_owner ON imp_batch(created_by, kind, created_at)`,
			`CREATE TABLE imp_row (
				id {{pk}},
				batch_id BIGINT NOT NULL REFERENCES imp_batch(id) ON DELETE CASCADE,
				row_no INTEGER NOT NULL,
				status VARCHAR(16) NOT NULL DEFAULT '',
				cells TEXT NOT NULL,
				errors TEXT NOT NULL,
				changes TEXT NOT NULL,
				target_id BIGINT NULL)`,
			// A batch's rows of a status in file order (the row list and its filter).
			`CREATE INDEX idx_imp_row_batch ON imp_row(batch_id, status, row_no)`,
			// All of a batch's rows in file order.
			`CREATE INDEX idx_imp_row_batch_no ON imp_row(batch_id, row_no)`,
		)
	}}}
}
