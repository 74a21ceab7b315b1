// Package seq is the one allocator of yearly document numbers (转接介绍信
// numbers, 党费 receipt numbers): a counter row per (key, year) in
// sys_seq, made or moved by one statement inside the caller's transaction,
// so concurrent allocations each get their own, consecutive number and a
// rolled-back transaction gives its number back. On PostgreSQL the second
// writer waits on the row the first updated and reads its result; SQLite
// runs the writers one after the other.
package seq

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Next is the next number of key's year (1 for the year's first), taken
// in idb (the caller's transaction: the number is the caller's only if it
// commits).
func Next(ctx context.Context, idb bun.IDB, key string, year int) (int64, error) {
	var last []int64
	err := idb.NewRaw(`INSERT INTO sys_seq (seq_key, year, last_no) VALUES (?, ?, 1)
		ON CONFLICT (seq_key, year) DO UPDATE SET last_no = sys_seq.last_no + 1 RETURNING last_no`, key, year).Scan(ctx, &last)
	if err != nil || len(last) != 1 {
		return 0, fmt.Errorf("seq: next %s of %d: %v", key, year, err)
	}
	return last[0], nil
}

// Migrations creates sys_seq. Modules whose counters lived in a table of
// their own move them in a migration of theirs (Adopt).
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120200, Name: "platform: yearly number counters (sys_seq)", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx, `CREATE TABLE sys_seq (seq_key VARCHAR(40) NOT NULL, year INTEGER NOT NULL,
			last_no BIGINT NOT NULL, PRIMARY KEY (seq_key, year))`)
	}}}
}

// Adopt moves a module's old counter table (one row per year, columns year
// and lastCol) into key's counters and drops it, so numbering goes on
// where it stopped. Table and column are the module's literals, never input.
func Adopt(ctx context.Context, tx bun.Tx, key, table, lastCol string) error {
	if _, err := tx.NewRaw(`INSERT INTO sys_seq (seq_key, year, last_no) SELECT ?, year, ? FROM ?`,
		key, bun.Ident(lastCol), bun.Ident(table)).Exec(ctx); err != nil {
		return err
	}
	_, err := tx.NewRaw("DROP TABLE ?", bun.Ident(table)).Exec(ctx)
	return err
}
