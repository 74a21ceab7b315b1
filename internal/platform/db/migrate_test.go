package db

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/uptrace/bun"
)

// Instances started together on a new PostgreSQL database (a first
// deployment, or an upgrade restarting every instance at once) migrate it
// once: each migration runs on one of them, and none fails on the others'
// work — CREATE TABLE IF NOT EXISTS of schema_migrations included, which
// two sessions running at once make fail outside the lock.
func TestInstancesStartingTogetherMigrateOnce(t *testing.T) {
	t.Parallel()
	server := os.Getenv(TestDSNEnv)
	if !IsPostgresDSN(server) {
		t.Skip("PostgreSQL only: SQLite is one process's file")
	}
	ctx := context.Background()
	admin, err := Open(ctx, server)
	if err != nil {
		t.Fatal(err)
	}
	name := "zhdj_t_mig_" + randomSuffix()
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close()
		t.Fatal(err)
	}
	admin.Close()
	t.Cleanup(func() { dropDatabase(server, name) })
	migrations := []Migration{
		{Version: 1, Name: "a table", Up: func(ctx context.Context, tx bun.Tx) error {
			return DDL(ctx, tx, `CREATE TABLE t_once (n INTEGER NOT NULL)`)
		}},
		{Version: 2, Name: "a row", Up: func(ctx context.Context, tx bun.Tx) error {
			_, err := tx.ExecContext(ctx, `INSERT INTO t_once (n) VALUES (1)`)
			return err
		}},
	}
	const instances = 4
	applied := make([]int, instances)
	errs := make([]error, instances)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range instances {
		database, err := Open(ctx, withDatabase(server, name))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { database.Close() })
		wg.Go(func() {
			<-start
			applied[i], errs[i] = Migrate(ctx, database, migrations)
		})
	}
	close(start)
	wg.Wait()
	total := 0
	for i := range instances {
		if errs[i] != nil {
			t.Fatalf("instance %d: %v", i, errs[i])
		}
		total += applied[i]
	}
	check, err := Open(ctx, withDatabase(server, name))
	if err != nil {
		t.Fatal(err)
	}
	defer check.Close()
	var rows int
	if err := check.QueryRowContext(ctx, `SELECT COUNT(*) FROM t_once`).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if total != len(migrations) || rows != 1 {
		t.Fatalf("%d migrations applied by %d instances (want %d), the row written %d times", total, instances, len(migrations), rows)
	}
}
