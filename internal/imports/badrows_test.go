package imports_test

import (
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/imports"
	"zhdj/internal/member"
)

// The bad rows of a batch download as a workbook: the file's columns with
// the cells as the user typed them (the ID number in clear: the staged rows
// stay encrypted, and the download is logged) and a 错误原因 column naming
// each problem's column; uploaded again, the 错误原因 column is ignored.
// Only the batch's owner gets it (another user, even with the permission:
// 404), and only while the batch is not imported.
func TestInvalidRowsDownload(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	s1, _ := w.anchored(t, "LEVEL_AND_BELOW", w.s1, member.PermImport)
	badID := badCheck(idNumber("19900101", 1))
	b := w.stage(t, dy, s1, [][]string{memberHeader,
		memberRow("甲", idNumber("19900101", 2), "B1"),
		memberRow("乙", badID, "B1"),
		memberRow("丙", idNumber("19900101", 3), "C1"),
	})
	if b.InvalidCount != 2 || b.NewCount != 1 {
		t.Fatalf("batch %+v", b)
	}
	path := fmt.Sprintf("/api/import/dyjbxx/batches/%d/invalid.xlsx", b.ID)
	res := w.e.Do("GET", path, s1, nil)
	book := apptest.Download(t, res)
	rows, _ := book.GetRows(book.GetSheetName(0))
	wantHeader := append(append([]string(nil), memberHeader...), imports.ReasonHeader)
	if len(rows) != 3 || strings.Join(rows[0], "|") != strings.Join(wantHeader, "|") {
		t.Fatalf("rows %v", rows)
	}
	second, third := rows[1], rows[2]
	if second[0] != "乙" || second[1] != badID || !strings.HasPrefix(second[10], "身份证号码：") ||
		third[0] != "丙" || third[6] != "C1" || !strings.HasPrefix(third[10], "所在党组织：找不到党组织「C1」") {
		t.Fatalf("bad rows %v", rows[1:])
	}
	var logged int
	if err := w.e.DB.NewSelect().Table("sys_oper_log").ColumnExpr("COUNT(*)").
		Where("message = ?", fmt.Sprintf("下载党员信息导入错误行（批次 %d，2行）", b.ID)).Scan(t.Context(), &logged); err != nil || logged != 1 {
		t.Fatalf("operation log entries %d (%v)", logged, err)
	}

	// Uploaded again as it is: the same two rows, still wrong.
	again := w.e.Upload("/api/import/dyjbxx/batches", s1, "file", "错误行.xlsx", res.Body, nil)
	apptest.Expect(t, again, 200)
	var b2 imports.Batch
	again.JSON(t, &b2)
	if b2.Total != 2 || b2.InvalidCount != 2 {
		t.Fatalf("re-uploaded batch %+v", b2)
	}

	other, _ := w.anchored(t, "LEVEL_AND_BELOW", w.s1, member.PermImport)
	apptest.Expect(t, w.e.Do("GET", path, other, nil), 404)
	apptest.Expect(t, w.e.Do("GET", path, "", nil), 401)
	lister, _ := w.anchored(t, "LEVEL_AND_BELOW", w.s1, member.PermList)
	apptest.Expect(t, w.e.Do("GET", path, lister, nil), 403)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/import/dzzxx/batches/%d/invalid.xlsx", b.ID), w.e.AdminTK, nil), 404)

	// A batch without bad rows has nothing to download; an imported one has no staged rows left.
	good := w.stage(t, dy, s1, [][]string{memberHeader, memberRow("丁", idNumber("19900101", 4), "B1")})
	apptest.ExpectMessage(t, w.e.Do("GET", fmt.Sprintf("/api/import/dyjbxx/batches/%d/invalid.xlsx", good.ID), s1, nil), 400, "本批次没有错误行")
	w.e.Commit(t, dy, s1, b.ID, true)
	apptest.ExpectMessage(t, w.e.Do("GET", path, s1, nil), 409, "该批次已导入，暂存的数据已删除")
}
