package db

import (
	"context"
	"strconv"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/schema"
)

// A statement built by bun carries its values in its text, so PostgreSQL
// plans it anew each time (see prepared.go). A built statement whose shape
// stays the same from request to request while one value changes (a
// searched list: the same filters, a new search text) can keep that value
// apart instead: the value goes into the query as Bind, the statement is
// rendered by Bound (its text then holds $1, $2… and the values come
// beside it) and run by ScanBound, which PostgreSQL prepares once per
// connection. Rendered any other way (bun's own Scan, an export, SQLite) a
// Bind is the literal value, as bun renders it.

// Bind is a value kept apart from the statement's text when Bound renders it.
type Bind struct{ V any }

// AppendQuery renders b as the next $n under Bound, as its value otherwise.
func (b Bind) AppendQuery(gen schema.QueryGen, dst []byte) ([]byte, error) {
	if c, ok := gen.Dialect().(*binding); ok {
		c.args = append(c.args, b.V)
		return strconv.AppendInt(append(dst, '$'), int64(len(c.args)), 10), nil
	}
	return gen.Append(dst, b.V), nil
}

// binding is the dialect of a Bound rendering: the database's own, which
// also collects the Bind values met on the way.
type binding struct {
	schema.Dialect
	args []any
}

// Bound renders q with its Bind values apart: the text, with $1, $2… in
// their places, and the values in that order. Only on PostgreSQL.
func Bound(d *bun.DB, q schema.QueryAppender) (string, []any, error) {
	c := &binding{Dialect: d.Dialect()}
	text, err := q.AppendQuery(schema.NewQueryGen(c), nil)
	return string(text), c.args, err
}

// ScanBound runs text (from Bound, never from input) with args as a prepared
// statement (pgx's per-connection cache) and scans its rows into dest as
// bun's Scan does.
func ScanBound(ctx context.Context, d *bun.DB, text string, args []any, dest ...any) error {
	if see, ok := boundObservers.Load(d); ok {
		see.(func(string, []any))(text, args)
	}
	rows, err := d.DB.QueryContext(ctx, text, append([]any{pgx.QueryExecModeCacheStatement}, args...)...)
	if err != nil {
		return err
	}
	return d.ScanRows(ctx, rows, dest...)
}

// boundObservers are the tests' eyes on ScanBound, by database (bun's query
// hooks never see these statements: they bypass bun's rendering).
var boundObservers sync.Map // *bun.DB → func(text string, args []any)

// ObserveBound has see called with every statement ScanBound (and so
// ScanPrepared) runs on d, until the returned function is called. For
// tests that check the plans of what the lists run.
func ObserveBound(d *bun.DB, see func(text string, args []any)) (stop func()) {
	boundObservers.Store(d, see)
	return func() { boundObservers.Delete(d) }
}
