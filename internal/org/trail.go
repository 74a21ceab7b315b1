package org

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/system"
)

// TrailModule is the organisation's module id in the change trail (change_trail.module).
const TrailModule = 20

// trail declares the organisation trail (组织变动轨迹): the fields it tracks,
// in display order, with their Chinese labels.
var trail = &record.Decl{Module: TrailModule, Noun: "党组织", Fields: []record.Field{
	record.Text("parent", "上级党组织"),
	record.Text("code", "党组织编码"),
	record.Text("name", "党组织名称"),
	record.Text("shortName", "简称"),
	record.Dict("type", "党组织类型", DictType),
	record.Dict("category", "党组织类别", DictCategory),
	record.Text("unit", "所属单位"),
	record.Text("foundedOn", "成立日期"),
	record.Text("secretaryName", "书记"),
	record.Text("committee", "委员会成员"),
	record.Text("termStart", "本届任期开始日期"),
	record.Text("termYears", "任期年限"),
	record.Text("contactPhone", "联系电话"),
	record.Text("sort", "排序"),
	record.Text("status", "状态"),
	record.Text("revokedOn", "撤销日期"),
}}

// view is o's raw trail view (trail.Changes labels and compares it), with
// the names of its parent and unit read.
func (s *Service) view(ctx context.Context, idb bun.IDB, o *Org) (map[string]string, error) {
	parent := ""
	if o.PID != nil {
		if o.ParentName != "" {
			parent = o.ParentName
		} else if err := idb.NewSelect().Model((*Org)(nil)).Column("name").Where("id = ?", *o.PID).Scan(ctx, &parent); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, httpx.Internal(err)
		}
	}
	unit, err := unitName(ctx, idb, o.UnitDeptID)
	if err != nil {
		return nil, err
	}
	return trailView(o, parent, unit), nil
}

// trailView is view with the parent's and the unit's names known.
func trailView(o *Org, parent, unit string) map[string]string {
	years := ""
	if o.TermYears > 0 {
		years = strconv.Itoa(o.TermYears) + "年"
	}
	return map[string]string{
		"parent": parent, "code": o.Code, "name": o.Name, "shortName": o.ShortName,
		"type": o.Type, "category": o.Category, "unit": unit,
		"foundedOn": string(o.FoundedOn), "secretaryName": o.SecretaryName,
		"committee": strings.Join(o.Committee, "、"), "termStart": string(o.TermStart), "termYears": years,
		"contactPhone": o.ContactPhone, "sort": strconv.Itoa(o.Sort), "status": statusNames[o.Status],
		"revokedOn": string(o.RevokedOn),
	}
}

// unitName is the name of the administrative unit (sys_dept) an organisation belongs to.
func unitName(ctx context.Context, idb bun.IDB, id *int64) (string, error) {
	if id == nil {
		return "", nil
	}
	var name string
	err := idb.NewSelect().Table("sys_dept").Column("name").Where("id = ?", *id).Scan(ctx, &name)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", httpx.Internal(err)
	}
	return name, nil
}

// trails serves the organisation trail's endpoints: an organisation of the
// caller's scope, the trail across the scope, and the restore.
func (s *Service) trails() record.Trail {
	return record.Trail{Decl: trail, DB: s.db,
		Find: func(ctx context.Context, id int64) error {
			_, err := s.Find(ctx, id)
			return err
		},
		Labels: record.LabelsOf(func(ctx context.Context) (system.DictLabels, error) {
			return s.sys.DictLabels(ctx, audit.DictType, audit.DictOrigin)
		}),
		Join: "JOIN dzz AS z ON z.id = ct.record_id", Name: "z.name",
		Scope: s.Scoped("z.id"), Gone: s.Scoped("ct.anchor_id")}
}

// Restore puts back the organisation's fields as a trail entry's snapshot
// recorded them (not its parent or path: a move is undone with Move, nor
// its status: a revocation is an operation of its own). The restore is a
// trail entry itself, ORIGIN=USER_RESTORE.
func (s *Service) Restore(ctx context.Context, in record.RestoreInput) error {
	_, err := record.Restore(ctx, s.trails(), in, func(ctx context.Context, snap *Org, e *audit.Entry) (struct{}, error) {
		wc, err := s.prepare(ctx)
		if err != nil {
			return struct{}{}, err
		}
		restore := inputOf(snap)
		restore.ID, restore.PID = e.RecordID, nil
		return struct{}{}, s.inTreeTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			if err := s.update(ctx, tx, wc, restore, audit.OriginUserRestore, &e.ID); err != nil {
				var he *httpx.Error
				if errors.As(err, &he) && he.Status == 404 { // deleted meanwhile
					return audit.ErrNoEntry()
				}
				return err
			}
			return nil
		})
	})
	return err
}
