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
// report selects it per member ((?) AS online), one primary-key lookup of
// the yearly totals each.
func YearSum(idb bun.IDB, year int, userColumn string) *bun.SelectQuery {
	return idb.NewSelect().Model((*YearTotal)(nil)).ColumnExpr("COALESCE(SUM(yh.tenths), 0)").
		Where("yh.year = ?", year).Where("yh.user_id = ?", bun.Safe(userColumn))
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

// YearTotal is a learner's online 学时 of a year (dx_hours_year): the sum
// of their ledger rows of that year, kept beside the ledger in the credit's
// transaction (credit), so that the yearly report of a university reads
// one row per learner (50,000) instead of summing a year of the ledger (a
// million rows) on every page.
type YearTotal struct {
	bun.BaseModel `bun:"table:dx_hours_year,alias:yh"`

	UserID int64 `bun:"user_id,pk"`
	Year   int   `bun:"year,pk"`
	Tenths int   `bun:"tenths"`
}

// yearTotals is the migration of dx_hours_year, filled from the ledger.
var yearTotals = db.Migration{Version: 2026120702, Name: "course: dx_hours_year, each learner's online 学时 of a year beside the ledger",
	Up: func(ctx context.Context, tx bun.Tx) error {
		if err := db.DDL(ctx, tx, `CREATE TABLE dx_hours_year (
			user_id BIGINT NOT NULL,
			year INT NOT NULL,
			tenths INT NOT NULL,
			PRIMARY KEY (user_id, year))`,
			`CREATE INDEX idx_dx_hours_year_total ON dx_hours_year(year, user_id, tenths)`); err != nil {
			return err
		}
		return RebuildYearTotals(ctx, tx)
	}}

// RebuildYearTotals recomputes dx_hours_year from the ledger through idb:
// the migration that made it, and a bulk load of the ledger (the yearly
// report's benchmark) that did not go through credit.
func RebuildYearTotals(ctx context.Context, idb bun.IDB) error {
	if _, err := idb.NewDelete().Model((*YearTotal)(nil)).Where("1 = 1").Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	_, err := idb.NewRaw(`INSERT INTO dx_hours_year (user_id, year, tenths)
		SELECT user_id, year, SUM(tenths) FROM dx_hours WHERE source = ? GROUP BY user_id, year`, SourceNode).Exec(ctx)
	return httpx.AsError(err)
}

// credit writes c into the ledger through tx unless its (user, source,
// reference) is there already, and adds its 学时 to the learner's year in
// the same transaction (one upsert adding to the row, no read first, so
// concurrent credits of one learner both count); it answers whether c was
// written.
func credit(ctx context.Context, tx bun.IDB, c *Credit) (bool, error) {
	res, err := tx.NewInsert().Model(c).On("CONFLICT (user_id, source, ref_id) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 || c.Source != SourceNode {
		return false, nil
	}
	_, err = tx.NewInsert().Model(&YearTotal{UserID: c.UserID, Year: c.Year, Tenths: c.Tenths}).
		On("CONFLICT (user_id, year) DO UPDATE").Set("tenths = yh.tenths + EXCLUDED.tenths").Exec(ctx)
	return err == nil, httpx.AsError(err)
}

// WriteCredit writes c into the ledger as a node's completion does (once per
// user, source and reference; the year's total with it) through idb, and
// answers whether it was written: for a module's tests that need credited
// 学时 without watching a node.
func WriteCredit(ctx context.Context, idb bun.IDB, c *Credit) (bool, error) {
	return credit(ctx, idb, c)
}

// YearTotals is a sub-query through idb of the 学时 credited online in year,
// one row per learner: user_id (the account) and tenths (their sum): what
// a table of every member joins (LEFT JOIN (?) AS onl ON onl.user_id = …),
// read from the yearly totals' covering index.
func YearTotals(idb bun.IDB, year int) *bun.SelectQuery {
	return idb.NewSelect().Model((*YearTotal)(nil)).ColumnExpr("yh.user_id, yh.tenths").Where("yh.year = ?", year)
}
