package unit

import (
	"fmt"
	"net/http"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
)

// exportColumns are the export's columns, in the order its sheet has always had.
var exportColumns = resource.Columns[View](fields.In("code", "name", "shortName", "type", "pid", "dzzId",
	"leaderName", "contactPhone", "foundedOn", "status", "revokedOn", "remark"))

// handleExport streams the units of the list's filters, sort and scope.
func (s *Service) handleExport(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	sc, err := s.ScopeOf(ctx)
	if err != nil {
		return err
	}
	q, err := listSpec.Query(sc.Apply(baseQuery(s.db), "d.id"), lq)
	if err != nil {
		return err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	day := date.Of(s.now()).Compact()
	headers, widths, cells := resource.Layout(exportColumns)
	n, err := excel.Export(ctx, w, s.db, q, headers, widths, "单位信息-"+day+".xlsx", func(n int, row *row) []any {
		v := row.view(l)
		return cells(n, &v)
	})
	if err != nil {
		return err
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出单位信息（%d个）", n))
	return nil
}
