package demo

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// index is a secondary index as the database itself states it.
type index struct {
	Name string `bun:"name"`
	DDL  string `bun:"ddl"`
}

// dropIndexes drops the secondary indexes of table that were created with
// CREATE INDEX (not those behind a PRIMARY KEY or UNIQUE constraint) and
// returns their definitions, read from the database's catalogue, so that
// restoreIndexes builds them again exactly as the migrations made them.
// Building an index once over a million rows is several times faster than
// updating it row by row in random order (blind indexes, names), which
// evicts SQLite's page cache again and again. Both databases run DDL in
// the transaction: a failed seed leaves the indexes as they were, and a
// duplicate that a UNIQUE index forbids still fails the seed.
func dropIndexes(ctx context.Context, tx bun.Tx, table string) ([]index, error) {
	var out []index
	var err error
	if db.IsPostgres(tx) {
		err = tx.NewRaw(`SELECT i.indexname AS name, i.indexdef AS ddl FROM pg_indexes AS i
			WHERE i.schemaname = current_schema() AND i.tablename = ?
			AND NOT EXISTS (SELECT 1 FROM pg_constraint AS c WHERE c.conname = i.indexname)
			ORDER BY i.indexname`, table).Scan(ctx, &out)
	} else {
		err = tx.NewRaw(`SELECT name, sql AS ddl FROM sqlite_master
			WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name`, table).Scan(ctx, &out)
	}
	if err != nil {
		return nil, fmt.Errorf("indexes of %s: %w", table, err)
	}
	for _, ix := range out {
		if _, err := tx.ExecContext(ctx, "DROP INDEX "+ix.Name); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// restoreIndexes builds the indexes dropIndexes dropped.
func restoreIndexes(ctx context.Context, tx bun.Tx, indexes []index) error {
	for _, ix := range indexes {
		if _, err := tx.ExecContext(ctx, ix.DDL); err != nil {
			return fmt.Errorf("index %s: %w", ix.Name, err)
		}
	}
	return nil
}
