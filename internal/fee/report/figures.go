package report

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/fee"
	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	kit "zhdj/internal/platform/report"
)

// dues is the select of the member-month dues q covers (df_due AS d) in the
// caller's scope and the subtree (by the path frozen on each due) — the one
// base of every figure; what was paid on each is its stored d.paid_fen
// (the sum of its entries, package fee keeps it).
func (s *Service) dues(ctx context.Context, q Query) (*bun.SelectQuery, error) {
	from, to := q.Months()
	sel := s.db.NewSelect().TableExpr("df_due AS d").Where("d.month BETWEEN ? AND ?", from, to)
	return kit.Restrict(ctx, s.orgs, q, sel, kit.On{Org: "d.org_id", Path: "d.org_path"})
}

// OrgRow is one organisation's line of the report: its whole subtree's
// figures (Own: the dues of members directly in the organisation asked
// for, shown as 本级).
type OrgRow struct {
	OrgID    int64  `bun:"org_id" json:"orgId"`
	OrgName  string `bun:"org_name" json:"orgName"`
	OrgType  string `bun:"org_type" json:"orgType"`
	Own      bool   `bun:"own" json:"own"`
	Children bool   `bun:"-" json:"hasChildren"` // it has organisations below (the page drills into it)
	fee.Figures
}

// OrgReport is the report of a period per organisation level (its query,
// the organisation resolved): the lines of the organisations directly
// below the one asked for (or of the caller's top organisations) and the total.
type OrgReport struct {
	Query
	OrgName string      `json:"orgName"`
	Rows    []OrgRow    `json:"rows"`
	Total   fee.Figures `json:"total"`
}

// orgLine is an organisation a report has a line for.
type orgLine struct {
	ID   int64  `bun:"id"`
	Name string `bun:"name"`
	Type string `bun:"type"`
	Path string `bun:"path"`
	Kids int    `bun:"kids"`
}

// lines are the organisations of q's report: the children of q.OrgID (and
// itself, for its own members); without one, the caller's top
// organisations — or, when that is a single one, its children.
func (s *Service) lines(ctx context.Context, q *Query) (own *orgLine, rows []orgLine, err error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, nil, httpx.AsError(err)
	}
	sel := func() *bun.SelectQuery {
		return s.db.NewSelect().TableExpr("dzz AS z").Column("z.id", "z.name", "z.type", "z.path").
			ColumnExpr("(SELECT COUNT(*) FROM dzz AS k WHERE k.pid = z.id) AS kids").OrderExpr("z.sort, z.code, z.id")
	}
	if q.OrgID == 0 {
		var tops []orgLine
		top := sel()
		if sc.All {
			top = top.Where("z.pid IS NULL")
		} else {
			top = top.Where("z.id IN (?)", bun.List(sc.OrgIDs)).
				Where("(z.pid IS NULL OR z.pid NOT IN (?))", bun.List(sc.OrgIDs))
		}
		if err := top.Scan(ctx, &tops); err != nil {
			return nil, nil, httpx.Internal(err)
		}
		if len(tops) != 1 {
			return nil, tops, nil
		}
		q.OrgID = tops[0].ID
	}
	var self []orgLine
	if err := sel().Where("z.id = ?", q.OrgID).Scan(ctx, &self); err != nil || len(self) == 0 {
		return nil, nil, httpx.Internal(fmt.Errorf("organisation %d: %w", q.OrgID, err))
	}
	if err := sel().Where("z.pid = ?", q.OrgID).Scan(ctx, &rows); err != nil {
		return nil, nil, httpx.Internal(err)
	}
	rows = slices.DeleteFunc(rows, func(l orgLine) bool { return !sc.Has(l.ID) })
	return &self[0], rows, nil
}

// lineFigures are a line's figures by its key (the organisation id as text;
// "" for the dues of the organisation itself, "total" for all).
type lineFigures struct {
	Line string `bun:"line"`
	fee.Figures
}

// byLine adds up q's dues below the organisation whose path is prefix, per
// line — the organisation directly below it each due's frozen path passes
// through, read from the path by org.PathChild ("/1/5/23/" below "/1/" is
// line 5) — in one
// pass over the dues: they are first summed per frozen path and member (a
// materialised CTE, about a row per member), which the lines and the total
// add up (members counted once per line, once in the total, however many
// organisations they paid in). Grouping by the columns, not by the line
// computed from every due, keeps the period's sort cheap.
func (s *Service) byLine(ctx context.Context, q Query, prefix string) (map[string]fee.Figures, error) {
	base, err := s.dues(ctx, q)
	if err != nil {
		return nil, err
	}
	perMember := fee.SumFigures(base.Column("d.org_path", "d.member_id")).GroupExpr("d.org_path, d.member_id")
	const sums = "COUNT(DISTINCT member_id) AS members, COALESCE(SUM(months), 0) AS months, " +
		"COALESCE(SUM(unpaid_months), 0) AS unpaid_months, COALESCE(SUM(due_fen), 0) AS due_fen, " +
		"COALESCE(SUM(paid_fen), 0) AS paid_fen, COALESCE(SUM(extra_fen), 0) AS extra_fen, " +
		"COALESCE(SUM(outstanding_fen), 0) AS outstanding_fen"
	var rows []lineFigures
	err = s.db.NewRaw(`WITH x AS MATERIALIZED (?)
		SELECT ? AS line, `+sums+` FROM x GROUP BY 1
		UNION ALL SELECT 'total', `+sums+` FROM x`, perMember, org.PathChild(s.db, prefix, "org_path")).Scan(ctx, &rows)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	out := make(map[string]fee.Figures, len(rows))
	for _, r := range rows {
		r.SetRate()
		out[r.Line] = r.Figures
	}
	return out, nil
}

// orgReport is the report of q per organisation level: the lines of the
// organisations below the one asked for and their total, added up in SQL
// in one pass over the period's dues; the caller's several top
// organisations (a scope of unrelated organisations), each in its own.
func (s *Service) orgReport(ctx context.Context, q Query) (OrgReport, error) {
	own, lines, err := s.lines(ctx, &q)
	if err != nil {
		return OrgReport{}, err
	}
	out := OrgReport{Query: q, Rows: []OrgRow{}}
	if own == nil { // several tops: each one's subtree
		for _, l := range lines {
			tq := q
			tq.OrgID = l.ID
			figs, err := s.byLine(ctx, tq, l.Path)
			if err != nil {
				return out, err
			}
			out.Rows = append(out.Rows, OrgRow{OrgID: l.ID, OrgName: l.Name, OrgType: l.Type, Children: l.Kids > 0, Figures: figs["total"]})
		}
		scopeTotal, err := s.byLine(ctx, q, "/")
		if err != nil {
			return out, err
		}
		out.Total = scopeTotal["total"]
		return out, nil
	}
	out.OrgName = own.Name
	figs, err := s.byLine(ctx, q, own.Path)
	if err != nil {
		return out, err
	}
	out.Total = figs["total"]
	if f, ok := figs[""]; ok && f.Months > 0 {
		out.Rows = append(out.Rows, OrgRow{OrgID: own.ID, OrgName: own.Name + "（本级）", OrgType: own.Type, Own: true, Figures: f})
	}
	for _, l := range lines {
		f, ok := figs[strconv.FormatInt(l.ID, 10)]
		if !ok {
			f.SetRate()
		}
		out.Rows = append(out.Rows, OrgRow{OrgID: l.ID, OrgName: l.Name, OrgType: l.Type, Children: l.Kids > 0, Figures: f})
	}
	return out, nil
}
