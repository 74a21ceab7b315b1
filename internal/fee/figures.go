package fee

import "github.com/uptrace/bun"

// Figures are what a set of member-month dues add up to — a batch's row
// in the caller's scope, a report's line or member: the members they are
// of, the months due and unpaid, the amounts in fen and the collection rate
// (paid ÷ due in basis points, 10000 = 100%, rounded down; 10000 when
// nothing is due). Paid is the dues' stored paid_fen and their voluntary
// extras (extra_fen, 自愿多交, 中组发〔2008〕3号): 实缴 counts what was
// received; the rate and the arrears count the dues alone.
type Figures struct {
	Members        int   `bun:"members" json:"members"`
	Months         int   `bun:"months" json:"months"`                  // member-months due
	UnpaidMonths   int   `bun:"unpaid_months" json:"unpaidMonths"`     // of which not paid in full
	DueFen         int64 `bun:"due_fen" json:"dueFen"`                 // 应缴
	PaidFen        int64 `bun:"paid_fen" json:"paidFen"`               // 实缴 (payments less reversals, extras included)
	ExtraFen       int64 `bun:"extra_fen" json:"extraFen"`             // of it, 自愿多交
	OutstandingFen int64 `bun:"outstanding_fen" json:"outstandingFen"` // 欠缴: what the unpaid months lack
	RateBP         int64 `bun:"-" json:"rateBp"`                       // 收缴率（按金额）: paid of the dues ÷ due
	PeopleRateBP   int64 `bun:"-" json:"peopleRateBp"`                 // 收缴率（按人数）: member-months paid in full ÷ due
}

// The two rates' names: wherever a rate is shown or exported it says which
// it is (a 收缴率 alone is read either way).
const (
	RateByAmount = "收缴率（按金额）"
	RateByPeople = "收缴率（按人数）"
)

// SetRate fills RateBP from the amounts and PeopleRateBP from the months
// (integers only; 10000 when nothing is due). A month's figures have one
// due per member, so their people rate is members paid ÷ members; over a
// period it counts member-months (人次). A due of 0 (免交) counts as paid.
func (f *Figures) SetRate() {
	f.PeopleRateBP = 10000
	if f.Months > 0 {
		f.PeopleRateBP = int64(f.Months-f.UnpaidMonths) * 10000 / int64(f.Months)
	}
	if f.DueFen <= 0 {
		f.RateBP = 10000
		return
	}
	f.RateBP = (f.PaidFen - f.ExtraFen) * 10000 / f.DueFen
}

// Per-due SQL over df_due AS d: 1 when it is not paid in full (a due of 0
// never is), and what it lacks.
const (
	UnpaidExpr      = "CASE WHEN d.due_fen > d.paid_fen THEN 1 ELSE 0 END"
	OutstandingExpr = "CASE WHEN d.due_fen > d.paid_fen THEN d.due_fen - d.paid_fen ELSE 0 END"
)

// SumFigures adds the Figures' columns but the members and the rate over
// q's dues d, per group of q or over them all. The members are the
// caller's: how to count them depends on the grouping (a month's dues are
// one per member; a period's need their distinct member ids).
func SumFigures(q *bun.SelectQuery) *bun.SelectQuery {
	return q.ColumnExpr("COUNT(*) AS months").
		ColumnExpr("COALESCE(SUM(" + UnpaidExpr + "), 0) AS unpaid_months").
		ColumnExpr("COALESCE(SUM(d.due_fen), 0) AS due_fen").
		ColumnExpr("COALESCE(SUM(d.paid_fen + d.extra_fen), 0) AS paid_fen").
		ColumnExpr("COALESCE(SUM(d.extra_fen), 0) AS extra_fen").
		ColumnExpr("COALESCE(SUM(" + OutstandingExpr + "), 0) AS outstanding_fen")
}
