package excel

import (
	"fmt"
	"net/http"
	"sort"
	"strings"

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
	// Lists are dropdowns: column index → the values a cell of that column
	// is chosen from, on the ListRows rows below the header.
	Lists    map[int][]string
	ListRows int
}

// listsSheet holds the dropdowns too long to be written inline (Excel
// bounds an inline list to 255 characters); it is hidden.
const listsSheet = "选项"

// maxInlineList is the longest inline list formula Excel accepts.
const maxInlineList = 255

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
	for _, sh := range sheets { // after the sheets, so that the hidden 选项 comes last
		if err := addLists(book, sh); err != nil {
			return err
		}
	}
	httpx.SetDownload(w, name, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	if _, err := book.WriteTo(w); err != nil {
		return fmt.Errorf("write workbook: %w", err)
	}
	return nil
}

// addLists adds the sheet's dropdowns: a short list inline, a long one (or
// one whose values hold a comma or a quote) as a range of the hidden sheet
// 选项 (one sheet of a book has dropdowns: the template's).
func addLists(book *excelize.File, sh Sheet) error {
	cols := make([]int, 0, len(sh.Lists))
	for c := range sh.Lists {
		cols = append(cols, c)
	}
	sort.Ints(cols)
	listed := 0 // columns of the hidden sheet used so far
	for _, c := range cols {
		values := sh.Lists[c]
		if len(values) == 0 {
			continue
		}
		col, _ := excelize.ColumnNumberToName(c + 1)
		dv := excelize.NewDataValidation(true)
		dv.Sqref = fmt.Sprintf("%s2:%s%d", col, col, sh.ListRows+1)
		joined := strings.Join(values, ",")
		if len(joined)+2 <= maxInlineList && !strings.ContainsAny(joined, `"`) && strings.Count(joined, ",") == len(values)-1 {
			if err := dv.SetDropList(values); err != nil {
				return err
			}
		} else {
			if listed == 0 {
				if _, err := book.NewSheet(listsSheet); err != nil {
					return err
				}
				if err := book.SetSheetVisible(listsSheet, false); err != nil {
					return err
				}
			}
			listed++
			at, _ := excelize.ColumnNumberToName(listed)
			for i, v := range values {
				cell, _ := excelize.CoordinatesToCellName(listed, i+1)
				book.SetCellStr(listsSheet, cell, v) //nolint:errcheck // the cell name is valid
			}
			dv.SetSqrefDropList(fmt.Sprintf("'%s'!$%s$1:$%s$%d", listsSheet, at, at, len(values)))
		}
		dv.SetError(excelize.DataValidationErrorStyleStop, "内容无效", "请从下拉列表中选择（可选内容见“填写说明”）")
		if err := book.AddDataValidation(sh.Name, dv); err != nil {
			return err
		}
	}
	return nil
}
