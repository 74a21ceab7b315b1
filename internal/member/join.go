package member

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// What another module's queries need of the member table without naming
// it: a select of members, a record's member joined (both as m: the caller
// reads the member's columns through the alias, m.name, m.org_id,
// m.staff_or_student_no …), and the Facts of members read in bulk whatever
// the caller's scope (a month's dues are frozen for the whole school).

// Select is a select of the members through idb, as m.
func Select(idb bun.IDB) *bun.SelectQuery { return idb.NewSelect().TableExpr("dyjbxx AS m") }

// Join joins to a select the member whose id is column (written by the
// caller, e.g. "b.member_id"), as m: a list of records that point at a
// member shows, filters and sorts by the member's columns.
func Join(column string) func(*bun.SelectQuery) *bun.SelectQuery {
	return func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Join("JOIN dyjbxx AS m ON m.id = ?", bun.Safe(column))
	}
}

// LeftJoin is Join for a record whose member may be gone: m's columns are
// then NULL.
func LeftJoin(column string) func(*bun.SelectQuery) *bun.SelectQuery {
	return func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Join("LEFT JOIN dyjbxx AS m ON m.id = ?", bun.Safe(column))
	}
}

// FactsOf reads through idb the Facts of members ids (those that exist),
// whatever the caller's scope, by id: a computation over members another
// module was given (their monthly dues), not a lookup for a form.
func (s *Service) FactsOf(ctx context.Context, idb bun.IDB, ids []int64) ([]Facts, error) {
	var out []Facts
	if err := Select(idb).Column(factsColumns...).Where("m.id IN (?)", bun.List(ids)).OrderExpr("m.id").Scan(ctx, &out); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// Serving reads through idb the Facts of every member in normal status
// (正常), full or probationary — not 已转出, 停止党籍, 失联, 已出党 or 去世 —
// whatever the caller's scope, by id: the members a month's dues are
// frozen for.
func (s *Service) Serving(ctx context.Context, idb bun.IDB) ([]Facts, error) {
	var out []Facts
	if err := SelectServing(idb).Column(factsColumns...).OrderExpr("m.id").Scan(ctx, &out); err != nil {
		return nil, httpx.Internal(err)
	}
	return out, nil
}

// SelectServing is Select of the members the party statistics count: in
// normal status (正常), full or probationary (正式党员, 预备党员), as m.
func SelectServing(idb bun.IDB) *bun.SelectQuery {
	return Select(idb).Where("m.member_status = ?", StatusNormal).
		Where("m.party_status IN (?)", bun.List([]string{PartyFull, PartyProbation}))
}
