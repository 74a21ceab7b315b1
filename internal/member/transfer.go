package member

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// Statuses (DY_ZT) and sources (DY_LY) a transfer sets.
const (
	StatusTransferredOut = "2" // DY_ZT 已转出
	StatusLeft           = "3" // DY_ZT 已出党
	StatusDeceased       = "4" // DY_ZT 去世
	StatusSuspended      = "5" // DY_ZT 停止党籍
	StatusLost           = "6" // DY_ZT 失联
	SourceTransferIn     = "2" // DY_LY 校外转入
	SourceRestored       = "3" // DY_LY 恢复组织生活
)

// Change is what an organisation relation transfer changes on a member
// when its last approval lands; a zero field is left as it is.
type Change struct {
	OrgID        int64
	MemberStatus string
	Source       string
}

// ChangeTx applies ch to member id inside the caller's transaction, with a
// trail entry of origin. It reads the member whatever the caller's scope:
// the transfer domain calls it from an approval it has authorised (the
// last approval of a transfer inside the school is the receiving branch's,
// whose scope does not hold the member yet). A member changed since it was
// read in this transaction is a 409.
func (s *Service) ChangeTx(ctx context.Context, tx bun.Tx, id int64, ch Change, origin int) error {
	cur := new(Member)
	if err := tx.NewSelect().Model(cur).Where("m.id = ?", id).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return ErrNoMember()
	} else if err != nil {
		return httpx.Internal(err)
	}
	next := *cur
	if ch.OrgID != 0 {
		next.OrgID = ch.OrgID
	}
	if ch.MemberStatus != "" {
		next.MemberStatus = ch.MemberStatus
	}
	if ch.Source != "" {
		next.Source = ch.Source
	}
	next.UpdatedAt = s.now()
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	idClear, phone := s.reveal(cur.IDNumberEnc, cur.ID), s.reveal(cur.PhoneEnc, cur.ID)
	before, err := s.trailOf(ctx, tx, cur, idClear, phone)
	if err != nil {
		return err
	}
	after, err := s.trailOf(ctx, tx, &next, idClear, phone)
	if err != nil {
		return err
	}
	_, err = trail.Save(ctx, tx, l.Label, record.Save{Origin: origin, Before: before, After: after, Snapshot: &next,
		Write: func(ctx context.Context) (int64, error) {
			return id, trail.OneRow(tx.NewUpdate().Model(&next).WherePK().Where("updated_at = ?", cur.UpdatedAt).
				Column("org_id", "member_status", "source", "updated_at").Exec(ctx))
		}})
	if err == nil {
		err = keepState(ctx, tx, next.UpdatedAt, &next)
	}
	return mapErr(err)
}

// ByIDNumber is the member whose ID number is number (through the blind
// index, whatever the caller's scope), or nil: a transfer into the school
// restores a member who left instead of adding a second record.
func (s *Service) ByIDNumber(ctx context.Context, idb bun.IDB, number string) (*Member, error) {
	m := new(Member)
	err := idb.NewSelect().Model(m).Where("m.id_number_idx IN (?)", bun.In(s.idIndexes(number))).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return m, nil
}

// IDIndex is the blind index of an ID number as member records keep it
// (of its canonical form when it parses): another domain storing an ID
// number indexes it the same way, to match it against members (transfers,
// 党费基数's import).
func (s *Service) IDIndex(number string) string { return s.idIndex(number) }

// IDIndexes are the blind indexes a member's ID number may be stored under
// (every key a re-encryption has not finished with): what another domain
// compares when it looks a member up by an ID number it holds in clear.
func (s *Service) IDIndexes(number string) []string { return s.idIndexes(number) }
