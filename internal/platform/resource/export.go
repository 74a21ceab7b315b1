package resource

import (
	"fmt"
	"net/http"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
)

// Export declares a resource's export: the file's title ("谈心谈话" gives
// 谈心谈话-20260301.xlsx and the log line 导出谈心谈话（n条）) and its
// columns after the row number.
type Export[V any] struct {
	Title   string
	Columns []Column[V]
}

// Column is one column of an export: its header, its width and its cell,
// taken from the view with its labels (an export shows what the list shows).
type Column[V any] struct {
	Header string
	Width  float64
	Cell   func(v *V) any
}

// Layout is an export sheet of columns for excel.Export: the headers and
// widths after the row number (序号), and a view's row of cells.
func Layout[V any](cols []Column[V]) (headers []string, widths []float64, cells func(n int, v *V) []any) {
	headers, widths = []string{"序号"}, []float64{8}
	for _, c := range cols {
		headers, widths = append(headers, c.Header), append(widths, c.Width)
	}
	return headers, widths, func(n int, v *V) []any {
		out := append(make([]any, 0, len(headers)), n)
		for _, c := range cols {
			out = append(out, c.Cell(v))
		}
		return out
	}
}

// handleExport streams the records of the list's filters, sort and scope
// as xlsx, numbered, and logs the read. A resource that may show its
// records in clear (Unmask) exports them so with unmask=true and a reason
// (httpx.UnmaskedExport), logged with it.
func (res *Viewed[M, V, I, O]) handleExport(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	clear, reason := false, ""
	if res.Unmask != nil {
		if clear, _ = httpx.QueryBool(r, "unmask"); clear {
			if err := res.Unmask(ctx); err != nil {
				return err
			}
		}
		var err error
		if clear, reason, err = httpx.UnmaskedExport(r); err != nil {
			return err
		}
	}
	lq, err := httpx.ReadListQuery(r, httpx.UnmaskOptions...)
	if err != nil {
		return err
	}
	q, err := res.query(ctx, res.DB)
	if err != nil {
		return err
	}
	if q, err = res.Spec.Query(q, lq); err != nil {
		return err
	}
	view, err := res.viewer(ctx)
	if err != nil {
		return err
	}
	headers, widths, cells := Layout(res.Export.Columns)
	file := res.Export.Title + "-" + date.Of(res.now()).Compact() + ".xlsx"
	n, err := excel.Export(ctx, w, res.DB, q, headers, widths, file, func(n int, v *V) []any {
		o := view(v, clear)
		return cells(n, &o)
	})
	if err == nil && res.Access != nil {
		what := fmt.Sprintf("导出%s（%d条）", res.Export.Title, n)
		if clear {
			what = fmt.Sprintf("导出%s（含身份证号码、手机号码明文，%d条），事由：%s", res.Export.Title, n, reason)
		}
		res.Access(ctx, r, what)
	}
	return err
}
