// Package org is the party organisation information base (党组织): the tree
// from the university committee down to party groups, its operations and
// change trail, and the data scope every party module applies.
package org

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// MemberCounts is how many members an organisation holds directly.
type MemberCounts struct {
	Total int // every member in normal status
	Full  int // 正式党员 among them
}

// Members is what the org domain needs from the member domain; the member
// package implements it and internal/app plugs it in.
type Members interface {
	// CountByOrg counts members in normal status per organisation (direct, not subtree).
	CountByOrg(ctx context.Context, idb bun.IDB) (map[int64]MemberCounts, error)
	// MoveMembers moves every member of the from organisations to to, inside
	// tx, writing their change trail; it returns how many moved.
	MoveMembers(ctx context.Context, tx bun.Tx, from []int64, to int64) (int, error)
}

// Scope is the part of the organisation tree a caller may see.
type Scope struct {
	All    bool
	OrgIDs []int64
}

// Service is the org domain.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	members Members
}

// New builds the service; SetMembers must be called before it serves.
func New(database *bun.DB, sys *system.Service) *Service { return &Service{db: database, sys: sys} }

// SetMembers plugs in the member domain.
func (s *Service) SetMembers(m Members) { s.members = m }

// Migrations of the org domain.
func Migrations() []db.Migration { return nil }

// Routes registers the org domain's endpoints.
func (s *Service) Routes(rs *httpx.Routes) {}

// ScopeOf applies the caller's data-scope rule to the organisation tree.
func (s *Service) ScopeOf(ctx context.Context) (Scope, error) { return Scope{}, nil }
