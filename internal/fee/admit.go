package fee

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// admitted charges a probationary member the school admitted (member.Created
// of source 本校发展, made at develop's ⑰) from the month of the branch
// meeting that admitted them (JoinedOn, ⑮; 党费规定: 预备党员从支部大会通过其为
// 预备党员之日起交纳党费). The months between that meeting and the approval
// whose batch has started — still open, or settled — were frozen without
// the member: their dues are added now, computed by the standards for the
// month (the member's base or category: a student's 0.20 元), in the
// member's organisation now, marked charged_late, in the creating
// transaction. A settled month's due is a back payment (补交): payable like
// any unpaid due within the back-payment window (CfgBackMonths, RULES §1:
// normally at most 6 months); months before the window are not charged.
// Months whose batch has not started get the member's due when it starts.
func (s *Service) admitted(ctx context.Context, tx bun.Tx, e member.Created) error {
	if e.PartyStatus != member.PartyProbation || e.Source != member.SourceDeveloped || len(e.JoinedOn) < 7 {
		return nil
	}
	cur := s.currentMonth()
	from := max(e.JoinedOn.Month().String(), date.Month(cur).AddMonths(-s.backMonths(ctx)).String())
	var batches []Batch
	if err := tx.NewSelect().Model(&batches).Column("id", "month", "state").Where("month >= ?", from).Where("month <= ?", cur).
		Where("state IN (?)", bun.List([]string{BatchOpen, BatchSettled})).OrderExpr("month").Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	if len(batches) == 0 {
		return nil
	}
	placed, err := s.orgs.Placements(ctx, tx, []int64{e.OrgID})
	if err != nil {
		return httpx.Internal(err)
	}
	o := placed[e.OrgID]
	now := s.now()
	for _, b := range batches {
		year, month, err := parseMonth("month", b.Month)
		if err != nil {
			return err
		}
		dues, err := s.dues(ctx, tx, year, month, []int64{e.MemberID})
		if err != nil {
			return httpx.Internal(fmt.Errorf("monthly dues: %w", err))
		}
		d, ok := dues[e.MemberID]
		if !ok {
			continue // no due computable (no base): as the batch's start would have left it
		}
		note := fmt.Sprintf("；预备党员自支部大会通过之月（%s）起交纳，接收时补记", e.JoinedOn.Month())
		if b.State == BatchSettled {
			note += "，按补交办理"
		}
		row := Due{BatchID: b.ID, Month: b.Month, MemberID: e.MemberID, MemberName: e.Name, OrgID: e.OrgID, OrgPath: o.Path,
			CommitteeID: o.Committee, Category: d.Category, DueFen: d.Fen, ChargedLate: true,
			Working: db.Clip(d.Working+note, 200), CreatedAt: now}
		res, err := tx.NewInsert().Model(&row).On("CONFLICT (member_id, month) DO NOTHING").Exec(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return httpx.Internal(err)
		} else if n == 0 {
			continue // frozen already
		}
		// The month's totals count the due (an atomic increment).
		if _, err := tx.NewUpdate().Model((*Batch)(nil)).Set("members = members + 1").Set("due_fen = due_fen + ?", d.Fen).
			Where("id = ?", b.ID).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
	}
	return nil
}
