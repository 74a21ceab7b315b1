package tally_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/tally"
)

// counted is a sample table holding three rows before Keep starts to count it.
var counted = db.Migration{Version: 2026121299, Name: "tally: a counted sample table", Up: func(ctx context.Context, tx bun.Tx) error {
	if err := db.DDL(ctx, tx, `CREATE TABLE t_counted (id {{pk}}, name VARCHAR(20) NOT NULL)`,
		`INSERT INTO t_counted (name) VALUES ('a'), ('b'), ('c')`); err != nil {
		return err
	}
	return tally.Keep(ctx, tx, "t_counted")
}}

func newDB(t *testing.T) *bun.DB {
	t.Parallel()
	return db.NewTest(t, append(tally.Migrations(), counted))
}

func exec(t *testing.T, d bun.IDB, query string, args ...any) {
	t.Helper()
	if _, err := d.NewRaw(query, args...).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// mustCount is the tally, checked against COUNT(*) of the table.
func mustCount(t *testing.T, d *bun.DB, want int) {
	t.Helper()
	ctx := context.Background()
	got, err := tally.Count(ctx, d, "t_counted")
	if err != nil {
		t.Fatal(err)
	}
	actual, err := d.NewSelect().Table("t_counted").Count(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got != want || int(actual) != want {
		t.Fatalf("tally %d, COUNT(*) %d, want %d", got, actual, want)
	}
}

// The count starts from the rows already there and follows inserts of one
// and of many rows in a statement, deletes of one and of many, and updates
// (which move nothing).
func TestTallyFollowsInsertsAndDeletes(t *testing.T) {
	d := newDB(t)
	mustCount(t, d, 3)
	exec(t, d, `INSERT INTO t_counted (name) VALUES ('d')`)
	mustCount(t, d, 4)
	exec(t, d, `INSERT INTO t_counted (name) SELECT name || 'x' FROM t_counted`)
	mustCount(t, d, 8)
	exec(t, d, `UPDATE t_counted SET name = 'z' WHERE name = 'a'`)
	mustCount(t, d, 8)
	exec(t, d, `DELETE FROM t_counted WHERE name = 'b'`)
	mustCount(t, d, 7)
	exec(t, d, `DELETE FROM t_counted WHERE name LIKE '%x'`)
	mustCount(t, d, 3)
	exec(t, d, `DELETE FROM t_counted WHERE name = 'nobody'`)
	mustCount(t, d, 3)
	exec(t, d, `DELETE FROM t_counted`)
	mustCount(t, d, 0)
	if db.IsPostgres(d) {
		exec(t, d, `INSERT INTO t_counted (name) VALUES ('e'), ('f')`)
		mustCount(t, d, 2)
		exec(t, d, `TRUNCATE t_counted`)
		mustCount(t, d, 0)
		exec(t, d, `INSERT INTO t_counted (name) VALUES ('g')`)
		mustCount(t, d, 1)
	}
}

// A rolled-back transaction moves nothing; a committed one is seen by the
// next read, and not before its commit by another reader.
func TestTallyMovesWithItsTransaction(t *testing.T) {
	d := newDB(t)
	ctx := context.Background()
	rollback := errors.New("rollback")
	err := db.InTx(ctx, d, func(ctx context.Context, tx bun.Tx) error {
		exec(t, tx, `INSERT INTO t_counted (name) VALUES ('d'), ('e')`)
		return rollback
	})
	if !errors.Is(err, rollback) {
		t.Fatal(err)
	}
	mustCount(t, d, 3)
	if err := db.InTx(ctx, d, func(ctx context.Context, tx bun.Tx) error {
		exec(t, tx, `INSERT INTO t_counted (name) VALUES ('d'), ('e')`)
		if db.IsPostgres(d) { // SQLite's one writer would wait for this one
			if n, err := tally.Count(ctx, d, "t_counted"); err != nil || n != 3 {
				t.Errorf("before the commit another reader sees %d (%v), want 3", n, err)
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	mustCount(t, d, 5)
}

// Parallel writers, each inserting and deleting in its own transaction,
// leave the count exact.
func TestTallyHoldsUnderParallelWriters(t *testing.T) {
	d := newDB(t)
	const writers = 16
	var wg sync.WaitGroup
	errs := make([]error, writers)
	for i := range writers {
		wg.Go(func() {
			errs[i] = db.InTx(context.Background(), d, func(ctx context.Context, tx bun.Tx) error {
				if _, err := tx.NewRaw(`INSERT INTO t_counted (name) VALUES ('p'), ('q'), ('r')`).Exec(ctx); err != nil {
					return err
				}
				_, err := tx.NewRaw(`DELETE FROM t_counted WHERE id IN (SELECT id FROM t_counted WHERE name = 'r' ORDER BY id LIMIT 1)`).Exec(ctx)
				return err
			})
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	mustCount(t, d, 3+2*writers)
}

// A table Keep does not count is an error, not 0; Keep takes only a
// table name of ours.
func TestTallyRefusesWhatItDoesNotCount(t *testing.T) {
	d := newDB(t)
	if _, err := tally.Count(context.Background(), d, "t_other"); err == nil {
		t.Fatal("a table not counted answered a number")
	}
	err := db.InTx(context.Background(), d, func(ctx context.Context, tx bun.Tx) error {
		return tally.Keep(ctx, tx, "t_counted; DROP TABLE t_counted")
	})
	if err == nil {
		t.Fatal("Keep took a name that is not a table's")
	}
	mustCount(t, d, 3)
}
