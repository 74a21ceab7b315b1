package excel

import (
	"bytes"
	"net/http/httptest"
	"testing"

	"github.com/xuri/excelize/v2"

	"zhdj/internal/platform/money"
)

// A report: the merged title row, the header, amounts in fen written as 元
// with the 0.00 format (12345 fen is 123.45, 1 fen 0.01), and a bold totals row.
func TestReportTitleMoneyAndTotals(t *testing.T) {
	t.Parallel()
	w, err := NewReport("党费收缴情况（单位：元）", []string{"党组织", "应缴", "实缴"}, []float64{20, 12, 12})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Add("一支部", money.Fen(12345), money.Fen(1)); err != nil {
		t.Fatal(err)
	}
	if err := w.AddTotal("合计", money.Fen(12345), money.Fen(1)); err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	if err := w.Send(rec, "r.xlsx"); err != nil {
		t.Fatal(err)
	}
	book, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := book.GetRows("Sheet1")
	want := [][]string{{"党费收缴情况（单位：元）"}, {"党组织", "应缴", "实缴"}, {"一支部", "123.45", "0.01"}, {"合计", "123.45", "0.01"}}
	if len(rows) != len(want) {
		t.Fatalf("rows %q", rows)
	}
	for i := range want {
		for j := range want[i] {
			if rows[i][j] != want[i][j] {
				t.Errorf("row %d col %d: %q, want %q", i, j, rows[i][j], want[i][j])
			}
		}
	}
	merged, _ := book.GetMergeCells("Sheet1")
	if len(merged) != 1 || merged[0].GetStartAxis() != "A1" || merged[0].GetEndAxis() != "C1" {
		t.Errorf("title merge %v", merged)
	}
	raw, _ := book.GetCellValue("Sheet1", "B3", excelize.Options{RawCellValue: true})
	if raw != "123.45" {
		t.Errorf("B3 stored as %q", raw)
	}
}
