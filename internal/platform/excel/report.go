package excel

import (
	"github.com/xuri/excelize/v2"

	"zhdj/internal/platform/money"
)

// Layout is the head of a streamed report workbook.
type Layout struct {
	// Sheet names the sheet ("": Sheet1).
	Sheet string
	// Title is the bold title row merged across the columns, naming the
	// report, period and unit ("党费收缴情况（2026年10月，单位：元）"); ""
	// starts with the header.
	Title string
	// Headers and Widths are the columns; Groups (when any is not "") the
	// group above each column: a group's cells are merged across its
	// columns, and a column without a group spans both header rows.
	Headers []string
	Groups  []string
	Widths  []float64
	// Text formats every column as text, so that numbers typed into the
	// sheet later (ID numbers, dates) stay as typed.
	Text bool
}

// NewReport starts a workbook in the layout finance offices expect of a
// report: a bold title row merged across the columns, then the bold header
// row. Rows follow through Add (a money.Fen cell is 元 as a number, format 0.00: the arithmetic stays in integers) and a last bold
// totals row through AddTotal.
func NewReport(title string, headers []string, widths []float64) (*Writer, error) {
	return NewLayout(Layout{Title: title, Headers: headers, Widths: widths})
}

// NewLayout starts a report workbook with l's head (title, group and
// column headers); the rows follow as NewReport's do.
func NewLayout(l Layout) (*Writer, error) {
	book := excelize.NewFile()
	if l.Sheet != "" {
		if err := book.SetSheetName("Sheet1", l.Sheet); err != nil {
			return nil, err
		}
	} else {
		l.Sheet = "Sheet1"
	}
	sw, err := book.NewStreamWriter(l.Sheet)
	if err != nil {
		return nil, err
	}
	for i, w := range l.Widths {
		if err := sw.SetColWidth(i+1, i+1, w); err != nil {
			return nil, err
		}
	}
	titleStyle, _ := book.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true, Size: 14},
		Alignment: &excelize.Alignment{Horizontal: "center"}})
	bold, _ := book.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	groupStyle, _ := book.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true},
		Alignment: &excelize.Alignment{Horizontal: "center", Vertical: "center"}})
	money, _ := book.NewStyle(&excelize.Style{NumFmt: 2}) // 0.00
	boldMoney, _ := book.NewStyle(&excelize.Style{NumFmt: 2, Font: &excelize.Font{Bold: true}})
	if l.Text && len(l.Headers) > 0 {
		text, _ := book.NewStyle(&excelize.Style{NumFmt: 49}) // "@": text
		if err := sw.SetColStyle(1, len(l.Headers), text); err != nil {
			return nil, err
		}
	}
	w := &Writer{book: book, stream: sw, money: money, bold: bold, boldMoney: boldMoney}
	if l.Title != "" {
		w.row++
		if err := sw.SetRow("A1", []any{excelize.Cell{StyleID: titleStyle, Value: l.Title}}); err != nil {
			return nil, err
		}
		if len(l.Headers) > 1 {
			last, _ := excelize.CoordinatesToCellName(len(l.Headers), 1)
			if err := sw.MergeCell("A1", last); err != nil {
				return nil, err
			}
		}
	}
	spanned, err := w.groupRow(l, groupStyle)
	if err != nil {
		return nil, err
	}
	w.row++
	headers := boldCells(book, l.Headers)
	for c := range spanned {
		headers[c] = nil
	}
	first, _ := excelize.CoordinatesToCellName(1, w.row)
	if err := sw.SetRow(first, headers); err != nil {
		return nil, err
	}
	return w, nil
}

// groupRow writes the group headers above the column headers when l has
// any: a run of columns of one group is one merged cell; a column of none
// is merged with the cell below, its header written in the top cell (the
// one a merged range shows): it answers those columns.
func (w *Writer) groupRow(l Layout, style int) (map[int]bool, error) {
	grouped := false
	for _, g := range l.Groups {
		grouped = grouped || g != ""
	}
	spanned := map[int]bool{}
	if !grouped {
		return spanned, nil
	}
	w.row++
	cells := make([]any, len(l.Headers))
	var merges [][2]string
	for c := 0; c < len(l.Headers); {
		g := ""
		if c < len(l.Groups) {
			g = l.Groups[c]
		}
		end := c
		for g != "" && end+1 < len(l.Headers) && end+1 < len(l.Groups) && l.Groups[end+1] == g {
			end++
		}
		from, _ := excelize.CoordinatesToCellName(c+1, w.row)
		if g == "" {
			cells[c] = excelize.Cell{StyleID: style, Value: l.Headers[c]}
			spanned[c] = true
			to, _ := excelize.CoordinatesToCellName(c+1, w.row+1)
			merges = append(merges, [2]string{from, to})
		} else {
			cells[c] = excelize.Cell{StyleID: style, Value: g}
			if end > c {
				to, _ := excelize.CoordinatesToCellName(end+1, w.row)
				merges = append(merges, [2]string{from, to})
			}
		}
		c = end + 1
	}
	first, _ := excelize.CoordinatesToCellName(1, w.row)
	if err := w.stream.SetRow(first, cells); err != nil {
		return nil, err
	}
	for _, m := range merges {
		if err := w.stream.MergeCell(m[0], m[1]); err != nil {
			return nil, err
		}
	}
	return spanned, nil
}

// AddTotal writes the totals row: every cell bold, money.Fen cells as 0.00.
func (w *Writer) AddTotal(values ...any) error {
	for i, v := range values {
		switch x := v.(type) {
		case money.Fen:
			values[i] = excelize.Cell{StyleID: w.boldMoney, Value: x.Float()}
		case nil:
		default:
			values[i] = excelize.Cell{StyleID: w.bold, Value: x}
		}
	}
	return w.Add(values...)
}
