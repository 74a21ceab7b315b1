package unit

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
)

// TrailModule is the unit's module id in the change trail (change_trail.module).
const TrailModule = 30

// fields declares a unit's fields once, in the trail's order (the detail
// page's): the checks of a save, the trail (单位变动轨迹), the import
// template and the export follow from them.
var fields = resource.Fields[Record]{
	{Name: "name", Label: "单位名称", Required: true, Max: maxName, Export: 28, Example: "计算机学院"},
	{Name: "code", Label: "单位编码", Required: true, Max: maxCode, Chars: true, Export: 14, Example: "DW001",
		Note: "不超过32个字符；用于匹配已有单位"},
	{Name: "shortName", Label: "单位简称", Header: "简称", Max: maxShortName, Export: 16, Example: "计院"},
	{Name: "type", Label: "单位类型", Kind: resource.Code, Required: true, Dict: DictType, Shown: "typeLabel", Export: 12, Example: "院系"},
	{Name: "pid", Key: "parent", Label: "上级单位", Kind: resource.Ref, Table: "sys_dept", Shown: "parentName", Export: 24, Example: "DW000",
		Note: "您管理范围内单位的编码或唯一的名称，或本文件中前面某行的单位编码；只有可管理全部单位的用户可以不填（新建顶级单位）"},
	{Name: "sort", Label: "排序", Kind: resource.Int},
	{Name: "leaderName", Label: "负责人", Asks: "负责人姓名", Max: maxLeader, Export: 10, Example: "张主任"},
	{Name: "contactPhone", Label: "联系电话", Valid: record.ContactPhone, Export: 14, Example: "010-62750000"},
	{Name: "dzzId", Key: "dzz", Label: "对应党组织", Column: "对应党组织编码", Kind: resource.Ref, Table: "dzz", Shown: "dzzName",
		Export: 28, Example: "D0101", Note: "您管理范围内党组织的编码；只有可管理全部单位的用户可以不填"},
	{Name: "foundedOn", Label: "成立日期", Kind: resource.Day, NotFuture: true, Export: 12, Example: "1990-09-01"},
	{Name: "status", Label: "单位状态", Header: "状态", Kind: resource.Code, Dict: DictStatus, Shown: "statusLabel", Fixed: true, Export: 8},
	{Name: "revokedOn", Label: "撤销日期", Kind: resource.Day, Fixed: true, Export: 12},
	{Name: "remark", Label: "备注", Max: maxRemark, Export: 24},
}

// trail is the unit trail's declaration.
var trail = fields.Decl(TrailModule, "单位")

// view is the unit's raw trail view (trail.Changes labels and compares it),
// with the names of its parent and paired organisation read.
func (s *Service) view(ctx context.Context, idb bun.IDB, r Record) (map[string]string, error) {
	return fields.TrailView(ctx, idb, &r)
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
		return s.update(ctx, *snap, audit.OriginUserRestore, &e.ID)
	})
}
