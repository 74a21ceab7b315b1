package excel

import (
	"github.com/xuri/excelize/v2"

	"zhdj/internal/platform/money"
)

// NewReport starts a workbook in the layout finance offices expect of a
// report: a bold title row merged across the columns (the title names the
// report, period and unit, e.g. "党费收缴情况（2026年10月，单位：元）"), then
// the bold header row. Rows follow through Add (a money.Fen cell is 元 as a
// number, format 0.00: the arithmetic stays in integers) and a
// last bold totals row through AddTotal.
func NewReport(title string, headers []string, widths []float64) (*Writer, error) {
	book, sw, err := newStream(widths)
	if err != nil {
		return nil, err
	}
	titleStyle, _ := book.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true, Size: 14},
		Alignment: &excelize.Alignment{Horizontal: "center"}})
	bold, _ := book.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	money, _ := book.NewStyle(&excelize.Style{NumFmt: 2}) // 0.00
	boldMoney, _ := book.NewStyle(&excelize.Style{NumFmt: 2, Font: &excelize.Font{Bold: true}})
	if err := sw.SetRow("A1", []any{excelize.Cell{StyleID: titleStyle, Value: title}}); err != nil {
		return nil, err
	}
	if len(headers) > 1 {
		last, _ := excelize.CoordinatesToCellName(len(headers), 1)
		if err := sw.MergeCell("A1", last); err != nil {
			return nil, err
		}
	}
	if err := sw.SetRow("A2", boldCells(book, headers)); err != nil {
		return nil, err
	}
	return &Writer{book: book, stream: sw, row: 2, money: money, bold: bold, boldMoney: boldMoney}, nil
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
