package fee

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/fee/feeevent"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/jobs"
)

// The fee module publishes the events of internal/fee/feeevent (a month
// paid, its payment reversed, a month that ended unpaid) in the
// transaction that writes them, so a rolled-back payment tells nobody.

// onTime: a month's dues are paid on time when paid by the end of the
// month itself. That is the module's due date: the arrears
// (internal/fee/report/arrears.go, RULES.md §1) count a month unpaid only
// once it has ended — the month still open is being paid, not owed — and
// a later payment of it is a back payment (补交). A month paid ahead
// (预交) is paid before it even began.
func onTime(month string, paidOn date.Date) bool {
	return paidOn.Month().String() <= month
}

// publishPaid publishes MonthPaid for pay entries ids, just written in tx.
func (s *Service) publishPaid(ctx context.Context, tx bun.Tx, ids []int64) error {
	if s.bus == nil || len(ids) == 0 {
		return nil
	}
	var rows []struct {
		ID       int64      `bun:"id"`
		DueID    int64      `bun:"due_id"`
		MemberID int64      `bun:"member_id"`
		Month    string     `bun:"month"`
		PaidOn   date.Date  `bun:"paid_on"`
		PaidAt   *time.Time `bun:"paid_at"`
	}
	if err := tx.NewSelect().TableExpr("df_entry AS e").Column("e.id", "e.due_id", "e.member_id", "e.month").
		ColumnExpr("p.paid_on, p.paid_at").Join("JOIN df_payment AS p ON p.id = e.payment_id").
		Where("e.id IN (?)", bun.List(ids)).Where("e.kind = ?", EntryPay).OrderExpr("e.id").Scan(ctx, &rows); err != nil {
		return httpx.Internal(err)
	}
	for _, r := range rows {
		// The day recorded on site, else the day the platform confirmed it.
		paid := date.Of(s.now().In(date.China))
		switch {
		case !r.PaidOn.IsZero():
			paid = r.PaidOn
		case r.PaidAt != nil:
			paid = date.Of(r.PaidAt.In(date.China))
		}
		if err := s.bus.Publish(ctx, tx, feeevent.MonthPaid{EntryID: r.ID, DueID: r.DueID, MemberID: r.MemberID, Month: r.Month,
			PaidOn: paid.String(), OnTime: onTime(r.Month, paid)}); err != nil {
			return err
		}
	}
	return nil
}

// arrearsToldMigration adds df_due.arrears_told: the due's month ended
// unpaid and MonthInArrears was published for it. The months that ended
// before this migration are marked told: what was owed before points
// counted fees is not deducted afterwards.
var arrearsToldMigration = db.Migration{Version: 2026120203, Name: "fee: months in arrears told once (df_due.arrears_told)",
	Up: func(ctx context.Context, tx bun.Tx) error {
		if err := db.DDL(ctx, tx, `ALTER TABLE df_due ADD COLUMN arrears_told BOOLEAN NOT NULL DEFAULT FALSE`); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Table("df_due").Set("arrears_told = ?", true).
			Where("month < ?", date.MonthOf(time.Now().In(date.China)).String()).Exec(ctx)
		return err
	}}

// arrearsChunk is how many months in arrears one transaction tells.
const arrearsChunk = 500

// TellArrears publishes MonthInArrears for every due whose month has ended
// unpaid (not in full, and not a month charged on a probationary member's
// admission: as the arrears of internal/fee/report count them) and was not
// told yet, marking it told in the same transaction: each month once. The
// job fee.monthsInArrears runs it daily; a month paid late stays told (it
// was in arrears), one reversed after its end is told at the next run.
func (s *Service) TellArrears(ctx context.Context) error {
	cur := s.currentMonth()
	for {
		var rows []feeevent.MonthInArrears
		err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
			pick := tx.NewSelect().TableExpr("df_due AS u").Column("u.id").Where("u.paid_fen < u.due_fen").Where("u.month < ?", cur).
				Where("NOT u.charged_late").Where("NOT u.arrears_told").OrderExpr("u.id").Limit(arrearsChunk)
			if err := tx.NewRaw("UPDATE df_due SET arrears_told = ? WHERE id IN (?) AND NOT arrears_told RETURNING id AS due_id, member_id, month",
				true, pick).Scan(ctx, &rows); err != nil && !errors.Is(err, sql.ErrNoRows) {
				return httpx.Internal(err)
			}
			for _, r := range rows {
				if err := s.bus.Publish(ctx, tx, r); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil || len(rows) < arrearsChunk {
			return err
		}
	}
}

// jobs are the fee module's recurring work.
func (s *Service) jobs() []jobs.Job {
	if s == nil {
		return nil
	}
	return []jobs.Job{{Name: "fee.monthsInArrears", Title: "党费欠缴月份通知（党员积分）", Cron: "30 0 * * *", Run: s.TellArrears}}
}
