package fee

import (
	"context"

	"zhdj/internal/platform/httpx"
)

// Collected is what the dues of months from to to ("YYYY-MM", both
// included) of the caller's scope add up to, with its rates set: one
// grouped query (a workbench's 收缴率 of the year and of the month).
// Members counts the distinct members with a due in the period.
func (s *Service) Collected(ctx context.Context, from, to string) (Figures, error) {
	var out Figures
	scope, err := s.orgs.Scoped("d.org_id")(ctx)
	if err != nil {
		return out, err
	}
	q := s.db.NewSelect().TableExpr("df_due AS d").ColumnExpr("COUNT(DISTINCT d.member_id) AS members").
		Where("d.month BETWEEN ? AND ?", from, to)
	if err := scope(SumFigures(q)).Scan(ctx, &out); err != nil {
		return out, httpx.Internal(err)
	}
	out.SetRate()
	return out, nil
}
