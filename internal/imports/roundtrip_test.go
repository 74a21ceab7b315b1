package imports_test

import (
	"bytes"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/imports"
	"zhdj/internal/member"
	"zhdj/internal/platform/excel"
)

// exportRoster downloads the 党员花名册 with the query and reads it back.
func (w *world) exportRoster(t testing.TB, token, query string) ([]byte, [][]string) {
	t.Helper()
	res := w.e.Do("GET", "/api/dyjbxx/export?"+query, token, nil)
	apptest.Expect(t, res, 200)
	rows, err := excel.Read(bytes.NewReader(res.Body), 1000)
	if err != nil {
		t.Fatal(err)
	}
	return res.Body, rows
}

// uploadFile stages a workbook's bytes as they are.
func (w *world) uploadFile(t testing.TB, token string, file []byte) imports.Batch {
	t.Helper()
	res := w.e.Upload("/api/import/dyjbxx/batches", token, "file", "党员花名册.xlsx", file, nil)
	apptest.Expect(t, res, 200)
	var b imports.Batch
	res.JSON(t, &b)
	return b
}

// The roster an administrator or a secretary exports imports again as it
// is: every column the export writes is read (序号 ignored, 党员来源 checked),
// the masked ID numbers and phones of the ordinary export match their
// members and keep the stored values, a branch or unit name another college
// shares names the member's own, and nothing changes. An edit in the file
// changes only what was edited; a masked number that names nobody, or a
// source rewritten, is a cell error.
func TestExportedRosterImportsAgainUnchanged(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	// Namesakes in two colleges: a branch and a unit.
	x1 := w.e.OrgCoded(t, w.s1, "X1", "5", "教工第一党支部")
	w.e.OrgCoded(t, w.s2, "X2", "5", "教工第一党支部")
	var root int64
	if err := w.e.DB.NewSelect().Table("sys_dept").Column("id").Where("pid IS NULL").Limit(1).Scan(t.Context(), &root); err != nil {
		t.Fatal(err)
	}
	college := w.e.Create(t, admin, "/api/dept", map[string]any{"name": "计算机学院", "pid": root})
	office := w.e.Create(t, admin, "/api/dept", map[string]any{"name": "办公室", "pid": college})
	w.e.Create(t, admin, "/api/dept", map[string]any{"name": "办公室", "pid": root})

	header := append(append([]string(nil), memberHeader...), "学号/工号", "党员状态", "备注")
	probation := memberRow("李四", idNumber("19950512", 31), "B2")
	probation[5], probation[7], probation[8], probation[9] = "预备党员", "2025-03-01", "2026-06-30", "" // no 转正日期
	noPhone := memberRow("王五", idNumber("19880101", 41), "C1")
	noPhone[3] = ""
	b := w.stage(t, dy, admin, [][]string{header,
		append(memberRow("张三", idNumber("19900307", 21), "X1"), "T2010001", "正常", "第一行"),
		append(probation, "S2019001", "", ""),
		append(noPhone, "", "", "备注，含逗号"),
	})
	if b.NewCount != 3 {
		t.Fatalf("setup batch %+v %+v", b, w.rows(t, dy, admin, b.ID, ""))
	}
	w.e.Commit(t, dy, admin, b.ID, false)
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("unit_dept_id = ?, source = ?", office, member.SourceDeveloped).
		Where("org_id = ?", x1).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	trail := w.count(t, "change_trail", "")

	unchanged := func(t *testing.T, token string, file []byte, want int) {
		t.Helper()
		got := w.uploadFile(t, token, file)
		if got.Total != want || got.UnchangedCount != want || got.InvalidCount != 0 {
			t.Fatalf("re-import %+v, rows %+v", got, w.rows(t, dy, token, got.ID, ""))
		}
		w.e.Commit(t, dy, token, got.ID, false)
		if n := w.count(t, "change_trail", ""); n != trail {
			t.Fatalf("an unchanged re-import wrote %d trail entries", n-trail)
		}
	}
	t.Run("masked, administrator", func(t *testing.T) {
		file, rows := w.exportRoster(t, admin, "")
		if !strings.Contains(rows[1][5], "*") || rows[0][0] != "序号" || rows[0][14] != "党员来源" {
			t.Fatalf("export %v", rows[:2])
		}
		unchanged(t, admin, file, 3)
	})
	t.Run("unmasked, with dy:unmask", func(t *testing.T) {
		file, rows := w.exportRoster(t, admin, url.Values{"unmask": {"true"}, "reason": {"核对党员信息后重新导入"}}.Encode())
		if strings.Contains(rows[1][5], "*") {
			t.Fatalf("export %v", rows[1])
		}
		unchanged(t, admin, file, 3)
	})
	t.Run("masked, a college's secretary", func(t *testing.T) {
		tk, _ := w.anchored(t, "LEVEL_AND_BELOW", w.s1, member.PermList, member.PermExport, member.PermImport)
		file, _ := w.exportRoster(t, tk, "")
		unchanged(t, tk, file, 2)
	})
	t.Run("edited", func(t *testing.T) {
		_, rows := w.exportRoster(t, admin, "sort=name,asc")
		col := map[string]int{}
		for i, h := range rows[0] {
			col[h] = i
		}
		byName := map[string][]string{}
		for _, r := range rows[1:] {
			byName[r[col["姓名"]]] = r
		}
		byName["张三"][col["手机号码"]] = "13900139000"
		byName["李四"][col["党员来源"]] = "校外转入"
		byName["王五"][col["身份证号码"]] = "110101********9999"
		b := w.stage(t, dy, admin, rows)
		got := w.rows(t, dy, admin, b.ID, "")
		status := map[string]imports.Row{}
		for _, r := range got {
			status[r.Cells["name"]] = r
		}
		z, l, x := status["张三"], status["李四"], status["王五"]
		if z.Status != "changed" || len(z.Changes) != 1 || z.Changes[0].Field != "phone" || z.Changes[0].Old != "138****8000" {
			t.Fatalf("张三 %+v", z)
		}
		if l.Status != "invalid" || errorsOf(l)["source"] != "党员来源由办理业务时记录，导入不能修改（该党员为“后台导入”），请保留原内容或不填" {
			t.Fatalf("李四 %+v", l)
		}
		if x.Status != "invalid" || !strings.HasPrefix(errorsOf(x)["idNumber"], "身份证号码是导出时隐藏了中间位的号码，只能匹配您管理范围内的已有党员；找不到姓名为「王五」") {
			t.Fatalf("王五 %+v", x)
		}
		if b.ChangedCount != 1 || b.InvalidCount != 2 {
			t.Fatalf("batch %+v", b)
		}
	})
	// Another college's secretary cannot reach a member through a masked number.
	t.Run("masked, out of scope", func(t *testing.T) {
		_, rows := w.exportRoster(t, admin, "")
		tk, _ := w.anchored(t, "LEVEL_AND_BELOW", w.s2, member.PermList, member.PermImport)
		var mine [][]string
		mine = append(mine, rows[0])
		for _, r := range rows[1:] {
			if r[1] == "张三" {
				mine = append(mine, r)
			}
		}
		b := w.stage(t, dy, tk, mine)
		got := w.rows(t, dy, tk, b.ID, "")
		if len(got) != 1 || !strings.Contains(errorsOf(got[0])["idNumber"], "找不到姓名为「张三」") {
			t.Fatalf("rows %+v", got)
		}
	})
}
