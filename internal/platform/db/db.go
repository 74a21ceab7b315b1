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
		// No JIT compilation (unless the DSN asks for it: jit=on). The planner
		// compiles a statement whose estimated cost passes jit_above_cost, and
		// a recursive query's estimate grows tenfold a step: the ancestry of the
		// organisations (10,000 rows, 50 ms) was estimated at 3 million rows and
		// spent 15–60 ms more compiling, on every 党内统计 table at branch
		// level. zhdj's statements are short; JIT pays for long analytic ones
		// (docs/performance.md, issue 30).
		if _, set := cfg.RuntimeParams["jit"]; !set {
			cfg.RuntimeParams["jit"] = "off"
		}
		// The prepared statements (ScanPrepared: fixed lookups by a key or a
		// list of ids) take their generic plan from the first run. Left to
		// choose, PostgreSQL re-plans a statement with a list parameter
		// (id = ANY($1)) on every run, its custom plan looking cheaper, and
		// planning is what preparing was to save (auth/info at 8 clients:
		// 3,700 → 10,000 req/s, docs/performance.md). bun's own statements
		// are never prepared: this changes nothing for them.
		if _, set := cfg.RuntimeParams["plan_cache_mode"]; !set {
			cfg.RuntimeParams["plan_cache_mode"] = "force_generic_plan"
		}
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
