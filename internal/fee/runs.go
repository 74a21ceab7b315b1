package fee

import (
	"context"

	"github.com/uptrace/bun"
)

// UnpaidRuns are the members whose dues are unpaid (paid less than due)
// for at least months months up to through ("YYYY-MM") since their last
// paid month up to then, each with the first month of that run: the
// answer to member.UnpaidRuns (党章 第九条, read by the transfer oversight's
// 自行脱党 reminder). A month whose due is 0 (免交) or paid breaks the run.
func UnpaidRuns(ctx context.Context, idb bun.IDB, through string, months int) (map[int64]string, error) {
	var rows []struct {
		MemberID int64  `bun:"member_id"`
		Since    string `bun:"since"`
	}
	err := idb.NewSelect().TableExpr("df_due AS d").ColumnExpr("d.member_id, MIN(d.month) AS since").
		Where("d.month <= ?", through).Where("d.paid_fen < d.due_fen").
		Where(`d.month > COALESCE((SELECT MAX(l.month) FROM df_due AS l
			WHERE l.member_id = d.member_id AND l.month <= ? AND l.paid_fen >= l.due_fen), '')`, through).
		GroupExpr("d.member_id").Having("COUNT(*) >= ?", months).Scan(ctx, &rows)
	out := make(map[int64]string, len(rows))
	for _, r := range rows {
		out[r.MemberID] = r.Since
	}
	return out, err
}
