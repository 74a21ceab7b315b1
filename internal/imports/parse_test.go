package imports_test

import (
	"fmt"
	"strings"
	"testing"
	"zhdj/internal/imports"

	"zhdj/internal/system"
)

func TestParseDate(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"": "", "2024-03-01": "2024-03-01", "2024-3-1": "2024-03-01", "2024/3/1": "2024-03-01",
		"2024.03.01": "2024-03-01", "2024年3月1日": "2024-03-01", "20240301": "2024-03-01",
		"2024-03-01 00:00:00": "2024-03-01", "45352": "2024-03-01", "45352.5": "2024-03-01", " 2024/12/31 ": "2024-12-31",
	} {
		if got, ok := imports.ParseDate(in); !ok || got != want {
			t.Errorf("ParseDate(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"2023-02-29", "2024-13-01", "2024", "3/1/2024", "昨天", "1899-12-31", "2024-03", "12345678"} {
		if got, ok := imports.ParseDate(in); ok {
			t.Errorf("ParseDate(%q) = %q, want refused", in, got)
		}
	}
}

func TestParseSheet(t *testing.T) {
	t.Parallel()
	cols := []imports.Column{{Key: "a", Label: "姓名", Required: true}, {Key: "b", Label: "民族"}, {Key: "c", Label: "备注"}}
	rows, _, err := imports.ParseSheet(cols, [][]string{
		{" ＊ 姓 名", "备注", ""}, // order free, optional columns may be left out, blank header cells ignored
		{"张三", "x", "ignored"},
		{"", ""},
		{"李四"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].RowNo != 2 || rows[1].RowNo != 4 || rows[0].Cells["c"] != "x" || rows[1].Cells["c"] != "" ||
		rows[0].Has("b") || !rows[1].Has("c") {
		t.Fatalf("rows %+v %+v", rows[0], rows[1])
	}
	_, _, err = imports.ParseSheet(cols, [][]string{{"民族", "民族", "年龄"}, {"x"}})
	if err == nil || !strings.Contains(err.Error(), "无法识别的列：“年龄”") || !strings.Contains(err.Error(), "重复的列：“民族”") ||
		!strings.Contains(err.Error(), "缺少必填列：“姓名”") {
		t.Fatalf("error %v", err)
	}
}

// The 序号 column an export writes first and a template carries is read for
// nothing but the example mark: the template's example row (序号 示例) is
// left out, the rows a user adds below it are imported whatever their 序号.
func TestParseSheetSkipsSerialAndExampleRow(t *testing.T) {
	t.Parallel()
	cols := []imports.Column{{Key: "a", Label: "姓名", Required: true}}
	rows, examples, err := imports.ParseSheet(cols, [][]string{
		{"序号", "＊姓名"},
		{" 示例 ", "张三"},
		{"1", "李四"},
		{"", "王五"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].RowNo != 3 || rows[0].Cells["a"] != "李四" || rows[1].Cells["a"] != "王五" ||
		len(rows[0].Cells) != 1 || fmt.Sprint(examples) != "[2]" {
		t.Fatalf("rows %+v, examples %v", rows, examples)
	}
	// The template as downloaded: nothing to import, and the message says why.
	_, _, err = imports.ParseSheet(cols, [][]string{{"序号", "＊姓名"}, {"示例", "张三"}})
	if err == nil || !strings.Contains(err.Error(), "文件中只有模板的示例行（序号为“示例”的第 2 行，不会导入）") {
		t.Fatalf("error %v", err)
	}
	// Without the 序号 column nothing is an example; a second 序号 is unknown.
	if rows, _, err := imports.ParseSheet(cols, [][]string{{"＊姓名"}, {"示例"}}); err != nil || len(rows) != 1 {
		t.Fatalf("rows %v, %v", rows, err)
	}
	if _, _, err := imports.ParseSheet(cols, [][]string{{"序号", "姓名", "序号"}, {"1", "x", "1"}}); err == nil ||
		!strings.Contains(err.Error(), "无法识别的列：“序号”") {
		t.Fatalf("error %v", err)
	}
}

func TestDictCell(t *testing.T) {
	t.Parallel()
	d := imports.NewDicts(map[string][]system.DictOption{"X": {{Label: "男", Value: "1"}, {Label: "女", Value: "2"}}})
	c := imports.Column{Key: "g", Label: "性别", Dict: "X"}
	r := &imports.Row{Cells: map[string]string{"g": "女"}}
	if v := d.Cell(r, c); v != "2" || len(r.Errors) != 0 {
		t.Fatalf("label: %q %v", v, r.Errors)
	}
	r.Cells["g"] = "1"
	if v := d.Cell(r, c); v != "1" {
		t.Fatalf("value: %q", v)
	}
	r.Cells["g"] = "未知"
	if v := d.Cell(r, c); v != "" || r.Status != imports.StatusInvalid || r.Errors[0].Message != "「未知」不是有效的性别，可选：男、女" {
		t.Fatalf("unknown: %q %+v", v, r.Errors)
	}
}

func TestParseSheetRowLimit(t *testing.T) {
	t.Parallel()
	cols := []imports.Column{{Key: "a", Label: "姓名", Required: true}}
	sheet := make([][]string, imports.MaxRows+2)
	sheet[0] = []string{"姓名"}
	for i := 1; i < len(sheet); i++ {
		sheet[i] = []string{"x"}
	}
	if _, _, err := imports.ParseSheet(cols, sheet); err == nil || !strings.Contains(err.Error(), "一次最多导入 50000 行") {
		t.Fatalf("error %v", err)
	}
	if rows, _, err := imports.ParseSheet(cols, sheet[:imports.MaxRows+1]); err != nil || len(rows) != imports.MaxRows {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
}
