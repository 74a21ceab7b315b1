// Package rbac carries the signed-in principal through a request and answers
// permission questions. Which permissions a user holds is decided by the
// system domain; this package only checks them.
package rbac

import (
	"context"
	"strings"
)

// Admin is the permission string that passes every check.
const Admin = "admin"

// DefaultRole is reported for a user who holds no permission at all.
const DefaultRole = "ROLE_SYSTEM_DEFAULT"

// Principal is who is calling.
type Principal struct {
	UserID    int64
	Username  string
	SessionID int64
	DeptID    *int64 // the administrative department of the account
	OrgID     *int64 // the party organisation the account belongs to (data scope anchor)
	Perms     map[string]bool
}

// Has tells whether the principal holds perm (admin holds everything).
func (p *Principal) Has(perm string) bool {
	return p != nil && (p.Perms[Admin] || p.Perms[perm])
}

// Allows tells whether p passes a route's permission: one permission, or
// several separated by "|" of which any one is enough (a list another
// screen needs, such as the roles a user editor assigns).
func (p *Principal) Allows(perm string) bool {
	for _, one := range strings.Split(perm, "|") {
		if p.Has(one) {
			return true
		}
	}
	return false
}

// AccountName is the principal's account name, "" on a public route (a
// nil principal): who wrote a record that keeps it (an operator column).
func (p *Principal) AccountName() string {
	if p == nil {
		return ""
	}
	return p.Username
}

// AccountID is the principal's account id, nil on a public route.
func (p *Principal) AccountID() *int64 {
	if p == nil {
		return nil
	}
	id := p.UserID
	return &id
}

// IsAdmin tells whether the principal is the super administrator.
func (p *Principal) IsAdmin() bool { return p != nil && p.Perms[Admin] }

type ctxKey struct{}

// With returns ctx carrying p.
func With(ctx context.Context, p *Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// From returns the principal of ctx, or nil on a public route.
func From(ctx context.Context) *Principal {
	p, _ := ctx.Value(ctxKey{}).(*Principal)
	return p
}

// UserID is the account of ctx's principal: 0 on a public route and for a
// job, which act as no one (a step's actor, a letter's issuer, a setting's
// editor are recorded with it).
func UserID(ctx context.Context) int64 {
	if p := From(ctx); p != nil {
		return p.UserID
	}
	return 0
}

// ScopeRule is what a principal's roles allow, before it is applied to a
// tree (departments, party organisations): the widest role wins.
type ScopeRule struct {
	All         bool    // every record
	Level       bool    // the principal's own node only
	Below       bool    // the principal's own node and everything under it
	CustomRoles []int64 // roles whose custom node lists apply
	Self        bool    // always: the principal's own records
}

// Anchored tells whether the rule reaches tree nodes only from the
// principal's own (本级, 本级及下级): without an anchor in that tree such a
// principal sees nothing of it, which the tree's scope reports as an error
// rather than as an empty list.
func (r ScopeRule) Anchored() bool {
	return !r.All && (r.Level || r.Below) && len(r.CustomRoles) == 0
}

// AsSystem is ctx acting as the system with every permission (the demo's
// seeders, which write through the staff's paths), its reads memoised.
func AsSystem(ctx context.Context) context.Context {
	return WithMemo(With(ctx, &Principal{Username: "system", Perms: map[string]bool{Admin: true}}))
}
