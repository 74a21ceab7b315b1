package demo_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"zhdj/internal/apptest"
	"zhdj/internal/imports"
)

// Every import kind's template, downloaded by an administrator of the demo
// university and uploaded as it is, imports nothing: its example row (序号
// 示例) is not a record. With the mark removed, the example row imports as a
// new record without a row error. Its dictionary columns carry a dropdown of
// the dictionary's labels (a long dictionary's from the hidden sheet 选项).
func TestTemplatesImportIntoTheDemoUniversity(t *testing.T) {
	t.Parallel()
	e, _, _ := seeded(t, 300)
	for _, kind := range []string{"dzzxx", "dw", "dyjbxx", "jsjbxx", "bj", "xsjbxx", "txth", "user"} {
		t.Run(kind, func(t *testing.T) {
			cols := apptest.DoJSON[[]imports.Column](t, e, 200, "GET", "/api/import/"+kind+"/columns", e.AdminTK, nil)
			res := e.Do("GET", "/api/import/"+kind+"/template", e.AdminTK, nil)
			book := apptest.Download(t, res)
			checkDropdowns(t, book, cols)

			up := e.Upload("/api/import/"+kind+"/batches", e.AdminTK, "file", "模板.xlsx", res.Body, nil)
			apptest.Expect(t, up, 400)
			if !strings.Contains(up.Message(), "文件中只有模板的示例行") {
				t.Fatalf("template as downloaded: %s", up.Message())
			}
			if err := book.SetCellValue(book.GetSheetName(0), "A2", ""); err != nil {
				t.Fatal(err)
			}
			var unmarked bytes.Buffer
			if _, err := book.WriteTo(&unmarked); err != nil {
				t.Fatal(err)
			}
			up = e.Upload("/api/import/"+kind+"/batches", e.AdminTK, "file", "模板.xlsx", unmarked.Bytes(), nil)
			apptest.Expect(t, up, 200)
			var b imports.Batch
			up.JSON(t, &b)
			if b.InvalidCount != 0 || b.NewCount != 1 {
				t.Fatalf("batch %+v, rows %+v", b, e.ImportRows(t, kind, e.AdminTK, b.ID))
			}
			e.Commit(t, kind, e.AdminTK, b.ID, false)
		})
	}
}

func checkDropdowns(t *testing.T, f *excelize.File, cols []imports.Column) {
	t.Helper()
	sheet := f.GetSheetName(0)
	dvs, err := f.GetDataValidations(sheet)
	if err != nil {
		t.Fatal(err)
	}
	lists, _ := f.GetRows("选项")
	for i, c := range cols {
		col, _ := excelize.ColumnNumberToName(i + 2) // after 序号
		var found *excelize.DataValidation
		for _, dv := range dvs {
			if strings.HasPrefix(dv.Sqref, col+"2:") {
				found = dv
			}
		}
		if (c.Dict != "") != (found != nil) {
			t.Fatalf("column %s (%s, dict %q): dropdown %+v", col, c.Label, c.Dict, found)
		}
		if found == nil {
			continue
		}
		if found.Type != "list" {
			t.Fatalf("column %s: validation %+v", c.Label, found)
		}
		// The list is inline ("a,b") or a range of the hidden sheet holding the labels.
		if ref, ok := strings.CutPrefix(found.Formula1, "'选项'!$"); ok {
			at := int(ref[0]-'A') + 1
			if len(lists) == 0 || len(lists[0]) < at || lists[0][at-1] == "" {
				t.Fatalf("column %s: %s, hidden sheet %v", c.Label, found.Formula1, lists)
			}
			if visible, _ := f.GetSheetVisible("选项"); visible {
				t.Fatal("the sheet of the lists is visible")
			}
		} else if !strings.HasPrefix(found.Formula1, `"`) || len(found.Formula1) < 3 {
			t.Fatalf("column %s: formula %q", c.Label, found.Formula1)
		}
	}
}
