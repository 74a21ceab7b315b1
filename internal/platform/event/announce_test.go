package event_test

import (
	"context"
	"errors"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/event"
)

type changed struct{ Who string }

// Announce reaches the after-commit subscribers once a transaction commits
// (never after a rollback) and at once outside one. On both databases.
func TestAnnounceWaitsForTheCommitOrRunsAtOnce(t *testing.T) {
	t.Parallel()
	d := db.NewTest(t, schema)
	b := event.NewBus()
	var heard []string
	event.SubscribeAfterCommit(b, func(ctx context.Context, e changed) error {
		heard = append(heard, e.Who)
		return nil
	})
	fail := errors.New("refused")
	err := db.InTx(context.Background(), d, func(ctx context.Context, tx bun.Tx) error {
		b.Announce(ctx, changed{"rolled back"})
		return fail
	})
	if !errors.Is(err, fail) || len(heard) != 0 {
		t.Fatalf("a rolled-back change: %v, heard %v", err, heard)
	}
	err = db.InTx(context.Background(), d, func(ctx context.Context, tx bun.Tx) error {
		b.Announce(ctx, changed{"committed"})
		if len(heard) != 0 {
			t.Error("heard inside the transaction")
		}
		return nil
	})
	if err != nil || len(heard) != 1 || heard[0] != "committed" {
		t.Fatalf("a committed change: %v, heard %v", err, heard)
	}
	b.Announce(context.Background(), changed{"outside"})
	if len(heard) != 2 || heard[1] != "outside" {
		t.Fatalf("outside a transaction: heard %v", heard)
	}
	var none *event.Bus
	none.Announce(context.Background(), changed{"nobody"}) // a nil bus has no subscribers
}
