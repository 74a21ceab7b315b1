package db_test

import (
	"context"
	"os"
	"slices"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// resetSchema is a migration list of this test alone, so that no other test
// takes the databases of its template from the pool while it runs.
var resetSchema = []db.Migration{
	{Version: 1, Name: "reset sample", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx,
			`CREATE TABLE t_seeded (id {{pk}}, name VARCHAR(50) NOT NULL)`,
			`INSERT INTO t_seeded (name) VALUES ('党委'), ('党总支')`,
			`CREATE TABLE t_empty (id {{pk}}, name VARCHAR(50) NOT NULL)`)
	}},
}

// A PostgreSQL test database goes back to the pool when its test ends and the
// next test of the template gets it as the template has it: a seeded row
// updated, a seeded row deleted, a row added to an empty table and the
// sequences moved on are all undone (testdb_reset.go), the second time as the
// first (the rows put back count as the template's). On SQLite every test
// copies the template file, which the same checks cover.
func TestPooledTestDatabaseComesBackAsTheTemplate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	onPostgres := db.IsPostgresDSN(os.Getenv(db.TestDSNEnv))
	var oids []int64
	use := func(name string, change func(d *bun.DB)) {
		t.Run(name, func(t *testing.T) {
			d := db.NewTest(t, resetSchema)
			var names []string
			if err := d.NewRaw("SELECT name FROM t_seeded ORDER BY id").Scan(ctx, &names); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(names, []string{"党委", "党总支"}) {
				t.Fatalf("t_seeded = %v, want the template's [党委 党总支]", names)
			}
			var empty int
			if err := d.NewRaw("SELECT count(*) FROM t_empty").Scan(ctx, &empty); err != nil {
				t.Fatal(err)
			}
			if empty != 0 {
				t.Fatalf("t_empty has %d rows, want none", empty)
			}
			// The next key of each table is the template's.
			var id int64
			if err := d.NewRaw("INSERT INTO t_empty (name) VALUES ('x') RETURNING id").Scan(ctx, &id); err != nil {
				t.Fatal(err)
			}
			if id != 1 {
				t.Fatalf("t_empty's first id = %d, want 1", id)
			}
			if onPostgres {
				var oid int64
				if err := d.NewRaw("SELECT oid FROM pg_database WHERE datname = current_database()").Scan(ctx, &oid); err != nil {
					t.Fatal(err)
				}
				oids = append(oids, oid)
			}
			change(d)
		})
	}
	exec := func(d *bun.DB, query string) {
		t.Helper()
		if _, err := d.ExecContext(ctx, query); err != nil {
			t.Fatal(err)
		}
	}
	use("update a seeded row, add rows", func(d *bun.DB) {
		exec(d, "UPDATE t_seeded SET name = '改名' WHERE id = 1")
		exec(d, "INSERT INTO t_seeded (name) VALUES ('党支部')")
	})
	use("delete a seeded row", func(d *bun.DB) {
		exec(d, "DELETE FROM t_seeded WHERE id = 2")
	})
	use("update again after a reset", func(d *bun.DB) {
		exec(d, "UPDATE t_seeded SET name = '又改名' WHERE id = 2")
	})
	use("nothing left", func(*bun.DB) {})
	if onPostgres && (len(oids) != 4 || oids[0] != oids[1] || oids[1] != oids[2] || oids[2] != oids[3]) {
		t.Fatalf("the database oids %v: the tests did not reuse one pooled database, so the reset was not tested", oids)
	}
}
