package unit

import (
	"fmt"
	"net/http"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
)

var exportHeaders = []string{"序号", "单位编码", "单位名称", "简称", "单位类型", "上级单位", "对应党组织", "负责人",
	"联系电话", "成立日期", "状态", "撤销日期", "备注"}

var exportWidths = []float64{8, 14, 28, 16, 12, 24, 28, 10, 14, 12, 8, 12, 24}

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
	n, err := excel.Export(ctx, w, s.db, q, exportHeaders, exportWidths, "单位信息-"+day+".xlsx", func(n int, row *row) []any {
		v := row.view(l)
		return []any{n, v.Code, v.Name, v.ShortName, v.TypeLabel, v.ParentName, v.DzzName, v.LeaderName,
			v.ContactPhone, string(v.FoundedOn), v.StatusLabel, string(v.RevokedOn), v.Remark}
	})
	if err != nil {
		return err
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出单位信息（%d个）", n))
	return nil
}
