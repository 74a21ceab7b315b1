package unit

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/system"
)

// Field limits (characters).
const (
	maxName      = 50 // sys_dept.name
	maxCode      = 32
	maxShortName = 50
	maxLeader    = 50
	maxRemark    = 500
)

// prepare validates in against the current unit cur (nil on create) and
// returns the record to write (status and revocation kept from cur): the
// checks of checkFields, then those that read the database.
func (s *Service) prepare(ctx context.Context, idb bun.IDB, l system.DictLabels, in Input, cur *row) (Record, error) {
	rec, err := s.checkFields(l, in, cur)
	if err != nil {
		return rec, err
	}
	sc, err := s.ScopeOf(ctx)
	if err != nil {
		return rec, err
	}
	// The paired organisation: existing and in the caller's organisation scope.
	if pairingChanged(rec.DzzID, cur) {
		ok, err := s.orgs.InScope(ctx, *rec.DzzID)
		if err != nil {
			return rec, httpx.Internal(err)
		}
		if !ok {
			return rec, errNoOrg()
		}
	}
	if err := checkPairing(sc, rec.DzzID, cur); err != nil {
		return rec, err
	}
	if err := checkParent(sc, rec.PID, cur, s.dbTree(ctx, idb, sc)); err != nil {
		return rec, err
	}
	dup := idb.NewSelect().TableExpr("sys_dept AS d").Where("d.name = ?", rec.Name).Where("d.id <> ?", rec.ID)
	if rec.PID == nil {
		dup = dup.Where("d.pid IS NULL")
	} else {
		dup = dup.Where("d.pid = ?", *rec.PID)
	}
	if n, err := dup.Count(ctx); err != nil {
		return rec, httpx.Internal(err)
	} else if n > 0 {
		return rec, errDuplicateName(rec.Name)
	}
	if n, err := idb.NewSelect().Model((*Info)(nil)).Where("code = ?", rec.Code).Where("dept_id <> ?", rec.ID).Count(ctx); err != nil {
		return rec, httpx.Internal(err)
	} else if n > 0 {
		return rec, errDuplicateCode()
	}
	return rec, nil
}

// checkFields is the part of prepare that needs no database (the import
// runs it per row and the database checks in bulk).
func (s *Service) checkFields(l system.DictLabels, in Input, cur *row) (Record, error) {
	rec := in
	rec.Status, rec.RevokedOn = StatusNormal, ""
	var was *Record // what the unit held (a disabled type it had is kept)
	if cur != nil {
		rec.Status, rec.RevokedOn = cur.Status, cur.RevokedOn
		was = &cur.Record
	}
	return rec, fields.Check(&rec, was, l, date.Of(s.now().In(date.China)))
}

// pairingChanged tells whether dzzID names an organisation the unit is not
// paired with yet (one to check against the caller's scope).
func pairingChanged(dzzID *int64, cur *row) bool {
	return dzzID != nil && (cur == nil || cur.DzzID == nil || *cur.DzzID != *dzzID)
}

func errNoOrg() *httpx.Error { return httpx.Invalid("dzzId", "所选党组织不存在") }

// checkPairing: a caller without ALL scope must name a paired organisation,
// or the unit they create would be outside their own scope (nor may they
// unpair a paired unit, which could leave their scope).
func checkPairing(sc Scope, dzzID *int64, cur *row) error {
	if dzzID == nil && !sc.All && (cur == nil || cur.DzzID != nil) {
		return httpx.Invalid("dzzId", "请选择对应党组织")
	}
	return nil
}

func errDuplicateName(name string) *httpx.Error {
	return httpx.Conflict("同一上级单位下已有名为“%s”的单位", name)
}

func errDuplicateCode() *httpx.Error { return httpx.Conflict("单位编码已存在") }

// tree is how checkParent reads the department tree: from the database
// (dbTree) or from what the import read once.
type tree struct {
	visible  func(id int64) (bool, error)   // the department exists and lies in the caller's scope
	parentOf func(id int64) (*int64, error) // its parent
}

func (s *Service) dbTree(ctx context.Context, idb bun.IDB, sc Scope) tree {
	return tree{
		visible: func(id int64) (bool, error) {
			n, err := sc.Apply(idb.NewSelect().TableExpr("sys_dept AS d").Where("d.id = ?", id), "d.id").Count(ctx)
			return n > 0, err
		},
		parentOf: func(id int64) (*int64, error) {
			var up *int64
			err := idb.NewSelect().TableExpr("sys_dept").Column("pid").Where("id = ?", id).Scan(ctx, &up)
			return up, err
		},
	}
}

// checkParent accepts a parent that exists, is visible to the caller (a
// caller without ALL scope places units under units of their scope) and is
// neither the unit itself nor below it.
func checkParent(sc Scope, pid *int64, cur *row, t tree) error {
	if pid == nil {
		if !sc.All && (cur == nil || cur.PID != nil) {
			return httpx.Invalid("pid", "请选择上级单位")
		}
		return nil
	}
	if cur != nil && cur.PID != nil && *cur.PID == *pid {
		return nil // unchanged
	}
	ok, err := t.visible(*pid)
	if err != nil {
		return httpx.Internal(err)
	}
	if !ok {
		return httpx.Invalid("pid", "上级单位不存在")
	}
	if cur == nil {
		return nil
	}
	// Walk up from the new parent: meeting the unit is a cycle. The tree is
	// shallow (a school, its units, their offices).
	for at, depth := pid, 0; at != nil && depth < 64; depth++ {
		if *at == cur.ID {
			return httpx.Invalid("pid", "不能把单位移到它自己或它的下级之下")
		}
		up, err := t.parentOf(*at)
		if err != nil {
			return httpx.Internal(err)
		}
		at = up
	}
	return nil
}

// mapErr keeps an *httpx.Error and names the constraint a write broke.
func mapErr(err error) error {
	return record.WriteError(err, errDuplicateCode().Message, "所选上级单位或党组织不存在")
}

// Create adds a unit: its sys_dept row and its information in one
// transaction, with an ADD trail entry.
func (s *Service) Create(ctx context.Context, in Input) (View, error) {
	in.ID = 0
	l, err := s.labels(ctx)
	if err != nil {
		return View{}, err
	}
	rec, err := s.prepare(ctx, s.db, l, in, nil)
	if err != nil {
		return View{}, err
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		rec.ID, err = s.insert(ctx, tx, l, rec, audit.OriginUserCreate)
		return err
	})
	if err != nil {
		return View{}, mapErr(err)
	}
	return s.Detail(ctx, rec.ID)
}

// insert writes a new unit's sys_dept row and its information with an ADD
// trail entry of origin, inside tx, and returns its id.
func (s *Service) insert(ctx context.Context, tx bun.Tx, l system.DictLabels, rec Record, origin int) (int64, error) {
	after, err := s.view(ctx, tx, rec)
	if err != nil {
		return 0, err
	}
	_, err = trail.Save(ctx, tx, l.Label, record.Save{Origin: origin, After: after, Snapshot: &rec,
		Write: func(ctx context.Context) (int64, error) {
			now := s.now()
			d, err := s.sys.InsertDept(ctx, tx, rec.PID, rec.Name, rec.Sort, now)
			if err != nil {
				return 0, err
			}
			rec.ID = d.ID
			_, err = tx.NewInsert().Model(infoOf(rec, now)).Exec(ctx)
			return rec.ID, err
		}})
	return rec.ID, err
}

func infoOf(rec Record, now time.Time) *Info {
	return &Info{DeptID: rec.ID, Code: rec.Code, ShortName: rec.ShortName, Type: rec.Type, LeaderName: rec.LeaderName,
		ContactPhone: rec.ContactPhone, DzzID: rec.DzzID, FoundedOn: rec.FoundedOn, Status: rec.Status,
		RevokedOn: rec.RevokedOn, Remark: rec.Remark, CreatedAt: now, UpdatedAt: now}
}

// current is the unit as it is, the input an update body is merged onto
// (httpx.Merged): a field left out keeps its value (send "" or null to
// clear one).
func (s *Service) current(ctx context.Context, id int64) (Input, error) {
	cur, err := s.find(ctx, s.db, id)
	if err != nil {
		return Input{}, err
	}
	return cur.Record, nil
}

// Update changes a unit of the caller's scope (ORIGIN USER_UPDATE).
func (s *Service) Update(ctx context.Context, in Input) (View, error) {
	return s.update(ctx, in, audit.OriginUserUpdate, nil)
}

func (s *Service) update(ctx context.Context, in Input, origin int, restoredFrom *int64) (View, error) {
	if in.ID <= 0 {
		return View{}, httpx.Invalid("id", "缺少单位编号")
	}
	_, err := record.Edit(ctx, s.db, in.ID, s.labels, s.find,
		func(ctx context.Context, l system.DictLabels, cur *row) (Record, error) {
			return s.prepare(ctx, s.db, l, in, cur)
		},
		func(ctx context.Context, tx bun.Tx, l system.DictLabels, cur *row, rec Record) error {
			return s.write(ctx, tx, l, cur, rec, origin, restoredFrom)
		})
	if err != nil {
		return View{}, mapErr(err)
	}
	return s.Detail(ctx, in.ID)
}

// write stores rec over cur with its trail entry. Both rows are matched on
// the updated_at read with cur, so a change made meanwhile is a 409 rather
// than silently overwritten (and mis-described in the trail).
func (s *Service) write(ctx context.Context, tx bun.Tx, l system.DictLabels, cur *row, rec Record, origin int, restoredFrom *int64) error {
	before, err := s.view(ctx, tx, cur.Record)
	if err != nil {
		return err
	}
	after, err := s.view(ctx, tx, rec)
	if err != nil {
		return err
	}
	firstInfo := cur.InfoUpdatedAt == nil // a department described as a unit for the first time
	_, err = trail.Save(ctx, tx, l.Label, record.Save{Origin: origin, RestoredFrom: restoredFrom, Before: before, After: after,
		Added: firstInfo, Snapshot: rec, Write: func(ctx context.Context) (int64, error) {
			now := s.now()
			if err := trail.OneRow(s.sys.MoveDept(ctx, tx, rec.ID, rec.PID, rec.Name, rec.Sort, cur.DeptUpdatedAt, now)); err != nil {
				return 0, err
			}
			info := infoOf(rec, now)
			if firstInfo {
				_, err := tx.NewInsert().Model(info).Exec(ctx)
				return rec.ID, err
			}
			return rec.ID, trail.OneRow(tx.NewUpdate().Model(info).WherePK().Where("updated_at = ?", *cur.InfoUpdatedAt).
				ExcludeColumn("dept_id", "created_at").Exec(ctx))
		}})
	return err
}
