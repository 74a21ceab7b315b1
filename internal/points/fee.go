package points

import (
	"context"
	"fmt"

	"zhdj/internal/fee/feeevent"
)

// The points of party fees: a month paid on time earns the fee rule, a
// month that ended unpaid costs the arrears rule. A member's due is one
// source record (due:<id>) whose revisions are the fee ledger's entry ids
// (a pay entry, its reversal, a later payment: each newer than the last),
// so a replayed event is heard already, and a reversal — a revision giving
// nothing — books a 冲正 of what the payment earned. A month's arrears are a
// record of their own (arrears:<id>), heard once.

// FeePaid hears a month paid: on time earns the fee rule, a back payment
// (补交, after the month ended) nothing.
func (s *Service) FeePaid(ctx context.Context, e feeevent.MonthPaid) error {
	in := earning{Source: SourceFee, Ref: fmt.Sprintf("due:%d", e.DueID), Revision: e.EntryID, EventKey: fmt.Sprintf("pay:%d", e.EntryID),
		MemberID: e.MemberID, Year: yearOf(e.Month), Kind: KindFee, Text: fmt.Sprintf("按时交纳党费：%s（%s缴纳）", e.Month, e.PaidOn)}
	if e.OnTime {
		rules, err := s.rules(ctx, s.db)
		if err != nil {
			return err
		}
		in.Points = pointsOf(rules, RuleFee)
	}
	return s.earn(ctx, in)
}

// FeeReversed hears the payment of a month reversed (冲正): what it earned
// is deducted.
func (s *Service) FeeReversed(ctx context.Context, e feeevent.MonthPaymentReversed) error {
	return s.earn(ctx, earning{Source: SourceFee, Ref: fmt.Sprintf("due:%d", e.DueID), Revision: e.EntryID,
		EventKey: fmt.Sprintf("reverse:%d", e.EntryID), MemberID: e.MemberID, Year: yearOf(e.Month), Kind: KindFee,
		Text: fmt.Sprintf("党费缴纳冲正：%s", e.Month)})
}

// FeeArrears hears a month that ended unpaid: the arrears rule, once.
func (s *Service) FeeArrears(ctx context.Context, e feeevent.MonthInArrears) error {
	rules, err := s.rules(ctx, s.db)
	if err != nil {
		return err
	}
	return s.earn(ctx, earning{Source: SourceFee, Ref: fmt.Sprintf("arrears:%d", e.DueID), Revision: 1,
		EventKey: fmt.Sprintf("arrears:%d", e.DueID), MemberID: e.MemberID, Year: yearOf(e.Month),
		Points: pointsOf(rules, RuleArrears), Kind: KindArrears, Text: fmt.Sprintf("欠缴党费：%s（当月结束时未缴清）", e.Month)})
}
