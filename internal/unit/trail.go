package unit

import (
	"context"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/record"
)

// TrailModule is the unit's module id in the change trail (change_trail.module).
const TrailModule = 30

// trail declares the unit trail (单位变动轨迹): the fields it reports, in the
// order of the detail page, with their Chinese labels.
var trail = &record.Decl{Module: TrailModule, Noun: "单位", Fields: []record.Field{
	record.Text("name", "单位名称"),
	record.Text("code", "单位编码"),
	record.Text("shortName", "单位简称"),
	record.Dict("type", "单位类型", DictType),
	record.Text("parent", "上级单位"),
	record.Text("sort", "排序"),
	record.Text("leaderName", "负责人"),
	record.Text("contactPhone", "联系电话"),
	record.Text("dzz", "对应党组织"),
	record.Text("foundedOn", "成立日期"),
	record.Dict("status", "单位状态", DictStatus),
	record.Text("revokedOn", "撤销日期"),
	record.Text("remark", "备注"),
}}

// view is the unit's raw trail view (trail.Changes labels and compares it),
// with the names of its parent and paired organisation read.
func (s *Service) view(ctx context.Context, idb bun.IDB, r Record) (map[string]string, error) {
	parent, err := record.NameOf(ctx, idb, "sys_dept", "name", r.PID)
	if err != nil {
		return nil, err
	}
	dzz, err := record.NameOf(ctx, idb, "dzz", "name", r.DzzID)
	if err != nil {
		return nil, err
	}
	return trailView(r, parent, dzz), nil
}

// trailView is view with the names of the parent and the paired
// organisation already read (an import reads them in bulk).
func trailView(r Record, parent, dzz string) map[string]string {
	return map[string]string{
		"name": r.Name, "code": r.Code, "shortName": r.ShortName, "type": r.Type,
		"sort": strconv.Itoa(r.Sort), "leaderName": r.LeaderName, "contactPhone": r.ContactPhone,
		"foundedOn": string(r.FoundedOn), "status": r.Status, "revokedOn": string(r.RevokedOn),
		"remark": r.Remark, "parent": parent, "dzz": dzz,
	}
}

// trails serves the unit trail's endpoints: a unit of the caller's scope,
// the trail across the scope, and the restore.
func (s *Service) trails() record.Trail {
	return record.Trail{Decl: trail, DB: s.db,
		Find: record.FindIn(s.db, s.find), Labels: record.LabelsOf(s.labels),
		Join: "JOIN sys_dept AS d ON d.id = ct.record_id", Name: "d.name",
		Scope: record.ScopeOn(s.ScopeOf, "d.id")}
}

// RestoreTrail puts a unit's data back as a trail entry's snapshot left it
// (ORIGIN USER_RESTORE). The status stays as it is: revocation and its
// checks go through revoke/restore only. The restored data is validated
// like an edit (a code taken since, a parent moved below the unit …).
func (s *Service) RestoreTrail(ctx context.Context, in record.RestoreInput) (View, error) {
	return record.Restore(ctx, s.trails(), in, func(ctx context.Context, snap *Record, e *audit.Entry) (View, error) {
		snap.ID = e.RecordID
		return s.update(ctx, inputOf(*snap), audit.OriginUserRestore, &e.ID)
	})
}
