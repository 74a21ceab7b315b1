package quota

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
)

// positionFields are a position's fields in the form's order.
var positionFields = resource.Fields[Position]{
	{Name: "unitId", Label: "所在单位", Kind: resource.Ref, Required: true, Table: "sys_dept", Key: "unit", Shown: "unitName", Export: 24},
	{Name: "name", Label: "岗位名称", Required: true, Max: 100, Export: 24},
	{Name: "level", Label: "职级", Kind: resource.Code, Required: true, Dict: DictLevel, Shown: "levelLabel", Export: 12},
	{Name: "attribute", Label: "职务属性", Kind: resource.Code, Dict: DictAttribute, Shown: "attributeLabel", Export: 12},
	{Name: "teamType", Label: "班子类型", Kind: resource.Code, Dict: DictTeamType, Shown: "teamTypeLabel", Export: 18},
	{Name: "sort", Label: "排序", Kind: resource.Int},
	{Name: "remark", Label: "备注", Max: 500, Export: 24},
}

// quotaFields are a quota's fields in the form's order.
var quotaFields = resource.Fields[Quota]{
	{Name: "unitId", Label: "所在单位", Kind: resource.Ref, Required: true, Table: "sys_dept", Key: "unit", Shown: "unitName", Export: 24},
	{Name: "level", Label: "职级", Kind: resource.Code, Required: true, Dict: DictLevel, Shown: "levelLabel", Export: 12},
	{Name: "remark", Label: "备注", Max: 500},
}

// unitName joins the unit's name (sys_dept, the system's department table:
// the unit module offers no name join of its own).
func unitName(column string) func(q *bun.SelectQuery) *bun.SelectQuery {
	return func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.ColumnExpr("ud.name AS unit_name").Join("JOIN sys_dept AS ud ON ud.id = " + column)
	}
}

var positionSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":    {Columns: []string{"p.name"}, Match: httpx.Like},
		"unitId":    {Columns: []string{"p.unit_id"}, Match: httpx.Eq, Kind: httpx.Int},
		"level":     {Columns: []string{"p.level"}, Match: httpx.In},
		"attribute": {Columns: []string{"p.attribute"}, Match: httpx.In},
		"teamType":  {Columns: []string{"p.team_type"}, Match: httpx.In},
	},
	Sorts:       map[string]string{"unitName": zh.Name("ud.name"), "level": "p.level", "sort": "p.sort"},
	DefaultSort: "p.unit_id, p.sort, p.id",
	Key:         "p.id",
}

var quotaSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"unitId": {Columns: []string{"q.unit_id"}, Match: httpx.Eq, Kind: httpx.Int},
		"level":  {Columns: []string{"q.level"}, Match: httpx.In},
		// over=true: the quotas with more holders than approved (超配).
		"over": {Kind: httpx.Bool, Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
			if v.(bool) {
				return q.Where("q.occupied > q.approved"), nil
			}
			return q.Where("q.occupied <= q.approved"), nil
		}},
	},
	Sorts:       map[string]string{"unitName": zh.Name("ud.name"), "level": "q.level", "approved": "q.approved", "occupied": "q.occupied"},
	DefaultSort: "q.unit_id, q.level, q.id",
	Key:         "q.id",
}

func (s *Service) labeller(ctx context.Context) (audit.Labeller, error) {
	l, err := s.sys.DictLabels(ctx, DictLevel, DictAttribute, DictTeamType)
	return l.Label, err
}

// ownsUnit refuses a unit that does not exist or lies outside the caller's
// unit scope.
func (s *Service) ownsUnit(ctx context.Context, idb bun.IDB, id int64) error {
	ok, err := s.units.InScope(ctx, idb, id)
	if err != nil {
		return err
	}
	if !ok {
		return httpx.Invalid("unitId", "所选单位不存在")
	}
	return nil
}

func (s *Service) positionResource() *resource.Resource[Position, PositionView] {
	return &resource.Resource[Position, PositionView]{DB: s.db, Noun: "岗位", Spec: positionSpec, Now: s.now, Access: s.sys.LogAccess,
		Scope: s.unitScope("p.unit_id"),
		Join: func(q *bun.SelectQuery) *bun.SelectQuery {
			return unitName("p.unit_id")(q).ColumnExpr("(SELECT COUNT(*) FROM gb_holding AS hc WHERE hc.position_id = p.id AND hc.end_on IS NULL) AS holders")
		},
		Record: func(v *PositionView) *Position { return &v.Position },
		Labels: s.labeller,
		Show:   resource.Shows[PositionView](positionFields),
		Check: func(ctx context.Context, in Position, cur *PositionView) (Position, error) {
			l, err := s.sys.DictLabels(ctx, DictLevel, DictAttribute, DictTeamType)
			if err != nil {
				return in, err
			}
			var was *Position
			if cur != nil {
				was = &cur.Position
			}
			if err := positionFields.Check(&in, was, l, date.Of(s.now().In(date.China))); err != nil {
				return in, err
			}
			return in, s.ownsUnit(ctx, s.db, in.UnitID)
		},
		// A position held now keeps its unit and level: its holders are
		// counted against that unit's quota of that level.
		BeforeUpdate: func(ctx context.Context, tx bun.IDB, cur *PositionView, m *Position) error {
			if cur.Holders > 0 && (m.UnitID != cur.UnitID || m.Level != cur.Level) {
				return httpx.Invalid("level", "该岗位有%d名现任干部，不能修改所在单位或职级，请先免去其职务", cur.Holders)
			}
			return nil
		},
		BeforeDelete: func(ctx context.Context, tx bun.IDB, ids []int64) error {
			n, err := tx.NewSelect().Table("gb_rmwj_item").Where("position_id IN (?)", bun.In(ids)).Count(ctx)
			if err != nil {
				return httpx.Internal(err)
			}
			if n > 0 {
				return httpx.Conflict("岗位已在任免文件中使用，不能删除")
			}
			return nil
		},
		WriteError: func(err error, m *Position) error {
			return record.WriteError(err, "该单位已有名为“"+m.Name+"”的岗位", "")
		},
		Export: resource.Export[PositionView]{Title: "干部岗位", Columns: append(resource.Columns[PositionView](positionFields),
			resource.Column[PositionView]{Header: "选任制", Width: 8, Cell: func(v *PositionView) any { return yesNo(v.Elected) }},
			resource.Column[PositionView]{Header: "现任人数", Width: 10, Cell: func(v *PositionView) any { return v.Holders }})},
	}
}

func yesNo(b bool) string {
	if b {
		return "是"
	}
	return "否"
}

// occupancyColumns are the numbers of a quota row as SQL over alias q.
const occupancyColumns = `q.occupied AS occupied,
	CASE WHEN q.approved > q.occupied THEN q.approved - q.occupied ELSE 0 END AS vacant,
	CASE WHEN q.occupied > q.approved THEN q.occupied - q.approved ELSE 0 END AS excess`

func (s *Service) quotaResource() *resource.Resource[Quota, QuotaView] {
	return &resource.Resource[Quota, QuotaView]{DB: s.db, Noun: "职数", Spec: quotaSpec, Now: s.now, Access: s.sys.LogAccess,
		Scope: s.unitScope("q.unit_id"),
		Join: func(q *bun.SelectQuery) *bun.SelectQuery {
			return unitName("q.unit_id")(q).ColumnExpr(occupancyColumns)
		},
		Record: func(v *QuotaView) *Quota { return &v.Quota },
		Labels: s.labeller,
		Show:   resource.Shows[QuotaView](quotaFields),
		Check: func(ctx context.Context, in Quota, cur *QuotaView) (Quota, error) {
			l, err := s.sys.DictLabels(ctx, DictLevel)
			if err != nil {
				return in, err
			}
			var was *Quota
			if cur != nil {
				was = &cur.Quota
				// The unit and level are the quota's key: its holders
				// were counted against them.
				if in.UnitID != cur.UnitID || in.Level != cur.Level {
					return in, httpx.Invalid("level", "不能修改职数的所在单位和职级，请另行新增")
				}
			}
			if err := quotaFields.Check(&in, was, l, date.Of(s.now().In(date.China))); err != nil {
				return in, err
			}
			if in.Approved < 0 || in.Approved > 9999 {
				return in, httpx.Invalid("approved", "核定职数应为0至9999的整数")
			}
			return in, s.ownsUnit(ctx, s.db, in.UnitID)
		},
		BeforeDelete: func(ctx context.Context, tx bun.IDB, ids []int64) error {
			n, err := tx.NewSelect().Table("gb_holding").Where("quota_id IN (?)", bun.In(ids)).Count(ctx)
			if err != nil {
				return httpx.Internal(err)
			}
			if n > 0 {
				return httpx.Conflict("该职数已有任职记录，不能删除；可将核定职数改为0")
			}
			return nil
		},
		WriteError: func(err error, m *Quota) error {
			return record.WriteError(err, "该单位的此职级已核定职数，请修改原有记录", "")
		},
		Export: resource.Export[QuotaView]{Title: "核定职数", Columns: append(resource.Columns[QuotaView](quotaFields),
			resource.Column[QuotaView]{Header: "核定职数", Width: 10, Cell: func(v *QuotaView) any { return v.Approved }},
			resource.Column[QuotaView]{Header: "实配", Width: 8, Cell: func(v *QuotaView) any { return v.Occupied }},
			resource.Column[QuotaView]{Header: "空缺", Width: 8, Cell: func(v *QuotaView) any { return v.Vacant }},
			resource.Column[QuotaView]{Header: "超配", Width: 8, Cell: func(v *QuotaView) any { return v.Over }})},
	}
}
