package org

import (
	"context"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// Leaders are an organisation's secretary and committee members chosen
// among the party members (设置书记/委员): the member domain checks who may
// be chosen, this domain keeps the choice with the names as their snapshot.
type Leaders struct {
	SecretaryID   *int64
	SecretaryName string
	CommitteeIDs  []int64
	Committee     []string
	// Term, when set, is the new committee's term (an election written
	// back): its start, its length in years, and the end kept from both.
	Term *Term
}

// Term is a committee's term as an election sets it.
type Term struct {
	Start date.Date
	Years int
}

// SetLeadersTx makes l the leaders of organisation id (live, in the
// caller's scope) inside tx, with a trail entry when a name changes, and
// returns the organisation as it is now.
func (s *Service) SetLeadersTx(ctx context.Context, tx bun.Tx, id int64, l Leaders) (*Org, error) {
	wc, err := s.prepare(ctx)
	if err != nil {
		return nil, err
	}
	if len(l.Committee) > maxCommittee {
		return nil, httpx.Invalid("committeeIds", "委员会成员不能超过%d人", maxCommittee)
	}
	if err := lockTree(ctx, tx); err != nil {
		return nil, httpx.Internal(err)
	}
	cur, err := s.load(ctx, tx, wc.scope, id)
	if err != nil {
		return nil, err
	}
	if !cur.Live() {
		return nil, httpx.BadRequest("党组织“%s”已撤销", cur.Name)
	}
	wc.labels.fill(cur)
	before, err := s.view(ctx, tx, cur)
	if err != nil {
		return nil, err
	}
	next := *cur
	next.SecretaryMemberID, next.SecretaryName = l.SecretaryID, l.SecretaryName
	next.CommitteeMemberIDs, next.Committee = IDs(slices.Clone(l.CommitteeIDs)), Names(slices.Clone(l.Committee))
	columns := []string{"secretary_member_id", "secretary_name", "committee_member_ids", "committee", "updated_at"}
	if l.Term != nil {
		if l.Term.Years != TermYearsBranch && l.Term.Years != TermYearsCommittee {
			return nil, httpx.Invalid("termYears", "任期年限只能是%d年或%d年", TermYearsBranch, TermYearsCommittee)
		}
		next.TermStart, next.TermYears, next.TermEnd = l.Term.Start, l.Term.Years, l.Term.Start.AddYears(l.Term.Years)
		columns = append(columns, "term_start", "term_years", "term_end")
	}
	next.UpdatedAt = time.Now().UTC()
	after, err := s.view(ctx, tx, &next)
	if err != nil {
		return nil, err
	}
	write := func(ctx context.Context) (int64, error) {
		_, err := tx.NewUpdate().Model(&next).Column(columns...).WherePK().Exec(ctx)
		return next.ID, err
	}
	wrote, err := trail.Save(ctx, tx, wc.labels.label, record.Save{Origin: audit.OriginUserUpdate, Before: before, After: after,
		Snapshot: &next, Write: write})
	if err != nil {
		return nil, mapErr(err)
	}
	// Namesakes: the names (all the trail shows) are the same, the members are not.
	if !wrote && !sameLeaders(cur, &next) {
		if _, err := write(ctx); err != nil {
			return nil, mapErr(err)
		}
	}
	return &next, nil
}

func sameLeaders(a, b *Org) bool {
	return sameRef(a.SecretaryMemberID, b.SecretaryMemberID) && slices.Equal(a.CommitteeMemberIDs, b.CommitteeMemberIDs)
}

func sameRef(a, b *int64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
