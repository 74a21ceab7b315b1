// Package org is the party organisation information base (党组织): the tree
// from the university committee down to party groups, its operations and
// change trail, and the data scope every party module applies.
package org

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/remind"
	"zhdj/internal/system"
)

// Service is the org domain.
type Service struct {
	db  *bun.DB
	sys *system.Service
	bus *event.Bus
}

// New builds the service; it publishes and asks on the system domain's bus.
func New(database *bun.DB, sys *system.Service) *Service {
	return &Service{db: database, sys: sys, bus: sys.Bus()}
}

// Module describes the org domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "org", Migrations: Migrations(), Routes: s.Routes, Imports: []module.ImportKind{s.ImportKind()},
		Menus: orgMenus(), Trail: TrailModule, Subscribe: s.answer, Dicts: trail.DictUses((*Org)(nil)),
		Reminders: []remind.Kind{s.termReminder()}}
}

// today is the current calendar date of the server's time zone.
func today() date.Date { return date.Of(time.Now()) }

// treeLockKey serialises changes of the tree on PostgreSQL (SQLite takes
// its write lock at BEGIN already): a move checks for cycles and rewrites
// paths, which must not interleave with another move.
const treeLockKey = 7265647

// inTreeTx runs fn in a transaction holding the tree lock and maps its error.
func (s *Service) inTreeTx(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error) error {
	defer rbac.Forget(ctx, scopeKey{}) // the tree may have changed under the caller's scope
	return mapErr(db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if err := lockTree(ctx, tx); err != nil {
			return err
		}
		return fn(ctx, tx)
	}))
}

// lockTree takes the tree lock in tx (PostgreSQL; SQLite transactions are
// already serialised). Taking it twice in one transaction is harmless.
func lockTree(ctx context.Context, tx bun.Tx) error {
	if !db.IsPostgres(tx) {
		return nil
	}
	_, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(?)", treeLockKey)
	return err
}

// mapErr keeps a *httpx.Error, turns a unique violation into a 409 and
// anything else into a 500.
func mapErr(err error) error {
	return record.WriteError(err, "党组织编码或名称与已有党组织重复", "")
}

// errNotFound is the answer for an organisation that does not exist or lies
// outside the caller's scope (the same answer, so nothing leaks).
func errNotFound() *httpx.Error { return httpx.NotFound("党组织不存在") }

// labels are the dictionary labels of types and categories (disabled
// items included: an organisation keeps showing a type or category
// disabled since).
type labels struct{ system.DictLabels }

func (s *Service) labels(ctx context.Context) (labels, error) {
	l, err := s.sys.DictLabels(ctx, DictType, DictCategory)
	return labels{l}, err
}

func (l labels) typeLabel(t string) string {
	if v := l.Label(DictType, t); v != t || t == "" {
		return v
	}
	return typeNames[t]
}

// label is the trail's labeller over the organisation's dictionaries.
func (l labels) label(dict, v string) string {
	if dict == DictType {
		return l.typeLabel(v)
	}
	return l.Label(dict, v)
}

func (l labels) categoryLabel(c string) string { return l.Label(DictCategory, c) }

// fill sets the display labels of o.
func (l labels) fill(o *Org) {
	o.TypeLabel = l.typeLabel(o.Type)
	o.CategoryLabel = l.categoryLabel(o.Category)
	o.StatusLabel = statusNames[o.Status]
}
