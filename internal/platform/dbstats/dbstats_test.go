package dbstats_test

import (
	"context"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/dbstats"
	"zhdj/internal/platform/jobs"
)

// A table of 2,000 rows: kind has two values (an index that selects half
// the table), code 1,000 (an index that selects two rows).
var migrations = []db.Migration{{Version: 1, Name: "rows", Up: func(ctx context.Context, tx bun.Tx) error {
	if err := db.DDL(ctx, tx, `CREATE TABLE rows (id {{pk}}, kind INTEGER NOT NULL, code INTEGER NOT NULL)`,
		`CREATE TABLE notes (id {{pk}}, body TEXT NOT NULL)`,
		`CREATE INDEX idx_rows_kind ON rows(kind)`, `CREATE INDEX idx_rows_code ON rows(code)`); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
		INSERT INTO rows (kind, code) SELECT i % 2, i % 1000 FROM n`)
	return err
}}}

// plan is SQLite's plan of a query testing both columns, on conn.
func plan(t *testing.T, conn bun.Conn) string {
	t.Helper()
	rows, err := conn.QueryContext(context.Background(), `EXPLAIN QUERY PLAN SELECT id FROM rows WHERE kind = 1 AND code BETWEEN 10 AND 12`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, detail)
	}
	return strings.Join(lines, "; ")
}

// Without statistics SQLite takes the equality on kind for the better
// index; with them it knows that kind selects half the table. The
// statistics reach every connection of the pool, not only the one that ran
// ANALYZE: the other one here loaded the schema before and plans with the
// new statistics after the job, without a restart.
func TestAnalyzeReachesEveryConnection(t *testing.T) {
	t.Parallel()
	database := db.NewTest(t, migrations)
	if db.IsPostgres(database) {
		if m := dbstats.New(database).Module(); len(m.Jobs) != 0 {
			t.Fatalf("PostgreSQL keeps its own statistics: no job expected, got %v", m.Jobs)
		}
		if err := dbstats.New(database).Analyze(context.Background()); err != nil {
			t.Fatalf("Analyze on PostgreSQL does nothing, got %v", err)
		}
		return
	}
	ctx := context.Background()
	other, err := database.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	runner, err := database.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer runner.Close()
	// A first run creates the statistics table (a schema change every
	// connection sees) without statistics of rows; other loads it.
	if err := dbstats.Analyze(ctx, runner, "notes"); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := other.NewSelect().TableExpr("rows").ColumnExpr("COUNT(*)").Scan(ctx, &n); err != nil || n != 2000 {
		t.Fatal(n, err)
	}
	if p := plan(t, other); !strings.Contains(p, "idx_rows_kind") {
		t.Fatalf("without statistics the plan should use idx_rows_kind: %s", p)
	}
	if err := dbstats.Analyze(ctx, runner, "rows"); err != nil {
		t.Fatal(err)
	}
	// A statement that runs (EXPLAIN does not) finds the schema changed and
	// loads it again with the statistics.
	if err := other.NewSelect().TableExpr("rows").ColumnExpr("COUNT(*)").Scan(ctx, &n); err != nil || n != 2000 {
		t.Fatal(n, err)
	}
	if p := plan(t, other); !strings.Contains(p, "idx_rows_code") {
		t.Fatalf("with statistics the other connection should use idx_rows_code: %s", p)
	}
}

// The nightly job on SQLite analyses every table, and is declared with its
// Chinese title for the 定时任务 page.
func TestJobAnalysesEveryTable(t *testing.T) {
	t.Parallel()
	database := db.NewTest(t, migrations)
	if db.IsPostgres(database) {
		t.Skip("SQLite only")
	}
	m := dbstats.New(database).Module()
	if len(m.Jobs) != 1 || m.Jobs[0].Name != dbstats.JobName || m.Jobs[0].Title == "" {
		t.Fatalf("jobs: %+v", m.Jobs)
	}
	if _, err := jobs.ParseCron(m.Jobs[0].Cron); err != nil {
		t.Fatalf("cron %q: %v", m.Jobs[0].Cron, err)
	}
	if err := m.Jobs[0].Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var stat string
	if err := database.NewSelect().TableExpr("sqlite_stat1").Column("stat").Where("idx = 'idx_rows_kind'").Scan(context.Background(), &stat); err != nil {
		t.Fatal(err)
	}
	if stat != "2000 1000" {
		t.Fatalf("idx_rows_kind's statistics: %q, want \"2000 1000\"", stat)
	}
	if (*dbstats.Service)(nil).Module().Jobs != nil {
		t.Fatal("a nil service (the migrations' pass) declares no job")
	}
}
