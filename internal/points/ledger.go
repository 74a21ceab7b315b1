package points

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
)

// EntryView is a ledger entry as the list shows it.
type EntryView struct {
	Entry    `bun:",extend"`
	OrgName  string `bun:"org_name,scanonly" json:"orgName"`
	KindName string `bun:"-" json:"kindName"`
}

var entrySpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"memberId":   {Columns: []string{"e.member_id"}, Kind: httpx.Int},
		"memberName": {Columns: []string{"e.member_name"}, Match: httpx.Like},
		"orgId":      org.SubtreeFilter("e.org_id"),
		"year":       {Columns: []string{"e.year"}, Kind: httpx.Int},
		"kind":       {Columns: []string{"e.kind"}, Match: httpx.In},
	},
	Sorts:       map[string]string{"createTime": "e.created_at", "points": "e.points"},
	DefaultSort: "e.created_at DESC, e.id DESC",
	Key:         "e.id",
}

// entries is the ledger of the caller's organisation scope (an entry is
// kept at the member's organisation when it was booked).
func (s *Service) entries(ctx context.Context) (*bun.SelectQuery, error) {
	scoped, err := s.orgs.Scoped("e.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	q := s.db.NewSelect().Model((*EntryView)(nil)).ColumnExpr("e.*")
	return scoped(org.NameJoin("e.org_id")(q)), nil
}

// Entries is GET /api/jf/entries: the ledger, each entry with its source.
func (s *Service) Entries(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[EntryView], error) {
	q, err := s.entries(ctx)
	if err != nil {
		return httpx.PageResult[EntryView]{}, err
	}
	return httpx.PagedEach(ctx, q, entrySpec, lq, func(v *EntryView) { v.KindName = KindNames[v.Kind] })
}

// exportEntries is GET /api/jf/entries/export: the list's filters, all rows.
func (s *Service) exportEntries(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	q, err := s.entries(ctx)
	if err != nil {
		return err
	}
	if q, err = entrySpec.Query(q, lq); err != nil {
		return err
	}
	headers := []string{"序号", "党员", "党组织", "年度", "类别", "积分", "来源", "记录时间"}
	widths := []float64{6, 12, 28, 8, 14, 8, 48, 20}
	n, err := excel.Export(ctx, w, s.db, q, headers, widths, "党员积分明细-"+date.Of(s.now()).Compact()+".xlsx", func(n int, v *EntryView) []any {
		return []any{n, v.MemberName, v.OrgName, v.Year, KindNames[v.Kind], v.Points, v.Text, v.CreatedAt.In(date.China).Format("2006-01-02 15:04")}
	})
	if err == nil {
		s.sys.LogAccess(ctx, r, fmt.Sprintf("导出党员积分明细（%d条）", n))
	}
	return err
}

// Rank is a member's place by the year's total among the organisation's
// members (those of its subtree); equal totals share a place.
type Rank struct {
	Rank       int    `bun:"place" json:"rank"`
	MemberID   int64  `bun:"member_id" json:"memberId"`
	MemberName string `bun:"member_name" json:"memberName"`
	OrgID      int64  `bun:"org_id" json:"orgId"`
	OrgName    string `bun:"org_name" json:"orgName"`
	Points     int    `bun:"points" json:"points"`
}

var rankSpec = httpx.ListSpec{DefaultSort: "r.place, r.member_id", Key: "r.member_id"}

// Ranking is GET /api/jf/ranking?orgId=&year=: the members of the
// organisation's subtree (a branch, or a 二级党委 with its branches) ranked
// by the year's total, in SQL (a window over the totals), paged.
func (s *Service) Ranking(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[Rank], error) {
	orgID, err := intFilter(lq, "orgId", "请选择党组织")
	if err != nil {
		return httpx.PageResult[Rank]{}, err
	}
	year, err := intFilter(lq, "year", "请选择年度")
	if err != nil {
		return httpx.PageResult[Rank]{}, err
	}
	if ok, err := s.orgs.InScope(ctx, orgID); err != nil || !ok {
		return httpx.PageResult[Rank]{}, orNotFound(err, "党组织不存在")
	}
	scoped, err := s.orgs.Scoped("t.org_id")(ctx)
	if err != nil {
		return httpx.PageResult[Rank]{}, err
	}
	inner := org.NameJoin("t.org_id")(s.db.NewSelect().TableExpr("jf_total AS t").
		ColumnExpr("t.member_id, t.member_name, t.org_id, t.points").
		ColumnExpr("RANK() OVER (ORDER BY t.points DESC) AS place").
		Where("t.year = ?", year))
	if inner, err = org.SubtreeFilter("t.org_id").Custom(inner, orgID); err != nil {
		return httpx.PageResult[Rank]{}, err
	}
	inner = scoped(inner)
	q := s.db.NewSelect().TableExpr("(?) AS r", inner).ColumnExpr("r.*")
	lq.Filters = nil
	return httpx.Paged[Rank](ctx, q, rankSpec, lq)
}

func intFilter(lq httpx.ListQuery, name, ask string) (int64, error) {
	v, ok := lq.Filters[name]
	if !ok {
		return 0, httpx.Invalid(name, "%s", ask)
	}
	n, err := strconv.ParseInt(fmt.Sprint(v), 10, 64)
	if err != nil || n <= 0 {
		return 0, httpx.Invalid(name, "%s", ask)
	}
	return n, nil
}

func orNotFound(err error, msg string) error {
	if err != nil {
		return httpx.AsError(err)
	}
	return httpx.NotFound("%s", msg)
}

// Summary is a member's own points: the year's total and the latest entries.
type Summary struct {
	Year    int         `json:"year"`
	Total   int         `json:"total"`
	Entries []EntryView `json:"entries"`
}

// summaryEntries is how many entries the home card shows.
const summaryEntries = 5

// SummaryOf is member memberID's points of the current year (China time):
// the total and the latest entries. The home page calls it for the
// caller's own record only.
func (s *Service) SummaryOf(ctx context.Context, memberID int64) (*Summary, error) {
	out := &Summary{Year: s.now().In(date.China).Year(), Entries: []EntryView{}}
	if err := s.db.NewSelect().Table("jf_total").ColumnExpr("COALESCE(SUM(points), 0)").Where("member_id = ?", memberID).
		Where("year = ?", out.Year).Scan(ctx, &out.Total); err != nil {
		return nil, httpx.Internal(err)
	}
	err := s.db.NewSelect().Model(&out.Entries).ColumnExpr("e.*").Where("e.member_id = ?", memberID).Where("e.year = ?", out.Year).
		OrderExpr("e.created_at DESC, e.id DESC").Limit(summaryEntries).Scan(ctx)
	for i := range out.Entries {
		out.Entries[i].KindName = KindNames[out.Entries[i].Kind]
	}
	return out, httpx.AsError(err)
}
