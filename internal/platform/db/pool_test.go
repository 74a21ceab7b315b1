package db

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"
)

// The pool keeps as many idle connections as it may open: 8 clients whose
// requests each hold two connections at once (a list's page and its count)
// open their connections in the first burst and reuse them in every later
// one. With fewer idle than open connections, each burst would close the
// surplus and open it again (a TCP and authentication round trip each on
// PostgreSQL). On both databases.
func TestPoolOpensNoConnectionsAfterTheFirstBurst(t *testing.T) {
	t.Parallel()
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
	// Each burst's requests hold their connections until as many are held at
	// once as the pool may open (the request's work), then all let go.
	full := min(8*2, d.DB.Stats().MaxOpenConnections)
	burst := func() {
		var wg sync.WaitGroup
		var mu sync.Mutex
		held, release := 0, make(chan struct{})
		arrive := func() {
			mu.Lock()
			if held++; held == full {
				close(release)
			}
			mu.Unlock()
		}
		for range 8 * 2 {
			wg.Go(func() {
				conn, err := d.Conn(ctx)
				if err != nil {
					t.Error(err)
					arrive()
					return
				}
				defer conn.Close()
				if _, err := conn.ExecContext(ctx, "SELECT 1"); err != nil {
					t.Error(err)
				}
				arrive()
				<-release
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

// Transactions that read outside themselves (a scope, a calendar: a second
// connection while holding one) never leave the pool with every connection
// held by a transaction waiting for one more: InTx lets half the pool's
// worth run at once on PostgreSQL (one on SQLite). Twice the pool's size
// start together; each holds its connection until as many as the gate lets
// in are inside (without the gate all twenty connections would be held
// then), and then reads outside. On both databases.
func TestTransactionsReadingOutsideNeverExhaustThePool(t *testing.T) {
	t.Parallel()
	dsn := os.Getenv(TestDSNEnv)
	if !IsPostgresDSN(dsn) {
		dsn = filepath.Join(t.TempDir(), "gate.db")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	d, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	slots := 1
	if IsPostgres(d) {
		slots = pgTxSlots
	}
	var mu sync.Mutex
	inside, full := 0, make(chan struct{})
	var wg sync.WaitGroup
	for range 2 * maxPostgresConns {
		wg.Go(func() {
			err := InTx(ctx, d, func(ctx context.Context, tx bun.Tx) error {
				if _, err := tx.ExecContext(ctx, "SELECT 1"); err != nil {
					return err
				}
				mu.Lock()
				if inside++; inside == slots {
					close(full)
				}
				mu.Unlock()
				select {
				case <-full:
				case <-ctx.Done():
					return ctx.Err()
				}
				var one int
				return d.NewSelect().ColumnExpr("1").Scan(ctx, &one)
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
}
