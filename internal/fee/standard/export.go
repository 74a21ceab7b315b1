package standard

import (
	"fmt"
	"net/http"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
)

// exportBases streams the bases of the list's filters, sort and scope as
// xlsx: the member, the category, every salary item, the base and the
// monthly due with its working; the read is logged.
func (s *Service) exportBases(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	k, err := s.calc(ctx, s.db)
	if err != nil {
		return httpx.Internal(err)
	}
	q, err := s.baseQuery(ctx, s.db, (*baseListRow)(nil))
	if err != nil {
		return err
	}
	if q, err = baseSpec.Query(q, lq); err != nil {
		return err
	}
	headers := []string{"序号", "姓名", "工号/学号", "党组织", "年度", "起始月份", "党费类别"}
	widths := []float64{8, 12, 14, 28, 8, 10, 12}
	for _, it := range Items {
		headers, widths = append(headers, it.Label+"（元）"), append(widths, 14)
	}
	headers = append(headers, "计入项目合计（元）", "扣除项目合计（元）", "月基数（元）", "月党费（元）", "计算过程", "备注")
	widths = append(widths, 16, 16, 14, 12, 60, 20)
	file := "党费基数-" + date.Of(s.now()).Compact() + ".xlsx"
	n, err := excel.Export(ctx, w, s.db, q, headers, widths, file, func(n int, row *baseListRow) []any {
		v := baseView(*row, k)
		cells := []any{n, v.MemberName, v.StaffNo, v.OrgName, v.Year, v.FromMonth, v.CategoryLabel}
		for _, it := range Items {
			cells = append(cells, v.Items[it.Key])
		}
		return append(cells, v.Included, v.Deducted, v.Base, v.Due, v.Working, v.Remark)
	})
	if err == nil {
		s.sys.LogAccess(ctx, r, fmt.Sprintf("导出党费基数（%d条）", n))
	}
	return err
}
