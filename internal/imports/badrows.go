package imports

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
)

// ReasonHeader is the column the bad rows' workbook appends to the
// template's: what is wrong with the row. An upload ignores it, so the
// user corrects the downloaded rows and uploads the file again.
const ReasonHeader = "错误原因"

// SendInvalid streams the invalid rows of a batch of the caller as a
// workbook: the columns of the file (as the template names them) with the
// cells as the user typed them, personal ones in clear (they are the
// user's own upload, decrypted for this deliberate download only, which
// the operation log records), and the reason of each row. Another user's
// batch is a 404; an imported batch has no staged rows left (409).
func (s *Service) SendInvalid(ctx context.Context, w http.ResponseWriter, r *http.Request, k Kind, id int64) error {
	b, err := s.find(ctx, s.db, k, id)
	if err != nil {
		return err
	}
	if b.State == StateImportEnd {
		return httpx.Conflict("该批次已导入，暂存的数据已删除")
	}
	if b.InvalidCount == 0 {
		return httpx.BadRequest("本批次没有错误行")
	}
	invalid := func() *bun.SelectQuery {
		return s.db.NewSelect().Model((*rowRecord)(nil)).Where("batch_id = ?", b.ID).Where("status = ?", StatusInvalid).OrderExpr("row_no, id")
	}
	// Every row of a file has the same columns: the first tells which.
	var first rowRecord
	if err := invalid().Limit(1).Scan(ctx, &first); errors.Is(err, sql.ErrNoRows) {
		return httpx.BadRequest("本批次没有错误行")
	} else if err != nil {
		return httpx.Internal(err)
	}
	c := s.codec(k)
	firstRow, err := first.row(c)
	if err != nil {
		return httpx.Internal(err)
	}
	var cols Columns
	headers, widths := []string{}, []float64{}
	for _, col := range k.Columns() {
		if firstRow.Has(col.Key) {
			cols = append(cols, col)
			headers, widths = append(headers, headerOf(col)), append(widths, columnWidth(col))
		}
	}
	headers, widths = append(headers, ReasonHeader), append(widths, 60)
	n, err := excel.ExportChecked(ctx, w, s.db, invalid(), headers, widths, k.Title()+"导入错误行.xlsx",
		func(_ int, rec *rowRecord) ([]any, error) {
			row, err := rec.row(c)
			if err != nil {
				return nil, err
			}
			values := make([]any, 0, len(cols)+1)
			for _, col := range cols {
				values = append(values, row.Cells[col.Key])
			}
			return append(values, reasonOf(Columns(k.Columns()), row)), nil
		})
	if err == nil {
		s.sys.LogAccess(ctx, r, fmt.Sprintf("下载%s导入错误行（批次 %d，%d行）", k.Title(), b.ID, n))
	}
	return err
}

// reasonOf is a row's errors in one cell: "列名：消息", a row's own without a column.
func reasonOf(cols Columns, r *Row) string {
	parts := make([]string, len(r.Errors))
	for i, e := range r.Errors {
		parts[i] = e.Message
		if e.Column != "" {
			parts[i] = cols.Get(e.Column).Label + "：" + e.Message
		}
	}
	return strings.Join(parts, "；")
}
