package orglife

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
)

// demoReceiptDays is how recent a demo meeting asking for a receipt is: its
// receipt still collects (the setting's 30 days run to the end of the 30th day after CLOSE).
const demoReceiptDays = 30

// seedDemoReceipts asks for receipts at the latest 主题党日 held in the last
// demoReceiptDays days by each branch of the first 二级党委 (orgs in the
// order OfTypes read them), and publishes ReceiptAsked for them in tx as
// CLOSE does: 问卷管理 opens their questionnaires (its demo answers them).
func (s *Service) seedDemoReceipts(ctx context.Context, tx bun.Tx, orgs []org.Org, today date.Date) (int, error) {
	var committee *org.Org
	for i := range orgs {
		if orgs[i].Type == org.TypeSecondaryCommittee && orgs[i].Live() {
			committee = &orgs[i]
			break
		}
	}
	if committee == nil {
		return 0, nil
	}
	var branches []int64
	for _, o := range orgs {
		if o.PID != nil && *o.PID == committee.ID && org.IsBranch(o.Type) && o.Live() {
			branches = append(branches, o.ID)
		}
	}
	if len(branches) == 0 {
		return 0, nil
	}
	var held []Meeting
	err := tx.NewSelect().Model(&held).Where("m.org_id IN (?)", bun.List(branches)).Where("m.type_code = ?", TypeThemeDay).
		Where("m.state = ?", StateClosed).Where("m.held_on >= ?", today.AddDays(-demoReceiptDays)).
		Where("EXISTS (SELECT 1 FROM zzsh_attendee AS a WHERE a.meeting_id = m.id AND a.member_id IS NOT NULL)").
		OrderExpr("m.held_on DESC, m.id DESC").Scan(ctx)
	if err != nil {
		return 0, err
	}
	asked := map[int64]bool{}
	for i := range held {
		m := &held[i]
		if asked[m.OrgID] || m.ClosedAt == nil {
			continue
		}
		asked[m.OrgID] = true
		if _, err := tx.NewUpdate().Model((*Meeting)(nil)).Set("receipt = ?", true).Where("id = ?", m.ID).Exec(ctx); err != nil {
			return 0, err
		}
		m.Receipt = true
		if err := s.askReceipt(ctx, tx, m, *m.ClosedAt); err != nil {
			return 0, err
		}
	}
	return len(asked), nil
}
