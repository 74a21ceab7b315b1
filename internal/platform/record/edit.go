package record

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Edit is the update of record id in two steps. Outside a transaction it
// reads the labels and the current record C (find answers the domain's 404
// for a record that is not the caller's) and prepares the new version P:
// the checks read what they need without holding a write lock. Inside one
// it writes P over C; write matches the version read, so a change made
// meanwhile is a 409 rather than silently overwritten. Errors come back as
// they are, for the domain's own mapping (see WriteError).
func Edit[L, C, P any](ctx context.Context, d bun.IDB, id int64,
	labels func(context.Context) (L, error),
	find func(context.Context, bun.IDB, int64) (C, error),
	prepare func(context.Context, L, C) (P, error),
	write func(context.Context, bun.Tx, L, C, P) error) (P, error) {
	var zero P
	l, err := labels(ctx)
	if err != nil {
		return zero, err
	}
	cur, err := find(ctx, d, id)
	if err != nil {
		return zero, err
	}
	p, err := prepare(ctx, l, cur)
	if err != nil {
		return zero, err
	}
	err = db.InTx(ctx, d, func(ctx context.Context, tx bun.Tx) error {
		return write(ctx, tx, l, cur, p)
	})
	if err != nil {
		return zero, err
	}
	return p, nil
}
