package seq_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/seq"
)

// oldCounter is a module's counter table before sys_seq (as fee's
// df_receipt_seq was), moved by Adopt.
var oldCounter = db.Migration{Version: 2026120201, Name: "old counter", Up: func(ctx context.Context, tx bun.Tx) error {
	if err := db.DDL(ctx, tx, `CREATE TABLE t_old_seq (year INTEGER PRIMARY KEY, last BIGINT NOT NULL)`,
		`INSERT INTO t_old_seq (year, last) VALUES (2025, 41), (2026, 7)`); err != nil {
		return err
	}
	return seq.Adopt(ctx, tx, "old", "t_old_seq", "last")
}}

func newDB(t *testing.T) *bun.DB {
	return db.NewTest(t, append(seq.Migrations(), oldCounter))
}

func next(t *testing.T, d *bun.DB, key string, year int) int64 {
	t.Helper()
	var n int64
	if err := db.InTx(context.Background(), d, func(ctx context.Context, tx bun.Tx) (err error) {
		n, err = seq.Next(ctx, tx, key, year)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return n
}

// N parallel allocations, each in its own transaction, give N distinct
// consecutive numbers from 1.
func TestParallelAllocationsAreConsecutive(t *testing.T) {
	d := newDB(t)
	const n = 40
	got := make([]int64, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			errs[i] = db.InTx(context.Background(), d, func(ctx context.Context, tx bun.Tx) (err error) {
				got[i], err = seq.Next(ctx, tx, "letter", 2026)
				return err
			})
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	for i, v := range got {
		if v != int64(i+1) {
			t.Fatalf("numbers %v: want 1..%d each once", got, n)
		}
	}
}

func TestKeysYearsAndRollback(t *testing.T) {
	d := newDB(t)
	if a, b, c := next(t, d, "letter", 2026), next(t, d, "letter", 2026), next(t, d, "letter", 2027); a != 1 || b != 2 || c != 1 {
		t.Fatalf("letter 2026: %d %d, 2027: %d", a, b, c)
	}
	if n := next(t, d, "receipt", 2026); n != 1 {
		t.Fatalf("another key starts at 1, got %d", n)
	}
	// A number taken in a transaction that rolls back is given again.
	boom := errors.New("boom")
	err := db.InTx(context.Background(), d, func(ctx context.Context, tx bun.Tx) error {
		if n, err := seq.Next(ctx, tx, "letter", 2026); err != nil || n != 3 {
			t.Errorf("in the rolled-back transaction: %d, %v", n, err)
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	if n := next(t, d, "letter", 2026); n != 3 {
		t.Fatalf("after the rollback: %d, want 3", n)
	}
}

// Adopt keeps numbering where the module's own table stopped, and drops it.
func TestAdoptContinuesOldCounters(t *testing.T) {
	d := newDB(t)
	if a, b, c := next(t, d, "old", 2025), next(t, d, "old", 2026), next(t, d, "old", 2027); a != 42 || b != 8 || c != 1 {
		t.Fatalf("after adoption: 2025 %d, 2026 %d, 2027 %d", a, b, c)
	}
	if _, err := d.NewSelect().Table("t_old_seq").Count(context.Background()); err == nil {
		t.Fatal("the old table is still there")
	}
}
