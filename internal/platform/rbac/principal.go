// Package rbac carries the signed-in principal through a request and answers
// permission questions. Which permissions a user holds is decided by the
// system domain; this package only checks them.
package rbac

import "context"

// Admin is the permission string that passes every check.
const Admin = "admin"

// DefaultRole is reported for a user who holds no permission at all.
const DefaultRole = "ROLE_SYSTEM_DEFAULT"

// Principal is who is calling.
type Principal struct {
	UserID    int64
	Username  string
	SessionID int64
	DeptID    *int64
	Perms     map[string]bool
}

// Has tells whether the principal holds perm (admin holds everything).
func (p *Principal) Has(perm string) bool {
	return p != nil && (p.Perms[Admin] || p.Perms[perm])
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
