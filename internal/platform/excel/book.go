package excel

import (
	"fmt"
	"net/http"

	"github.com/xuri/excelize/v2"

	"zhdj/internal/platform/httpx"
)

// Sheet is one sheet of a small generated workbook (an import template).
type Sheet struct {
	Name   string
	Header []string
	Marked []bool // header cells shown in red (required columns); may be shorter than Header
	Rows   [][]string
	Widths []float64
	// Text formats every column as text, so that ID numbers, phone numbers
	// and dates typed into the sheet stay as typed.
	Text bool
}

// SendBook writes a workbook of the given sheets as a download named name.
func SendBook(w http.ResponseWriter, name string, sheets ...Sheet) error {
	book := excelize.NewFile()
	defer book.Close()
	bold, _ := book.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	red, _ := book.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true, Color: "C00000"}})
	text, _ := book.NewStyle(&excelize.Style{NumFmt: 49}) // "@": text
	for i, sh := range sheets {
		if i == 0 {
			if err := book.SetSheetName("Sheet1", sh.Name); err != nil {
				return err
			}
		} else if _, err := book.NewSheet(sh.Name); err != nil {
			return err
		}
		for c, width := range sh.Widths {
			col, _ := excelize.ColumnNumberToName(c + 1)
			if err := book.SetColWidth(sh.Name, col, col, width); err != nil {
				return err
			}
		}
		if sh.Text && len(sh.Header) > 0 {
			last, _ := excelize.ColumnNumberToName(len(sh.Header))
			if err := book.SetColStyle(sh.Name, "A:"+last, text); err != nil {
				return err
			}
		}
		for c, h := range sh.Header {
			cell, _ := excelize.CoordinatesToCellName(c+1, 1)
			book.SetCellStr(sh.Name, cell, h) //nolint:errcheck // the cell name is valid
			style := bold
			if c < len(sh.Marked) && sh.Marked[c] {
				style = red
			}
			book.SetCellStyle(sh.Name, cell, cell, style) //nolint:errcheck
		}
		for r, row := range sh.Rows {
			for c, v := range row {
				cell, _ := excelize.CoordinatesToCellName(c+1, r+2)
				book.SetCellStr(sh.Name, cell, v) //nolint:errcheck
			}
		}
	}
	httpx.SetDownload(w, name, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	if _, err := book.WriteTo(w); err != nil {
		return fmt.Errorf("write workbook: %w", err)
	}
	return nil
}
