package db

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/uptrace/bun"
)

// InTx runs fn in a transaction: committed when fn returns nil, rolled back
// otherwise. The transaction travels in the context fn receives.
//
// A nested InTx on the same database (fn calls something that opens its own
// transaction) joins the outer one: it runs in the outer transaction, and an
// error it returns rolls the whole back once the outer fn returns it. Only
// the outermost InTx commits. Without the join a nested InTx would wait for
// a second turn at the gate below (and on SQLite for a second writer) while
// the outer held the only one: gateWait, then failure. InTx on a bun.Tx opens
// a savepoint in it, as Savepoint does.
//
// The transactions of this process take turns (txGate), because a
// transaction may read outside itself (a scope, a calendar: a second pooled
// connection while it holds one), and with every connection held by a
// transaction waiting for a second one, none could go on:
//   - SQLite has one writer at a time: one slot. A transaction waiting at
//     BEGIN IMMEDIATE for the write lock held a pooled connection, and with
//     as many waiting as the pool had connections, all of them failed with
//     "database is locked" after the busy timeout.
//   - PostgreSQL: half the pool (pgTxSlots), so the other half serves those
//     reads and the requests outside transactions. Twenty approvals at once
//     on a pool of twenty held every connection and each waited for one
//     more, for ever (TestConcurrentApprovalsOnOneStep, caught in CI).
//
// Waiting in the gate holds no connection.
func InTx(ctx context.Context, idb bun.IDB, fn func(ctx context.Context, tx bun.Tx) error) error {
	d, ok := idb.(*bun.DB)
	if !ok {
		if tx, isTx := idb.(bun.Tx); isTx {
			return Savepoint(ctx, tx, fn)
		}
		return idb.RunInTx(ctx, nil, fn)
	}
	if outer := txOf(ctx); outer != nil && outer.db == d {
		return fn(ctx, outer.tx)
	}
	release, err := txGate(ctx, d)
	if err != nil {
		return err
	}
	release = sync.OnceFunc(release) // freed before the hooks, and on a panic
	defer release()
	st := &txState{db: d}
	err = d.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		st.tx = tx
		return fn(context.WithValue(ctx, txKey{}, st), tx)
	})
	release()
	if err != nil {
		return err
	}
	// ctx is the caller's, without this transaction: a hook that writes opens its own.
	st.runHooks(ctx)
	return nil
}

// Savepoint runs fn in a savepoint of tx: an error undoes fn's steps only,
// and the caller decides whether the transaction goes on (a batch that
// skips the one refused row). What fn leaves for after the commit
// (AfterCommit) is dropped with the savepoint.
func Savepoint(ctx context.Context, tx bun.Tx, fn func(ctx context.Context, tx bun.Tx) error) error {
	outer := txOf(ctx)
	var inner *txState
	err := tx.RunInTx(ctx, nil, func(ctx context.Context, sp bun.Tx) error {
		if outer != nil {
			inner = &txState{db: outer.db, tx: sp}
			ctx = context.WithValue(ctx, txKey{}, inner)
		}
		return fn(ctx, sp)
	})
	if err == nil && inner != nil {
		outer.hooks = append(outer.hooks, inner.hooks...)
	}
	return err
}

// AfterCommit leaves fn to run once the transaction ctx carries (an InTx's)
// has committed, outside it, and tells whether there is one; it is dropped
// when the transaction rolls back. fn's error cannot undo the commit: it is
// logged.
func AfterCommit(ctx context.Context, fn func(ctx context.Context) error) bool {
	st := txOf(ctx)
	if st == nil {
		return false
	}
	st.hooks = append(st.hooks, fn)
	return true
}

// InTransaction tells whether ctx carries a transaction of InTx.
func InTransaction(ctx context.Context) bool { return txOf(ctx) != nil }

type txKey struct{}

// txState is an InTx transaction as its context carries it.
type txState struct {
	db    *bun.DB
	tx    bun.Tx
	hooks []func(context.Context) error
}

func txOf(ctx context.Context) *txState {
	st, _ := ctx.Value(txKey{}).(*txState)
	return st
}

// runHooks runs the after-commit work in order; a hook may leave more.
func (st *txState) runHooks(ctx context.Context) {
	for i := 0; i < len(st.hooks); i++ {
		if err := st.hooks[i](ctx); err != nil {
			slog.Error("db: after commit", "err", err)
		}
	}
}

// txGates are the databases' gates: one slot for SQLite, pgTxSlots for PostgreSQL.
var txGates sync.Map // *bun.DB → chan struct{}

// pgTxSlots is how many transactions of this process run at once on
// PostgreSQL: half the pool, leaving the other half to the reads they make
// outside themselves and to the requests that open none.
const pgTxSlots = maxPostgresConns / 2

// gateWait is how long a transaction waits for its turn: far beyond any
// transaction of the program, short enough that a transaction opened inside
// another without its context (a programming error) fails loudly.
const gateWait = 30 * time.Second

func txGate(ctx context.Context, d *bun.DB) (release func(), err error) {
	slots := 1
	if IsPostgres(d) {
		slots = pgTxSlots
	}
	g, _ := txGates.LoadOrStore(d, make(chan struct{}, slots))
	gate := g.(chan struct{})
	timer := time.NewTimer(gateWait)
	defer timer.Stop()
	select {
	case gate <- struct{}{}:
		return func() { <-gate }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-timer.C:
		return nil, fmt.Errorf("db: waited %s for a transaction's turn", gateWait)
	}
}
