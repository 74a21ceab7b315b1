package system

import (
	"context"

	"zhdj/internal/platform/event"
)

// Events the system domain publishes inside its transactions; the unit
// information base, which describes departments as units, subscribes.

// DeptDeleting is published in a department delete's transaction before
// the rows go; a handler refuses the delete by returning an error (deleting
// a department described as a unit would cascade its unit information away).
type DeptDeleting struct{ IDs []int64 }

// DeptChanged is published in an update's transaction with the department
// before and after it (the unit trail records a rename or a move).
type DeptChanged struct{ Before, After *Dept }

// RoleOrgsSet is published in a role save's transaction with the party
// organisations its custom scope now covers (none when the scope is not
// CUSTOM): the org domain, which keeps them, refuses (with an *httpx.Error)
// organisations outside the caller's scope and stores the others.
type RoleOrgsSet struct {
	RoleID int64
	OrgIDs []int64
}

// CountsChanged is announced (event.Bus.Announce: after the commit, or at
// once outside a transaction) when the messages, to-dos or warnings of
// these users changed: the top bar's count stream reads theirs again.
type CountsChanged struct{ UserIDs []int64 }

// countsChanged announces CountsChanged for the users, if any.
func (s *Service) countsChanged(ctx context.Context, userIDs []int64) {
	if len(userIDs) > 0 {
		s.bus.Announce(ctx, CountsChanged{UserIDs: userIDs})
	}
}

// Queries the system domain asks of the party organisation domain, which
// answers them (the system domain does not read its tables). Nobody
// answering means the program has no organisations: no names, no
// organisation in scope, and nothing outside the caller's scope to protect.

// OrgNames asks the names of organisations: answered with map[int64]string.
type OrgNames struct{ IDs []int64 }

// OrgInScope asks whether an organisation lies in the caller's scope: answered with bool.
type OrgInScope struct{ ID int64 }

// OrgScope asks the caller's organisation scope: answered with OrgScopeIDs.
type OrgScope struct{}

// OrgScopeIDs is every organisation (All) or the ids of the caller's scope.
type OrgScopeIDs struct {
	All bool
	IDs []int64
}

// RoleOrgsOutside asks which of the roles have custom organisations (each
// with its subtree) reaching outside the caller's organisation scope:
// answered with map[int64]bool.
type RoleOrgsOutside struct{ RoleIDs []int64 }

// OrgSubtree asks for organisations and every organisation below them
// (whatever the caller's scope): answered with []int64.
type OrgSubtree struct{ IDs []int64 }

// An account's view shows what other domains keep of it: the party
// organisation's name, the member whose account it is, whether a cadre's
// record names it. Each domain answers with a scalar sub-query over the
// account row (alias u), which the system domain selects beside the
// account's own columns (user_columns.go): a page of users, or the
// signed-in user, is one statement. Nobody answering is NULL (a domain's
// package tests run the system domain alone).

// AccountOrgNameSQL asks the organisation domain for the name of
// organisation u.org_id: answered with the sub-query's text.
type AccountOrgNameSQL struct{}

// AccountMemberSQL asks the member domain for the member linked to account
// u: answered with AccountMemberColumns.
type AccountMemberSQL struct{}

// AccountMemberColumns are the member's id and name, one sub-query each.
type AccountMemberColumns struct{ ID, Name string }

// AccountCadreSQL asks the cadre domain whether a cadre's record names
// account u: answered with a condition's text (EXISTS …).
type AccountCadreSQL struct{}

// askMap asks q over the bus for a map by id: nobody answering, or no
// answer, is an empty map.
func askMap[V, Q any](ctx context.Context, s *Service, q Q) (map[int64]V, error) {
	m, ok, err := event.Ask[map[int64]V](ctx, s.bus, s.db, q)
	if !ok || m == nil {
		m = map[int64]V{}
	}
	return m, err
}

// orgDirectory is the OrgDirectory accounts use, asked over the bus.
type orgDirectory struct{ s *Service }

func (d orgDirectory) Names(ctx context.Context, ids []int64) (map[int64]string, error) {
	return askMap[string](ctx, d.s, OrgNames{IDs: ids})
}

func (d orgDirectory) InScope(ctx context.Context, id int64) (bool, error) {
	in, _, err := event.Ask[bool](ctx, d.s.bus, d.s.db, OrgInScope{ID: id})
	return in, err
}

func (d orgDirectory) ScopeIDs(ctx context.Context) (bool, []int64, error) {
	sc, ok, err := event.Ask[OrgScopeIDs](ctx, d.s.bus, d.s.db, OrgScope{})
	if !ok {
		return true, nil, nil
	}
	return sc.All, sc.IDs, err
}

func (d orgDirectory) RoleOrgsOutside(ctx context.Context, roleIDs []int64) (map[int64]bool, error) {
	return askMap[bool](ctx, d.s, RoleOrgsOutside{RoleIDs: roleIDs})
}

func (d orgDirectory) Subtree(ctx context.Context, rootIDs []int64) ([]int64, error) {
	ids, ok, err := event.Ask[[]int64](ctx, d.s.bus, d.s.db, OrgSubtree{IDs: rootIDs})
	if !ok {
		return rootIDs, nil // no organisation domain: the organisations alone
	}
	return ids, err
}
