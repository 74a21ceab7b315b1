package quota

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
)

// WithdrawInput is the body of a withdrawal: why the document is taken back.
type WithdrawInput struct {
	Reason string `json:"reason"`
}

// MaxWithdrawReason bounds a withdrawal's reason (runes).
const MaxWithdrawReason = 200

// OverReasonRestored marks a holding a withdrawn removal brought back when
// its quota had no free place left.
const OverReasonRestored = "撤销免职恢复"

func errWithdrawn() *httpx.Error { return httpx.Conflict("任免文件已撤销") }

// errReadOnly refuses a change of a document no longer a draft.
func errReadOnly(state string) *httpx.Error {
	if state == StateWithdrawn {
		return httpx.Conflict("任免文件已撤销，不能修改或删除")
	}
	return errIssued()
}

// Withdraw takes an issued document back (撤销) in one transaction: the
// document goes from issued to withdrawn by a conditional UPDATE (of two
// withdrawals at once one wins, the other is a 409), then its items are
// undone in reverse order — a 任命's holding is deleted, its place freed and
// the cadre's post row it wrote undone through the cadre base
// (cadre.Service.UndoPost); a 免去's holding is current again, takes its
// place back (beyond the quota it is marked 超职数, 撤销免职恢复) and the
// cadre's post is reopened (cadre.Service.ReopenPost). An item a later
// document built on (the appointment since removed, the removal followed
// by a new appointment to the post) refuses the whole withdrawal with a 400
// naming it. gb_base_refresh is published in the transaction, as on issue.
func (s *Service) Withdraw(ctx context.Context, id int64, in WithdrawInput) (Document, error) {
	cur, err := record.FindScoped[Document](ctx, s.db, s.documentScope, "w", id, errNoDocument)
	if err != nil {
		return Document{}, err
	}
	in.Reason = strings.TrimSpace(in.Reason)
	if err := record.Required("reason", "撤销理由", in.Reason, MaxWithdrawReason); err != nil {
		return Document{}, err
	}
	switch cur.State {
	case StateWithdrawn:
		return Document{}, errWithdrawn()
	case StateDraft:
		return Document{}, httpx.Conflict("任免文件尚未发布，不能撤销")
	}
	by := ""
	if p := rbac.From(ctx); p != nil {
		by = p.AccountName()
	}
	now := s.now()
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		return s.withdrawIn(ctx, tx, cur, in.Reason, by, now)
	})
	if err != nil {
		return Document{}, err
	}
	return s.Document(ctx, id)
}

func (s *Service) withdrawIn(ctx context.Context, tx bun.Tx, cur *Document, reason, by string, now time.Time) error {
	res, err := tx.NewUpdate().Model((*Document)(nil)).Set("state = ?", StateWithdrawn).Set("withdrawn_at = ?", now).
		Set("withdrawn_by = ?", db.Clip(by, 64)).Set("withdraw_reason = ?", reason).Set("updated_at = ?", now).
		Where("id = ?", cur.ID).Where("state = ?", StateIssued).Exec(ctx)
	if err := record.Conditional(res, err, 1, errWithdrawn()); err != nil {
		return err
	}
	items, err := s.items(ctx, tx, cur.ID)
	if err != nil {
		return httpx.Internal(err)
	}
	ids := make([]int64, len(items))
	for i, it := range items {
		ids[i] = it.CadreID
	}
	names, err := s.cadres.Names(ctx, ids)
	if err != nil {
		return err
	}
	// Reverse order: an item undone may only rely on the state the items
	// before it left (a 免去 freeing the place a later 任命 took).
	for i := len(items) - 1; i >= 0; i-- {
		it := &items[i]
		it.CadreName = names[it.CadreID]
		var p Position
		if err := tx.NewSelect().Model(&p).Where("p.id = ?", it.PositionID).Scan(ctx); err != nil {
			return httpx.Internal(err)
		}
		if it.Kind == KindRemove {
			err = s.undoRemove(ctx, tx, cur, it, &p, i+1)
		} else {
			err = s.undoAppoint(ctx, tx, cur, it, &p, i+1)
		}
		if err != nil {
			return err
		}
	}
	return s.bus.Publish(ctx, tx, BaseRefresh{Name: EventBaseRefresh, DocumentID: cur.ID, CadreIDs: ids})
}

func (s *Service) undoAppoint(ctx context.Context, tx bun.Tx, d *Document, it *Item, p *Position, n int) error {
	var h Holding
	err := tx.NewSelect().Model(&h).Where("h.appoint_item_id = ?", it.ID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return itemError(n, it, "没有该项的任职记录，不能撤销")
	}
	if err != nil {
		return httpx.Internal(err)
	}
	ended := itemError(n, it, "该任职已被其后的任免文件免去，不能撤销")
	if h.EndOn != nil {
		return ended
	}
	res, err := tx.NewDelete().Table("gb_holding").Where("id = ?", h.ID).Where("end_on IS NULL").Exec(ctx)
	if err := record.Conditional(res, err, 1, ended); err != nil {
		return err
	}
	res, err = tx.NewUpdate().Table("gb_quota").Set("occupied = occupied - 1").Where("id = ?", h.QuotaID).Where("occupied > 0").Exec(ctx)
	if err := record.Conditional(res, err, 1, httpx.Internal(fmt.Errorf("quota %d: occupied already 0", h.QuotaID))); err != nil {
		return err
	}
	return baseRefused(n, it, s.cadres.UndoAppoint(ctx, tx, it.CadreID, Appointment{Post: p.Name, UnitID: p.UnitID, Level: p.Level,
		Attribute: p.Attribute, TeamType: p.TeamType, PositionID: p.ID, Elected: p.Elected, StartOn: it.OnDate,
		ProbationUntil: it.ProbationUntil, DocNo: d.DocNo}))
}

func (s *Service) undoRemove(ctx context.Context, tx bun.Tx, d *Document, it *Item, p *Position, n int) error {
	var h Holding
	err := tx.NewSelect().Model(&h).Where("h.remove_item_id = ?", it.ID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return itemError(n, it, "没有该项的免职记录，不能撤销")
	}
	if err != nil {
		return httpx.Internal(err)
	}
	later, err := tx.NewSelect().Table("gb_holding").Where("cadre_id = ?", h.CadreID).Where("position_id = ?", h.PositionID).
		Where("id > ?", h.ID).Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	reappointed := itemError(n, it, "该干部其后已由任免文件再次任此职务，不能撤销")
	if later > 0 {
		return reappointed
	}
	res, err := tx.NewUpdate().Table("gb_holding").Set("end_on = NULL").Set("remove_item_id = NULL").
		Where("id = ?", h.ID).Where("remove_item_id = ?", it.ID).Exec(ctx)
	if err != nil && db.IsUniqueViolation(err) {
		return reappointed
	}
	if err := record.Conditional(res, err, 1, reappointed); err != nil {
		return err
	}
	// The place back: free, or beyond the quota (a later appointment took
	// it) and then marked so.
	res, err = tx.NewUpdate().Table("gb_quota").Set("occupied = occupied + 1").Where("id = ?", h.QuotaID).
		Where("occupied < approved").Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if k, _ := res.RowsAffected(); k == 0 {
		if _, err := tx.NewUpdate().Table("gb_quota").Set("occupied = occupied + 1").Where("id = ?", h.QuotaID).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		if _, err := tx.NewUpdate().Table("gb_holding").Set("over_quota = ?", true).Set("over_reason = ?", OverReasonRestored).
			Where("id = ?", h.ID).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
	}
	return baseRefused(n, it, s.cadres.UndoRemove(ctx, tx, it.CadreID, Removal{Post: p.Name, UnitID: p.UnitID, PositionID: p.ID,
		EndOn: it.OnDate, DocNo: d.DocNo}))
}
