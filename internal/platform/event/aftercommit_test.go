package event_test

import (
	"context"
	"errors"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/event"
)

func TestMain(m *testing.M) { db.TestMain(m) }

var schema = []db.Migration{{Version: 1, Name: "actions", Up: func(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx, `CREATE TABLE t_action (id {{pk}}, name VARCHAR(50) NOT NULL)`)
}}}

type done struct{ Name string }

// An action that fails after publishing notifies nobody; a committed one
// notifies once, after its commit (the notice sees the action's row from
// outside the transaction). The in-transaction subscriber still runs in the
// action's transaction both times. On both databases.
func TestAfterCommitSubscribersHearOnlyCommittedActions(t *testing.T) {
	d := db.NewTest(t, schema)
	b := event.NewBus()
	var inTx, notified []string
	event.Subscribe(b, func(ctx context.Context, tx bun.Tx, e done) error {
		inTx = append(inTx, e.Name)
		return nil
	})
	event.SubscribeAfterCommit(b, func(ctx context.Context, e done) error {
		n, err := d.NewSelect().Table("t_action").Where("name = ?", e.Name).Count(ctx)
		if err != nil || n != 1 {
			t.Errorf("%s notified before its commit: %d rows, %v", e.Name, n, err)
		}
		notified = append(notified, e.Name)
		return nil
	})
	act := func(name string, fail error) error {
		return db.InTx(context.Background(), d, func(ctx context.Context, tx bun.Tx) error {
			if _, err := tx.ExecContext(ctx, "INSERT INTO t_action (name) VALUES (?)", name); err != nil {
				return err
			}
			if err := b.Publish(ctx, tx, done{name}); err != nil {
				return err
			}
			if len(notified) != 0 {
				t.Errorf("%s notified inside its transaction", name)
			}
			return fail
		})
	}
	if err := act("failed", errors.New("refused after publishing")); err == nil {
		t.Fatal("the failure was lost")
	}
	if len(notified) != 0 || len(inTx) != 1 {
		t.Fatalf("a rolled-back action: notified %v, in the transaction %v", notified, inTx)
	}
	if err := act("committed", nil); err != nil {
		t.Fatal(err)
	}
	if len(notified) != 1 || notified[0] != "committed" || len(inTx) != 2 {
		t.Fatalf("a committed action: notified %v, in the transaction %v", notified, inTx)
	}
	// Published outside a transaction of InTx, the after-commit phase has nowhere to wait.
	if err := b.Publish(context.Background(), bun.Tx{}, done{"loose"}); err == nil {
		t.Fatal("an after-commit event outside a transaction was accepted")
	}
}
