// Package dbstats keeps SQLite's planner statistics (sqlite_stat1). Without
// them SQLite takes every index equality for a selective one: at 200,000
// members it read 70 % of the member table row by row through the index on
// 党籍状态 for a comprehensive query (综合查询) that an index led by the
// organisation answers from the index alone, once the planner knows how
// few distinct values 性别 and 党籍状态 have (docs/performance.md, issue
// 30). PostgreSQL gathers its statistics itself (autovacuum), so the job is
// declared on SQLite only.
package dbstats

import (
	"context"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/jobs"
	"zhdj/internal/platform/module"
)

// Service is the statistics job of one database.
type Service struct{ db *bun.DB }

// New is the job over database.
func New(database *bun.DB) *Service { return &Service{db: database} }

// JobName is the nightly job's key.
const JobName = "dbstats.analyze"

// Module describes the job to internal/app: none on PostgreSQL, nor on a
// nil service (the migrations' pass).
func (s *Service) Module() module.Module {
	m := module.Module{Name: "platform/dbstats"}
	if s != nil && !db.IsPostgres(s.db) {
		m.Jobs = []jobs.Job{{Name: JobName, Title: "更新数据库查询统计信息（SQLite）", Cron: "40 3 * * *", Run: s.Analyze}}
	}
	return m
}

// Analyze gathers the statistics of every table of the database (on
// SQLite; on PostgreSQL it does nothing).
func (s *Service) Analyze(ctx context.Context) error {
	if db.IsPostgres(s.db) {
		return nil
	}
	var tables []string
	if err := s.db.NewSelect().TableExpr("sqlite_master").Column("name").
		Where("type = 'table'").Where("name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").OrderExpr("name").
		Scan(ctx, &tables); err != nil {
		return err
	}
	return Analyze(ctx, s.db, tables...)
}

// Analyze gathers SQLite's statistics of tables, one statement each, so
// that writers wait at most for one table (ANALYZE holds the write lock
// while it reads): a few seconds for the biggest at 1.6 million students.
// On PostgreSQL it does nothing.
func Analyze(ctx context.Context, idb bun.IDB, tables ...string) error {
	if db.IsPostgres(idb) {
		return nil
	}
	for _, t := range tables {
		if _, err := idb.ExecContext(ctx, "ANALYZE "+quote(t)); err != nil {
			return fmt.Errorf("analyze %s: %w", t, err)
		}
	}
	// A connection reads the statistics when it loads the schema, and
	// ANALYZE loads them again only on the connection that ran it: the
	// pool's other connections planned with the old ones until the server
	// restarted (measured: a query stayed at 320 ms p50 after the job, and
	// fell to 103 ms after a restart). A schema change makes every
	// connection load the schema again, statistics included, before its
	// next statement.
	for _, stmt := range []string{"CREATE TABLE dbstats_reload (x INTEGER)", "DROP TABLE dbstats_reload"} {
		if _, err := idb.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("statistics reload: %w", err)
		}
	}
	return nil
}

// quote is t as an SQLite identifier (the names come from sqlite_master or
// the code, never from a request).
func quote(t string) string { return `"` + strings.ReplaceAll(t, `"`, `""`) + `"` }
