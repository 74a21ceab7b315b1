// Package member is the party member information base (党员): records with
// encrypted personal fields, scoped lists, detail, change trail and roster.
package member

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// Service is the member domain.
type Service struct {
	db     *bun.DB
	sys    *system.Service
	orgs   *org.Service
	cipher *crypto.FieldCipher
}

// New builds the service.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, cipher *crypto.FieldCipher) *Service {
	return &Service{db: database, sys: sys, orgs: orgs, cipher: cipher}
}

// Migrations of the member domain.
func Migrations() []db.Migration { return nil }

// Routes registers the member domain's endpoints.
func (s *Service) Routes(rs *httpx.Routes) {}

// CountByOrg implements org.Members.
func (s *Service) CountByOrg(ctx context.Context, idb bun.IDB) (map[int64]org.MemberCounts, error) {
	return map[int64]org.MemberCounts{}, nil
}

// MoveMembers implements org.Members.
func (s *Service) MoveMembers(ctx context.Context, tx bun.Tx, from []int64, to int64) (int, error) {
	return 0, nil
}
