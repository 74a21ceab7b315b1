package record

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// Restriction reads the caller's data scope from ctx as a restriction of a
// query: the Scope of a resource, a trail or a picker.
type Restriction = func(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error)

// Applier is a domain's scope value (org.Scope, unit.Scope): it restricts a
// query to the records whose column is in the scope.
type Applier interface {
	Apply(q *bun.SelectQuery, column string) *bun.SelectQuery
}

// ScopeOn is the Restriction of a domain's scope on column (written by the
// caller, e.g. "t.org_id"). A refusal the scope computes (an *httpx.Error)
// is answered as it is; any other failure is a 500.
func ScopeOn[S Applier](scopeOf func(context.Context) (S, error), column string) Restriction {
	return func(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
		sc, err := scopeOf(ctx)
		if err != nil {
			return nil, httpx.AsError(err)
		}
		return func(q *bun.SelectQuery) *bun.SelectQuery { return sc.Apply(q, column) }, nil
	}
}
