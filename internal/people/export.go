package people

import (
	"context"
	"fmt"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
)

// column is one column of a resource's export: its header, its width and
// its cell taken from the API view (so an export shows what the list shows).
type column[V any] struct {
	header string
	width  float64
	cell   func(v *V) any
}

// personExport is the export's columns of a student or teacher: the
// number, the shared fields, own (the resource's), then status and remark.
func personExport[V any](number column[V], person func(v *V) *PersonView, status string, own ...column[V]) []column[V] {
	p := func(header string, width float64, cell func(p *PersonView) any) column[V] {
		return column[V]{header, width, func(v *V) any { return cell(person(v)) }}
	}
	cols := []column[V]{number,
		p("姓名", 10, func(p *PersonView) any { return p.Name }),
		p("性别", 6, func(p *PersonView) any { return p.GenderLabel }),
		p("民族", 8, func(p *PersonView) any { return p.EthnicityLabel }),
		p("身份证号码", 22, func(p *PersonView) any { return p.IDNumber }),
		p("手机号码", 14, func(p *PersonView) any { return p.Phone }),
		p("出生日期", 12, func(p *PersonView) any { return string(p.BirthDate) }),
		p("所在单位", 20, func(p *PersonView) any { return p.UnitName }),
	}
	cols = append(cols, own...)
	return append(cols,
		p(status, 10, func(p *PersonView) any { return p.StatusLabel }),
		p("备注", 24, func(p *PersonView) any { return p.Remark }))
}

// selected is the scoped query of the rows lq filters, in its order (all
// of them: exports stream every row).
func (res *resource[M, R, V, I]) selected(ctx context.Context, lq httpx.ListQuery) (*bun.SelectQuery, error) {
	q, err := res.query(ctx, res.s.db)
	if err != nil {
		return nil, err
	}
	if q, err = res.spec.Apply(q, lq.Filters); err != nil {
		return nil, err
	}
	return res.spec.Order(q, lq.Sorts)
}

// handleExport streams the rows of the resource's list (its filters, sort
// and scope) as xlsx, numbered. Personal fields are always masked.
func (res *resource[M, R, V, I]) handleExport(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	q, err := res.selected(ctx, lq)
	if err != nil {
		return err
	}
	l, err := res.s.labels(ctx)
	if err != nil {
		return err
	}
	headers, widths := []string{"序号"}, []float64{8}
	for _, c := range res.export {
		headers, widths = append(headers, c.header), append(widths, c.width)
	}
	title := res.what + "信息"
	day := date.Of(res.s.now()).Compact()
	n, err := excel.Export(ctx, w, res.s.db, q, headers, widths, title+"-"+day+".xlsx", func(n int, row *R) []any {
		v := res.view(row, l, false)
		cells := make([]any, 0, len(headers))
		cells = append(cells, n)
		for _, c := range res.export {
			cells = append(cells, c.cell(&v))
		}
		return cells
	})
	if err != nil {
		return err
	}
	res.s.sys.LogAccess(ctx, r, fmt.Sprintf("导出%s（%d条）", title, n))
	return nil
}
