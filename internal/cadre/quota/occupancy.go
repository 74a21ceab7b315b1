package quota

import (
	"context"
	"fmt"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/zh"
)

// unitSpec lists the units' sums (alias u, the unit's name ud.name).
var unitSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"ud.name"}, Match: httpx.Like},
		"unitId": {Columns: []string{"u.unit_id"}, Match: httpx.Eq, Kind: httpx.Int},
		// over=true: the units with a level over its quota.
		"over": {Kind: httpx.Bool, Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
			if v.(bool) {
				return q.Where("u.excess > 0"), nil
			}
			return q.Where("u.excess = 0"), nil
		}},
	},
	Sorts: map[string]string{"unitName": zh.Name("ud.name"), "approved": "u.approved", "occupied": "u.occupied",
		"vacant": "u.vacant", "over": "u.excess"},
	DefaultSort: "ud.sort, u.unit_id",
	Key:         "u.unit_id",
}

// unitSums is the select of each unit's sums over its quotas, within the
// caller's unit scope: 空缺 and 超配 are summed per level (a vacancy at
// one level does not cancel an excess at another).
func (s *Service) unitSums(ctx context.Context) (*bun.SelectQuery, error) {
	scope, err := s.unitScope("q.unit_id")(ctx)
	if err != nil {
		return nil, err
	}
	sums := scope(s.db.NewSelect().TableExpr("gb_quota AS q").ColumnExpr("q.unit_id").
		ColumnExpr("SUM(q.approved) AS approved, SUM(q.occupied) AS occupied").
		ColumnExpr("SUM(CASE WHEN q.approved > q.occupied THEN q.approved - q.occupied ELSE 0 END) AS vacant").
		ColumnExpr("SUM(CASE WHEN q.occupied > q.approved THEN q.occupied - q.approved ELSE 0 END) AS excess").
		GroupExpr("q.unit_id"))
	return s.db.NewSelect().TableExpr("(?) AS u", sums).ColumnExpr("u.*").Apply(unitName("u.unit_id")), nil
}

// UnitOccupancy is the paged list of units with their 核定, 实配, 空缺 and
// 超配, summed over levels in SQL.
func (s *Service) UnitOccupancy(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[Occupancy], error) {
	q, err := s.unitSums(ctx)
	if err != nil {
		return httpx.PageResult[Occupancy]{}, err
	}
	return httpx.Paged[Occupancy](ctx, q, unitSpec, lq)
}

// SchoolTotal is the sums over every unit of the caller's scope.
func (s *Service) SchoolTotal(ctx context.Context) (Occupancy, error) {
	q, err := s.unitSums(ctx)
	if err != nil {
		return Occupancy{}, err
	}
	var out Occupancy
	err = s.db.NewSelect().TableExpr("(?) AS t", q).
		ColumnExpr("COALESCE(SUM(t.approved), 0) AS approved, COALESCE(SUM(t.occupied), 0) AS occupied").
		ColumnExpr("COALESCE(SUM(t.vacant), 0) AS vacant, COALESCE(SUM(t.excess), 0) AS excess").
		Scan(ctx, &out.Approved, &out.Occupied, &out.Vacant, &out.Over)
	if err != nil {
		return Occupancy{}, httpx.Internal(err)
	}
	out.UnitName = "全校合计"
	return out, nil
}

// exportUnits streams the units' sums of the list's filters and sort as
// xlsx.
func (s *Service) exportUnits(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	q, err := s.unitSums(ctx)
	if err != nil {
		return err
	}
	if q, err = unitSpec.Query(q, lq); err != nil {
		return err
	}
	headers := []string{"序号", "单位", "核定职数", "实配", "空缺", "超配"}
	widths := []float64{8, 30, 10, 8, 8, 8}
	n, err := excel.Export(ctx, w, s.db, q, headers, widths, "单位职数-"+date.Of(s.now()).Compact()+".xlsx",
		func(n int, o *Occupancy) []any { return []any{n, o.UnitName, o.Approved, o.Occupied, o.Vacant, o.Over} })
	if err == nil {
		s.sys.LogAccess(ctx, r, fmt.Sprintf("导出单位职数（%d条）", n))
	}
	return err
}
