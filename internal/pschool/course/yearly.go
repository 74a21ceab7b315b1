package course

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// What the yearly 学时 report (internal/pschool/hours) reads of the ledger,
// so that it never names dx_hours: the online hours of every learner in a
// year as a sub-query it joins in SQL, and one learner's credited nodes.

// YearSum is a scalar sub-query through idb of the 学时 (tenths of an
// hour, 0 when none) credited online in year (the ledger's year: the year
// of the day credited_on, Asia/Shanghai) to the account in userColumn, a
// column of the caller's query written by the caller ("m.user_id"): the
// report selects it per member ((?) AS online), and idx_dx_hours_year_sum
// answers each from the index alone, so a branch's page reads its own
// members' rows and the university's table never sorts the ledger.
func YearSum(idb bun.IDB, year int, userColumn string) *bun.SelectQuery {
	return idb.NewSelect().TableExpr("dx_hours AS yh").ColumnExpr("COALESCE(SUM(yh.tenths), 0)").
		Where("yh.year = ?", year).Where("yh.source = ?", SourceNode).Where("yh.user_id = ?", bun.Safe(userColumn))
}

// CreditedNode is a node whose 学时 were credited to a learner.
type CreditedNode struct {
	NodeID      int64     `bun:"node_id" json:"nodeId"`
	NodeTitle   string    `bun:"node_title" json:"nodeTitle"`
	CourseID    int64     `bun:"course_id" json:"courseId"`
	CourseTitle string    `bun:"course_title" json:"courseTitle"`
	Tenths      int       `bun:"tenths" json:"-"`
	Hours       float64   `bun:"-" json:"hours"`
	CreditedOn  date.Date `bun:"credited_on" json:"creditedOn"`
}

// MaxCreditedNodes bounds the nodes CreditedNodes answers (a year of study
// of a diligent learner stays far below it).
const MaxCreditedNodes = 2000

// CreditedNodes lists the nodes credited to account userID in year, the
// newest first, with their course's title (at most MaxCreditedNodes).
func (s *Service) CreditedNodes(ctx context.Context, userID int64, year int) ([]CreditedNode, error) {
	out := []CreditedNode{}
	err := s.db.NewSelect().TableExpr("dx_hours AS h").
		ColumnExpr("h.ref_id AS node_id, i.title AS node_title, i.course_id, c.title AS course_title, h.tenths, h.credited_on").
		Join("JOIN dx_course_item AS i ON i.id = h.ref_id").Join("JOIN dx_course AS c ON c.id = i.course_id").
		Where("h.user_id = ?", userID).Where("h.source = ?", SourceNode).Where("h.year = ?", year).
		OrderExpr("h.credited_on DESC, h.id DESC").Limit(MaxCreditedNodes).Scan(ctx, &out)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	for i := range out {
		out[i].Hours = hours(out[i].Tenths)
	}
	return out, nil
}

// yearSumIndex lets YearTotals read the ledger's index alone (the yearly
// report sums a year of every learner: a million rows at 50,000 members).
var yearSumIndex = db.Migration{Version: 2026120700, Name: "course: idx_dx_hours_year_sum for the yearly 学时 report",
	Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx, `CREATE INDEX idx_dx_hours_year_sum ON dx_hours(year, source, user_id, tenths)`)
	}}

// YearTotals is a sub-query through idb of the 学时 credited online in year,
// one row per learner: user_id (the account) and tenths (their sum): what
// a table of every member joins (LEFT JOIN (?) AS onl ON onl.user_id = …),
// one pass over idx_dx_hours_year_sum instead of a lookup per member.
func YearTotals(idb bun.IDB, year int) *bun.SelectQuery {
	return idb.NewSelect().TableExpr("dx_hours AS yt").ColumnExpr("yt.user_id, SUM(yt.tenths) AS tenths").
		Where("yt.year = ?", year).Where("yt.source = ?", SourceNode).GroupExpr("yt.user_id")
}
