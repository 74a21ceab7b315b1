package imports_test

import (
	"strings"
	"sync"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/excel/exceltest"
)

// bombs are the reader's crafted workbooks under the header of the member
// import template; both import routes read at most 50000 rows.
func bombs(t *testing.T) []exceltest.Bomb {
	return exceltest.Bombs(t, exceltest.InlineRow("＊姓名", "＊身份证号码"), 50000)
}

const heapBudget = 300 << 20

// Crafted workbooks posted to the staged member import and to the account
// import are refused with a 400 naming the limit, and the heap stays under
// 300 MB while they are (before the bounds, the 226 MB sheet alone took
// more than a gigabyte).
func TestWorkbookBombsAreRefusedWithinTheHeapBudget(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, b := range bombs(t) {
		for _, path := range []string{"/api/import/dyjbxx/batches", "/api/import/user/batches"} {
			var res *apptest.Response
			peak := exceltest.PeakHeap(func() {
				res = w.e.Upload(path, w.e.AdminTK, "file", "bomb.xlsx", b.Book, nil)
			})
			if res.Status != 400 || res.Message() != b.Want {
				t.Errorf("%s to %s (%d KB): %d %q, want 400 %q", b.Name, path, len(b.Book)>>10, res.Status, res.Message(), b.Want)
			}
			if peak > heapBudget {
				t.Errorf("%s to %s: heap reached %d MB", b.Name, path, peak>>20)
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
	t.Parallel()
	w := newWorld(t)
	list := bombs(t)
	var wg sync.WaitGroup
	got := make([]*apptest.Response, len(list))
	peak := exceltest.PeakHeap(func() {
		for i, b := range list {
			wg.Go(func() {
				got[i] = w.e.Upload("/api/import/dyjbxx/batches", w.e.AdminTK, "file", "bomb.xlsx", b.Book, nil)
			})
		}
		wg.Wait()
	})
	for i, res := range got {
		if !(res.Status == 400 && res.Message() == list[i].Want) && !(res.Status == 429 && strings.Contains(res.Message(), "导入任务较多")) {
			t.Errorf("%s: %d %q", list[i].Name, res.Status, res.Message())
		}
	}
	if peak > heapBudget {
		t.Errorf("heap reached %d MB", peak>>20)
	}
	t.Logf("peak heap %d MB", peak>>20)
}
