package unit

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// trailFields are the fields the unit trail (单位变动轨迹) reports, in the
// order of the detail page, with their Chinese labels.
func trailFields() audit.Fields {
	return audit.Fields{
		{Name: "name", Label: "单位名称"},
		{Name: "code", Label: "单位编码"},
		{Name: "shortName", Label: "单位简称"},
		{Name: "type", Label: "单位类型"},
		{Name: "parent", Label: "上级单位"},
		{Name: "sort", Label: "排序"},
		{Name: "leaderName", Label: "负责人"},
		{Name: "contactPhone", Label: "联系电话"},
		{Name: "dzz", Label: "对应党组织"},
		{Name: "foundedOn", Label: "成立日期"},
		{Name: "status", Label: "单位状态"},
		{Name: "revokedOn", Label: "撤销日期"},
		{Name: "remark", Label: "备注"},
	}
}

// display is the unit as the trail shows it: labels and names.
func (s *Service) display(ctx context.Context, idb bun.IDB, l system.DictLabels, r Record) (map[string]string, error) {
	parent, err := nameOf(ctx, idb, "sys_dept", r.PID)
	if err != nil {
		return nil, err
	}
	dzz, err := nameOf(ctx, idb, "dzz", r.DzzID)
	if err != nil {
		return nil, err
	}
	return displayNamed(l, r, parent, dzz), nil
}

// displayNamed is display with the names of the parent and the paired
// organisation already read.
func displayNamed(l system.DictLabels, r Record, parent, dzz string) map[string]string {
	return map[string]string{
		"name": r.Name, "code": r.Code, "shortName": r.ShortName, "type": l.Label(DictType, r.Type),
		"sort": strconv.Itoa(r.Sort), "leaderName": r.LeaderName, "contactPhone": r.ContactPhone,
		"foundedOn": string(r.FoundedOn), "status": l.Label(DictStatus, r.Status), "revokedOn": string(r.RevokedOn),
		"remark": r.Remark, "parent": parent, "dzz": dzz,
	}
}

// nameOf reads the name of a referenced row ("" for none; the id when the
// row is gone). table is a constant of this package.
func nameOf(ctx context.Context, idb bun.IDB, table string, id *int64) (string, error) {
	if id == nil {
		return "", nil
	}
	var name string
	err := idb.NewSelect().Table(table).Column("name").Where("id = ?", *id).Scan(ctx, &name)
	if errors.Is(err, sql.ErrNoRows) {
		return strconv.FormatInt(*id, 10), nil
	} else if err != nil {
		return "", httpx.Internal(err)
	}
	return name, nil
}

// Trail is the change trail of a unit of the caller's scope, newest first.
func (s *Service) Trail(r *http.Request, id int64) (httpx.PageResult[audit.Labelled], error) {
	if _, err := s.find(r.Context(), s.db, id); err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	l, err := s.labels(r.Context())
	if err != nil {
		return httpx.PageResult[audit.Labelled]{}, err
	}
	return audit.Page(r, s.db, audit.ModuleUnit, id, l.Label)
}

// RestoreInput is the body of a trail restore.
type RestoreInput struct {
	TrailID int64 `json:"trailId"`
}

// RestoreTrail puts a unit's data back as a trail entry's snapshot left it
// (ORIGIN USER_RESTORE). The status stays as it is: revocation and its
// checks go through revoke/restore only. The restored data is validated
// like an edit (a code taken since, a parent moved below the unit …).
func (s *Service) RestoreTrail(ctx context.Context, in RestoreInput) (View, error) {
	var snap Record
	e, err := audit.Snapshot(ctx, s.db, audit.ModuleUnit, in.TrailID, &snap)
	if err != nil {
		return View{}, err
	}
	if _, err := s.find(ctx, s.db, e.RecordID); err != nil {
		return View{}, audit.ErrNoEntry()
	}
	snap.ID = e.RecordID
	return s.update(ctx, inputOf(snap), audit.OriginUserRestore, &e.ID)
}

// AllTrail is the change trail of every unit of the caller's scope, newest
// first (the unit change-trail page), filtered by unit, type, origin and time.
func (s *Service) AllTrail(r *http.Request) (httpx.PageResult[audit.NamedEntry], error) {
	ctx := r.Context()
	sc, err := s.ScopeOf(ctx)
	if err != nil {
		return httpx.PageResult[audit.NamedEntry]{}, err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return httpx.PageResult[audit.NamedEntry]{}, err
	}
	across := audit.Across{Module: audit.ModuleUnit, Join: "JOIN sys_dept AS d ON d.id = ct.record_id", Name: "d.name",
		Scope: func(q *bun.SelectQuery) *bun.SelectQuery { return sc.Apply(q, "d.id") }}
	return across.Page(r, s.db, l.Label)
}
