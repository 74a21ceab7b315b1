// Package excel reads uploaded workbooks and streams exports, so no domain
// touches excelize directly.
package excel

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/uptrace/bun"
	"github.com/xuri/excelize/v2"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/money"
)

// Writer streams one sheet to an HTTP response: rows are flushed as they
// are written, so memory stays flat however long the export.
type Writer struct {
	book   *excelize.File
	stream *excelize.StreamWriter
	row    int
	cell   []byte // the first cell's name of the row being written
	// money, bold and boldMoney are a report's styles (NewReport): a money.Fen
	// cell is written as 0.00.
	money, bold, boldMoney int
}

// NewWriter starts a workbook with a bold header row and column widths.
func NewWriter(headers []string, widths []float64) (*Writer, error) {
	book, sw, err := newStream(widths)
	if err != nil {
		return nil, err
	}
	if err := sw.SetRow("A1", boldCells(book, headers)); err != nil {
		return nil, err
	}
	return &Writer{book: book, stream: sw, row: 1}, nil
}

// newStream starts a workbook streaming its first sheet, with column widths.
func newStream(widths []float64) (*excelize.File, *excelize.StreamWriter, error) {
	book := excelize.NewFile()
	sw, err := book.NewStreamWriter("Sheet1")
	if err != nil {
		return nil, nil, err
	}
	for i, w := range widths {
		if err := sw.SetColWidth(i+1, i+1, w); err != nil {
			return nil, nil, err
		}
	}
	return book, sw, nil
}

// boldCells are a header row's cells.
func boldCells(book *excelize.File, headers []string) []any {
	style, _ := book.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	cells := make([]any, len(headers))
	for i, h := range headers {
		cells[i] = excelize.Cell{StyleID: style, Value: h}
	}
	return cells
}

// Add writes one row. An empty text is left out (the cell stays empty and
// excelize does no work for it: rosters have many empty columns).
func (w *Writer) Add(values ...any) error {
	w.row++
	for i, v := range values {
		switch x := v.(type) {
		case string:
			if x == "" {
				values[i] = nil
			}
		case money.Fen: // 元 as a number, the arithmetic stays in integers
			values[i] = excelize.Cell{StyleID: w.money, Value: x.Float()}
		}
	}
	w.cell = append(append(w.cell[:0], 'A'), strconv.Itoa(w.row)...)
	return w.stream.SetRow(string(w.cell), values)
}

// Close discards a workbook not sent (its rows' temporary file): what a
// caller does when filling it failed.
func (w *Writer) Close() error { return w.book.Close() }

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
// returns how many rows it wrote (for the operation log). The T passed to
// cells is reused for the next row: cells must not keep it.
func Export[T any](ctx context.Context, rw http.ResponseWriter, db *bun.DB, q *bun.SelectQuery,
	headers []string, widths []float64, fileName string, cells func(n int, row *T) []any) (int, error) {
	return ExportChecked(ctx, rw, db, q, headers, widths, fileName, func(n int, row *T) ([]any, error) { return cells(n, row), nil })
}

// ExportChecked is Export whose cells may fail (a value to decrypt): the
// first error ends the export with a 500 before anything is sent.
func ExportChecked[T any](ctx context.Context, rw http.ResponseWriter, db *bun.DB, q *bun.SelectQuery,
	headers []string, widths []float64, fileName string, cells func(n int, row *T) ([]any, error)) (int, error) {
	xw, n, err := writeRows(ctx, db, q, headers, widths, cells, nil)
	if err != nil {
		return n, httpx.Internal(err)
	}
	return n, xw.Send(rw, fileName)
}

// WriteRows writes the rows of q as a one-sheet workbook to out, as
// ExportChecked does to a response, and calls progress (when not nil) with
// the rows written so far every ProgressEvery rows and once at the end: a
// background export (system.StartExport) shows it while the file is made.
// Memory stays flat: the stream writer keeps its rows in a temporary file.
func WriteRows[T any](ctx context.Context, out io.Writer, db *bun.DB, q *bun.SelectQuery,
	headers []string, widths []float64, cells func(n int, row *T) ([]any, error), progress func(rows int)) (int, error) {
	xw, n, err := writeRows(ctx, db, q, headers, widths, cells, progress)
	if err != nil {
		return n, err
	}
	defer xw.book.Close()
	if err := xw.stream.Flush(); err != nil {
		return n, err
	}
	if _, err := xw.book.WriteTo(out); err != nil {
		return n, fmt.Errorf("write workbook: %w", err)
	}
	return n, nil
}

// ProgressEvery is how many rows WriteRows writes between two progress calls.
const ProgressEvery = 500

// writeRows streams the rows of q into a new workbook, not yet finished
// (the caller sends or writes it); on an error the workbook is closed.
func writeRows[T any](ctx context.Context, db *bun.DB, q *bun.SelectQuery, headers []string, widths []float64,
	cells func(n int, row *T) ([]any, error), progress func(rows int)) (*Writer, int, error) {
	xw, err := NewWriter(headers, widths)
	if err != nil {
		return nil, 0, err
	}
	n, err := scanInto(ctx, db, q, xw, cells, progress)
	if err != nil {
		xw.book.Close()
		return nil, n, err
	}
	if progress != nil {
		progress(n)
	}
	return xw, n, nil
}

func scanInto[T any](ctx context.Context, db *bun.DB, q *bun.SelectQuery, xw *Writer,
	cells func(n int, row *T) ([]any, error), progress func(rows int)) (int, error) {
	rows, err := q.Rows(ctx)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	// One row value, reset for each row: the scan allocates the row's texts,
	// not the row.
	row := new(T)
	var zero T
	for rows.Next() {
		*row = zero
		if err := db.ScanRow(ctx, rows, row); err != nil {
			return n, err
		}
		n++
		values, err := cells(n, row)
		if err == nil {
			err = xw.Add(values...)
		}
		if err != nil {
			return n, err
		}
		if progress != nil && n%ProgressEvery == 0 {
			progress(n)
		}
	}
	if err := rows.Err(); err != nil {
		return n, err
	}
	return n, rows.Close()
}
