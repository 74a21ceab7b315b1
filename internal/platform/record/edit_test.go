package record_test

import (
	"context"
	"errors"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/record"
)

// Edit hands the labels and the record found to prepare, and both with the
// prepared version to write, inside a transaction; a failing step stops it.
func TestEditPreparesThenWritesInATransaction(t *testing.T) {
	database := db.NewTest(t, audit.Migrations())
	ctx := context.Background()
	labels := func(context.Context) (string, error) { return "labels", nil }
	find := func(_ context.Context, _ bun.IDB, id int64) (int64, error) { return id * 10, nil }
	prepare := func(_ context.Context, l string, cur int64) (string, error) { return l + ":prepared", nil }
	var wrote string
	write := func(_ context.Context, tx bun.Tx, l string, cur int64, p string) error {
		if tx.Tx == nil {
			t.Fatal("write runs outside a transaction")
		}
		wrote = p
		if cur != 70 {
			t.Fatalf("current record %d", cur)
		}
		return nil
	}
	if p, err := record.Edit(ctx, database, 7, labels, find, prepare, write); err != nil || p != "labels:prepared" || wrote != p {
		t.Fatalf("%q %v, wrote %q", p, err, wrote)
	}

	wrote = ""
	notFound := errors.New("not found")
	missing := func(context.Context, bun.IDB, int64) (int64, error) { return 0, notFound }
	if _, err := record.Edit(ctx, database, 8, labels, missing, prepare, write); !errors.Is(err, notFound) || wrote != "" {
		t.Fatalf("a missing record: %v, wrote %q", err, wrote)
	}
	stale := errors.New("stale")
	failing := func(context.Context, bun.Tx, string, int64, string) error { return stale }
	if p, err := record.Edit(ctx, database, 7, labels, find, prepare, failing); !errors.Is(err, stale) || p != "" {
		t.Fatalf("a failed write: %q %v", p, err)
	}
}
