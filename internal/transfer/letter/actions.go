package letter

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
)

// ReceiptInput records the receipt of a letter as it came back on paper.
type ReceiptInput struct {
	ID         int64     `json:"id"`
	ReceivedOn date.Date `json:"receivedOn"`
}

// AcceptInput records the day the receiving side took the member in.
type AcceptInput struct {
	ID         int64     `json:"id"`
	AcceptedOn date.Date `json:"acceptedOn"`
}

// VoidInput voids a letter with its reason.
type VoidInput struct {
	ID     int64  `json:"id"`
	Reason string `json:"reason"`
}

// Receive records that letter in.ID's receipt came back on in.ReceivedOn
// (not before the issue, not in the future). Only a letter neither received
// nor voided takes it: the conditional UPDATE decides, so two clerks
// recording it at once leave one receipt.
func (s *Service) Receive(ctx context.Context, in ReceiptInput) (*View, error) {
	day, ok := date.Parse(string(in.ReceivedOn))
	if !ok {
		return nil, httpx.Invalid("receivedOn", "请选择回执退回日期")
	}
	today := s.today()
	if day.After(today) {
		return nil, httpx.Invalid("receivedOn", "回执退回日期不能晚于今天")
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		cur, err := s.find(ctx, tx, in.ID)
		if err != nil {
			return err
		}
		if day.Before(cur.IssuedOn) {
			return httpx.Invalid("receivedOn", "回执退回日期不能早于开具日期（%s）", cur.IssuedOn)
		}
		if !cur.AcceptedOn.IsZero() && day.Before(cur.AcceptedOn) {
			return httpx.Invalid("receivedOn", "回执退回日期不能早于接收日期（%s）", cur.AcceptedOn)
		}
		// A receipt says the member was taken in: by that day at the latest.
		res, err := tx.NewUpdate().Model((*Record)(nil)).Set("received_on = ?", day).
			Set("accepted_on = COALESCE(accepted_on, ?)", day).Set("updated_at = ?", s.now()).
			Where("id = ?", in.ID).Where("received_on IS NULL").Where("voided_on IS NULL").Exec(ctx)
		return record.Conditional(res, err, 1, httpx.Conflict("介绍信 %s 已回执或已作废", cur.Number))
	})
	if err != nil {
		return nil, err
	}
	return s.Detail(ctx, in.ID)
}

// Accept records the day the receiving side took the member in (登记接收:
// the sending side learns it, the receipt not back yet): not before the
// issue, not after the letter's validity nor today. The receipt is due one
// month later (介绍信 第三联: 接收方党组织应在一个月内将回执退回). Once, by a
// conditional UPDATE (409 after).
func (s *Service) Accept(ctx context.Context, in AcceptInput) (*View, error) {
	day, ok := date.Parse(string(in.AcceptedOn))
	if !ok || day.IsZero() {
		return nil, httpx.Invalid("acceptedOn", "请选择接收方接收日期")
	}
	if day.After(s.today()) {
		return nil, httpx.Invalid("acceptedOn", "接收日期不能晚于今天")
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		cur, err := s.find(ctx, tx, in.ID)
		if err != nil {
			return err
		}
		if day.Before(cur.IssuedOn) {
			return httpx.Invalid("acceptedOn", "接收日期不能早于开具日期（%s）", cur.IssuedOn)
		}
		if day.After(cur.ValidUntil) {
			return httpx.Invalid("acceptedOn", "接收日期不能晚于介绍信有效期（%s），过期请补开", cur.ValidUntil)
		}
		res, err := tx.NewUpdate().Model((*Record)(nil)).Set("accepted_on = ?", day).Set("updated_at = ?", s.now()).
			Where("id = ?", in.ID).Where("accepted_on IS NULL").Where("received_on IS NULL").Where("voided_on IS NULL").Exec(ctx)
		return record.Conditional(res, err, 1, httpx.Conflict("介绍信 %s 已登记接收、已回执或已作废", cur.Number))
	})
	if err != nil {
		return nil, err
	}
	return s.Detail(ctx, in.ID)
}

// Void voids a letter not yet received (lost, issued in error): it stays
// listed with its reason; its transfer may be issued a new one.
func (s *Service) Void(ctx context.Context, in VoidInput) (*View, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	if in.Reason == "" || utf8.RuneCountInString(in.Reason) > maxReason {
		return nil, httpx.Invalid("reason", "请填写作废原因（不超过%d个字）", maxReason)
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		cur, err := s.find(ctx, tx, in.ID)
		if err != nil {
			return err
		}
		return s.voidTx(ctx, tx, cur, in.Reason, "介绍信 %s 已回执或已作废，不能作废", "received_on IS NULL")
	})
	if err != nil {
		return nil, err
	}
	return s.Detail(ctx, in.ID)
}

// voidTx voids cur when cond (with args) still holds of it, else a 409
// with msg.
func (s *Service) voidTx(ctx context.Context, tx bun.Tx, cur *View, reason, msg, cond string, args ...any) error {
	res, err := tx.NewUpdate().Model((*Record)(nil)).Set("voided_on = ?", s.today()).Set("void_reason = ?", reason).
		Set("updated_at = ?", s.now()).Where("id = ?", cur.ID).Where("voided_on IS NULL").Where(cond, args...).Exec(ctx)
	return record.Conditional(res, err, 1, httpx.Conflict(msg, cur.Number))
}

// Reissue replaces an expired letter: in one transaction the old one is
// voided (过期补开) and a new one issued for the same transfer with the next
// number and the validity the settings give its reach today. What the
// letter prints stays as issued.
func (s *Service) Reissue(ctx context.Context, id int64) (*View, error) {
	var newID int64
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		cur, err := s.find(ctx, tx, id)
		if err != nil {
			return err
		}
		if cur.Status != StatusExpired {
			return httpx.BadRequest("只有已过期且未回执的介绍信可以补开（介绍信 %s %s）", cur.Number, statusLabels[cur.Status])
		}
		r, err := s.reissueTx(ctx, tx, cur, rbac.UserID(ctx))
		if err != nil {
			return err
		}
		newID = r.ID
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Detail(ctx, newID)
}

// reissueTx voids the expired letter cur (过期补开) and issues its
// successor by user: the next number, the validity its reach has today.
func (s *Service) reissueTx(ctx context.Context, tx bun.Tx, cur *View, user int64) (*Record, error) {
	if err := s.voidTx(ctx, tx, cur, "过期补开", "介绍信 %s 刚刚被处理，请刷新后再试", "received_on IS NULL AND accepted_on IS NULL AND valid_until < ?", s.today()); err != nil {
		return nil, err
	}
	st, err := s.Settings(ctx, tx)
	if err != nil {
		return nil, err
	}
	r := cur.Record
	r.ID, r.ReceivedOn, r.VoidedOn, r.VoidReason, r.ReissueOf = 0, "", "", "", &cur.ID
	r.IssuedBy, r.Contact = user, st.Contact
	if err := s.insert(ctx, tx, &r, s.today(), st.Days(r.Reach)); err != nil {
		return nil, err
	}
	return &r, nil
}

// statusLabels are the statuses in Chinese.
var statusLabels = map[string]string{StatusIssued: "有效", StatusAccepted: "已接收待回执", StatusReceived: "已回执", StatusExpired: "已过期", StatusVoided: "已作废"}
