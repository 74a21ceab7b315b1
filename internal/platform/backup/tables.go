package backup

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/sqlitedialect"

	"zhdj/internal/platform/db"
)

// Tables lists the database's tables: SQLite's own (sqlite_*) left out, on
// PostgreSQL those of the current schema.
func Tables(ctx context.Context, idb bun.IDB) ([]string, error) {
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY name`
	if db.IsPostgres(idb) {
		q = `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`
	}
	var names []string
	if err := idb.NewRaw(q).Scan(ctx, &names); err != nil {
		return nil, fmt.Errorf("list tables: %w", err)
	}
	return names, nil
}

// Counts is the row count of every table.
func Counts(ctx context.Context, idb bun.IDB) (map[string]int64, error) {
	names, err := Tables(ctx, idb)
	if err != nil {
		return nil, err
	}
	counts := make(map[string]int64, len(names))
	for _, name := range names {
		var n int64
		if err := idb.NewRaw("SELECT COUNT(*) FROM ?", bun.Ident(name)).Scan(ctx, &n); err != nil {
			return nil, fmt.Errorf("count %s: %w", name, err)
		}
		counts[name] = n
	}
	return counts, nil
}

// OpenSQLiteReadOnly opens a SQLite file without changing it (db.Open
// would switch a snapshot to WAL and create its companions).
func OpenSQLiteReadOnly(path string) (*bun.DB, error) {
	sqldb, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return nil, err
	}
	sqldb.SetMaxOpenConns(1)
	return bun.NewDB(sqldb, sqlitedialect.New()), nil
}

// Diff lists the tables whose counts differ between want and got, as
// "table: want → got" lines.
func Diff(want, got map[string]int64) []string {
	var out []string
	for name, n := range want {
		if got[name] != n {
			out = append(out, fmt.Sprintf("%s: 备份 %d 行 → 恢复后 %d 行", name, n, got[name]))
		}
	}
	for name, n := range got {
		if _, ok := want[name]; !ok {
			out = append(out, fmt.Sprintf("%s: 备份中没有此表 → 恢复后 %d 行", name, n))
		}
	}
	slices.Sort(out)
	return out
}
