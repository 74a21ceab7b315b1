package record

import (
	"context"
	"database/sql"
	"errors"

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

// Everywhere is the Restriction of records kept for the whole school (the
// fee standards, a month's fee batch): it restricts nothing.
func Everywhere(context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
	return func(q *bun.SelectQuery) *bun.SelectQuery { return q }, nil
}

// FindScoped reads row id of model R (whose alias is alias, e.g. "t") within
// the caller's restriction through idb: a workflow's Find, a module's own
// read before a write. A row missing or outside the scope is notFound (a
// 404, so ids cannot be probed).
func FindScoped[R any](ctx context.Context, idb bun.IDB, restrict Restriction, alias string, id int64, notFound func() *httpx.Error) (*R, error) {
	scope, err := restrict(ctx)
	if err != nil {
		return nil, err
	}
	r := new(R)
	err = scope(idb.NewSelect().Model(r).Where("?.id = ?", bun.Ident(alias), id)).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return r, nil
}

// Find is FindScoped of a record kept for the whole school (Everywhere).
func Find[R any](ctx context.Context, idb bun.IDB, alias string, id int64, notFound func() *httpx.Error) (*R, error) {
	return FindScoped[R](ctx, idb, Everywhere, alias, id, notFound)
}
