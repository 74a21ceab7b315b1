package db

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Attack: a database file readable by every local account (0644 under the
// usual umask) hands over password hashes and personal data. The SQLite
// file and its -wal/-shm are the owner's only, new or tightened.
func TestSQLiteFilesArePrivate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	old := filepath.Join(dir, "old.db")
	if err := os.WriteFile(old, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(old, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{filepath.Join(dir, "sub", "zhdj.db"), old} {
		db, err := Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		// A write makes SQLite create the -wal and -shm files.
		if _, err := db.ExecContext(context.Background(), "CREATE TABLE t (x INTEGER)"); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{path, path + "-wal", path + "-shm"} {
			st, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			if st.Mode().Perm() != 0o600 {
				t.Errorf("%s: mode %v", filepath.Base(p), st.Mode().Perm())
			}
		}
		db.Close()
	}
	if st, _ := os.Stat(filepath.Join(dir, "sub")); st.Mode().Perm() != 0o700 {
		t.Errorf("directory mode %v", st.Mode().Perm())
	}
}

// PostgreSQL's JIT is off on the program's connections (a recursive query's
// inflated estimate made it compile the organisations' ancestry on every
// 党内统计 table), unless the DSN turns it on.
func TestPostgresConnectionsRunWithoutJIT(t *testing.T) {
	t.Parallel()
	server := os.Getenv(TestDSNEnv)
	if !IsPostgresDSN(server) {
		t.Skip("PostgreSQL only")
	}
	for dsn, want := range map[string]string{server: "off", withParam(server, "jit=on"): "on"} {
		db, err := Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		var got string
		if err := db.QueryRowContext(context.Background(), "SHOW jit").Scan(&got); err != nil {
			t.Fatal(err)
		}
		db.Close()
		if got != want {
			t.Errorf("jit on %s: %q, want %q", dsn, got, want)
		}
	}
}

// withParam adds a query parameter to a postgres:// URL.
func withParam(dsn, param string) string {
	if strings.Contains(dsn, "?") {
		return dsn + "&" + param
	}
	return dsn + "?" + param
}
