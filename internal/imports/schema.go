package imports

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Migrations of the import framework (versions 2026112350..59 and 2026112420..29 are ours).
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
	}}, {Version: 2026112420, Name: "no plaintext staged rows; abandoned batches expire", Up: func(ctx context.Context, tx bun.Tx) error {
		// Staged rows used to keep every cell as typed, ID numbers and phones
		// included. The migration cannot reach the field key (it lives in the
		// data directory), so rather than encrypt them it deletes them: the rows
		// of imported batches (the batch stays as history) and every batch not
		// imported, whose file the user uploads again.
		if _, err := tx.ExecContext(ctx, `DELETE FROM imp_row`); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM imp_batch WHERE state <> ?`, StateImportEnd); err != nil {
			return err
		}
		return system.InsertSetting(ctx, tx, CfgBatchExpireDays, "7", "未导入批次保留天数", "security", "int",
			"上传后未确认导入的批次（含暂存数据）在此天数后自动删除")
	}}}
}
