package check

import (
	"context"
	"net/http"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// KindCount is a kind of problem with the members it was found on.
type KindCount struct {
	Kind
	Count int `json:"count"`
}

// OrgLine is an organisation's completeness: its serving members, those
// with at least one problem, and the share without any (percent, one
// decimal; 100 for none).
type OrgLine struct {
	OrgID      int64   `json:"orgId" bun:"org_id"`
	OrgName    string  `json:"orgName" bun:"org_name"`
	TopName    string  `json:"topName" bun:"top_name"` // the 二级党委 (branch level)
	Members    int     `json:"members" bun:"members"`
	WithIssues int     `json:"withIssues" bun:"with_issues"`
	Rate       float64 `json:"rate" bun:"-"`
}

// Summary is GET /api/sjjy/summary: the counts per kind over the scope (or
// an organisation's subtree), its completeness, and a page of the
// organisations' lines at a level.
type Summary struct {
	Today      date.Date                 `json:"today"`
	Members    int                       `json:"members"`
	WithIssues int                       `json:"withIssues"`
	Rate       float64                   `json:"rate"`
	Kinds      []KindCount               `json:"kinds"`
	Orgs       httpx.PageResult[OrgLine] `json:"orgs"`
}

// Levels of the per-organisation lines.
const (
	LevelBranch    = "branch"    // the organisation the members belong to (党支部 …)
	LevelCommittee = "committee" // the 二级党委 (or 党总支, 直属党支部 below the school committee) above it
)

// rate is the completeness of n members of whom bad have a problem.
func rate(n, bad int) float64 {
	if n == 0 {
		return 100
	}
	return float64(int(float64(n-bad)*1000/float64(n)+0.5)) / 10
}

// Summarize counts the problems of f's members (its kind is ignored) and
// reads page p of the organisations' lines at level.
func (s *Service) Summarize(ctx context.Context, f Filter, level string, p httpx.Page) (Summary, error) {
	out := Summary{Today: s.today()}
	q, err := s.checked(ctx, f)
	if err != nil {
		return out, err
	}
	totals := s.db.NewSelect().TableExpr("(?) AS b", q).ColumnExpr("COUNT(*)").
		ColumnExpr("COALESCE(SUM(CASE WHEN b.kinds <> '' THEN 1 ELSE 0 END), 0)")
	for _, k := range Kinds {
		totals = totals.ColumnExpr("COALESCE(SUM(CASE WHEN b.kinds LIKE ? THEN 1 ELSE 0 END), 0)", "%"+k.Kind+",%")
	}
	counts := make([]int, 2+len(Kinds))
	dest := make([]any, len(counts))
	for i := range counts {
		dest[i] = &counts[i]
	}
	if err := totals.Scan(ctx, dest...); err != nil {
		return out, httpx.Internal(err)
	}
	out.Members, out.WithIssues, out.Rate = counts[0], counts[1], rate(counts[0], counts[1])
	for i, k := range Kinds {
		out.Kinds = append(out.Kinds, KindCount{Kind: k, Count: counts[2+i]})
	}
	lines := s.db.NewSelect().TableExpr("(?) AS b", q).ColumnExpr("COUNT(*) AS members").
		ColumnExpr("SUM(CASE WHEN b.kinds <> '' THEN 1 ELSE 0 END) AS with_issues")
	switch level {
	case "", LevelBranch:
		lines = lines.ColumnExpr("b.org_id, b.org_name, COALESCE(b.top_name, '') AS top_name").
			GroupExpr("b.org_id, b.org_name, b.org_path, b.top_name").OrderExpr("b.org_path")
	case LevelCommittee:
		// Members under no such organisation (kept by the school committee
		// itself) have no line at this level.
		lines = lines.ColumnExpr("b.top_id AS org_id, b.top_name AS org_name, '' AS top_name").Where("b.top_id IS NOT NULL").
			GroupExpr("b.top_id, b.top_name, b.top_path").OrderExpr("b.top_path")
	default:
		return out, httpx.Invalid("level", "不支持的汇总层级：%s", level)
	}
	var rows []OrgLine
	total, err := httpx.PagedInto(ctx, lines, httpx.ListSpec{}, httpx.ListQuery{Page: httpx.Page{Page: p.Page, Size: p.Size}}, &rows)
	if err != nil {
		return out, err
	}
	for i := range rows {
		rows[i].Rate = rate(rows[i].Members, rows[i].WithIssues)
	}
	out.Orgs = httpx.NewCountedPage(rows, total)
	return out, nil
}

func (s *Service) handleSummary(w http.ResponseWriter, r *http.Request) error {
	f, err := readFilter(r.URL.Query())
	if err != nil {
		return err
	}
	p, err := httpx.ParsePage(r.URL.Query())
	if err != nil {
		return err
	}
	out, err := s.Summarize(r.Context(), f, r.URL.Query().Get("level"), p)
	if err != nil {
		return err
	}
	return httpx.OK(w, out)
}
