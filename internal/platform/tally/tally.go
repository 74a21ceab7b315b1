// Package tally keeps the exact number of rows of a large table in
// sys_tally, moved by triggers inside the writing transaction, so a list
// that nothing narrows (no filter, the caller sees every row) answers its
// total without reading the table: COUNT(*) of 20,000 accounts is a read of
// every row on each page, most of the page's cost (issue 34,
// docs/performance.md).
//
// On PostgreSQL a statement adds its rows' number once (statement-level
// triggers over the transition tables), into one of Slots rows chosen by
// the session, so two transactions inserting at once rarely wait on the
// same row; the count is the slots' sum. SQLite writes one transaction at
// a time and keeps one slot, moved per row.
package tally

import (
	"context"
	"fmt"
	"regexp"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Slots is how many rows a table's count is spread over on PostgreSQL.
const Slots = 8

// Migrations creates sys_tally and the trigger functions of PostgreSQL.
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121298, Name: "platform: exact row counts kept by triggers (sys_tally)", Up: func(ctx context.Context, tx bun.Tx) error {
		if err := db.DDL(ctx, tx, `CREATE TABLE sys_tally (tbl VARCHAR(64) NOT NULL, slot SMALLINT NOT NULL,
			n BIGINT NOT NULL, PRIMARY KEY (tbl, slot))`); err != nil {
			return err
		}
		if !db.IsPostgres(tx) {
			return nil
		}
		return db.DDL(ctx, tx, `CREATE FUNCTION zhdj_tally_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d BIGINT;
BEGIN
	SELECT COUNT(*) INTO d FROM tally_rows;
	IF d > 0 THEN
		INSERT INTO sys_tally (tbl, slot, n) VALUES (TG_TABLE_NAME, pg_backend_pid() % `+fmt.Sprint(Slots)+`, d)
			ON CONFLICT (tbl, slot) DO UPDATE SET n = sys_tally.n + EXCLUDED.n;
	END IF;
	RETURN NULL;
END $$`, `CREATE FUNCTION zhdj_tally_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d BIGINT;
BEGIN
	SELECT COUNT(*) INTO d FROM tally_rows;
	IF d > 0 THEN
		INSERT INTO sys_tally (tbl, slot, n) VALUES (TG_TABLE_NAME, pg_backend_pid() % `+fmt.Sprint(Slots)+`, -d)
			ON CONFLICT (tbl, slot) DO UPDATE SET n = sys_tally.n + EXCLUDED.n;
	END IF;
	RETURN NULL;
END $$`, `CREATE FUNCTION zhdj_tally_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE sys_tally SET n = 0 WHERE tbl = TG_TABLE_NAME;
	RETURN NULL;
END $$`)
	}}}
}

// tableName is what Keep accepts: a table of ours, written in code.
var tableName = regexp.MustCompile(`^[a-z][a-z0-9_]{0,62}$`)

// Keep starts counting table's rows: its triggers, and its present count.
// A module calls it from a migration of its own (after 2026121298), inside
// the migration's transaction, so no row is written between the count and
// the triggers.
func Keep(ctx context.Context, tx bun.Tx, table string) error {
	if !tableName.MatchString(table) {
		return fmt.Errorf("tally: bad table name %q", table)
	}
	var statements []string
	if db.IsPostgres(tx) {
		statements = []string{
			`CREATE TRIGGER trg_tally_ins_` + table + ` AFTER INSERT ON ` + table +
				` REFERENCING NEW TABLE AS tally_rows FOR EACH STATEMENT EXECUTE FUNCTION zhdj_tally_added()`,
			`CREATE TRIGGER trg_tally_del_` + table + ` AFTER DELETE ON ` + table +
				` REFERENCING OLD TABLE AS tally_rows FOR EACH STATEMENT EXECUTE FUNCTION zhdj_tally_removed()`,
			`CREATE TRIGGER trg_tally_trunc_` + table + ` AFTER TRUNCATE ON ` + table +
				` FOR EACH STATEMENT EXECUTE FUNCTION zhdj_tally_emptied()`,
		}
	} else {
		statements = []string{
			`CREATE TRIGGER trg_tally_ins_` + table + ` AFTER INSERT ON ` + table +
				` BEGIN UPDATE sys_tally SET n = n + 1 WHERE tbl = '` + table + `' AND slot = 0; END`,
			`CREATE TRIGGER trg_tally_del_` + table + ` AFTER DELETE ON ` + table +
				` BEGIN UPDATE sys_tally SET n = n - 1 WHERE tbl = '` + table + `' AND slot = 0; END`,
		}
	}
	statements = append(statements, `DELETE FROM sys_tally WHERE tbl = '`+table+`'`,
		`INSERT INTO sys_tally (tbl, slot, n) SELECT '`+table+`', 0, COUNT(*) FROM `+table)
	return db.DDL(ctx, tx, statements...)
}

// Count is the number of rows of table, a table Keep counts (an error for
// one it does not: Keep always leaves slot 0).
func Count(ctx context.Context, d *bun.DB, table string) (int, error) {
	var n []int64
	if err := db.ScanPrepared(ctx, d, countSQL, []any{table}, &n); err != nil {
		return 0, fmt.Errorf("tally: count %s: %w", table, err)
	}
	if len(n) != 1 || n[0] < 0 {
		return 0, fmt.Errorf("tally: %s is not counted", table)
	}
	return int(n[0]), nil
}

// countSQL sums the table's slots (SUM of BIGINT is NUMERIC on PostgreSQL);
// -1 when it has none.
const countSQL = `SELECT CAST(COALESCE(SUM(n), -1) AS BIGINT) FROM sys_tally WHERE tbl = ?`
