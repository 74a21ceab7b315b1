package aid

import (
	"context"
	"fmt"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/money"
)

// Total is one 二级党委's records of one kind in a year: how many, for how
// many members, and the money (approved money only; visits and in-kind
// help count when registered).
type Total struct {
	CommitteeID   *int64    `bun:"committee_id" json:"committeeId"`
	CommitteeName string    `bun:"committee_name" json:"committeeName"` // "" for branches directly under the 党委
	Kind          string    `bun:"kind" json:"kind"`
	KindName      string    `bun:"-" json:"kindName"`
	Records       int       `bun:"records" json:"records"`
	Members       int       `bun:"members" json:"members"`
	Fen           money.Fen `bun:"fen" json:"fen"`
	Amount        string    `bun:"-" json:"amount"`
}

var totalSpec = httpx.ListSpec{DefaultSort: "t.committee_name, t.kind", Key: "t.kind"}

// Totals is GET /api/dybf/totals?year=: the year's counted records of the
// caller's scope per 二级党委 and kind, aggregated in SQL, paged.
func (s *Service) Totals(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[Total], error) {
	year, err := intFilter(lq, "year", "请选择年度")
	if err != nil {
		return httpx.PageResult[Total]{}, err
	}
	scoped, err := s.orgs.Scoped("r.org_id")(ctx)
	if err != nil {
		return httpx.PageResult[Total]{}, err
	}
	inner := scoped(s.db.NewSelect().TableExpr("aid_record AS r").
		ColumnExpr("r.committee_id, r.kind, COUNT(*) AS records, COUNT(DISTINCT r.member_id) AS members, COALESCE(SUM(r.fen), 0) AS fen").
		Where("r.year = ?", year).Where("r.state IN (?)", bun.List(countedStates)).
		GroupExpr("r.committee_id, r.kind"))
	q := org.NameLeftJoinAs("a.committee_id", "cm", "committee_name")(s.db.NewSelect().TableExpr("(?) AS a", inner).ColumnExpr("a.*"))
	q = s.db.NewSelect().TableExpr("(?) AS t", q).ColumnExpr("t.committee_id, COALESCE(t.committee_name, '') AS committee_name").
		ColumnExpr("t.kind, t.records, t.members, t.fen")
	lq.Filters = nil
	page, err := httpx.Paged[Total](ctx, q, totalSpec, lq)
	for i := range page.Content {
		t := &page.Content[i]
		t.KindName, t.Amount = KindNames[t.Kind], t.Fen.Grouped()
	}
	return page, err
}

// VisitRow is a member on a year's 七一 or 春节 visit list: in difficulty
// (an open case) or a 老党员 (party standing of OldStandingYears or more by
// the occasion), and whether a visit of that occasion and year is recorded.
type VisitRow struct {
	MemberID   int64      `bun:"member_id" json:"memberId"`
	MemberName string     `bun:"member_name" json:"memberName"`
	OrgID      int64      `bun:"org_id" json:"orgId"`
	OrgName    string     `bun:"org_name" json:"orgName"`
	JoinedOn   *date.Date `bun:"joined_on" json:"joinedOn"`
	InCase     int        `bun:"in_case" json:"inCase"`  // 1: in difficulty
	Old        int        `bun:"old" json:"old"`         // 1: a 老党员
	Visited    int        `bun:"visited" json:"visited"` // 1: visited for the occasion
}

// OldStandingYears is the party standing (years since 入党) that puts a
// member on the visit lists as a 老党员.
const OldStandingYears = 50

var visitSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"orgId":      org.SubtreeFilter("v.org_id"),
		"memberName": {Columns: []string{"v.member_name"}, Match: httpx.Like},
		"visited":    {Columns: []string{"v.visited"}, Kind: httpx.Int}, // 0 or 1
	},
	DefaultSort: "v.org_name, v.member_name, v.member_id",
	Key:         "v.member_id",
}

// Visits is GET /api/dybf/visits?year=&occasion=: the members of the
// caller's scope to visit for the occasion (in normal status, full or
// probationary), with whether they have been visited.
func (s *Service) Visits(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[VisitRow], error) {
	year, err := intFilter(lq, "year", "请选择年度")
	if err != nil {
		return httpx.PageResult[VisitRow]{}, err
	}
	occasion := fmt.Sprint(lq.Filters["occasion"])
	if OccasionNames[occasion] == "" {
		return httpx.PageResult[VisitRow]{}, httpx.Invalid("occasion", "请选择慰问节点（七一或春节）")
	}
	delete(lq.Filters, "year")
	delete(lq.Filters, "occasion")
	// Standing counted at the occasion: 七一 on 1 July, 春节 at the start of the year.
	by := fmt.Sprintf("%04d-07-01", year-OldStandingYears)
	if occasion == OccasionSpring {
		by = fmt.Sprintf("%04d-01-01", year-OldStandingYears)
	}
	scoped, err := s.orgs.Scoped("m.org_id")(ctx)
	if err != nil {
		return httpx.PageResult[VisitRow]{}, err
	}
	inCase := "EXISTS (SELECT 1 FROM aid_case AS c WHERE c.member_id = m.id AND c.state = 'aiding')"
	inner := scoped(org.NameJoin("m.org_id")(member.SelectServing(s.db).
		ColumnExpr("m.id AS member_id, m.name AS member_name, m.org_id, m.joined_on").
		ColumnExpr("CASE WHEN "+inCase+" THEN 1 ELSE 0 END AS in_case").
		ColumnExpr("CASE WHEN m.joined_on <= ? THEN 1 ELSE 0 END AS old", by).
		ColumnExpr(`CASE WHEN EXISTS (SELECT 1 FROM aid_record AS r WHERE r.member_id = m.id AND r.year = ? AND r.kind = ?
			AND r.occasion = ?) THEN 1 ELSE 0 END AS visited`, year, KindVisit, occasion).
		Where("("+inCase+" OR m.joined_on <= ?)", by)))
	q := s.db.NewSelect().TableExpr("(?) AS v", inner).ColumnExpr("v.*")
	return httpx.Paged[VisitRow](ctx, q, visitSpec, lq)
}

func intFilter(lq httpx.ListQuery, name, ask string) (int64, error) {
	v, ok := lq.Filters[name]
	if !ok {
		return 0, httpx.Invalid(name, "%s", ask)
	}
	n, err := strconv.ParseInt(fmt.Sprint(v), 10, 64)
	if err != nil || n < 1900 || n > 2999 {
		return 0, httpx.Invalid(name, "%s", ask)
	}
	return n, nil
}
