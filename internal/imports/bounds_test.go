package imports_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/excel/exceltest"
)

// bombs are small uploads that unpack to a lot: each must be refused with a
// 400 naming its limit, before it is unpacked into memory.
func bombs(t *testing.T) []struct {
	name, want string
	book       []byte
} {
	header := exceltest.InlineRow("＊姓名", "＊身份证号码")
	return []struct {
		name, want string
		book       []byte
	}{
		// 226 MB of sheet XML in a few hundred KB (the figure seen in the issue).
		{"a 226 MB sheet", "文件解压后超过 128 MB，请拆分后分批导入",
			exceltest.BigSheet(t, header, 226)},
		{"a 110 MB sheet", "工作表解压后超过 100 MB，请拆分后分批导入",
			exceltest.BigSheet(t, header, 110)},
		{"a 100 MB shared-strings table", "共享字符串表超过 16 MB，请拆分后分批导入",
			exceltest.BigSharedStrings(t, 100)},
		// One cell of 90 MB: a single string excelize would build (860 MB of
		// heap for a 200 MB cell before the bounds).
		{"a 90 MB cell", "单元格内容超过 2000 个字符",
			exceltest.Book(t, exceltest.Part{Head: header + `<row><c t="inlineStr"><is><t>`, Body: strings.Repeat("党", 1000),
				Times: 90 << 20 / 3000, Tail: `</t></is></c></row>`}, nil)},
		{"a million empty rows", "工作表超过 {max} 行，请拆分后分批导入",
			exceltest.EmptyRows(t, header, 1_000_000)},
	}
}

const heapBudget = 300 << 20

// Crafted workbooks posted to the staged member import and to the account
// import are refused with a 400 naming the limit, and the heap stays under
// 300 MB while they are (before the bounds, the 226 MB sheet alone took
// more than a gigabyte).
func TestWorkbookBombsAreRefusedWithinTheHeapBudget(t *testing.T) {
	w := newWorld(t)
	for _, b := range bombs(t) {
		for path, maxRows := range map[string]string{"/api/import/dyjbxx/batches": "50000", "/api/import/user/batches": "50000"} {
			want := strings.Replace(b.want, "{max}", maxRows, 1)
			var res *apptest.Response
			peak := exceltest.PeakHeap(func() {
				res = w.e.Upload(path, w.e.AdminTK, "file", "bomb.xlsx", b.book, nil)
			})
			if res.Status != 400 || res.Message() != want {
				t.Errorf("%s to %s (%d KB): %d %q, want 400 %q", b.name, path, len(b.book)>>10, res.Status, res.Message(), want)
			}
			if peak > heapBudget {
				t.Errorf("%s to %s: heap reached %d MB", b.name, path, peak>>20)
			}
		}
	}
	if n := w.count(t, "imp_batch", ""); n != 0 {
		t.Errorf("%d batches kept from refused files", n)
	}
}

// Four bombs at once: each is refused (400 naming its limit, or 429 when
// the parse slots stay busy) and the heap stays under budget together.
func TestFourWorkbookBombsAtOnce(t *testing.T) {
	w := newWorld(t)
	list := bombs(t)
	var wg sync.WaitGroup
	got := make([]*apptest.Response, len(list))
	peak := exceltest.PeakHeap(func() {
		for i, b := range list {
			wg.Go(func() {
				got[i] = w.e.Upload("/api/import/dyjbxx/batches", w.e.AdminTK, "file", "bomb.xlsx", b.book, nil)
			})
		}
		wg.Wait()
	})
	for i, res := range got {
		want := strings.Replace(list[i].want, "{max}", "50000", 1)
		if !(res.Status == 400 && res.Message() == want) && !(res.Status == 429 && strings.Contains(res.Message(), "导入任务较多")) {
			t.Errorf("%s: %d %q", list[i].name, res.Status, res.Message())
		}
	}
	if peak > heapBudget {
		t.Errorf("heap reached %d MB", peak>>20)
	}
	t.Log(fmt.Sprintf("peak heap %d MB", peak>>20))
}
