package standard

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/money"
)

// HardshipNote is a member's approved reduction or exemption in force in a
// month, as another module shows it beside the member (党员帮扶).
type HardshipNote struct {
	MemberID int64  `json:"memberId"`
	Kind     string `json:"kind"`
	Label    string `json:"label"` // 减交 / 免交
	Amount   string `json:"amount,omitempty"`
	From     string `json:"from"`
	To       string `json:"to"`
}

// HardshipsInForce reads through idb the approved hardship reductions of
// members ids that apply in month (an early end counted), whatever the
// caller's scope: the caller has already read those members within it.
// One per member (the latest proposal when several overlap).
func (s *Service) HardshipsInForce(ctx context.Context, idb bun.IDB, ids []int64, month date.Month) (map[int64]HardshipNote, error) {
	out := map[int64]HardshipNote{}
	if len(ids) == 0 {
		return out, nil
	}
	ym := month.YM()
	var rows []Hardship
	err := idb.NewSelect().Model(&rows).Column("h.id", "h.member_id", "h.kind", "h.fen", "h.from_ym", "h.to_ym").
		Where("h.member_id IN (?)", bun.List(ids)).
		Where("h.state IN (?)", bun.List([]string{HardshipApproved, HardshipEnded})).
		Where("h.from_ym <= ? AND h.to_ym >= ?", ym, ym).
		Where("h.end_from_ym = 0 OR h.end_from_ym > ?", ym).
		OrderExpr("h.id").Scan(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	for _, h := range rows {
		n := HardshipNote{MemberID: h.MemberID, Kind: h.Kind, Label: hardshipKinds[h.Kind],
			From: date.MonthOfYM(h.FromYM).String(), To: date.MonthOfYM(h.ToYM).String()}
		if h.Kind == HardshipReduce {
			n.Amount = money.Fen(h.Fen).Grouped()
		}
		out[h.MemberID] = n
	}
	return out, nil
}
