package db

import (
	"context"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/uptrace/bun"
)

// The statements every request runs. bun renders values into the SQL text,
// so on PostgreSQL (which the pool reaches with the simple protocol) each of
// its statements is parsed and planned anew; for the session lookup that
// is most of its cost (0.2–0.6 ms of planning for 0.1 ms of execution,
// docs/performance.md, issue 34). ScanPrepared runs such a statement with
// its values apart: PostgreSQL prepares it once per connection (pgx's
// statement cache) and reuses the plan; SQLite takes the same text.

// pgText is each statement's text with $n placeholders, made once.
var pgText sync.Map // string → string

// ScanPrepared runs query (a fixed text with ? placeholders, never built from
// input) with args on d and scans its rows into dest (a slice) as bun's
// Scan does.
func ScanPrepared(ctx context.Context, d *bun.DB, query string, args []any, dest ...any) error {
	if IsPostgres(d) {
		text, ok := pgText.Load(query)
		if !ok {
			text, _ = pgText.LoadOrStore(query, numbered(query))
		}
		return ScanBound(ctx, d, text.(string), args, dest...)
	}
	// d.DB, not d: bun's own QueryContext would put the values into the text.
	rows, err := d.DB.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	return d.ScanRows(ctx, rows, dest...)
}

// numbered turns ? into $1, $2… (the statements have no ? inside strings).
func numbered(query string) string {
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Columns lists the stored columns of model's table (a pointer to its
// struct) as alias.column, for a prepared statement's select list: a
// statement naming its columns keeps its result type when a later migration
// adds a column (SELECT t.* would not, and every connection that prepared
// it would fail it once, PostgreSQL's "cached plan must not change result
// type").
func Columns(d *bun.DB, model any, alias string) string {
	t := d.Table(reflect.TypeOf(model).Elem())
	names := make([]string, len(t.Fields))
	for i, f := range t.Fields {
		names[i] = alias + "." + f.Name
	}
	return strings.Join(names, ", ")
}
