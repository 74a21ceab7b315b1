package db_test

import (
	"context"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

var preparedSchema = []db.Migration{{Version: 1, Name: "db.ScanPrepared: t_prepared", Up: func(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx, `CREATE TABLE t_prepared (id {{pk}}, name VARCHAR(50) NOT NULL, age INTEGER NOT NULL)`,
		`INSERT INTO t_prepared (name, age) VALUES ('甲', 30), ('乙', 40), ('丙', 50)`)
}}}

// A statement with its values apart answers as bun's would, on both
// databases, run after run (PostgreSQL: from the statement cache), and a
// value never becomes SQL.
func TestScanPreparedKeepsValuesApart(t *testing.T) {
	d := db.NewTest(t, preparedSchema)
	const q = "SELECT id, name, age FROM t_prepared WHERE age >= ? AND name <> ? ORDER BY id"
	type person struct {
		ID   int64  `bun:"id"`
		Name string `bun:"name"`
		Age  int    `bun:"age"`
	}
	for range 3 {
		var rows []person
		if err := db.ScanPrepared(t.Context(), d, q, []any{40, "丙"}, &rows); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 1 || rows[0].Name != "乙" || rows[0].Age != 40 {
			t.Fatalf("rows %+v", rows)
		}
	}
	var none []person
	if err := db.ScanPrepared(t.Context(), d, q, []any{0, "' OR 1=1 --"}, &none); err != nil || len(none) != 3 {
		t.Fatalf("a quote in a value: %+v %v", none, err)
	}
}
