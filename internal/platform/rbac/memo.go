package rbac

import (
	"context"
	"sync"
)

// A request computes the caller's data scope (organisations, departments)
// once and carries it in its context: every service of the request asks
// Memo, the first ask computes, the others read. Outside a request (jobs,
// statistics, tests calling services directly) there is no memo and each ask
// computes afresh, which is always correct, only slower.

type memoKey struct{}

type memo struct {
	mu      sync.Mutex
	entries map[any]*memoEntry
}

// memoEntry is one key's value. Each key has its own lock, so that a
// computation may itself ask Memo for another key (the organisation scope
// reads the role scope rule) without waiting on itself.
type memoEntry struct {
	mu    sync.Mutex
	done  bool
	value any
}

// WithMemo returns ctx with an empty per-request memo (the guard calls it
// once a principal is known).
func WithMemo(ctx context.Context) context.Context {
	return context.WithValue(ctx, memoKey{}, &memo{entries: map[any]*memoEntry{}})
}

// Memo returns the value cached under key in ctx's memo, computing it with
// compute on first use. key should be an unexported type of the caller's
// package, so that packages cannot collide. A failed computation is not
// cached: the next ask tries again. Values are shared by the request: treat
// them as read-only.
func Memo[T any](ctx context.Context, key any, compute func() (T, error)) (T, error) {
	m, _ := ctx.Value(memoKey{}).(*memo)
	if m == nil {
		return compute()
	}
	m.mu.Lock()
	e := m.entries[key]
	if e == nil {
		e = &memoEntry{}
		m.entries[key] = e
	}
	m.mu.Unlock()
	e.mu.Lock()
	defer e.mu.Unlock() // held while computing: concurrent asks of this key wait for one computation
	if e.done {
		return e.value.(T), nil
	}
	v, err := compute()
	if err == nil {
		e.value, e.done = v, true
	}
	return v, err
}

// Forget drops key from ctx's memo (after a change inside the request that
// alters the scope, such as moving the caller's own anchor).
func Forget(ctx context.Context, key any) {
	if m, _ := ctx.Value(memoKey{}).(*memo); m != nil {
		m.mu.Lock()
		delete(m.entries, key)
		m.mu.Unlock()
	}
}
