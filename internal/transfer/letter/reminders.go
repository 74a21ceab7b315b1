package letter

import (
	"context"
	"fmt"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/remind"
)

// Smart reminders of the letters (codes 130–131 of platform/remind). The
// sending organisation's managers hear of them; a letter received or voided
// drops out and its reminder closes at the next run.
const (
	ReminderExpiring       = 130 // a valid letter's validity ends within the window, no receipt yet
	ReminderReceiptOverdue = 131 // RULES §3: the receipt is not back within 1 month (setting) of the member's acceptance
)

func (s *Service) reminders() []remind.Kind {
	return []remind.Kind{
		{Type: ReminderExpiring, Name: "介绍信即将到期提醒", Window: 7, Finder: remind.FinderFunc(s.expiring)},
		{Type: ReminderReceiptOverdue, Name: "介绍信回执超期提醒", Window: 0, Finder: remind.FinderFunc(s.receiptsOverdue)},
	}
}

type dueLetter struct {
	ID         int64     `bun:"id"`
	Number     string    `bun:"number"`
	MemberName string    `bun:"member_name"`
	ToOrgName  string    `bun:"to_org_name"`
	FromOrgID  int64     `bun:"from_org_id"`
	IssuedOn   date.Date `bun:"issued_on"`
	AcceptedOn date.Date `bun:"accepted_on"`
	ValidUntil date.Date `bun:"valid_until"`
}

// openLetters reads the letters neither received nor voided that where selects.
func (s *Service) openLetters(ctx context.Context, where string, args ...any) ([]dueLetter, error) {
	var rows []dueLetter
	err := s.db.NewSelect().TableExpr("zzgx_letter AS l").
		Column("l.id", "l.number", "l.member_name", "l.to_org_name", "l.from_org_id", "l.issued_on", "l.accepted_on", "l.valid_until").
		Where("l.voided_on IS NULL AND l.received_on IS NULL").Where(where, args...).OrderExpr("l.id").Scan(ctx, &rows)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return rows, nil
}

func link(id int64) string { return fmt.Sprintf("/zzgx/letter?id=%d", id) }

// expiring finds the letters without receipt whose validity ends by until
// (the window ahead of today); one that has expired stays reminded until
// it is received, reissued or voided.
func (s *Service) expiring(ctx context.Context, until date.Date) ([]remind.Due, error) {
	read := func(ctx context.Context, until date.Date) ([]dueLetter, error) {
		return s.openLetters(ctx, "l.accepted_on IS NULL AND l.valid_until <= ?", until)
	}
	return remind.Scan(read, func(_ context.Context, r dueLetter) (remind.Due, error) {
		return remind.Due{RecordID: r.ID, OrgID: r.FromOrgID, DueOn: r.ValidUntil,
			Title:   fmt.Sprintf("%s的介绍信 %s 即将到期或已过期", r.MemberName, r.Number),
			Content: fmt.Sprintf("%s同志转往%s的介绍信（%s）有效期至%s，尚未回执（过期请补开）。", r.MemberName, r.ToOrgName, r.Number, r.ValidUntil),
			Link:    link(r.ID)}, nil
	}).Due(ctx, until)
}

// ReceiptDue is the day a receipt is due: receiptMonths after the receiving
// side took the member in (介绍信 第三联: 接收方党组织应在一个月内将回执退回);
// none while the member is not taken in.
func ReceiptDue(acceptedOn date.Date, receiptMonths int) date.Date {
	if acceptedOn.IsZero() {
		return ""
	}
	return acceptedOn.AddMonths(receiptMonths)
}

// receiptsOverdue finds the letters whose receipt is overdue by until and
// not back: due within receiptMonths of the day the receiving side took the
// member in (not of the issue: a letter whose member is not taken in yet
// is not overdue), overdue from the day after. A member taken in on 1 March
// with 1 month: the receipt may come back on 1 April (exactly 1 month) and
// is overdue from 2 April (1 month + 1 day), the reminder's due date.
func (s *Service) receiptsOverdue(ctx context.Context, until date.Date) ([]remind.Due, error) {
	st, err := s.Settings(ctx, s.db)
	if err != nil {
		return nil, err
	}
	// accepted_on + months < until  ⇔  accepted_on < until - months, except at
	// month ends (AddMonths clamps): the candidates are read by a bound a few
	// days wider and checked with AddMonths, as the rule counts.
	read := func(ctx context.Context, until date.Date) ([]dueLetter, error) {
		return s.openLetters(ctx, "l.accepted_on <= ?", until.AddMonths(-st.ReceiptMonths).AddDays(3))
	}
	return remind.Scan(read, func(_ context.Context, r dueLetter) (remind.Due, error) {
		due := ReceiptDue(r.AcceptedOn, st.ReceiptMonths)
		return remind.Due{RecordID: r.ID, OrgID: r.FromOrgID, DueOn: due.AddDays(1),
			Title: fmt.Sprintf("%s的介绍信 %s 回执未退回", r.MemberName, r.Number),
			Content: fmt.Sprintf("%s同志转往%s的介绍信（%s）于%s开具，接收方于%s接收，回执应于%s前退回，至今未退回。",
				r.MemberName, r.ToOrgName, r.Number, r.IssuedOn, r.AcceptedOn, due),
			Link: link(r.ID)}, nil
	}).Due(ctx, until)
}
