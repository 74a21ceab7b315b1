package imports_test

import (
	"testing"
	"zhdj/internal/imports"

	"zhdj/internal/platform/audit"
)

// A reference cell: a column left out keeps the value, an empty cell clears
// it, a name resolves to its one record or fails the cell saying why.
func TestRowRef(t *testing.T) {
	t.Parallel()
	byName := map[string][]int64{"计算机学院": {7}, "办公室": {8, 9}}
	find := func(name string) (int64, string) {
		return imports.Named(byName[name], name, "找不到单位「"+name+"」", "有 %d 个名为「%s」的单位，无法确定")
	}
	kept := int64(3)
	for _, c := range []struct {
		cells   map[string]string
		want    *int64
		problem string
	}{
		{map[string]string{}, &kept, ""},
		{map[string]string{"unit": ""}, nil, ""},
		{map[string]string{"unit": "计算机学院"}, ptr(7), ""},
		{map[string]string{"unit": "物理学院"}, nil, "找不到单位「物理学院」"},
		{map[string]string{"unit": "办公室"}, nil, "有 2 个名为「办公室」的单位，无法确定"},
	} {
		r, dst := &imports.Row{RowNo: 2, Cells: c.cells}, &kept
		r.Ref("unit", &dst, find)
		problem := ""
		if len(r.Errors) > 0 {
			problem = r.Errors[0].Message
			if r.Errors[0].Column != "unit" {
				t.Errorf("%v: error on %q", c.cells, r.Errors[0].Column)
			}
		}
		if (dst == nil) != (c.want == nil) || dst != nil && *dst != *c.want || problem != c.problem {
			t.Errorf("%v: got %v %q", c.cells, dst, problem)
		}
	}
}

func ptr(v int64) *int64 { return &v }

// A row updating a live record is unchanged without changes, else changed
// with them listed for the preview.
func TestRowSettle(t *testing.T) {
	t.Parallel()
	r := &imports.Row{}
	r.Settle(nil)
	if r.Status != imports.StatusUnchanged || len(r.Changes) != 0 {
		t.Fatalf("no changes: %+v", r)
	}
	r = &imports.Row{}
	r.Settle([]audit.Change{{Field: "name", Label: "名称", Old: "甲", New: "乙"}})
	if r.Status != imports.StatusChanged || len(r.Changes) != 1 || r.Changes[0] != (imports.Change{Field: "name", Label: "名称", Old: "甲", New: "乙"}) {
		t.Fatalf("a change: %+v", r)
	}
}

// The cell readers of a workflow import: a name of a fixed list, required
// cells, dates by key.
func TestRowCells(t *testing.T) {
	t.Parallel()
	cols := imports.Columns{{Key: "stage", Label: "阶段"}, {Key: "on", Label: "日期"}, {Key: "off", Label: "结束日期"}}
	stages := map[string]string{"申请人": "applicant", "积极分子": "activist"}
	r := &imports.Row{Cells: map[string]string{"stage": "积极分子", "on": "2024/3/1", "off": ""}}
	if v := r.Enum("stage", stages, "阶段有误"); v != "activist" || len(r.Errors) != 0 {
		t.Fatalf("a known name: %q %+v", v, r.Errors)
	}
	if d := cols.Dates(r, "on", "off", "gone"); d["on"] != "2024-03-01" || d["off"] != "" || d["gone"] != "" || len(r.Errors) != 0 {
		t.Fatalf("dates: %v %+v", d, r.Errors)
	}
	cols.Require(r, "on", "off")
	if len(r.Errors) != 1 || r.Errors[0] != (imports.CellError{Column: "off", Message: "请填写结束日期"}) || r.Status != imports.StatusInvalid {
		t.Fatalf("required: %+v", r.Errors)
	}
	r = &imports.Row{Cells: map[string]string{"stage": "", "on": "2024-13-01"}}
	if v := r.Enum("stage", stages, "阶段有误"); v != "" || !r.Failed("stage") || r.Errors[0].Message != "阶段有误" {
		t.Fatalf("an empty name: %q %+v", v, r.Errors)
	}
	if d := cols.Dates(r, "on"); d["on"] != "" || !r.Failed("on") {
		t.Fatalf("a bad date: %v %+v", d, r.Errors)
	}
}
