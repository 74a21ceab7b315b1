package standard_test

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/fee/standard"
	"zhdj/internal/platform/audit"
)

// The finance office's workbook: members matched by 工号 or by ID number
// (blind index), in the caller's scope only; bad cells name their column;
// a base of the same month is replaced, the others added.
func TestImportFinanceWorkbook(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	importTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.cs, standard.PermBaseImport, standard.PermBaseList)
	byNo := w.member(t, w.branch, "王老师", "1", "")
	byID := w.member(t, w.branch, "赵老师", "3", "")
	outside := w.member(t, w.math, "数学党员", "1", "")
	id := apptest.IDNumber("110101", "19600101", 7)
	ctx := context.Background()
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("staff_or_student_no = 'T001'").Where("id = ?", byNo).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("id_number_idx = ?", w.e.App.Members.IDIndex(id)).Where("id = ?", byID).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("staff_or_student_no = 'M001'").Where("id = ?", outside).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	jan := w.base(t, byNo, 2026, 1, standard.CatSalaried, map[string]string{"postPay": "3000"})
	// The template names every column, the salary items included; importing needs its permission.
	tpl := apptest.Download(t, w.e.Do("GET", "/api/import/dfjs/template", importTK, nil))
	head, err := tpl.GetRows(tpl.GetSheetName(0))
	if err != nil || len(head) == 0 || !slices.Contains(head[0], "岗位工资") || !slices.Contains(head[0], "个人所得税") {
		t.Fatalf("template %v %v", head, err)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/import/dfjs/template", w.csTK, nil), 403)
	header := []string{"＊年度", "＊起始月份", "工号", "身份证号", "姓名", "＊党费类别", "岗位工资", "个人所得税", "基本养老金"}
	b := w.e.Stage(t, "dfjs", importTK, [][]string{header,
		{"2026", "1", "T001", "", "王老师", "在职", "6000", "200", ""}, // 2: replaces the January base
		{"2026", "7", "T001", "", "", "在职", "8000.50", "", ""},    // 3: a raise from July
		{"2026", "1", "", id, "", "离退休", "", "", "5200"},          // 4: by ID number
		{"2026", "1", "M001", "", "", "在职", "5000", "", ""},       // 5: outside the scope
		{"2026", "13", "T001", "", "", "在职", "5000", "", ""},      // 6: bad month
		{"2026", "2", "T001", "", "李四", "在职", "5000", "", ""},     // 7: name differs
		{"2026", "2", "T001", "", "", "在职", "5000.001", "", ""},   // 8: three decimals
		{"2026", "2", "T001", "", "", "在职编制", "5000", "", ""},     // 9: unknown category
		{"2026", "3", "", "", "", "在职", "5000", "", ""},           // 10: no member
		{"2026", "1", "T001", "", "", "在职", "6000", "", ""},       // 11: same as row 2
	})
	rows := w.e.ImportRows(t, "dfjs", importTK, b.ID)
	for no, want := range map[int]map[string]string{
		5:  {"staffNo": "您管理范围内没有工号为「M001」的党员"},
		6:  {"fromMonth": "起始月份应为 1—12"},
		7:  {"name": "姓名与匹配到的党员（王老师）不一致"},
		8:  {"postPay": "岗位工资须为 0 至 1,000,000.00 元的金额（最多两位小数）"},
		9:  {"category": "党费类别应为在职、年薪制、个体经营者、离退休、学生、无固定收入、困难减免、免交、农民"},
		10: {"staffNo": "请填写工号或身份证号"},
		11: {"staffNo": "与第 2 行是同一党员同一起始月份"},
	} {
		if got := apptest.CellErrors(rows[no]); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("row %d: %v, want %v", no, got, want)
		}
	}
	if rows[2].Status != "changed" || rows[3].Status != "new" || rows[4].Status != "new" {
		t.Fatalf("statuses %s %s %s", rows[2].Status, rows[3].Status, rows[4].Status)
	}
	w.e.Commit(t, "dfjs", importTK, b.ID, true)
	d := w.dues(t, 2026, 6, byNo, byID)
	if d[byNo].Fen != 8700 || // 5,800.00 × 1.5%
		d[byID].Fen != 5200 {
		t.Fatalf("June dues %+v", d)
	}
	if f := w.dues(t, 2026, 7, byNo)[byNo].Fen; f != 12001 { // 8,000.50 × 1.5% = 120.0075 → 120.01
		t.Fatalf("July due %d", f)
	}
	list, total := apptest.GetPage[standard.BaseView](t, w.e, importTK, "/api/dfjs", url.Values{"year": {"2026"}})
	if total != 3 || len(list) != 3 {
		t.Fatalf("bases %d %+v", total, list)
	}
	// The replaced base's trail says what the workbook changed; the new ones were added by the import.
	trail := w.trailOf(t, jan.ID)
	if len(trail) != 2 || trail[0].Type != audit.TypeUpdate || trail[0].Origin != audit.OriginSystemImportUpdate ||
		fmt.Sprint(changesOf(trail[0])) != "[岗位工资（元）: 3,000.00→6,000.00 个人所得税（元）: →200.00 计入项目合计（元）: 3,000.00→6,000.00 "+
			"扣除项目合计（元）: 0.00→200.00 月基数（元）: 3,000.00→5,800.00]" {
		t.Fatalf("replaced base's trail %+v", trail)
	}
	for _, b := range list {
		if b.ID != jan.ID {
			if e := w.trailOf(t, b.ID); len(e) != 1 || e[0].Type != audit.TypeAdd || e[0].Origin != audit.OriginSystemImport {
				t.Errorf("imported base %d: %+v", b.ID, e)
			}
		}
	}
}

// The export: the list's filters and scope, every item, the base and the due.
func TestExportBases(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	exportTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.cs, standard.PermBaseExport)
	m := w.member(t, w.branch, "钱老师", "1", "")
	w.base(t, m, 2026, 1, standard.CatSalaried, map[string]string{"postPay": "4800", "housingSubsidy": "500"})
	other := w.member(t, w.math, "数学党员", "1", "")
	w.base(t, other, 2026, 1, standard.CatSalaried, map[string]string{"postPay": "4800"})
	apptest.Expect(t, w.e.Do("GET", "/api/dfjs/export", "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", "/api/dfjs/export", w.noTK, nil), 403)
	f := apptest.Download(t, w.e.Do("GET", "/api/dfjs/export?year=2026", exportTK, nil))
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[1][1] != "钱老师" {
		t.Fatalf("rows %v", rows)
	}
	col := 0
	for i, h := range rows[0] {
		if h == "计算过程" {
			col = i
		}
	}
	if last := rows[1][col]; last != "月基数 4,800.00 元（计入项目 4,800.00 − 扣除项目 0.00）× 1%（3000 < 基数 ≤ 5000）= 48.00 元" {
		t.Errorf("working %q", last)
	}
}
