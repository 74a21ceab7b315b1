package report

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect"

	"zhdj/internal/platform/httpx"
)

// Figures are what a report gives of a set of member-month dues: the
// members they are of, the months due and unpaid, the amounts in fen and
// the collection rate (paid ÷ due in basis points, 10000 = 100%, rounded
// down; 10000 when nothing is due).
type Figures struct {
	Members        int   `bun:"members" json:"members"`
	Months         int   `bun:"months" json:"months"`                  // member-months due
	UnpaidMonths   int   `bun:"unpaid_months" json:"unpaidMonths"`     // of which not paid in full
	DueFen         int64 `bun:"due_fen" json:"dueFen"`                 // 应缴
	PaidFen        int64 `bun:"paid_fen" json:"paidFen"`               // 实缴 (payments less reversals)
	OutstandingFen int64 `bun:"outstanding_fen" json:"outstandingFen"` // 欠缴: what the unpaid months lack
	RateBP         int64 `bun:"-" json:"rateBp"`                       // 收缴率
}

// rate fills RateBP from the amounts (integers only).
func (f *Figures) rate() {
	if f.DueFen <= 0 {
		f.RateBP = 10000
		return
	}
	f.RateBP = f.PaidFen * 10000 / f.DueFen
}

// period is the months a query covers, as df_due.month texts (YYYY-MM).
func (q Query) period() (from, to string) {
	if q.Month != 0 {
		m := fmt.Sprintf("%04d-%02d", q.Year, q.Month)
		return m, m
	}
	return fmt.Sprintf("%04d-01", q.Year), fmt.Sprintf("%04d-12", q.Year)
}

// dues is the select of the member-month dues q covers (df_due AS d) in the
// caller's scope, each with what was paid on it (pe.paid: its entries'
// sum, NULL for none) — the one base of every figure.
func (s *Service) dues(ctx context.Context, q Query) (*bun.SelectQuery, error) {
	scope, err := s.orgs.Scoped("d.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	from, to := q.period()
	sel := s.db.NewSelect().TableExpr("df_due AS d").
		Join(`LEFT JOIN (SELECT e.due_id, SUM(e.amount_fen) AS paid FROM df_entry AS e
			WHERE e.month BETWEEN ? AND ? GROUP BY e.due_id) AS pe ON pe.due_id = d.id`, from, to).
		Where("d.month BETWEEN ? AND ?", from, to)
	if q.OrgID != 0 {
		prefix, ok, err := s.orgs.SubtreePath(ctx, q.OrgID)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		if !ok {
			return nil, httpx.NotFound("党组织不存在")
		}
		sel = sel.Where("d.org_path LIKE ?", prefix+"%")
	}
	return scope(sel), nil
}

// Per-due expressions over dues' d and pe.
const (
	paidExpr        = "COALESCE(pe.paid, 0)"
	unpaidExpr      = "CASE WHEN d.due_fen > " + paidExpr + " THEN 1 ELSE 0 END"
	outstandingExpr = "CASE WHEN d.due_fen > " + paidExpr + " THEN d.due_fen - " + paidExpr + " ELSE 0 END"
)

// OrgRow is one organisation's line of the report: its whole subtree's
// figures (Own: the dues of members directly in the organisation asked
// for, shown as 本级).
type OrgRow struct {
	OrgID    int64  `bun:"org_id" json:"orgId"`
	OrgName  string `bun:"org_name" json:"orgName"`
	OrgType  string `bun:"org_type" json:"orgType"`
	Own      bool   `bun:"own" json:"own"`
	Children bool   `bun:"-" json:"hasChildren"` // it has organisations below (the page drills into it)
	Figures
}

// OrgReport is the report of a period per organisation level: the lines of
// the organisations directly below the one asked for (or of the caller's
// top organisations) and the total.
type OrgReport struct {
	Year    int      `json:"year"`
	Month   int      `json:"month"`
	OrgID   int64    `json:"orgId"`
	OrgName string   `json:"orgName"`
	Rows    []OrgRow `json:"rows"`
	Total   Figures  `json:"total"`
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
			top = top.Where("z.id IN (?)", bun.In(sc.OrgIDs)).
				Where("(z.pid IS NULL OR z.pid NOT IN (?))", bun.In(sc.OrgIDs))
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
	Figures
}

// lineSums are the Figures' columns over dues' d and pe.
func lineSums(q *bun.SelectQuery) *bun.SelectQuery {
	return q.ColumnExpr("COUNT(DISTINCT d.member_id) AS members").
		ColumnExpr("COUNT(*) AS months").
		ColumnExpr("COALESCE(SUM(" + unpaidExpr + "), 0) AS unpaid_months").
		ColumnExpr("COALESCE(SUM(d.due_fen), 0) AS due_fen").
		ColumnExpr("COALESCE(SUM(" + paidExpr + "), 0) AS paid_fen").
		ColumnExpr("COALESCE(SUM(" + outstandingExpr + "), 0) AS outstanding_fen")
}

// byLine adds up q's dues below the organisation whose path is prefix, per
// line — the organisation directly below it each due's frozen path passes
// through, read from the path ("/1/5/23/" below "/1/" is line 5) — in one
// pass over the dues (a materialised CTE), with the total (members counted
// once however many lines they paid in).
func (s *Service) byLine(ctx context.Context, q Query, prefix string) (map[string]Figures, error) {
	base, err := s.dues(ctx, q)
	if err != nil {
		return nil, err
	}
	members, err := s.dues(ctx, q)
	if err != nil {
		return nil, err
	}
	instr := "instr"
	if s.db.Dialect().Name() == dialect.PG {
		instr = "strpos"
	}
	n := len(prefix) + 1
	line := fmt.Sprintf("CASE WHEN d.org_path = '%s' THEN '' ELSE substr(d.org_path, %d, %s(substr(d.org_path, %d), '/') - 1) END",
		pathText(prefix), n, instr, n)
	lines := lineSums(base.ColumnExpr(line + " AS line")).GroupExpr(line)
	var rows []lineFigures
	err = s.db.NewRaw(`WITH x AS MATERIALIZED (?)
		SELECT line, members, months, unpaid_months, due_fen, paid_fen, outstanding_fen FROM x
		UNION ALL SELECT 'total', (?), COALESCE(SUM(months), 0), COALESCE(SUM(unpaid_months), 0), COALESCE(SUM(due_fen), 0),
			COALESCE(SUM(paid_fen), 0), COALESCE(SUM(outstanding_fen), 0) FROM x`,
		lines, members.ColumnExpr("COUNT(DISTINCT d.member_id)")).Scan(ctx, &rows)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	out := make(map[string]Figures, len(rows))
	for _, r := range rows {
		r.rate()
		out[r.Line] = r.Figures
	}
	return out, nil
}

// pathText is a materialised path for a SQL literal: digits and slashes only.
func pathText(p string) string {
	return strings.Map(func(r rune) rune {
		if r == '/' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, p)
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
	out := OrgReport{Year: q.Year, Month: q.Month, OrgID: q.OrgID, Rows: []OrgRow{}}
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
			f.rate()
		}
		out.Rows = append(out.Rows, OrgRow{OrgID: l.ID, OrgName: l.Name, OrgType: l.Type, Children: l.Kids > 0, Figures: f})
	}
	return out, nil
}
