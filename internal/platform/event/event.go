// Package event carries typed domain events and registered queries between
// domains without the publisher importing the subscriber. The lower domain
// (system, org) declares the event or query type; a higher domain (member,
// unit) subscribes or answers; internal/app builds one Bus and hands it to
// every module.
//
// An event's subscribers run in two phases. In-transaction subscribers
// (Subscribe) run synchronously in the publisher's transaction: a handler's
// error rolls it back, so they are for what must be atomic with the action.
// After-commit subscribers (SubscribeAfterCommit) run once the publisher's
// transaction has committed, outside it: a rolled-back action reaches none of
// them. Notifications, to-dos and reminders belong there.
package event

import (
	"context"
	"fmt"
	"log/slog"
	"reflect"
	"sync"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Bus holds the subscriptions and answerers. A nil *Bus has none: Publish is
// a no-op and Ask answers "nobody", which is what a domain's own package
// tests see when they run it alone.
type Bus struct {
	mu       sync.RWMutex
	handlers map[reflect.Type][]func(ctx context.Context, tx bun.Tx, e any) error
	after    map[reflect.Type][]func(ctx context.Context, e any) error
	answers  map[reflect.Type]func(ctx context.Context, idb bun.IDB, q any) (any, error)
}

// NewBus returns an empty bus.
func NewBus() *Bus {
	return &Bus{handlers: map[reflect.Type][]func(context.Context, bun.Tx, any) error{},
		after:   map[reflect.Type][]func(context.Context, any) error{},
		answers: map[reflect.Type]func(context.Context, bun.IDB, any) (any, error){}}
}

// Subscribe adds h for events of type E, after the handlers already there.
// Subscribe to *E when the event carries fields the handlers fill in (a
// reply such as how many records moved).
func Subscribe[E any](b *Bus, h func(ctx context.Context, tx bun.Tx, e E) error) {
	t := reflect.TypeFor[E]()
	b.mu.Lock()
	defer b.mu.Unlock()
	b.handlers[t] = append(b.handlers[t], func(ctx context.Context, tx bun.Tx, e any) error { return h(ctx, tx, e.(E)) })
}

// SubscribeAfterCommit adds h for events of type E, run after the
// publisher's transaction commits (in subscription order, after those
// already there) and never when it rolls back. h runs outside that
// transaction: what it writes it writes in a transaction of its own, and its
// error cannot undo the action (it is logged). Use it for what tells people
// of an action (a message, a to-do, a reminder), not for what must be atomic
// with it.
func SubscribeAfterCommit[E any](b *Bus, h func(ctx context.Context, e E) error) {
	t := reflect.TypeFor[E]()
	b.mu.Lock()
	defer b.mu.Unlock()
	b.after[t] = append(b.after[t], func(ctx context.Context, e any) error { return h(ctx, e.(E)) })
}

// Publish runs every in-transaction handler of e's type in subscription
// order inside tx and stops at the first error, which it returns unchanged
// (an *httpx.Error refusal reaches the client as is). Then it leaves the
// after-commit handlers to the transaction ctx carries (db.InTx's, which tx
// is): an event with after-commit subscribers published outside one is a
// programming error.
func (b *Bus) Publish(ctx context.Context, tx bun.Tx, e any) error {
	if b == nil {
		return nil
	}
	b.mu.RLock()
	hs, after := b.handlers[reflect.TypeOf(e)], b.after[reflect.TypeOf(e)]
	b.mu.RUnlock()
	for _, h := range hs {
		if err := h(ctx, tx, e); err != nil {
			return err
		}
	}
	for _, h := range after {
		if !db.AfterCommit(ctx, func(ctx context.Context) error { return h(ctx, e) }) {
			return fmt.Errorf("event: %T has after-commit subscribers and was published outside a transaction of db.InTx", e)
		}
	}
	return nil
}

// Announce tells e's after-commit subscribers of a change already made:
// once the transaction ctx carries (db.InTx's) commits, and never when it
// rolls back; at once when ctx carries none (the change is committed
// already). It is for events only after-commit subscribers handle (a
// "counts changed" nudge): it has no transaction to give in-transaction
// ones, and a subscriber's error is logged, never returned.
func (b *Bus) Announce(ctx context.Context, e any) {
	if b == nil {
		return
	}
	b.mu.RLock()
	after := b.after[reflect.TypeOf(e)]
	b.mu.RUnlock()
	for _, h := range after {
		run := func(ctx context.Context) error { return h(ctx, e) }
		if db.AfterCommit(ctx, run) {
			continue
		}
		if err := run(ctx); err != nil {
			slog.Error("event: announced", "event", fmt.Sprintf("%T", e), "err", err)
		}
	}
}

// Answer registers the one answerer of queries of type Q. A second
// answerer of the same query is a wiring mistake and panics at start-up.
func Answer[Q, R any](b *Bus, f func(ctx context.Context, idb bun.IDB, q Q) (R, error)) {
	t := reflect.TypeFor[Q]()
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.answers[t]; ok {
		panic(fmt.Sprintf("event: a second answerer of %v", t))
	}
	b.answers[t] = func(ctx context.Context, idb bun.IDB, q any) (any, error) { return f(ctx, idb, q.(Q)) }
}

// Ask runs the answerer of q's type on idb (the caller's transaction or the
// database). ok is false when nobody answers (the answering domain is not
// part of this program); the caller decides what that means.
func Ask[R, Q any](ctx context.Context, b *Bus, idb bun.IDB, q Q) (r R, ok bool, err error) {
	if b == nil {
		return r, false, nil
	}
	b.mu.RLock()
	f := b.answers[reflect.TypeFor[Q]()]
	b.mu.RUnlock()
	if f == nil {
		return r, false, nil
	}
	v, err := f(ctx, idb, q)
	if err != nil {
		return r, true, err
	}
	r, match := v.(R)
	if !match {
		return r, true, fmt.Errorf("event: the answer to %T is %T, not %v", q, v, reflect.TypeFor[R]())
	}
	return r, true, nil
}
