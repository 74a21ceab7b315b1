package imports

import (
	"errors"
	"testing"

	"zhdj/internal/platform/httpx"
)

// A save-path error of a commit names its Excel row; an internal error passes unchanged.
func TestRowErrorNamesTheRow(t *testing.T) {
	r := &Row{RowNo: 7}
	var he *httpx.Error
	err := RowError(r, httpx.Conflict("党组织编码“C01”已被使用"))
	if !errors.As(err, &he) || he.Status != 409 || he.Message != "第 7 行：党组织编码“C01”已被使用" {
		t.Fatalf("got %v", err)
	}
	boom := errors.New("disk full")
	if got := RowError(r, boom); got != boom {
		t.Fatalf("an internal error changed: %v", got)
	}
}
