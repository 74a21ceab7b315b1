package fee

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/money"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/uniq"
)

// The ways of paying of 中组发〔2008〕3号 besides a month's due: 自愿多交 (a
// voluntary extra, all of it passed up to the centre from 1,000 元 in one
// go), 预交 (months paid before their batch freezes them) and 按季度交纳
// (a quarter's months in one payment: those frozen are paid as dues, the
// others are prepaid). Every part of a payment is fixed by the server when
// it is recorded or ordered; an online order's notify only confirms it.

// prepayLockKey is the PostgreSQL advisory lock serialising whatever turns
// prepayments into payments: a prepayment deciding whether its month is
// frozen, a freeze applying the prepayments of its month, a notify making
// an order's prepayments credit, a refund. Without it a prepayment could
// commit unseen by a freeze running alongside and stay credit for a frozen
// month. SQLite transactions are serialised already.
const prepayLockKey int64 = 0x7a68646a66656531

func lockPrepay(ctx context.Context, tx bun.Tx) error {
	if !db.IsPostgres(tx) {
		return nil
	}
	if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(?)", prepayLockKey); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// prepayMonths is the prepayment window (setting, default 12 months after the current one).
func (s *Service) prepayMonths(ctx context.Context) int {
	return s.sys.SettingInt(ctx, CfgPrepayMonths, DefaultPrepayMonths)
}

// plan is what one payment pays, resolved in its transaction: frozen dues,
// months paid ahead, a voluntary extra on a due, and their sum.
type plan struct {
	rows       []payable
	prepays    []Prepay // PaymentID and State set when recorded
	extraFen   int64
	extraDueID *int64
	sum        int64
}

func (pl *plan) prepayFen() int64 {
	var n int64
	for _, r := range pl.prepays {
		n += r.AmountFen
	}
	return n
}

// ways is what a member pays besides the dues chosen by id: months (frozen
// ones are paid as their dues, the others are prepaid) and an extra.
type ways struct {
	Months   []string
	ExtraFen int64
}

func (w ways) empty() bool { return len(w.Months) == 0 && w.ExtraFen == 0 }

// resolve reads what member memberID pays: dueIDs and the frozen ones of
// w.Months through restrict (the caller's scope and the member, or the
// member's own), checked by readPayable; the other months as prepayments,
// each within the window (the current month up to CfgPrepayMonths after
// it, its batch not started, not prepaid already) at the amount the
// standards give for it now; the extra on the latest due paid, or else the
// member's latest frozen due. who prefixes a refusal of a month ahead (the
// member's name when a receipt has several). The caller holds the
// prepayment lock.
func (s *Service) resolve(ctx context.Context, tx bun.Tx, memberID int64, dueIDs []int64, w ways,
	restrict func(*bun.SelectQuery) *bun.SelectQuery, who string) (*plan, error) {
	switch {
	case w.ExtraFen < 0:
		return nil, httpx.Invalid("extraFen", "自愿多交金额不能为负数")
	case w.ExtraFen > MaxExtraFen:
		return nil, httpx.Invalid("extraFen", "自愿多交金额一次不超过%s元", money.Fen(MaxExtraFen))
	case len(w.Months) > 24:
		return nil, httpx.Invalid("months", "一次最多缴纳24个月")
	}
	months := uniq.Of(w.Months)
	for _, m := range months {
		if _, _, err := parseMonth("months", m); err != nil {
			return nil, err
		}
	}
	pl := &plan{extraFen: w.ExtraFen}
	ahead := months
	if len(months) > 0 {
		var frozen []struct {
			ID    int64  `bun:"id"`
			Month string `bun:"month"`
		}
		if err := tx.NewSelect().TableExpr("df_due AS d").Column("d.id", "d.month").Where("d.member_id = ?", memberID).
			Where("d.month IN (?)", bun.List(months)).Scan(ctx, &frozen); err != nil {
			return nil, httpx.Internal(err)
		}
		got := map[string]bool{}
		for _, f := range frozen {
			dueIDs, got[f.Month] = append(dueIDs, f.ID), true
		}
		ahead = nil
		for _, m := range months {
			if !got[m] {
				ahead = append(ahead, m)
			}
		}
	}
	if len(dueIDs) > 0 {
		rows, sum, err := s.readPayable(ctx, tx, dueIDs, func(q *bun.SelectQuery) *bun.SelectQuery {
			return restrict(q).Where("d.member_id = ?", memberID)
		})
		if err != nil {
			return nil, err
		}
		pl.rows, pl.sum = rows, sum
	}
	if len(ahead) > 0 {
		amounts, err := s.prepayable(ctx, tx, memberID, ahead)
		if err != nil {
			return nil, err
		}
		for _, m := range ahead {
			a := amounts[m]
			if a.Why != "" {
				return nil, httpx.Invalid("months", "%s%s", who, a.Why)
			}
			pl.prepays = append(pl.prepays, Prepay{MemberID: memberID, Month: m, AmountFen: a.AmountFen, LeftFen: a.AmountFen})
			pl.sum += a.AmountFen
		}
	}
	if pl.extraFen > 0 {
		var due int64
		if n := len(pl.rows); n > 0 {
			latest := pl.rows[0]
			for _, r := range pl.rows {
				if r.Month > latest.Month {
					latest = r
				}
			}
			due = latest.ID
		} else {
			err := tx.NewSelect().TableExpr("df_due AS d").Column("d.id").Where("d.member_id = ?", memberID).
				OrderExpr("d.month DESC").Limit(1).Scan(ctx, &due)
			if errors.Is(err, sql.ErrNoRows) {
				return nil, httpx.Invalid("extraFen", "该党员尚无已启动缴费的月份，暂不能自愿多交")
			} else if err != nil {
				return nil, httpx.Internal(err)
			}
		}
		pl.extraDueID = &due
		pl.sum += pl.extraFen
	}
	if pl.sum == 0 && len(pl.rows) == 0 {
		return nil, httpx.Invalid("dueIds", "请选择要缴纳的月份或填写自愿多交金额")
	}
	return pl, nil
}

// AheadMonth is a month a member may pay ahead, at the amount the
// standards give for it now (Why: why it cannot be prepaid).
type AheadMonth struct {
	Month     string `json:"month"`
	AmountFen int64  `json:"amountFen"`
	Why       string `json:"why,omitempty"`
}

// prepayable answers for each of months (none of them frozen for the
// member) whether it can be prepaid and at what amount: within the window,
// its batch not started (a started batch without the member's due means
// they owe nothing that month), not prepaid already, and a due the
// standards compute — for a month whose base is not entered yet (next
// year's), the current month's amount.
func (s *Service) prepayable(ctx context.Context, idb bun.IDB, memberID int64, months []string) (map[string]AheadMonth, error) {
	cur := s.currentMonth()
	n := s.prepayMonths(ctx)
	last := date.Month(cur).AddMonths(n).String()
	var started, prepaid []string
	if err := idb.NewSelect().Model((*Batch)(nil)).Column("month").Where("month IN (?)", bun.List(months)).
		Where("state <> ?", BatchCreated).Scan(ctx, &started); err != nil {
		return nil, httpx.Internal(err)
	}
	if err := idb.NewSelect().Model((*Prepay)(nil)).Column("month").Where("member_id = ?", memberID).
		Where("month IN (?)", bun.List(months)).Where("state IN (?)", bun.List([]string{PrepayHeld, PrepayApplied})).
		Scan(ctx, &prepaid); err != nil {
		return nil, httpx.Internal(err)
	}
	var current *int64
	curDue := func() (*int64, error) {
		if current == nil {
			y, m, _ := parseMonth("month", cur)
			dues, err := s.dues(ctx, idb, y, m, []int64{memberID})
			if err != nil {
				return nil, httpx.Internal(err)
			}
			fen := int64(-1)
			if d, ok := dues[memberID]; ok {
				fen = d.Fen
			}
			current = &fen
		}
		return current, nil
	}
	out := make(map[string]AheadMonth, len(months))
	for _, m := range months {
		a := AheadMonth{Month: m}
		switch {
		case m < cur:
			a.Why = fmt.Sprintf("%s 已过，不能预交（当月之前的月份在启动缴费后补交）", m)
		case m > last:
			a.Why = fmt.Sprintf("%s 超出预交期限（最多预交当月之后%d个月，中组发〔2008〕3号）", m, n)
		case slices.Contains(started, m):
			a.Why = fmt.Sprintf("%s 已启动缴费，该党员当月无应缴党费", m)
		case slices.Contains(prepaid, m):
			a.Why = fmt.Sprintf("%s 的党费已预交", m)
		default:
			y, mo, _ := parseMonth("month", m)
			dues, err := s.dues(ctx, idb, y, mo, []int64{memberID})
			if err != nil {
				return nil, httpx.Internal(err)
			}
			if d, ok := dues[memberID]; ok {
				a.AmountFen = d.Fen
			} else {
				c, err := curDue()
				if err != nil {
					return nil, err
				}
				if *c < 0 {
					a.Why = fmt.Sprintf("无法确定%s的应缴金额（缺少党费基数），请先核定基数", m)
				}
				a.AmountFen = max(*c, 0)
			}
			if a.Why == "" && a.AmountFen == 0 {
				a.Why = fmt.Sprintf("%s 免交党费，无需预交", m)
			}
		}
		out[m] = a
	}
	return out, nil
}

// aheadMonths lists the months member may pay ahead now: from the current
// month to the window's end, those not frozen, not started, not prepaid.
func (s *Service) aheadMonths(ctx context.Context, idb bun.IDB, memberID int64) ([]AheadMonth, error) {
	cur := s.currentMonth()
	var months []string
	for i := 0; i <= s.prepayMonths(ctx); i++ {
		months = append(months, date.Month(cur).AddMonths(i).String())
	}
	var frozen []string
	if err := idb.NewSelect().TableExpr("df_due AS d").Column("d.month").Where("d.member_id = ?", memberID).
		Where("d.month >= ?", cur).Scan(ctx, &frozen); err != nil {
		return nil, httpx.Internal(err)
	}
	months = slices.DeleteFunc(months, func(m string) bool { return slices.Contains(frozen, m) })
	if len(months) == 0 {
		return []AheadMonth{}, nil
	}
	all, err := s.prepayable(ctx, idb, memberID, months)
	if err != nil {
		return nil, err
	}
	out := []AheadMonth{}
	for _, m := range months {
		if a := all[m]; a.Why == "" {
			out = append(out, a)
		}
	}
	return out, nil
}

// writeExtra writes payment p's voluntary extra as an extra entry on its
// due and adds it to the due's extra_fen (never to paid_fen: it pays no
// month). A due's n-th extra has gen n-1; two extras on one due at the same
// instant collide on the unique (due_id, kind, gen): 409.
func writeExtra(ctx context.Context, tx bun.Tx, p *Payment, operator string) error {
	if p.ExtraFen <= 0 || p.ExtraDueID == nil {
		return nil
	}
	_, err := tx.NewRaw(`INSERT INTO df_entry (due_id, payment_id, kind, gen, amount_fen, member_id, month, reason, operator, created_at)
		SELECT d.id, ?, ?, (SELECT COUNT(*) FROM df_entry AS x WHERE x.due_id = d.id AND x.kind = ?), ?, d.member_id, d.month, ?, ?, ?
		FROM df_due AS d WHERE d.id = ?`,
		p.ID, EntryExtra, EntryExtra, p.ExtraFen, "自愿多交", operator, p.CreatedAt, *p.ExtraDueID).Exec(ctx)
	if db.IsUniqueViolation(err) {
		return httpx.Conflict("该月份正有另一笔自愿多交入账，请刷新后重试")
	} else if err != nil {
		return httpx.Internal(err)
	}
	if _, err := tx.NewUpdate().Table("df_due").Set("extra_fen = extra_fen + ?", p.ExtraFen).Where("id = ?", *p.ExtraDueID).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return nil
}

// insertPrepays records payment p's months paid ahead in state.
func insertPrepays(ctx context.Context, tx bun.Tx, p *Payment, rows []Prepay, state, operator string) error {
	if len(rows) == 0 {
		return nil
	}
	for i := range rows {
		rows[i].PaymentID, rows[i].State, rows[i].Operator = p.ID, state, operator
		rows[i].CreatedAt, rows[i].UpdatedAt = p.CreatedAt, p.CreatedAt
	}
	if _, err := tx.NewInsert().Model(&rows).Exec(ctx); err != nil {
		if db.IsUniqueViolation(err) {
			return httpx.Conflict("所选月份的党费已预交，请刷新后重试")
		}
		return httpx.Internal(err)
	}
	return nil
}

// applyCredit spends the held prepayments matching cond (over df_prepay AS
// r) whose month is frozen for their member: when the prepayment covers
// what the due lacks, a pay entry of the prepayment's payment pays it (the
// unique (due_id, kind, gen) refuses it, ON CONFLICT, if the due was paid
// meanwhile) and the rest stays as credit; otherwise it all stays as
// credit (the member pays the month; the credit is refunded). Either way
// the prepayment is applied, by a conditional UPDATE from held. The caller
// holds the prepayment lock. The months paid are published (MonthPaid).
func (s *Service) applyCredit(ctx context.Context, tx bun.Tx, at time.Time, cond string, args ...any) error {
	var rows []struct {
		ID        int64  `bun:"id"`
		PaymentID int64  `bun:"payment_id"`
		LeftFen   int64  `bun:"left_fen"`
		DueID     int64  `bun:"due_id"`
		Operator  string `bun:"operator"`
	}
	var paid []int64
	if err := tx.NewSelect().TableExpr("df_prepay AS r").Column("r.id", "r.payment_id", "r.left_fen", "r.operator").
		ColumnExpr("d.id AS due_id").Join("JOIN df_due AS d ON d.member_id = r.member_id AND d.month = r.month").
		Where("r.state = ?", PrepayHeld).Where(cond, args...).OrderExpr("r.id").Scan(ctx, &rows); err != nil {
		return httpx.Internal(err)
	}
	for _, r := range rows {
		var e struct {
			ID        int64 `bun:"id"`
			AmountFen int64 `bun:"amount_fen"`
		}
		err := tx.NewRaw(`INSERT INTO df_entry (due_id, payment_id, kind, gen, amount_fen, member_id, month, reason, operator, created_at)
			SELECT d.id, ?, ?, (SELECT COUNT(*) FROM df_entry AS x WHERE x.due_id = d.id AND x.kind = ?), d.due_fen - d.paid_fen,
				d.member_id, d.month, ?, ?, ?
			FROM df_due AS d WHERE d.id = ? AND d.paid_fen < d.due_fen AND d.due_fen - d.paid_fen <= ?
			ON CONFLICT DO NOTHING RETURNING id, amount_fen`,
			r.PaymentID, EntryPay, EntryReverse, "预交抵扣", r.Operator, at, r.DueID, r.LeftFen).Scan(ctx, &e)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			_, err = tx.NewUpdate().Model((*Prepay)(nil)).Set("state = ?", PrepayApplied).Set("due_id = ?", r.DueID).
				Set("updated_at = ?", at).Where("id = ?", r.ID).Where("state = ?", PrepayHeld).Exec(ctx)
		case err == nil:
			if _, err = tx.NewUpdate().Table("df_due").Set("paid_fen = paid_fen + ?", e.AmountFen).Where("id = ?", r.DueID).Exec(ctx); err != nil {
				break
			}
			_, err = tx.NewUpdate().Model((*Prepay)(nil)).Set("state = ?", PrepayApplied).Set("due_id = ?", r.DueID).
				Set("entry_id = ?", e.ID).Set("left_fen = left_fen - ?", e.AmountFen).Set("updated_at = ?", at).
				Where("id = ?", r.ID).Where("state = ?", PrepayHeld).Where("left_fen >= ?", e.AmountFen).Exec(ctx)
			paid = append(paid, e.ID)
		}
		if err != nil {
			return httpx.Internal(err)
		}
	}
	return s.publishPaid(ctx, tx, paid)
}

// settlePlan writes the parts of payment p (just inserted, paid): the
// dues' pay entries, the extra, the prepayments as credit, and spends the
// credit on any of their months frozen by now.
func (s *Service) settlePlan(ctx context.Context, tx bun.Tx, p *Payment, ids []int64, prepays []Prepay, operator string) error {
	if len(ids) > 0 {
		if err := s.writeEntries(ctx, tx, p, ids, operator); err != nil {
			return err
		}
	}
	if err := writeExtra(ctx, tx, p, operator); err != nil {
		return err
	}
	if err := insertPrepays(ctx, tx, p, prepays, PrepayHeld, operator); err != nil {
		return err
	}
	if len(prepays) == 0 {
		return nil
	}
	return s.applyCredit(ctx, tx, s.now(), "r.payment_id = ?", p.ID)
}

// RefundPrepay refunds what is left of prepayment id (退还预交, df:reverse,
// the caller's scope by the payment's organisation): a held one is
// refunded whole and frees its month; an applied one gives back the credit
// its month did not use. A conditional UPDATE from a positive balance: a
// second refund is a 409.
func (s *Service) RefundPrepay(ctx context.Context, id int64, in ReverseInput) (*Prepay, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	if in.Reason == "" || len([]rune(in.Reason)) > 200 {
		return nil, httpx.Invalid("reason", "请输入退还原因（不超过200个字）")
	}
	scope, err := s.orgs.Scoped("p.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	out := new(Prepay)
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		n, err := scope(tx.NewSelect().TableExpr("df_prepay AS r").Join("JOIN df_payment AS p ON p.id = r.payment_id").
			Where("r.id = ?", id).Where("r.state <> ?", PrepayOrdered)).Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n == 0 {
			return httpx.NotFound("预交记录不存在")
		}
		if err := lockPrepay(ctx, tx); err != nil {
			return err
		}
		err = tx.NewUpdate().Model(out).
			Set("refunded_fen = refunded_fen + left_fen").Set("left_fen = 0").
			Set("state = CASE WHEN state = ? THEN ? ELSE state END", PrepayHeld, PrepayRefunded).
			Set("reason = ?", in.Reason).Set("operator = ?", rbac.From(ctx).AccountName()).Set("updated_at = ?", s.now()).
			Where("id = ?", id).Where("left_fen > 0").Where("state IN (?)", bun.List([]string{PrepayHeld, PrepayApplied})).
			Returning("*").Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return httpx.Conflict("该笔预交没有可退还的余额")
		} else if err != nil {
			return httpx.Internal(err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// PrepayView is a prepayment with its state's label and its payment's number.
type PrepayView struct {
	Prepay     `bun:",extend"`
	PaymentNo  string `bun:"payment_no,scanonly" json:"paymentNo"`
	StateLabel string `bun:"-" json:"stateLabel"`
}

// prepaysOf reads the prepayments matching cond (over df_prepay AS r), not
// those of unpaid orders, newest month first.
func prepaysOf(ctx context.Context, idb bun.IDB, limit int64, cond string, args ...any) ([]PrepayView, error) {
	out := []PrepayView{}
	q := idb.NewSelect().Model(&out).ColumnExpr("r.*, p.no AS payment_no").Join("JOIN df_payment AS p ON p.id = r.payment_id").
		Where("r.state <> ?", PrepayOrdered).Where(cond, args...).OrderExpr("r.month DESC, r.id DESC")
	if limit > 0 {
		q = q.Limit(limit)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for i := range out {
		out[i].StateLabel = PrepayStateLabels[out[i].State]
	}
	return out, nil
}

// creditOf is member's prepayment credit: what their prepayments have left.
func creditOf(ctx context.Context, idb bun.IDB, memberID int64) (int64, error) {
	var n int64
	err := idb.NewSelect().Model((*Prepay)(nil)).ColumnExpr("COALESCE(SUM(left_fen), 0)").Where("member_id = ?", memberID).
		Where("state IN (?)", bun.List([]string{PrepayHeld, PrepayApplied})).Scan(ctx, &n)
	return n, err
}

// MemberFees is 现场缴费's view of one member of the caller's scope: what
// 我的党费 shows the member (their months, what they may pay ahead, their
// credit), for the fee collector paying on their behalf.
func (s *Service) MemberFees(ctx context.Context, id int64) (*MyFees, error) {
	m, err := s.members.Facts(ctx, s.db, id)
	if err != nil {
		return nil, err
	}
	return s.feesOf(ctx, m.ID, m.Name)
}

func (s *Service) waysRoutes(rs *httpx.Routes) {
	rs.Get("/api/dfgl/member/{id}/fees", PermList+"|"+PermOnsite, "党员缴费情况", httpx.ReadOn(member.ErrNoMember, s.MemberFees))
	rs.Post("/api/dfgl/prepay/{id}/refund", PermReverse, "退还预交", httpx.ChangeOn(func() *httpx.Error { return httpx.NotFound("预交记录不存在") },
		s.RefundPrepay))
}
