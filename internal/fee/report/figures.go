package report

import (
	"context"
	"fmt"
	"slices"

	"github.com/uptrace/bun"

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

// perMember groups dues by member and organisation path: the rows the
// organisation figures add up (a member counted once per organisation).
func perMember(sel *bun.SelectQuery) *bun.SelectQuery {
	return sel.ColumnExpr("d.member_id, d.org_path").
		ColumnExpr("COUNT(*) AS months").
		ColumnExpr("SUM(" + unpaidExpr + ") AS unpaid_months").
		ColumnExpr("SUM(d.due_fen) AS due_fen").
		ColumnExpr("SUM(" + paidExpr + ") AS paid_fen").
		ColumnExpr("SUM(" + outstandingExpr + ") AS outstanding_fen").
		GroupExpr("d.member_id, d.org_path")
}

// sums are the Figures' columns over per (a perMember CTE).
func sums(q *bun.SelectQuery) *bun.SelectQuery {
	return q.ColumnExpr("COUNT(DISTINCT per.member_id) AS members").
		ColumnExpr("COALESCE(SUM(per.months), 0) AS months").
		ColumnExpr("COALESCE(SUM(per.unpaid_months), 0) AS unpaid_months").
		ColumnExpr("COALESCE(SUM(per.due_fen), 0) AS due_fen").
		ColumnExpr("COALESCE(SUM(per.paid_fen), 0) AS paid_fen").
		ColumnExpr("COALESCE(SUM(per.outstanding_fen), 0) AS outstanding_fen")
}

// OrgRow is one organisation's line of the report: its whole subtree's
// figures (Own: the dues of members directly in the organisation asked
// for, shown as 本级).
type OrgRow struct {
	OrgID    int64  `bun:"org_id" json:"orgId"`
	OrgName  string `bun:"org_name" json:"orgName"`
	OrgType  string `bun:"org_type" json:"orgType"`
	Own      bool   `bun:"own" json:"own"`
	Children bool   `bun:"-" json:"children"` // it has organisations below (the page drills into it)
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

// orgReport is the report of q per organisation level: every line's
// figures in one grouped query over the per-member sums, the total in another.
func (s *Service) orgReport(ctx context.Context, q Query) (OrgReport, error) {
	own, lines, err := s.lines(ctx, &q)
	if err != nil {
		return OrgReport{}, err
	}
	out := OrgReport{Year: q.Year, Month: q.Month, OrgID: q.OrgID, Rows: []OrgRow{}}
	if own != nil {
		out.OrgName = own.Name
	}
	base, err := s.dues(ctx, q)
	if err != nil {
		return out, err
	}
	if err := sums(s.db.NewSelect().With("per", perMember(base)).TableExpr("per")).Scan(ctx, &out.Total); err != nil {
		return out, httpx.Internal(err)
	}
	out.Total.rate()
	ids := make([]int64, 0, len(lines)+1)
	for _, l := range lines {
		ids = append(ids, l.ID)
	}
	ownID := int64(0)
	if own != nil {
		ownID = own.ID
		ids = append(ids, own.ID)
	}
	if len(ids) == 0 {
		return out, nil
	}
	var figs []OrgRow
	if base, err = s.dues(ctx, q); err != nil { // a query builds in place: a new one
		return out, err
	}
	fq := sums(s.db.NewSelect().With("per", perMember(base)).TableExpr("per").
		Join("JOIN dzz AS c ON (c.id <> ? AND per.org_path LIKE c.path || '%') OR (c.id = ? AND per.org_path = c.path)", ownID, ownID).
		ColumnExpr("c.id AS org_id").Where("c.id IN (?)", bun.In(ids)).GroupExpr("c.id"))
	if err := fq.Scan(ctx, &figs); err != nil {
		return out, httpx.Internal(err)
	}
	byID := make(map[int64]Figures, len(figs))
	for _, f := range figs {
		byID[f.OrgID] = f.Figures
	}
	if own != nil && byID[own.ID].Months > 0 {
		f := byID[own.ID]
		f.rate()
		out.Rows = append(out.Rows, OrgRow{OrgID: own.ID, OrgName: own.Name + "（本级）", OrgType: own.Type, Own: true, Figures: f})
	}
	for _, l := range lines {
		f := byID[l.ID]
		f.rate()
		out.Rows = append(out.Rows, OrgRow{OrgID: l.ID, OrgName: l.Name, OrgType: l.Type, Children: l.Kids > 0, Figures: f})
	}
	return out, nil
}
