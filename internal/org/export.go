package org

import (
	"fmt"
	"net/http"
	"strings"

	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
)

var exportHeaders = []string{"序号", "组织编码", "组织名称", "简称", "组织类型", "组织类别", "上级党组织", "所在单位",
	"成立日期", "书记", "委员", "换届日期", "任期（年）", "届满日期", "联系电话", "状态", "撤销日期"}

var exportWidths = []float64{8, 16, 30, 16, 12, 14, 30, 20, 12, 10, 30, 12, 10, 12, 14, 8, 12}

// handleExport streams the organisations of the current filters, sort and
// scope as xlsx, row by row from a database cursor.
func (s *Service) handleExport(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	q, spec, err := s.listQuery(ctx)
	if err != nil {
		return err
	}
	q = q.ColumnExpr("d.name AS unit_name").Join("LEFT JOIN sys_dept AS d ON d.id = z.unit_dept_id")
	if q, err = spec.Query(q, lq); err != nil {
		return err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	type exportRow struct {
		Org      `bun:",extend"`
		UnitName *string `bun:"unit_name,scanonly"`
	}
	n, err := excel.Export(ctx, w, s.db, q, exportHeaders, exportWidths,
		"党组织信息-"+today().Compact()+".xlsx",
		func(n int, row *exportRow) []any {
			o := &row.Org
			l.fill(o)
			unit := ""
			if row.UnitName != nil {
				unit = *row.UnitName
			}
			term := ""
			if o.TermYears > 0 {
				term = fmt.Sprint(o.TermYears)
			}
			return []any{n, o.Code, o.Name, o.ShortName, o.TypeLabel, o.CategoryLabel, o.ParentName, unit,
				string(o.FoundedOn), o.SecretaryName, strings.Join(o.Committee, "、"), string(o.TermStart), term,
				string(o.TermEnd), o.ContactPhone, o.StatusLabel, string(o.RevokedOn)}
		})
	if err != nil {
		return err
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出党组织信息（%d个）", n))
	return nil
}
