package orgstd

import (
	"context"
	"fmt"
	"math"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/report"
	"zhdj/internal/platform/zh"
)

// BranchRank is one reviewed branch in the ranking: its place by reviewed
// total (equal totals share a place), its committee and its mark.
type BranchRank struct {
	Rank          int     `bun:"rank_no" json:"rank"`
	AssessmentID  int64   `bun:"id" json:"assessmentId"`
	OrgID         int64   `bun:"org_id" json:"orgId"`
	OrgName       string  `bun:"org_name" json:"orgName"`
	CommitteeID   *int64  `bun:"committee_id" json:"committeeId"`
	CommitteeName string  `bun:"-" json:"committeeName"`
	SelfTenths    int     `bun:"self_tenths" json:"-"`
	ReviewTenths  int     `bun:"review_tenths" json:"-"`
	SelfTotal     float64 `bun:"-" json:"selfTotal"`
	ReviewTotal   float64 `bun:"-" json:"reviewTotal"`
	Mark          string  `bun:"mark" json:"mark"`
	MarkName      string  `bun:"-" json:"markName"`
}

// CommitteeRank is one 二级党委 in the ranking by its reviewed branches'
// average.
type CommitteeRank struct {
	Rank      int     `bun:"rank_no" json:"rank"`
	OrgID     int64   `bun:"committee_id" json:"orgId"`
	OrgName   string  `bun:"org_name" json:"orgName"`
	Branches  int     `bun:"branches" json:"branches"` // reviewed branches
	AvgTenths float64 `bun:"avg_tenths" json:"-"`
	MaxTenths int     `bun:"max_tenths" json:"-"`
	MinTenths int     `bun:"min_tenths" json:"-"`
	Average   float64 `bun:"-" json:"average"` // two decimal places
	Highest   float64 `bun:"-" json:"highest"`
	Lowest    float64 `bun:"-" json:"lowest"`
	Models    int     `bun:"models" json:"models"`   // 示范党支部
	Samples   int     `bun:"samples" json:"samples"` // 样板党支部
}

func (s *Service) rankingRoutes(rs *httpx.Routes, p report.Parser) {
	rs.Get("/api/dzzjs/ranking/branches", PermList, "查看党支部排名", s.rankingView(p, s.branchPage))
	rs.Get("/api/dzzjs/ranking/branches/export", PermExport, "导出党支部排名", s.rankingExport(p, s.exportBranches))
	rs.Get("/api/dzzjs/ranking/committees", PermList, "查看二级党委排名", s.rankingView(p, s.committeePage))
	rs.Get("/api/dzzjs/ranking/committees/export", PermExport, "导出二级党委排名", s.rankingExport(p, s.exportCommittees))
}

// rankingView answers a page of a ranking read by page.
func (s *Service) rankingView(p report.Parser, page func(r *http.Request, q report.Query, pg httpx.Page) (any, error)) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		q, err := p.Parse(r, report.Options{})
		if err != nil {
			return err
		}
		pg, err := report.Page(r)
		if err != nil {
			return err
		}
		out, err := page(r, q, pg)
		if err != nil {
			return err
		}
		return httpx.OK(w, out)
	}
}

func (s *Service) rankingExport(p report.Parser, send func(w http.ResponseWriter, r *http.Request, q report.Query) error) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		q, err := p.Parse(r, report.Options{})
		if err != nil {
			return err
		}
		return send(w, r, q)
	}
}

// markFilter reads ?mark=: a mark, "marked" (either), or none.
func markFilter(r *http.Request) (string, error) {
	m := r.URL.Query().Get("mark")
	if m == "" || m == "marked" || MarkNames[m] != "" {
		return m, nil
	}
	return "", httpx.Invalid("mark", "标记取值无效")
}

// branches is the ranking's select: the reviewed assessments of q's year
// in the caller's scope and q's subtree, ranked by reviewed total among
// them (RANK: equal totals share a place), then filtered by mark (which
// keeps the places), with the branch's name; order is its order (ties by
// the name in pinyin).
func (s *Service) branches(ctx context.Context, q report.Query, mark string) (sel *bun.SelectQuery, order string, err error) {
	inner := s.db.NewSelect().TableExpr("dzzjs_assessment AS a").
		ColumnExpr("a.id, a.org_id, a.self_tenths, a.review_tenths, a.mark").
		ColumnExpr("? AS committee_id", org.CommitteeOf("a.org_id", org.TypeSecondaryCommittee)).
		ColumnExpr("RANK() OVER (ORDER BY a.review_tenths DESC) AS rank_no").
		Where("a.year = ?", q.Year).Where("a.state = ?", StateReviewed)
	if inner, err = report.Restrict(ctx, s.orgs, q, inner, report.On{Org: "a.org_id"}); err != nil {
		return nil, "", err
	}
	sel = s.db.NewSelect().TableExpr("(?) AS r", inner).
		ColumnExpr("r.id, r.org_id, r.committee_id, r.self_tenths, r.review_tenths, r.mark, r.rank_no")
	sel = org.NameJoin("r.org_id")(sel)
	switch mark {
	case "":
	case "marked":
		sel = sel.Where("r.mark <> ''")
	default:
		sel = sel.Where("r.mark = ?", mark)
	}
	return sel, "r.rank_no, " + zh.Resolve(zh.Name(org.NameColumn), db.IsPostgres(s.db)) + ", r.org_id", nil
}

// named fills the committees' names and the points of rows.
func (s *Service) named(ctx context.Context, rows []BranchRank) error {
	var ids []int64
	for _, r := range rows {
		if r.CommitteeID != nil {
			ids = append(ids, *r.CommitteeID)
		}
	}
	names, err := s.orgs.Names(ctx, ids)
	if err != nil {
		return httpx.Internal(err)
	}
	for i := range rows {
		r := &rows[i]
		if r.CommitteeID != nil {
			r.CommitteeName = names[*r.CommitteeID]
		} else {
			r.CommitteeName = "党委直属"
		}
		r.SelfTotal, r.ReviewTotal, r.MarkName = points(r.SelfTenths), points(r.ReviewTenths), MarkNames[r.Mark]
	}
	return nil
}

func (s *Service) branchPage(r *http.Request, q report.Query, pg httpx.Page) (any, error) {
	mark, err := markFilter(r)
	if err != nil {
		return nil, err
	}
	sel, order, err := s.branches(r.Context(), q, mark)
	if err != nil {
		return nil, err
	}
	page, err := report.Paged[BranchRank](r.Context(), s.db, sel, order, pg)
	if err != nil {
		return nil, err
	}
	return page, s.named(r.Context(), page.Content)
}

var branchSheet = report.Sheet[BranchRank]{Name: "党支部排名", Columns: []report.Column[BranchRank]{
	{Title: "名次", Width: 8, Lead: true, Cell: func(_ int, r *BranchRank) any { return r.Rank }},
	{Title: "党支部", Width: 32, Lead: true, Cell: func(_ int, r *BranchRank) any { return r.OrgName }},
	{Title: "所属二级党委", Width: 28, Lead: true, Cell: func(_ int, r *BranchRank) any { return r.CommitteeName }},
	{Title: "自评得分", Width: 12, Cell: func(_ int, r *BranchRank) any { return r.SelfTotal }},
	{Title: "审核得分", Width: 12, Cell: func(_ int, r *BranchRank) any { return r.ReviewTotal }},
	{Title: "标记", Width: 14, Cell: func(_ int, r *BranchRank) any { return r.MarkName }},
}}

func (s *Service) exportBranches(w http.ResponseWriter, r *http.Request, q report.Query) error {
	mark, err := markFilter(r)
	if err != nil {
		return err
	}
	sel, order, err := s.branches(r.Context(), q, mark)
	if err != nil {
		return err
	}
	var rows []BranchRank
	if err := sel.OrderExpr(order).Scan(r.Context(), &rows); err != nil {
		return httpx.Internal(err)
	}
	if err := s.named(r.Context(), rows); err != nil {
		return err
	}
	sheet := branchSheet
	sheet.Title = fmt.Sprintf("%d年度党支部标准化规范化建设排名", q.Year)
	return sheet.Send(w, fmt.Sprintf("党支部标准化规范化建设排名-%d-%s.xlsx", q.Year, date.Of(s.now().In(date.China)).Compact()), rows, nil)
}

// committees is the 二级党委s' select: per committee of the caller's scope
// (and of q's subtree) the reviewed branches of q's year, their average,
// highest and lowest total and marks, ranked by the average among them.
func (s *Service) committees(ctx context.Context, q report.Query) (sel *bun.SelectQuery, order string, err error) {
	base := s.db.NewSelect().TableExpr("dzzjs_assessment AS a").ColumnExpr("a.review_tenths, a.mark").
		ColumnExpr("? AS committee_id", org.CommitteeOf("a.org_id", org.TypeSecondaryCommittee)).
		Where("a.year = ?", q.Year).Where("a.state = ?", StateReviewed)
	if q.OrgID != 0 {
		base = base.Where(report.SubtreeOf, bun.Safe("a.org_id"), q.OrgID)
	}
	scope, err := s.orgs.Scoped("b.committee_id")(ctx)
	if err != nil {
		return nil, "", err
	}
	grouped := scope(s.db.NewSelect().TableExpr("(?) AS b", base).
		ColumnExpr("b.committee_id, COUNT(*) AS branches, AVG(b.review_tenths) AS avg_tenths").
		ColumnExpr("MAX(b.review_tenths) AS max_tenths, MIN(b.review_tenths) AS min_tenths").
		ColumnExpr("SUM(CASE WHEN b.mark = ? THEN 1 ELSE 0 END) AS models", MarkModel).
		ColumnExpr("SUM(CASE WHEN b.mark = ? THEN 1 ELSE 0 END) AS samples", MarkSample).
		ColumnExpr("RANK() OVER (ORDER BY AVG(b.review_tenths) DESC) AS rank_no").
		Where("b.committee_id IS NOT NULL").GroupExpr("b.committee_id"))
	sel = org.NameJoin("c.committee_id")(s.db.NewSelect().TableExpr("(?) AS c", grouped).
		ColumnExpr("c.committee_id, c.branches, c.avg_tenths, c.max_tenths, c.min_tenths, c.models, c.samples, c.rank_no"))
	return sel, "c.rank_no, " + zh.Resolve(zh.Name(org.NameColumn), db.IsPostgres(s.db)) + ", c.committee_id", nil
}

func filled(rows []CommitteeRank) {
	for i := range rows {
		r := &rows[i]
		r.Average = math.Round(r.AvgTenths*10) / 100
		r.Highest, r.Lowest = points(r.MaxTenths), points(r.MinTenths)
	}
}

func (s *Service) committeePage(r *http.Request, q report.Query, pg httpx.Page) (any, error) {
	sel, order, err := s.committees(r.Context(), q)
	if err != nil {
		return nil, err
	}
	page, err := report.Paged[CommitteeRank](r.Context(), s.db, sel, order, pg)
	filled(page.Content)
	return page, err
}

var committeeSheet = report.Sheet[CommitteeRank]{Name: "二级党委排名", Columns: []report.Column[CommitteeRank]{
	{Title: "名次", Width: 8, Lead: true, Cell: func(_ int, r *CommitteeRank) any { return r.Rank }},
	{Title: "二级党委", Width: 32, Lead: true, Cell: func(_ int, r *CommitteeRank) any { return r.OrgName }},
	{Title: "参评党支部", Width: 12, Cell: func(_ int, r *CommitteeRank) any { return r.Branches }},
	{Title: "平均分", Width: 12, Cell: func(_ int, r *CommitteeRank) any { return r.Average }},
	{Title: "最高分", Width: 12, Cell: func(_ int, r *CommitteeRank) any { return r.Highest }},
	{Title: "最低分", Width: 12, Cell: func(_ int, r *CommitteeRank) any { return r.Lowest }},
	{Title: "示范党支部", Width: 12, Cell: func(_ int, r *CommitteeRank) any { return r.Models }},
	{Title: "样板党支部", Width: 12, Cell: func(_ int, r *CommitteeRank) any { return r.Samples }},
}}

func (s *Service) exportCommittees(w http.ResponseWriter, r *http.Request, q report.Query) error {
	sel, order, err := s.committees(r.Context(), q)
	if err != nil {
		return err
	}
	var rows []CommitteeRank
	if err := sel.OrderExpr(order).Scan(r.Context(), &rows); err != nil {
		return httpx.Internal(err)
	}
	filled(rows)
	sheet := committeeSheet
	sheet.Title = fmt.Sprintf("%d年度二级党委党支部标准化规范化建设平均分排名", q.Year)
	return sheet.Send(w, fmt.Sprintf("二级党委标准化规范化建设排名-%d-%s.xlsx", q.Year, date.Of(s.now().In(date.China)).Compact()), rows, nil)
}
