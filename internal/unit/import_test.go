package unit_test

import (
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/unit"
)

var unitHeader = []string{"＊单位编码", "＊单位名称", "单位简称", "＊单位类型", "上级单位", "负责人", "联系电话", "对应党组织编码", "成立日期", "备注"}

func (w *world) orgCode(t *testing.T, id int64) string {
	t.Helper()
	var code string
	if err := w.e.DB.NewSelect().Table("dzz").Column("code").Where("id = ?", id).Scan(t.Context(), &code); err != nil {
		t.Fatal(err)
	}
	return code
}

func counts(b imports.Batch) [4]int {
	return [4]int{b.NewCount, b.ChangedCount, b.UnchangedCount, b.InvalidCount}
}

// A secondary committee's administrator imports a unit under their unit,
// a unit under that one (an earlier row), and a change to their unit;
// everything outside their scope or against the save path's rules is
// refused cell by cell. The commit runs the save path: sys_dept, dw_info
// and the unit trail with the import origins.
func TestUnitImport(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	tk := w.anchored(t, "LEVEL_AND_BELOW", w.cs, unit.PermImport, unit.PermList)
	cs, math := w.detail(t, e.AdminTK, w.csUnit), w.detail(t, e.AdminTK, w.mathUnit)
	csOrg, mathOrg := w.orgCode(t, w.cs), w.orgCode(t, w.math)
	valid := [][]string{
		{"N1", "软件研究所", "软件所", "直属单位", "计算机学院", "李所长", "010-1234567", csOrg, "2001/9/1", ""},
		{"N2", "软件研究所办公室", "", "其他", "N1", "", "", csOrg, "", "由导入建立"},
		{cs.Code, "计算机学院", "", "院系", "", "王主任", "010-62750000", csOrg, "1990-09-01", ""},
	}
	rows := append([][]string{unitHeader}, valid...)
	rows = append(rows,
		[]string{math.Code, "数学学院", "", "院系", "", "", "", mathOrg, "", ""},
		[]string{"N3", "研究所", "", "研究所", "计算机学院", "", "", csOrg, "", ""},
		[]string{"D1", "甲", "", "院系", "计算机学院", "", "", csOrg, "", ""},
		[]string{"D1", "乙", "", "院系", "计算机学院", "", "", csOrg, "", ""},
		[]string{"N4", "数学下属", "", "院系", "数学学院", "", "", csOrg, "", ""},
		[]string{"N5", "无党组织", "", "院系", "计算机学院", "", "", "", "", ""},
		[]string{"N6", "配错党组织", "", "院系", "计算机学院", "", "", mathOrg, "", ""},
		[]string{"N7", "软件研究所", "", "院系", "计算机学院", "", "", csOrg, "", ""},
		[]string{"N8", "电话错", "", "院系", "计算机学院", "", "电话", csOrg, "", ""},
		[]string{"N9", "顶级", "", "院系", "", "", "", csOrg, "", ""},
	)
	b := e.Stage(t, "dw", tk, rows)
	if counts(b) != [4]int{2, 1, 0, 10} {
		t.Fatalf("batch %+v %+v", b, e.ImportRows(t, "dw", tk, b.ID))
	}
	got := e.ImportRows(t, "dw", tk, b.ID)
	want := map[int][2]string{
		5:  {"code", "该单位不在您的管理范围内"},
		6:  {"type", "「研究所」不是有效的单位类型，可选：院系、机关"},
		7:  {"code", "与第 8 行的单位编码重复"},
		8:  {"code", "与第 7 行的单位编码重复"},
		9:  {"parent", "找不到上级单位「数学学院」"},
		10: {"dzz", "请选择对应党组织"},
		11: {"dzz", "找不到党组织「" + mathOrg + "」"},
		12: {"name", "与第 2 行同属一个上级单位且名称相同"},
		13: {"contactPhone", "联系电话格式错误"},
		14: {"parent", "请选择上级单位"},
	}
	for no, wnt := range want {
		if msg := apptest.CellErrors(got[no])[wnt[0]]; got[no].Status != "invalid" || !strings.HasPrefix(msg, wnt[1]) {
			t.Errorf("row %d %s: %q, want %q…", no, wnt[0], msg, wnt[1])
		}
	}
	if ch := got[4].Changes; got[4].Status != "changed" || len(ch) != 1 || ch[0].Label != "负责人" || ch[0].New != "王主任" {
		t.Errorf("changed row %+v", got[4])
	}
	// Fixing row 10: it names its organisation.
	r, b := e.FixRow(t, "dw", tk, b.ID, got[10], map[string]string{"code": "N5", "name": "无党组织", "type": "院系",
		"parent": cs.Code, "dzz": csOrg})
	if r.Status != "new" || counts(b) != [4]int{3, 1, 0, 9} {
		t.Fatalf("fixed %+v %+v", r, b)
	}
	e.Commit(t, "dw", tk, b.ID, true)

	var made []struct {
		ID     int64  `bun:"id"`
		PID    *int64 `bun:"pid"`
		Code   string `bun:"code"`
		Type   string `bun:"type"`
		Dzz    *int64 `bun:"dzz_id"`
		Remark string `bun:"remark"`
	}
	if err := e.DB.NewSelect().TableExpr("sys_dept AS d").ColumnExpr("d.id, d.pid, i.code, i.type, i.dzz_id, i.remark").
		Join("JOIN dw_info AS i ON i.dept_id = d.id").Where("i.code IN (?)", bun.In([]string{"N1", "N2", "N5"})).OrderExpr("i.code").
		Scan(t.Context(), &made); err != nil {
		t.Fatal(err)
	}
	if len(made) != 3 || made[0].PID == nil || *made[0].PID != w.csUnit || made[1].PID == nil || *made[1].PID != made[0].ID ||
		made[1].Type != unit.TypeOther || made[1].Remark != "由导入建立" || made[2].Dzz == nil || *made[2].Dzz != w.cs {
		t.Fatalf("units %+v", made)
	}
	if v := w.detail(t, e.AdminTK, w.csUnit); v.LeaderName != "王主任" {
		t.Fatalf("changed unit %+v", v)
	}
	last := func(id int64) (typ, origin int) {
		var en audit.Entry
		if err := e.DB.NewSelect().Model(&en).Where("record_id = ?", id).Where("module = ?", unit.TrailModule).
			OrderExpr("id DESC").Limit(1).Scan(t.Context()); err != nil {
			t.Fatal(err)
		}
		return en.Type, en.Origin
	}
	if typ, o := last(made[1].ID); typ != audit.TypeAdd || o != audit.OriginSystemImport {
		t.Errorf("new unit trail %d %d", typ, o)
	}
	if typ, o := last(w.csUnit); typ != audit.TypeUpdate || o != audit.OriginSystemImportUpdate {
		t.Errorf("changed unit trail %d %d", typ, o)
	}
	// The new units are in the importer's list.
	if v := w.detail(t, tk, made[1].ID); v.ParentName != "软件研究所" {
		t.Fatalf("imported unit %+v", v)
	}
	// The same valid rows again: nothing to do.
	again := e.Stage(t, "dw", tk, append([][]string{unitHeader}, valid...))
	if counts(again) != [4]int{0, 0, 3, 0} {
		t.Fatalf("second import %+v %+v", again, e.ImportRows(t, "dw", tk, again.ID))
	}
}
