package org

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// Input is the body of create and update (and the new organisation of a
// split): the organisation's editable fields (Input.apply); the others are
// set by its operations and not taken.
type Input = Org

// checkUnit refuses a unit (sys_dept) that does not exist.
func checkUnit(ctx context.Context, idb bun.IDB, in *Input) error {
	if in.UnitDeptID == nil {
		return nil
	}
	n, err := idb.NewSelect().Table("sys_dept").Where("id = ?", *in.UnitDeptID).Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n == 0 {
		return httpx.Invalid("unitDeptId", "所属单位不存在")
	}
	return nil
}

// checkUnique refuses a code in use anywhere, or a name in use by a live
// sibling under pid (409); self is the organisation being saved (0 for a new one).
func checkUnique(ctx context.Context, idb bun.IDB, code, name string, pid *int64, self int64) error {
	if err := checkCode(ctx, idb, code, self); err != nil {
		return err
	}
	return checkSiblingName(ctx, idb, name, pid, self)
}

func checkCode(ctx context.Context, idb bun.IDB, code string, self int64) error {
	n, err := idb.NewSelect().Model((*Org)(nil)).Where("code = ?", code).Where("id <> ?", self).Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n > 0 {
		return httpx.Conflict("党组织编码“%s”已被使用", code)
	}
	return nil
}

func checkSiblingName(ctx context.Context, idb bun.IDB, name string, pid *int64, self int64) error {
	q := idb.NewSelect().Model((*Org)(nil)).Where("name = ?", name).Where("status = ?", StatusNormal).Where("id <> ?", self)
	if pid == nil {
		q = q.Where("pid IS NULL")
	} else {
		q = q.Where("pid = ?", *pid)
	}
	n, err := q.Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n > 0 {
		return httpx.Conflict("同一上级党组织下已有名为“%s”的党组织", name)
	}
	return nil
}

// checkParent checks that a new child of type childType may go under
// parent (nil = a root): roots are committees, created only by callers who
// see everything; a parent must be live and of a type that may lead the child.
func checkParent(scope Scope, parent *Org, childType string) error {
	if parent == nil {
		if !scope.All {
			return httpx.Invalid("pid", "请选择上级党组织")
		}
		if childType != TypeCommittee {
			return httpx.Invalid("type", "顶级党组织只能是党委")
		}
		return nil
	}
	if !parent.Live() {
		return httpx.Invalid("pid", "上级党组织“%s”已撤销", parent.Name)
	}
	if !MayContain(parent.Type, childType) {
		return httpx.Invalid("type", "“%s”下不能设立“%s”", typeNames[parent.Type], typeNames[childType])
	}
	return nil
}

// loadParent reads the parent named by pid within scope; a missing or
// out-of-scope parent is a 404.
func (s *Service) loadParent(ctx context.Context, idb bun.IDB, scope Scope, pid *int64) (*Org, error) {
	if pid == nil {
		return nil, nil
	}
	p, err := s.load(ctx, idb, scope, *pid)
	if err != nil {
		var he *httpx.Error
		if errors.As(err, &he) && he.Status == 404 {
			return nil, httpx.NotFound("上级党组织不存在")
		}
		return nil, err
	}
	return p, nil
}

// writeCtx is what a write reads before its transaction opens: the
// caller's scope and the dictionary labels (so that a transaction, which on
// SQLite holds the database's write lock, never waits for a second connection).
type writeCtx struct {
	scope  Scope
	labels labels
}

func (s *Service) prepare(ctx context.Context) (writeCtx, error) {
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return writeCtx{}, httpx.Internal(err)
	}
	l, err := s.labels(ctx)
	if err != nil {
		return writeCtx{}, err
	}
	return writeCtx{scope: scope, labels: l}, nil
}

// Create validates and inserts an organisation (POST /api/dzzxx).
func (s *Service) Create(ctx context.Context, in Input) (*Org, error) {
	wc, err := s.prepare(ctx)
	if err != nil {
		return nil, err
	}
	var out *Org
	err = s.inTreeTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		out, err = s.create(ctx, tx, wc, in, audit.OriginUserCreate)
		return err
	})
	return out, err
}

// CreateTx is Create inside the caller's transaction, with the trail
// origin given (an import writes audit.OriginSystemImport). It honours the
// caller's scope (read before it writes) and takes the tree lock.
func (s *Service) CreateTx(ctx context.Context, tx bun.Tx, in Input, origin int) (*Org, error) {
	wc, err := s.prepare(ctx)
	if err != nil {
		return nil, err
	}
	return s.create(ctx, tx, wc, in, origin)
}

func (s *Service) create(ctx context.Context, tx bun.Tx, wc writeCtx, in Input, origin int) (*Org, error) {
	in.ID = 0
	scope, l := wc.scope, wc.labels
	if err := check(l, &in, nil); err != nil {
		return nil, err
	}
	if err := lockTree(ctx, tx); err != nil {
		return nil, httpx.Internal(err)
	}
	if err := checkUnit(ctx, tx, &in); err != nil {
		return nil, err
	}
	parent, err := s.loadParent(ctx, tx, scope, in.PID)
	if err != nil {
		return nil, err
	}
	if err := checkParent(scope, parent, in.Type); err != nil {
		return nil, err
	}
	if err := checkUnique(ctx, tx, in.Code, in.Name, in.PID, 0); err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	o := &Org{PID: in.PID, Status: StatusNormal, CreatedAt: now, UpdatedAt: now}
	in.apply(o)
	parentPath := ""
	if parent != nil {
		parentPath, o.ParentName = parent.Path, parent.Name
	}
	l.fill(o)
	after, err := s.view(ctx, tx, o)
	if err != nil {
		return nil, err
	}
	_, err = trail.Save(ctx, tx, l.label, record.Save{Origin: origin, After: after, Snapshot: o,
		Write: func(ctx context.Context) (int64, error) {
			if _, err := tx.NewInsert().Model(o).Returning("id").Exec(ctx); err != nil {
				return 0, mapErr(err)
			}
			o.Path = childPath(parentPath, o.ID)
			_, err := tx.NewUpdate().Model((*Org)(nil)).Set("path = ?", o.Path).Where("id = ?", o.ID).Exec(ctx)
			return o.ID, err
		}})
	if err != nil {
		return nil, err
	}
	return o, nil
}

// apply copies the editable fields onto o.
func (in *Input) apply(o *Org) {
	o.Code, o.Name, o.ShortName = in.Code, in.Name, in.ShortName
	o.Type, o.Category, o.UnitDeptID = in.Type, in.Category, in.UnitDeptID
	// A name typed by hand is no longer the member chosen (设置书记/委员).
	if o.SecretaryName != in.SecretaryName {
		o.SecretaryMemberID = nil
	}
	if strings.Join(o.Committee, "\x00") != strings.Join(in.Committee, "\x00") {
		o.CommitteeMemberIDs = nil
	}
	o.FoundedOn, o.SecretaryName, o.Committee = in.FoundedOn, in.SecretaryName, in.Committee
	o.TermStart, o.TermYears, o.TermEnd = in.TermStart, in.TermYears, in.TermStart.AddYears(in.TermYears)
	o.ContactPhone, o.Sort = in.ContactPhone, in.Sort
}

// Update validates and saves an organisation's fields (PUT /api/dzzxx). The
// parent is changed with Move, the status with Revoke.
func (s *Service) Update(ctx context.Context, in Input) error {
	wc, err := s.prepare(ctx)
	if err != nil {
		return err
	}
	return s.inTreeTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		return s.update(ctx, tx, wc, in, audit.OriginUserUpdate, nil)
	})
}

// UpdateTx is Update inside the caller's transaction with the trail origin
// given (an import writes audit.OriginSystemImportUpdate).
func (s *Service) UpdateTx(ctx context.Context, tx bun.Tx, in Input, origin int) error {
	wc, err := s.prepare(ctx)
	if err != nil {
		return err
	}
	return s.update(ctx, tx, wc, in, origin, nil)
}

// update saves in over the current record; restoredFrom names the trail
// entry a restore came from.
func (s *Service) update(ctx context.Context, tx bun.Tx, wc writeCtx, in Input, origin int, restoredFrom *int64) error {
	if in.ID == 0 {
		return httpx.Invalid("id", "缺少党组织编号")
	}
	if err := lockTree(ctx, tx); err != nil {
		return httpx.Internal(err)
	}
	cur, err := s.load(ctx, tx, wc.scope, in.ID)
	if err != nil {
		return err
	}
	l := wc.labels
	if err := check(l, &in, cur); err != nil {
		return err
	}
	if in.PID != nil && (cur.PID == nil || *in.PID != *cur.PID) {
		return httpx.Invalid("pid", "变更上级党组织请使用“调整上级”操作")
	}
	if err := checkUnit(ctx, tx, &in); err != nil {
		return err
	}
	if in.Type != cur.Type {
		if err := s.checkTypeChange(ctx, tx, cur, in.Type); err != nil {
			return err
		}
	}
	if err := checkCode(ctx, tx, in.Code, cur.ID); err != nil {
		return err
	}
	if cur.Live() { // a revoked organisation's name need not differ from live siblings'
		if err := checkSiblingName(ctx, tx, in.Name, cur.PID, cur.ID); err != nil {
			return err
		}
	}
	l.fill(cur)
	before, err := s.view(ctx, tx, cur)
	if err != nil {
		return err
	}
	next := *cur
	in.apply(&next)
	next.UpdatedAt = time.Now().UTC()
	l.fill(&next)
	after, err := s.view(ctx, tx, &next)
	if err != nil {
		return err
	}
	// The tree lock taken above serialises organisation writes: no version
	// to match.
	_, err = trail.Save(ctx, tx, l.label, record.Save{Origin: origin, RestoredFrom: restoredFrom, Before: before,
		After: after, Snapshot: &next, Write: func(ctx context.Context) (int64, error) {
			_, err := tx.NewUpdate().Model(&next).Column("code", "name", "short_name", "type", "category", "unit_dept_id",
				"founded_on", "secretary_name", "committee", "secretary_member_id", "committee_member_ids", "term_start",
				"term_years", "term_end", "contact_phone", "sort", "updated_at").WherePK().Exec(ctx)
			return next.ID, mapErr(err)
		}})
	return err
}

// checkTypeChange refuses a type its parent may not lead, or under which
// its live children may not stand.
func (s *Service) checkTypeChange(ctx context.Context, idb bun.IDB, cur *Org, newType string) error {
	if cur.PID == nil {
		if newType != TypeCommittee {
			return httpx.Invalid("type", "顶级党组织只能是党委")
		}
	} else {
		var parentType string
		err := idb.NewSelect().Model((*Org)(nil)).Column("type").Where("id = ?", *cur.PID).Scan(ctx, &parentType)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return httpx.Internal(err)
		}
		if !MayContain(parentType, newType) {
			return httpx.Invalid("type", "“%s”下不能设立“%s”", typeNames[parentType], typeNames[newType])
		}
	}
	var childTypes []string
	if err := idb.NewSelect().Model((*Org)(nil)).ColumnExpr("DISTINCT type").Where("pid = ?", cur.ID).
		Where("status = ?", StatusNormal).Scan(ctx, &childTypes); err != nil {
		return httpx.Internal(err)
	}
	for _, t := range childTypes {
		if !MayContain(newType, t) {
			return httpx.Invalid("type", "该党组织下设有“%s”，不能改为“%s”", typeNames[t], typeNames[newType])
		}
	}
	return nil
}
