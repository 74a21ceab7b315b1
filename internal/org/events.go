package org

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/event"
	"zhdj/internal/system"
)

// CountMembers asks the member domain how many members each organisation
// holds directly: answered with map[int64]MemberCounts. It is a registered
// query rather than a plain read of dyjbxx because who counts (members in
// normal status) and who is a full member are the member domain's status
// codes; the answer runs on the idb org passes, so inside a merge's
// transaction it sees the moves made there.
type CountMembers struct {
	OrgIDs []int64 // nil: every organisation
}

// MemberCounts is how many members an organisation holds directly.
type MemberCounts struct {
	Total int // every member in normal status
	Full  int // 正式党员 among them
}

// Merged is published inside a merge's transaction once its checks passed,
// before the sources are revoked: the member domain moves every member of
// the sources to the target (with their trail) and adds how many to
// MembersMoved. It is published by pointer so the reply reaches the merge.
type Merged struct {
	Sources      []int64
	Target       int64
	MembersMoved int
}

// Members is the member domain as the org domain needs it: the counts of
// CountMembers, and the members moved to a merge's target (Merged).
type Members interface {
	CountByOrg(ctx context.Context, idb bun.IDB, orgIDs []int64) (map[int64]MemberCounts, error)
	MoveMembers(ctx context.Context, tx bun.Tx, from []int64, to int64) (int, error)
}

// ServeMembers has m answer CountMembers and move the members of merged
// organisations, the member domain's part of the org domain's events.
func ServeMembers(b *event.Bus, m Members) {
	event.Answer(b, func(ctx context.Context, idb bun.IDB, q CountMembers) (map[int64]MemberCounts, error) {
		return m.CountByOrg(ctx, idb, q.OrgIDs)
	})
	event.Subscribe(b, func(ctx context.Context, tx bun.Tx, e *Merged) error {
		n, err := m.MoveMembers(ctx, tx, e.Sources, e.Target)
		e.MembersMoved += n
		return err
	})
}

// counts asks for the direct member counts of the organisations orgIDs
// (nil: of every organisation; a reader passes what it shows, so a scoped
// caller's count reads only their part of the members). None when no
// member domain answers, as in a program without one.
func (s *Service) counts(ctx context.Context, idb bun.IDB, orgIDs []int64) (map[int64]MemberCounts, error) {
	if orgIDs != nil && len(orgIDs) == 0 {
		return map[int64]MemberCounts{}, nil
	}
	m, _, err := event.Ask[map[int64]MemberCounts](ctx, s.bus, idb, CountMembers{OrgIDs: orgIDs})
	if err != nil {
		return nil, err
	}
	if m == nil {
		m = map[int64]MemberCounts{}
	}
	return m, nil
}

// answer registers what the org domain answers the system domain (its
// directory of organisations for accounts and roles).
func (s *Service) answer(b *event.Bus) {
	event.Answer(b, func(ctx context.Context, _ bun.IDB, q system.OrgNames) (map[int64]string, error) {
		return s.Names(ctx, q.IDs)
	})
	event.Answer(b, func(context.Context, bun.IDB, system.AccountOrgNameSQL) (string, error) {
		return "(SELECT ao.name FROM dzz AS ao WHERE ao.id = u.org_id)", nil
	})
	event.Answer(b, func(ctx context.Context, _ bun.IDB, q system.OrgInScope) (bool, error) { return s.InScope(ctx, q.ID) })
	event.Answer(b, func(ctx context.Context, _ bun.IDB, _ system.OrgScope) (system.OrgScopeIDs, error) {
		all, ids, err := s.ScopeIDs(ctx)
		return system.OrgScopeIDs{All: all, IDs: ids}, err
	})
	event.Answer(b, func(ctx context.Context, _ bun.IDB, q system.RoleOrgsOutside) (map[int64]bool, error) {
		return s.RoleOrgsOutside(ctx, q.RoleIDs)
	})
	event.Answer(b, func(ctx context.Context, _ bun.IDB, q system.OrgSubtree) ([]int64, error) {
		return s.Subtree(ctx, q.IDs)
	})
	event.Subscribe(b, func(ctx context.Context, tx bun.Tx, e system.RoleOrgsSet) error {
		return s.replaceRoleOrgs(ctx, tx, e.RoleID, e.OrgIDs)
	})
}
