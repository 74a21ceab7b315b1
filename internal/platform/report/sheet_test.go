package report

import (
	"bytes"
	"net/http/httptest"
	"reflect"
	"testing"

	"github.com/xuri/excelize/v2"
)

type line struct {
	name      string
	due, paid int64
}

// The official layout: the title merged across, the group merged over its
// columns, an ungrouped column spanning both header rows, amounts as 0.00
// numbers and the totals row naming itself in the first lead.
func TestSheetLayout(t *testing.T) {
	sheet := Sheet[line]{Name: "台账", Title: "台账（2026年，单位：元）", Columns: []Column[line]{
		{Title: "序号", Width: 6, Lead: true, Cell: func(n int, _ *line) any { return n }},
		{Title: "姓名", Width: 10, Lead: true, Cell: func(_ int, l *line) any { return l.name }},
		{Title: "应缴", Group: "1月", Width: 10, Cell: func(_ int, l *line) any { return Money(l.due) }},
		{Title: "实缴", Group: "1月", Width: 10, Cell: func(_ int, l *line) any { return Money(l.paid) }},
	}}
	rec := httptest.NewRecorder()
	if err := sheet.Send(rec, "台账.xlsx", []line{{"甲", 1050, 50}, {"乙", 1000, 1000}}, &line{due: 2050, paid: 1050}); err != nil {
		t.Fatal(err)
	}
	book, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := book.GetRows("台账")
	want := [][]string{{"台账（2026年，单位：元）"}, {"序号", "姓名", "1月"}, {"", "", "应缴", "实缴"},
		{"1", "甲", "10.50", "0.50"}, {"2", "乙", "10.00", "10.00"}, {"合计", "", "20.50", "10.50"}}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("rows %q, want %q", rows, want)
	}
	merged, _ := book.GetMergeCells("台账")
	got := map[string]bool{}
	for _, m := range merged {
		got[m.GetStartAxis()+":"+m.GetEndAxis()] = true
	}
	for _, m := range []string{"A1:D1", "A2:A3", "B2:B3", "C2:D2"} {
		if !got[m] {
			t.Errorf("%s not merged: %v", m, got)
		}
	}
	if v, _ := book.GetCellType("台账", "C4"); v != excelize.CellTypeNumber && v != excelize.CellTypeUnset {
		t.Errorf("C4 is %v, not a number", v)
	}
	if s, _ := book.GetCellStyle("台账", "C6"); s == 0 {
		t.Error("the totals row is not styled")
	}
	if rec.Header().Get("Content-Disposition") == "" {
		t.Error("not a download")
	}
}

// Without a title or groups the header is the first row (the registers).
func TestSheetPlain(t *testing.T) {
	sheet := Sheet[line]{Columns: []Column[line]{{Title: "姓名", Cell: func(_ int, l *line) any { return l.name }}}}
	rec := httptest.NewRecorder()
	if err := sheet.Send(rec, "x.xlsx", []line{{name: "甲"}}, nil); err != nil {
		t.Fatal(err)
	}
	book, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if rows, _ := book.GetRows("Sheet1"); !reflect.DeepEqual(rows, [][]string{{"姓名"}, {"甲"}}) {
		t.Errorf("rows %q", rows)
	}
}
