package imports_test

import (
	"errors"
	"testing"
	"zhdj/internal/imports"

	"zhdj/internal/platform/httpx"
)

// A save-path error of a commit names its Excel row; an internal error passes unchanged.
func TestRowErrorNamesTheRow(t *testing.T) {
	t.Parallel()
	r := &imports.Row{RowNo: 7}
	var he *httpx.Error
	err := imports.RowError(r, httpx.Conflict("党组织编码“C01”已被使用"))
	if !errors.As(err, &he) || he.Status != 409 || he.Message != "第 7 行：党组织编码“C01”已被使用" {
		t.Fatalf("got %v", err)
	}
	boom := errors.New("disk full")
	if got := imports.RowError(r, boom); got != boom {
		t.Fatalf("an internal error changed: %v", got)
	}
}

// A save check's error is shown on the column of the field it names: the
// column declaring that input field, or the column of that key; an error
// naming no field (or one no column fills) is about the row as a whole.
func TestFailErrNamesTheColumnOfTheField(t *testing.T) {
	t.Parallel()
	cols := imports.Columns{{Key: "name", Label: "名称"}, {Key: "parentCode", Label: "上级编码", Field: "pid"}}
	for _, c := range []struct {
		err  error
		want string
	}{
		{httpx.Invalid("pid", "请选择上级党组织"), "parentCode"},
		{httpx.Invalid("name", "请输入名称"), "name"},
		{httpx.Invalid("sort", "排序应在0到9之间"), ""},
		{httpx.BadRequest("缺少编号"), ""},
	} {
		r := &imports.Row{}
		cols.FailErr(r, c.err)
		if r.Status != imports.StatusInvalid || len(r.Errors) != 1 || r.Errors[0].Column != c.want || r.Errors[0].Message != c.err.(*httpx.Error).Message {
			t.Errorf("%v: %+v", c.err, r.Errors)
		}
	}
}

// The commit loop hands each row's item to save in order, and stops at the
// first failing row with its number and field.
func TestEachStopsAtTheFirstFailingRow(t *testing.T) {
	t.Parallel()
	rows := []*imports.Row{{RowNo: 2, Data: "a"}, {RowNo: 3, Data: "b"}, {RowNo: 4, Data: "c"}}
	var seen []string
	err := imports.Each(rows, func(r *imports.Row, item string) error {
		seen = append(seen, item)
		if item == "b" {
			return httpx.Invalid("code", "编码已被使用")
		}
		return nil
	})
	if len(seen) != 2 || httpx.FieldOf(err) != "code" || err.(*httpx.Error).Message != "第 3 行：编码已被使用" {
		t.Fatalf("seen %v, err %v", seen, err)
	}
	if err := imports.Each([]*imports.Row{{RowNo: 5}}, func(*imports.Row, string) error { return nil }); err == nil {
		t.Fatal("a row without its validated item was saved")
	}
}
