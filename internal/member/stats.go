package member

import (
	"context"
	"fmt"
	"time"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// Tally is the members of the organisations of the caller's data scope,
// counted for the home page along the dimensions of party statistics
// (RULES.md §6). Maps are keyed by dictionary value.
type Tally struct {
	// ByStatus counts every member by 党员状态 (DY_ZT): those transferred
	// out, deceased … stay under their last organisation.
	ByStatus map[string]int
	// Normal is the members in normal status, the ones the counts below and
	// the organisation rules count.
	Normal int
	// ByParty counts the members in normal status by 党籍状态
	// (DJ_DY_DJZTXX: 正式党员, 预备党员).
	ByParty map[string]int
	// ByCategory counts the members in normal status by 人员类别 (DJ_DY_RYLBXX).
	ByCategory map[string]int
	// JoinedInYear and FullInYear are the members whose own dates fall in
	// the year: 入党日期 (new members developed) and 转正日期 (made full).
	// They come from the member dates, not from when the record was
	// entered, so importing long-standing members adds none.
	JoinedInYear, FullInYear int
	// MovedInYear is the members whose 所在党组织 changed in the year
	// (transfers between branches, merges, imports updating it), each
	// counted once: it comes from the member change trail, the only place
	// that keeps a member's earlier organisation.
	MovedInYear int
}

// Tally counts the members of the caller's organisation scope in two
// queries: one grouped pass over the members (index only for the counts),
// one over the year's trail entries. Out of scope is never counted; a
// caller whose scope holds no organisation gets zeros.
func (s *Service) Tally(ctx context.Context, year int) (Tally, error) {
	t := Tally{ByStatus: map[string]int{}, ByParty: map[string]int{}, ByCategory: map[string]int{}}
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return t, httpx.Internal(err)
	}
	first, last := date.Date(fmt.Sprintf("%04d-01-01", year)), date.Date(fmt.Sprintf("%04d-12-31", year))
	var groups []struct {
		MemberStatus   string `bun:"member_status"`
		PartyStatus    string `bun:"party_status"`
		PersonCategory string `bun:"person_category"`
		Count          int    `bun:"n"`
		Joined         int    `bun:"joined"`
		Full           int    `bun:"full"`
	}
	q := s.db.NewSelect().TableExpr("dyjbxx AS m").
		ColumnExpr("m.member_status, m.party_status, m.person_category, COUNT(*) AS n").
		ColumnExpr("SUM(CASE WHEN m.joined_on BETWEEN ? AND ? THEN 1 ELSE 0 END) AS joined", first, last).
		ColumnExpr("SUM(CASE WHEN m.full_on BETWEEN ? AND ? THEN 1 ELSE 0 END) AS full", first, last).
		GroupExpr("m.member_status, m.party_status, m.person_category")
	if err := sc.Apply(q, "m.org_id").Scan(ctx, &groups); err != nil {
		return t, httpx.Internal(err)
	}
	for _, g := range groups {
		t.ByStatus[g.MemberStatus] += g.Count
		t.JoinedInYear += g.Joined
		t.FullInYear += g.Full
		if g.MemberStatus == StatusNormal {
			t.Normal += g.Count
			t.ByParty[g.PartyStatus] += g.Count
			t.ByCategory[g.PersonCategory] += g.Count
		}
	}
	// The year in China's calendar, as trail times are instants.
	from := time.Date(year, 1, 1, 0, 0, 0, 0, date.China).UTC()
	to := time.Date(year+1, 1, 1, 0, 0, 0, 0, date.China).UTC()
	moved := s.db.NewSelect().TableExpr("change_trail AS ct").ColumnExpr("COUNT(DISTINCT ct.record_id)").
		Join("JOIN dyjbxx AS m ON m.id = ct.record_id").
		Where("ct.module = ?", TrailModule).Where("ct.type = ?", audit.TypeUpdate).
		Where("ct.created_at >= ?", from).Where("ct.created_at < ?", to).
		// The changes are a JSON array of {"field": …}; trail.Change names
		// the organisation field "org".
		Where("ct.changes LIKE ?", `%"field":"org"%`)
	if err := sc.Apply(moved, "m.org_id").Scan(ctx, &t.MovedInYear); err != nil {
		return t, httpx.Internal(err)
	}
	return t, nil
}

// TrailAcross is the member change trail across the caller's scope, newest
// first (GET /api/dyjbxx/trail), for readers in other domains such as the
// home page's recent changes.
func (s *Service) TrailAcross(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[audit.NamedEntry], error) {
	return s.trails().Across(ctx, lq)
}
