package talk_test

import (
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
)

var header = []string{"＊党组织", "＊谈话日期", "＊谈话类型", "＊谈话人", "＊谈话对象", "谈话地点", "＊谈话内容摘要", "备注"}

func (w *world) code(t *testing.T, id int64) string {
	t.Helper()
	var code string
	if err := w.e.DB.NewSelect().Table("dzz").Column("code").Where("id = ?", id).Scan(t.Context(), &code); err != nil {
		t.Fatal(err)
	}
	return code
}

// A committee administrator imports talks of their organisations (named by
// code or name); rows naming organisations outside the scope or breaking
// the save path's checks are refused on their column. The commit writes
// the good rows with ADD trail entries of origin SYSTEM_IMPORT.
func TestImport(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	rows := [][]string{header,
		{w.code(t, w.cs), "2024/3/1", "党员之间", "王书记", "李明", "会议室", "交流学习体会", ""},
		{"计算机教工党支部", "2024.04.02", "4", "赵委员", "张华", "", "谈工作", "备注"},
		{w.code(t, w.math), "2024-03-01", "党员之间", "王书记", "李明", "", "摘要", ""}, // outside the scope
		{"", "2024-03-01", "党员之间", "王书记", "李明", "", "摘要", ""},
		{w.code(t, w.cs), "三月", "党员之间", "王书记", "李明", "", "摘要", ""},
		{w.code(t, w.cs), "2024-03-01", "闲聊", "王书记", "李明", "", "摘要", ""},
		{w.code(t, w.cs), "2024-03-01", "党员之间", "王书记", "李明", "", "", ""},
		{w.code(t, w.cs), "2999-03-01", "党员之间", "王书记", "李明", "", "摘要", ""},
		{w.code(t, w.cs), "2024-03-01", "党员之间", "", "李明", "", "摘要", ""},
	}
	b := w.e.Stage(t, "txth", w.csTK, rows)
	if b.NewCount != 2 || b.InvalidCount != 7 {
		t.Fatalf("batch %+v", b)
	}
	got := w.e.ImportRows(t, "txth", w.csTK, b.ID)
	want := map[int]string{4: "org", 5: "org", 6: "talkDate", 7: "type", 8: "content", 9: "talkDate", 10: "talker"}
	for rowNo, column := range want {
		errs := apptest.CellErrors(got[rowNo])
		if got[rowNo].Status != imports.StatusInvalid || len(errs) != 1 || errs[column] == "" {
			t.Errorf("row %d: %+v, want an error on %s", rowNo, got[rowNo].Errors, column)
		}
	}
	w.e.Commit(t, "txth", w.csTK, b.ID, true)
	ids, total := w.ids(t, w.csTK, url.Values{"sort": {"talkDate,asc"}})
	if total != 2 {
		t.Fatalf("imported %d", total)
	}
	v := w.detail(t, w.csTK, ids[1])
	if v.OrgID != w.branch || string(v.TalkDate) != "2024-04-02" || v.Type != "4" || v.Remark != "备注" {
		t.Fatalf("imported row %+v", v)
	}
	entries := w.trail(t, ids[0])
	if len(entries) != 1 || entries[0].Type != audit.TypeAdd || entries[0].Origin != audit.OriginSystemImport {
		t.Fatalf("trail %+v", entries)
	}
	// Importing needs its permission.
	res := w.e.Do("GET", "/api/import/txth/template", w.listTK, nil)
	apptest.Expect(t, res, 403)
}
