package db_test

import (
	"context"
	"errors"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// names counts t_named's rows called name, outside any transaction.
func names(t *testing.T, d *bun.DB, name string) int64 {
	t.Helper()
	n, err := d.NewSelect().Table("t_named").Where("name = ?", name).Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func insertName(ctx context.Context, tx bun.Tx, name string) error {
	_, err := tx.NewInsert().Model(&namedRow{Name: name}).Exec(ctx)
	return err
}

// A nested InTx joins the outer transaction: on a pool of one connection (and
// SQLite's one writer) it finishes instead of waiting for a second one, only
// the outermost commits, and an error of the inner rolls the whole back. On
// both databases.
func TestNestedInTxJoinsTheOuterTransaction(t *testing.T) {
	d := db.NewTest(t, schema)
	d.SetMaxOpenConns(1)
	ctx := context.Background()
	err := db.InTx(ctx, d, func(ctx context.Context, tx bun.Tx) error {
		if err := insertName(ctx, tx, "outer"); err != nil {
			return err
		}
		return db.InTx(ctx, d, func(ctx context.Context, inner bun.Tx) error {
			if !db.InTransaction(ctx) {
				t.Error("the inner context carries no transaction")
			}
			return insertName(ctx, inner, "inner")
		})
	})
	if err != nil || names(t, d, "outer") != 1 || names(t, d, "inner") != 1 {
		t.Fatalf("the joined transaction: %v", err)
	}

	refused := errors.New("refused")
	err = db.InTx(ctx, d, func(ctx context.Context, tx bun.Tx) error {
		if err := insertName(ctx, tx, "outer 2"); err != nil {
			return err
		}
		return db.InTx(ctx, d, func(ctx context.Context, inner bun.Tx) error {
			if err := insertName(ctx, inner, "inner 2"); err != nil {
				return err
			}
			return refused
		})
	})
	if !errors.Is(err, refused) {
		t.Fatalf("the inner error: %v", err)
	}
	if names(t, d, "outer 2") != 0 || names(t, d, "inner 2") != 0 {
		t.Fatal("an inner error left the outer's or the inner's row")
	}
}

// What a transaction leaves for after its commit runs once, after the
// outermost commit (it sees the committed row from a connection of its own,
// outside the transaction); a rollback drops it, and so does a savepoint
// rolled back while its transaction commits.
func TestAfterCommitRunsOnlyOnCommit(t *testing.T) {
	d := db.NewTest(t, schema)
	ctx := context.Background()
	var ran []string
	hook := func(name string) func(context.Context) error {
		return func(ctx context.Context) error {
			if db.InTransaction(ctx) {
				t.Errorf("%s: the hook runs inside the transaction", name)
			}
			if names(t, d, name) != 1 {
				t.Errorf("%s: the hook runs before the commit", name)
			}
			ran = append(ran, name)
			return nil
		}
	}
	err := db.InTx(ctx, d, func(ctx context.Context, tx bun.Tx) error {
		if err := insertName(ctx, tx, "kept"); err != nil {
			return err
		}
		return db.InTx(ctx, d, func(ctx context.Context, tx bun.Tx) error {
			if !db.AfterCommit(ctx, hook("kept")) {
				t.Error("no transaction for the hook")
			}
			if len(ran) != 0 {
				t.Error("the hook ran before the commit")
			}
			return nil
		})
	})
	if err != nil || len(ran) != 1 {
		t.Fatalf("committed: %v, hooks run %v", err, ran)
	}

	err = db.InTx(ctx, d, func(ctx context.Context, tx bun.Tx) error {
		db.AfterCommit(ctx, hook("rolled back"))
		return errors.New("refused")
	})
	if err == nil || len(ran) != 1 {
		t.Fatalf("rolled back: %v, hooks run %v", err, ran)
	}

	err = db.InTx(ctx, d, func(ctx context.Context, tx bun.Tx) error {
		if err := insertName(ctx, tx, "after savepoint"); err != nil {
			return err
		}
		sp := db.Savepoint(ctx, tx, func(ctx context.Context, sp bun.Tx) error {
			if err := insertName(ctx, sp, "undone"); err != nil {
				return err
			}
			db.AfterCommit(ctx, hook("undone"))
			return errors.New("one row refused")
		})
		if sp == nil {
			t.Error("the savepoint's error was lost")
		}
		db.AfterCommit(ctx, hook("after savepoint"))
		return nil
	})
	if err != nil || len(ran) != 2 || ran[1] != "after savepoint" || names(t, d, "undone") != 0 {
		t.Fatalf("savepoint: %v, hooks run %v", err, ran)
	}
	if db.AfterCommit(ctx, hook("none")) {
		t.Fatal("a context without a transaction took a hook")
	}
}
