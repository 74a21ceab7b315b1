package record

import (
	"context"
	"database/sql"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
)

// Save is one save of a record through the pipeline of Decl.Save. The
// domain has validated the input and built the record to write (its own
// rules, tree locks and pairing checks run before, as steps of its own).
type Save struct {
	Origin int
	// RestoredFrom names the trail entry a restore puts back.
	RestoredFrom *int64
	// Before is the current record's raw view (Changes); nil on create.
	Before map[string]string
	After  map[string]string
	// Added records an existing row as an addition (a department described
	// as a unit for the first time): written and recorded even unchanged.
	Added bool
	// Write inserts or updates the record inside the transaction and returns
	// its id; an update matches the version it read (see Stale, OneRow).
	Write func(ctx context.Context) (int64, error)
	// Snapshot is the record after the change, from which a restore is made
	// (read after Write, so a pointer sees the new id).
	Snapshot any
}

// Save runs the pipeline inside the caller's transaction: diff the views,
// skip a save that changes nothing (a restore to the current state is a
// 400), write, and record the trail entry (ADD for a new record). It tells
// whether anything was written.
func (d *Decl) Save(ctx context.Context, tx bun.IDB, label audit.Labeller, s Save) (bool, error) {
	changes := d.Changes(s.Before, s.After, label)
	update := s.Before != nil
	if update && !s.Added && len(changes) == 0 {
		if s.RestoredFrom != nil {
			return false, httpx.BadRequest("当前信息与该变动记录一致，无需还原")
		}
		return false, nil
	}
	id, err := s.Write(ctx)
	if err != nil {
		return false, err
	}
	typ := audit.TypeUpdate
	if !update || s.Added {
		typ = audit.TypeAdd
	}
	if err := audit.Record(ctx, tx, d.Module, id, typ, s.Origin, changes, s.Snapshot, s.RestoredFrom); err != nil {
		return false, httpx.Internal(err)
	}
	return true, nil
}

// SameVersion checks the version a form sent (the record's updatedAt as the
// client read it, field updatedAt) against the record's read: missing is a
// 400, another one a 409 (Stale), so that a form sending the whole record
// never overwrites a change made since it was opened.
func (d *Decl) SameVersion(sent *time.Time, read time.Time) error {
	if sent == nil {
		return httpx.Invalid("updatedAt", "缺少记录版本，请刷新后重试")
	}
	if !sent.Equal(read) {
		return d.Stale()
	}
	return nil
}

// Stale is the 409 of an update whose record changed since it was read.
func (d *Decl) Stale() *httpx.Error {
	return httpx.Conflict("该%s信息刚被其他人修改，请刷新后重试", d.Noun)
}

// OneRow is the optimistic lock's check: an update matched on the version it
// read must change exactly one row, or the record changed meanwhile (Stale).
func (d *Decl) OneRow(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n != 1 {
		return d.Stale()
	}
	return nil
}
