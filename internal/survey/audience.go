package survey

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
)

// audience resolves a questionnaire's targets to the accounts it is sent
// to, when it is published (the roll is fixed then): the accounts linked
// to the picked members (CUSTOM); the enabled accounts holding one of the
// roles and anchored in the caller's scope (ROLE); the accounts of the
// members in normal status, full or probationary, of the organisations'
// subtrees (DZZ). Members without an account are left out (an anonymous
// questionnaire may print one-time codes for them).
func (s *Service) audience(ctx context.Context, shareType int, t Targets) ([]int64, error) {
	switch shareType {
	case ShareCustom:
		return s.members.AccountsOf(ctx, s.db, t.Members)
	case ShareRole:
		sc, err := s.orgs.ScopeOf(ctx)
		if err != nil {
			return nil, httpx.AsError(err)
		}
		var within []int64
		if !sc.All {
			within = append([]int64{}, sc.OrgIDs...)
		}
		ids, err := s.sys.RoleHolders(ctx, s.db, t.Roles, within)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		return ids, nil
	case ShareOrg:
		orgs, err := s.orgs.Subtree(ctx, t.Orgs)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		out := []int64{}
		for start := 0; start < len(orgs); start += 500 {
			var part []int64
			err := member.Select(s.db).Column("m.user_id").Where("m.user_id IS NOT NULL").
				Where("m.member_status = ?", member.StatusNormal).
				Where("m.party_status IN (?)", bun.In([]string{member.PartyFull, member.PartyProbation})).
				Where("m.org_id IN (?)", bun.In(orgs[start:min(start+500, len(orgs))])).Scan(ctx, &part)
			if err != nil {
				return nil, httpx.Internal(err)
			}
			out = append(out, part...)
		}
		return uniq.Of(out), nil
	}
	return nil, httpx.Invalid("shareType", "请选择发放范围")
}

// membersInScope counts the members of ids in the caller's scope.
func (s *Service) membersInScope(ctx context.Context, ids []int64) (int, error) {
	scope, err := s.orgs.Scoped("m.org_id")(ctx)
	if err != nil {
		return 0, err
	}
	n, err := scope(member.Select(s.db)).Where("m.id IN (?)", bun.In(ids)).Count(ctx)
	if err != nil {
		return 0, httpx.Internal(err)
	}
	return int(n), nil
}
