package report

import (
	"net/http"

	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
)

// Column is one column of a report's workbook, declared once: its header,
// the group header above it, its width and its cell of a row (n: the row's
// number from 1; Money for an amount, so that it is a number shown 0.00).
type Column[T any] struct {
	Title string
	Group string
	Width float64
	// Lead columns name a row (序号, 姓名, 党组织): in the totals row the
	// first lead says 合计 and the others stay empty.
	Lead bool
	Cell func(n int, row *T) any
}

// Sheet is a report's workbook: its sheet name, title row (with the unit:
// "…（2026年，单位：元）"; none: the header comes first) and columns.
type Sheet[T any] struct {
	Name    string
	Title   string
	Columns []Column[T]
	// Text formats the columns as text (a register, whose numbers are codes).
	Text bool
}

// Writer streams a Sheet's rows (memory stays flat however many).
type Writer[T any] struct {
	sheet Sheet[T]
	xw    *excel.Writer
	n     int
}

// Start writes the head of the workbook: title, group and column headers.
func (s Sheet[T]) Start() (*Writer[T], error) {
	l := excel.Layout{Sheet: s.Name, Title: s.Title, Text: s.Text}
	for _, c := range s.Columns {
		l.Headers = append(l.Headers, c.Title)
		l.Groups = append(l.Groups, c.Group)
		l.Widths = append(l.Widths, c.Width)
	}
	xw, err := excel.NewLayout(l)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return &Writer[T]{sheet: s, xw: xw}, nil
}

// Row writes the next row.
func (w *Writer[T]) Row(row *T) error {
	w.n++
	values := make([]any, len(w.sheet.Columns))
	for i, c := range w.sheet.Columns {
		values[i] = c.Cell(w.n, row)
	}
	return internal(w.xw.Add(values...))
}

// Total writes the bold totals row of the figures in row: 合计 in the
// first lead column, the other leads empty.
func (w *Writer[T]) Total(row *T) error {
	values := make([]any, len(w.sheet.Columns))
	named := false
	for i, c := range w.sheet.Columns {
		switch {
		case c.Lead && !named:
			values[i], named = "合计", true
		case c.Lead:
		default:
			values[i] = c.Cell(0, row)
		}
	}
	return internal(w.xw.AddTotal(values...))
}

// Line writes a free row below the table (a second small table of the
// sheet, as the party statistics forms put one).
func (w *Writer[T]) Line(values ...any) error { return internal(w.xw.Add(values...)) }

// Send finishes the workbook and sends it as the download name.
func (w *Writer[T]) Send(rw http.ResponseWriter, name string) error { return w.xw.Send(rw, name) }

// Send writes rows (and a totals row when total is not nil) as the
// workbook name: for a report computed whole before it is written.
func (s Sheet[T]) Send(rw http.ResponseWriter, name string, rows []T, total *T) error {
	w, err := s.Start()
	if err != nil {
		return err
	}
	for i := range rows {
		if err := w.Row(&rows[i]); err != nil {
			return err
		}
	}
	if total != nil {
		if err := w.Total(total); err != nil {
			return err
		}
	}
	return w.Send(rw, name)
}

func internal(err error) error {
	if err != nil {
		return httpx.Internal(err)
	}
	return nil
}
