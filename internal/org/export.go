package org

import (
	"fmt"
	"net/http"
	"slices"

	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
)

// exportRow is an organisation as the export reads it: with its labels
// (labels.fill) and the name of its unit.
type exportRow struct {
	Org      `bun:",extend"`
	UnitName string `bun:"unit_name,scanonly" json:"unitName"`
}

// exportColumns are the export's columns, in the order its sheet has
// always had: the term's length (its digits) and end sit together.
var exportColumns = slices.Concat(
	resource.Columns[exportRow](fields.In("code", "name", "shortName", "type", "category", "pid", "unitDeptId", "foundedOn",
		"secretaryName", "committee", "termStart")),
	[]resource.Column[exportRow]{
		{Header: "任期（年）", Width: 10, Cell: func(r *exportRow) any {
			if r.TermYears > 0 {
				return fmt.Sprint(r.TermYears)
			}
			return ""
		}},
		{Header: "届满日期", Width: 12, Cell: func(r *exportRow) any { return string(r.TermEnd) }},
	},
	resource.Columns[exportRow](fields.In("contactPhone", "status", "revokedOn")))

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
	q = q.ColumnExpr("COALESCE(d.name, '') AS unit_name").Join("LEFT JOIN sys_dept AS d ON d.id = z.unit_dept_id")
	if q, err = spec.Query(q, lq); err != nil {
		return err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	headers, widths, cells := resource.Layout(exportColumns)
	n, err := excel.Export(ctx, w, s.db, q, headers, widths, "党组织信息-"+today().Compact()+".xlsx",
		func(n int, row *exportRow) []any {
			l.fill(&row.Org)
			return cells(n, row)
		})
	if err != nil {
		return err
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出党组织信息（%d个）", n))
	return nil
}
