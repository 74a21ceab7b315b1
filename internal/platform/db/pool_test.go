package db

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// The pool keeps as many idle connections as it may open: 8 clients whose
// requests each hold two connections at once (a list's page and its count)
// open their connections in the first burst and reuse them in every later
// one. With fewer idle than open connections, each burst would close the
// surplus and open it again (a TCP and authentication round trip each on
// PostgreSQL). On both databases.
func TestPoolOpensNoConnectionsAfterTheFirstBurst(t *testing.T) {
	ctx := context.Background()
	dsn := os.Getenv(TestDSNEnv)
	if !IsPostgresDSN(dsn) {
		dsn = filepath.Join(t.TempDir(), "pool.db")
	}
	d, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	burst := func() {
		var wg sync.WaitGroup
		for range 8 * 2 {
			wg.Go(func() {
				conn, err := d.Conn(ctx)
				if err != nil {
					t.Error(err)
					return
				}
				defer conn.Close()
				if _, err := conn.ExecContext(ctx, "SELECT 1"); err != nil {
					t.Error(err)
				}
				time.Sleep(20 * time.Millisecond) // the request's work, the connection held
			})
		}
		wg.Wait()
	}
	// Every connection ever opened is open now or was closed by one of the limits.
	opened := func(s sql.DBStats) int64 {
		return int64(s.OpenConnections) + s.MaxIdleClosed + s.MaxIdleTimeClosed + s.MaxLifetimeClosed
	}
	burst()
	before := d.DB.Stats()
	for range 5 {
		burst()
	}
	after := d.DB.Stats()
	if n := opened(after) - opened(before); n != 0 || after.MaxIdleClosed != 0 {
		t.Fatalf("%d connections opened after the first burst (%d closed as surplus idle); stats %+v", n, after.MaxIdleClosed, after)
	}
	if before.OpenConnections < 2 {
		t.Fatalf("the burst ran on %d connection(s): the test is not testing", before.OpenConnections)
	}
}
