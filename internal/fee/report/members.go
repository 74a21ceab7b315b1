package report

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/fee"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	kit "zhdj/internal/platform/report"
)

// Member is a member as the per-member reports name them: with their
// organisation now (not the one their dues were frozen in).
type Member struct {
	MemberID int64  `bun:"member_id" json:"memberId"`
	Name     string `bun:"name" json:"name"`
	OrgID    int64  `bun:"org_id" json:"orgId"`
	OrgName  string `bun:"org_name" json:"orgName"`
}

// MemberRow is a member's figures over a report's period.
type MemberRow struct {
	Member
	fee.Figures
}

// memberReport pages the members of q's dues (their figures over the
// period), those with months unpaid only when unpaid; by organisation and name.
func (s *Service) memberReport(ctx context.Context, q Query, unpaid bool, p httpx.Page) (httpx.PageResult[MemberRow], error) {
	base, err := s.dues(ctx, q)
	if err != nil {
		return httpx.PageResult[MemberRow]{}, err
	}
	pm := fee.SumFigures(base.Column("d.member_id").ColumnExpr("MAX(d.member_name) AS name, 1 AS members")).GroupExpr("d.member_id")
	if unpaid {
		pm = pm.Having("SUM(" + fee.UnpaidExpr + ") > 0")
	}
	rows := org.NameLeftJoin("m.org_id")(member.LeftJoin("pm.member_id")(s.db.NewSelect().With("pm", pm).TableExpr("pm")))
	page, err := kit.Paged[MemberRow](ctx, s.db, rows.ColumnExpr("pm.*, COALESCE(m.org_id, 0) AS org_id"), org.PathColumn+", pm.name, pm.member_id", p)
	for i := range page.Content {
		page.Content[i].SetRate()
	}
	return page, err
}

// LedgerRow is a member's line of the fee ledger (党费收缴台账): the due and
// paid of each month of the year (index 0 = January), in fen, and the year's.
type LedgerRow struct {
	MemberID       int64     `json:"memberId"`
	Name           string    `json:"name"`
	Due            [12]int64 `json:"due"`
	Paid           [12]int64 `json:"paid"`
	DueFen         int64     `json:"dueFen"`
	PaidFen        int64     `json:"paidFen"`
	OutstandingFen int64     `json:"outstandingFen"`
}

// ledgerColumns are the ledger's sums over dues' d: each month's due
// and paid (实缴: voluntary extras included), then the year's due, paid and
// outstanding.
func ledgerColumns(q *bun.SelectQuery, year int) *bun.SelectQuery {
	for m := 1; m <= 12; m++ {
		month := fmt.Sprintf("%04d-%02d", year, m)
		q = q.ColumnExpr("COALESCE(SUM(CASE WHEN d.month = ? THEN d.due_fen ELSE 0 END), 0)", month).
			ColumnExpr("COALESCE(SUM(CASE WHEN d.month = ? THEN d.paid_fen + d.extra_fen ELSE 0 END), 0)", month)
	}
	return q.ColumnExpr("COALESCE(SUM(d.due_fen), 0)").ColumnExpr("COALESCE(SUM(d.paid_fen + d.extra_fen), 0)").
		ColumnExpr("COALESCE(SUM(" + fee.OutstandingExpr + "), 0)")
}

// scanLedger reads a row of ledgerColumns after the leading dest.
func scanLedger(scan func(dest ...any) error, row *LedgerRow, lead ...any) error {
	dest := append([]any{}, lead...)
	for m := 0; m < 12; m++ {
		dest = append(dest, &row.Due[m], &row.Paid[m])
	}
	return scan(append(dest, &row.DueFen, &row.PaidFen, &row.OutstandingFen)...)
}

// ledger streams the ledger of q's year and organisation subtree: each
// member's row (by name) to each, in SQL order, the page p only when given;
// it answers the totals row.
func (s *Service) ledger(ctx context.Context, q Query, p *httpx.Page, each func(LedgerRow) error) (total LedgerRow, n int, err error) {
	q.Month = 0
	base, err := s.dues(ctx, q)
	if err != nil {
		return total, 0, err
	}
	count, err := s.db.NewSelect().TableExpr("(?) AS a", base.Column("d.member_id").GroupExpr("d.member_id")).Count(ctx)
	if err != nil {
		return total, 0, httpx.Internal(err)
	}
	base, _ = s.dues(ctx, q)
	sel := ledgerColumns(base.Column("d.member_id").ColumnExpr("MAX(d.member_name) AS name"), q.Year).
		GroupExpr("d.member_id").OrderExpr("MAX(d.member_name), d.member_id")
	if p != nil {
		sel = sel.Limit(int64(p.Size)).Offset(int64(p.Offset()))
	}
	rows, err := sel.Rows(ctx)
	if err != nil {
		return total, 0, httpx.Internal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var r LedgerRow
		if err := scanLedger(rows.Scan, &r, &r.MemberID, &r.Name); err != nil {
			return total, 0, httpx.Internal(err)
		}
		if err := each(r); err != nil {
			return total, 0, err
		}
	}
	if err := rows.Err(); err != nil {
		return total, 0, httpx.Internal(err)
	}
	rows.Close()
	base, _ = s.dues(ctx, q)
	row := ledgerColumns(base, q.Year)
	trow, err := row.Rows(ctx)
	if err != nil {
		return total, 0, httpx.Internal(err)
	}
	defer trow.Close()
	if trow.Next() {
		if err := scanLedger(trow.Scan, &total); err != nil {
			return total, 0, httpx.Internal(err)
		}
	}
	return total, int(count), trow.Err()
}
