package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"zhdj/internal/platform/db"
)

// useSQLite points the commands at a fresh SQLite file in a temporary data
// directory and returns the directory and the file.
func useSQLite(t *testing.T) (dir, dbPath string) {
	t.Helper()
	// The test binary runs once per database (make test-go, .ci/both-dbs):
	// a test of the SQLite file runs in the SQLite pass only, not a second
	// time, identically, in the PostgreSQL one (a whole demo seed each).
	if server := os.Getenv(db.TestDSNEnv); server != "" && server != "sqlite" {
		t.Skip("a SQLite-only test: run in the SQLite pass")
	}
	dir = t.TempDir()
	dbPath = filepath.Join(dir, "zhdj.db")
	useDB(t, dir, dbPath)
	return dir, dbPath
}

// useDB points the commands at the database dsn with data directory dir.
func useDB(t *testing.T, dir, dsn string) {
	t.Helper()
	t.Setenv("ZHDJ_DB", dsn)
	t.Setenv("ZHDJ_DATA_DIR", dir)
}

// countRows opens the database dsn the way an operator would see it after a
// command ran and counts the rows of table.
func countRows(t *testing.T, dsn, table string) int {
	t.Helper()
	database, err := db.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer database.Close()
	n, err := database.NewSelect().Table(table).Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}
