// Package db opens the database (SQLite or PostgreSQL) through bun and runs
// the versioned migrations. Nothing here knows a business table.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	_ "modernc.org/sqlite" // registers the "sqlite" driver (pure Go, no cgo)
)

// maxPostgresConns is the PostgreSQL pool's size (open and idle alike).
const maxPostgresConns = 20

// Open connects to dsn: a postgres:// URL or a SQLite file path.
func Open(ctx context.Context, dsn string) (*bun.DB, error) {
	var db *bun.DB
	if IsPostgresDSN(dsn) {
		cfg, err := pgx.ParseConfig(dsn)
		if err != nil {
			return nil, fmt.Errorf("PostgreSQL DSN: %w", err)
		}
		// bun renders every value into the SQL text itself, so no two statements
		// share a text and pgx's default statement cache would prepare (and keep,
		// per connection) each one: the simple protocol runs them in one round trip
		// and prepares nothing.
		cfg.DefaultQueryExecMode = pgx.QueryExecModeSimpleProtocol
		sqldb := stdlib.OpenDB(*cfg)
		// As many idle connections as open ones: a burst of requests (each list
		// holds two at once, its page and its count) reuses its connections
		// instead of closing the surplus and opening it again next time; quiet
		// connections still go after five minutes.
		sqldb.SetMaxOpenConns(maxPostgresConns)
		sqldb.SetMaxIdleConns(maxPostgresConns)
		sqldb.SetConnMaxIdleTime(5 * time.Minute)
		db = bun.NewDB(sqldb, pgdialect.New())
	} else {
		if dir := filepath.Dir(dsn); dir != "" {
			if err := os.MkdirAll(dir, 0o700); err != nil {
				return nil, fmt.Errorf("create database directory: %w", err)
			}
		}
		if err := privateFile(dsn); err != nil {
			return nil, err
		}
		// WAL lets readers work while one writer commits; busy_timeout makes a
		// second writer wait instead of failing; _txlock=immediate takes the
		// write lock at BEGIN so two read-then-write transactions cannot deadlock.
		// Each pooled connection keeps its own page cache: 32 MB each (filled only
		// as pages are read) and reads through mmap keep list scans off pread.
		q := "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_pragma=cache_size(-32768)&_pragma=mmap_size(268435456)&_txlock=immediate"
		sqldb, err := sql.Open("sqlite", "file:"+dsn+q)
		if err != nil {
			return nil, err
		}
		sqldb.SetMaxOpenConns(8)
		sqldb.SetMaxIdleConns(8)
		db = bun.NewDB(sqldb, sqlitedialect.New())
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connect to database: %w", err)
	}
	return db, nil
}

// privateFile creates the SQLite file readable by its owner only (0600,
// whatever the umask) before SQLite opens it, and tightens an existing one
// and its -wal/-shm companions. SQLite creates -wal and -shm with the mode
// of the database file, so they follow.
func privateFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("create database file: %w", err)
	}
	f.Close()
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Chmod(p, 0o600); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("database file mode: %w", err)
		}
	}
	return nil
}

// IsPostgresDSN tells a PostgreSQL URL from a SQLite path.
func IsPostgresDSN(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// IsPostgres tells whether db talks to PostgreSQL.
func IsPostgres(db bun.IDB) bool {
	return db.Dialect().Name().String() == "pg"
}

// InTx runs fn in a transaction: committed when fn returns nil, rolled back otherwise.
//
// The transactions of this process take turns (txGate), because a
// transaction may read outside itself (a scope, a calendar: a second pooled
// connection while it holds one), and with every connection held by a
// transaction waiting for a second one, none could go on:
//   - SQLite has one writer at a time: one slot. A transaction waiting at
//     BEGIN IMMEDIATE for the write lock held a pooled connection, and with
//     as many waiting as the pool had connections, all of them failed with
//     "database is locked" after the busy timeout.
//   - PostgreSQL: half the pool (pgTxSlots), so the other half serves those
//     reads and the requests outside transactions. Twenty approvals at once
//     on a pool of twenty held every connection and each waited for one
//     more, for ever (TestConcurrentApprovalsOnOneStep, caught in CI).
//
// Waiting in the gate holds no connection. A transaction opened inside
// another on the same database is a programming error: with the slots taken
// it waits gateWait and fails loudly.
func InTx(ctx context.Context, db bun.IDB, fn func(ctx context.Context, tx bun.Tx) error) error {
	if d, ok := db.(*bun.DB); ok {
		release, err := txGate(ctx, d)
		if err != nil {
			return err
		}
		defer release()
	}
	return db.RunInTx(ctx, nil, fn)
}

// txGates are the databases' gates: one slot for SQLite, pgTxSlots for PostgreSQL.
var txGates sync.Map // *bun.DB → chan struct{}

// pgTxSlots is how many transactions of this process run at once on
// PostgreSQL: half the pool, leaving the other half to the reads they make
// outside themselves and to the requests that open none.
const pgTxSlots = maxPostgresConns / 2

// gateWait is how long a transaction waits for its turn: far beyond any
// transaction of the program, short enough that a transaction opened
// inside another on the same database (a programming error) fails loudly.
const gateWait = 30 * time.Second

func txGate(ctx context.Context, d *bun.DB) (release func(), err error) {
	slots := 1
	if IsPostgres(d) {
		slots = pgTxSlots
	}
	g, _ := txGates.LoadOrStore(d, make(chan struct{}, slots))
	gate := g.(chan struct{})
	timer := time.NewTimer(gateWait)
	defer timer.Stop()
	select {
	case gate <- struct{}{}:
		return func() { <-gate }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-timer.C:
		return nil, fmt.Errorf("db: waited %s for a transaction's turn", gateWait)
	}
}

// IsUniqueViolation tells whether err is a unique-constraint failure on either database.
func IsUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "SQLSTATE 23505") || strings.Contains(s, "duplicate key value")
}

// IsForeignKeyViolation tells whether err is a foreign-key failure on either database.
func IsForeignKeyViolation(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "FOREIGN KEY constraint failed") || strings.Contains(s, "SQLSTATE 23503")
}
