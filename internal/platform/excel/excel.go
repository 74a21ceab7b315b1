// Package excel reads uploaded workbooks and streams exports, so no domain
// touches excelize directly.
package excel

import (
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/uptrace/bun"
	"github.com/xuri/excelize/v2"

	"zhdj/internal/platform/httpx"
)

// MaxImportBytes bounds an uploaded workbook.
const MaxImportBytes = 20 << 20

// MaxUnzippedBytes bounds what an uploaded workbook may unpack to. excelize
// would otherwise accept 16 GB, unpacking large sheets to temporary files: a
// small "zip bomb" could fill the disk. 50,000 rows of the widest template
// unpack to well under 100 MB.
const MaxUnzippedBytes = 256 << 20

// ReadUpload reads the first sheet of the multipart field "file" as rows of
// trimmed strings (the header row first). A file that is not xlsx is a 400.
func ReadUpload(r *http.Request, maxRows int) ([][]string, error) {
	_, rows, err := readUpload(r, maxRows, false)
	return rows, err
}

// ReadUploadRaw is ReadUpload returning also the file's name, with cells
// as stored rather than as displayed: a cell formatted as a date gives its
// serial number (displayed dates follow the workbook's format, such as the
// ambiguous mm-dd-yy), a long number all its digits.
func ReadUploadRaw(r *http.Request, maxRows int) (name string, rows [][]string, err error) {
	return readUpload(r, maxRows, true)
}

func readUpload(r *http.Request, maxRows int, raw bool) (string, [][]string, error) {
	r.Body = http.MaxBytesReader(nil, r.Body, MaxImportBytes+1<<20)
	defer func() { // see system.SaveUpload: spill files of a copied request stay otherwise
		if r.MultipartForm != nil {
			r.MultipartForm.RemoveAll() //nolint:errcheck
		}
	}()
	f, hdr, err := r.FormFile("file")
	if err != nil {
		return "", nil, httpx.BadRequest("请选择要导入的 Excel 文件")
	}
	defer f.Close()
	if err := httpx.CheckForm(r.MultipartForm); err != nil {
		return "", nil, err
	}
	if !strings.HasSuffix(strings.ToLower(hdr.Filename), ".xlsx") {
		return "", nil, httpx.BadRequest("只支持 .xlsx 格式的 Excel 文件")
	}
	rows, err := read(f, maxRows, raw)
	return hdr.Filename, rows, err
}

// Read reads the first sheet of an xlsx stream.
func Read(src io.Reader, maxRows int) ([][]string, error) { return read(src, maxRows, false) }

func read(src io.Reader, maxRows int, raw bool) ([][]string, error) {
	book, err := excelize.OpenReader(src, excelize.Options{RawCellValue: raw, UnzipSizeLimit: MaxUnzippedBytes})
	// excelize has no sentinel for the limit; should its wording change, the
	// limit still holds and the generic message below is given.
	if err != nil && strings.Contains(err.Error(), "unzip size exceeds") {
		return nil, httpx.BadRequest("文件解压后超过 %d MB，请拆分后分批导入", MaxUnzippedBytes>>20)
	} else if err != nil {
		return nil, httpx.BadRequest("无法读取文件，请使用下载的模板（.xlsx）")
	}
	defer book.Close()
	sheet := book.GetSheetName(0)
	rows, err := book.Rows(sheet)
	if err != nil {
		return nil, httpx.BadRequest("无法读取工作表")
	}
	defer rows.Close()
	var out [][]string
	for rows.Next() {
		cols, err := rows.Columns()
		if err != nil {
			return nil, httpx.BadRequest("无法读取第 %d 行", len(out)+1)
		}
		for i := range cols {
			cols[i] = strings.TrimSpace(cols[i])
		}
		out = append(out, cols)
		if len(out) > maxRows+1 {
			return nil, httpx.BadRequest("一次最多导入 %d 行", maxRows)
		}
	}
	return out, nil
}

// Cell returns row[i] or "" when the row is short.
func Cell(row []string, i int) string {
	if i < len(row) {
		return row[i]
	}
	return ""
}

// Writer streams one sheet to an HTTP response: rows are flushed as they
// are written, so memory stays flat however long the export.
type Writer struct {
	book   *excelize.File
	stream *excelize.StreamWriter
	row    int
}

// NewWriter starts a workbook with a bold header row and column widths.
func NewWriter(headers []string, widths []float64) (*Writer, error) {
	book := excelize.NewFile()
	sw, err := book.NewStreamWriter("Sheet1")
	if err != nil {
		return nil, err
	}
	for i, w := range widths {
		if err := sw.SetColWidth(i+1, i+1, w); err != nil {
			return nil, err
		}
	}
	style, _ := book.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	cells := make([]any, len(headers))
	for i, h := range headers {
		cells[i] = excelize.Cell{StyleID: style, Value: h}
	}
	if err := sw.SetRow("A1", cells); err != nil {
		return nil, err
	}
	return &Writer{book: book, stream: sw, row: 1}, nil
}

// Add writes one row.
func (w *Writer) Add(values ...any) error {
	w.row++
	cell, _ := excelize.CoordinatesToCellName(1, w.row)
	return w.stream.SetRow(cell, values)
}

// Send finishes the workbook and writes it as a download named name.
func (w *Writer) Send(rw http.ResponseWriter, name string) error {
	defer w.book.Close()
	if err := w.stream.Flush(); err != nil {
		return err
	}
	httpx.SetDownload(rw, name, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	if _, err := w.book.WriteTo(rw); err != nil {
		return fmt.Errorf("write workbook: %w", err)
	}
	return nil
}

// Export streams the rows of q (scoped, filtered and sorted by the caller)
// as a one-sheet workbook named fileName: each row is scanned into a T
// straight from the database cursor and turned into its cells by cells
// (n counts from 1), so memory stays flat however many rows there are. It
// returns how many rows it wrote (for the operation log).
func Export[T any](rw http.ResponseWriter, r *http.Request, db *bun.DB, q *bun.SelectQuery,
	headers []string, widths []float64, fileName string, cells func(n int, row *T) []any) (int, error) {
	ctx := r.Context()
	xw, err := NewWriter(headers, widths)
	if err != nil {
		return 0, httpx.Internal(err)
	}
	rows, err := q.Rows(ctx)
	if err != nil {
		xw.book.Close()
		return 0, httpx.Internal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		row := new(T)
		if err := db.ScanRow(ctx, rows, row); err != nil {
			xw.book.Close()
			return n, httpx.Internal(err)
		}
		n++
		if err := xw.Add(cells(n, row)...); err != nil {
			xw.book.Close()
			return n, httpx.Internal(err)
		}
	}
	if err := rows.Err(); err != nil {
		xw.book.Close()
		return n, httpx.Internal(err)
	}
	rows.Close()
	return n, xw.Send(rw, fileName)
}
