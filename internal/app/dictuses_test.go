package app_test

import (
	"context"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/app"
	"zhdj/internal/apptest"
	"zhdj/internal/platform/db"
)

// Every column a module declares as holding dictionary codes exists and
// leads an index: deleting a dictionary value counts its records there with
// one indexed query per column.
func TestDictionaryColumnsAreIndexed(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	uses := app.DictUses()
	if len(uses) < 20 {
		t.Fatalf("only %d dictionary columns declared", len(uses))
	}
	for _, u := range uses {
		if !leadsIndex(t, e.DB, u.Table, u.Column) {
			t.Errorf("%s.%s (%s) leads no index", u.Table, u.Column, u.Dict)
		}
	}
}

// leadsIndex tells whether column is the first column of an index of table.
func leadsIndex(t *testing.T, database *bun.DB, table, column string) bool {
	t.Helper()
	ctx := context.Background()
	var leading []string
	if db.IsPostgres(database) {
		if err := database.NewRaw(`SELECT a.attname FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
			JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
			WHERE c.relname = ? AND c.relnamespace = current_schema()::regnamespace`, table).Scan(ctx, &leading); err != nil {
			t.Fatal(err)
		}
	} else {
		var names []string
		if err := database.NewRaw(`SELECT name FROM pragma_index_list(?)`, table).Scan(ctx, &names); err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			var first string
			if err := database.NewRaw(`SELECT name FROM pragma_index_info(?) WHERE seqno = 0`, n).Scan(ctx, &first); err != nil {
				t.Fatal(err)
			}
			leading = append(leading, first)
		}
	}
	for _, c := range leading {
		if c == column {
			return true
		}
	}
	return false
}
