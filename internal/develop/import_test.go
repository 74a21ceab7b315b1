package develop_test

import (
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/imports"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
)

var importHeader = []string{"＊人员类别", "＊学号/工号", "＊党支部", "＊发展阶段", "＊申请入党日期", "谈话日期", "确定入党积极分子日期",
	"确定发展对象日期", "预计离校日期", "备注"}

// numberOf is the student number of a registry student.
func (w *c1World) numberOf(t *testing.T, id int64) string {
	t.Helper()
	var no string
	if err := w.e.DB.NewSelect().Table("xsjbxx").Column("student_no").Where("id = ?", id).Scan(t.Context(), &no); err != nil {
		t.Fatal(err)
	}
	return no
}

// The historical records a school keeps on paper are imported: each row is
// checked against the rules its steps had to keep and commits as a record
// waiting at the step after its stage's, with the dates it names kept.
func TestImportHistoricalRecords(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	stu := func(name string, birth date.Date) string {
		id, _ := w.student(t, name, birth, w.csUnit)
		return w.numberOf(t, id)
	}
	var code string
	if err := w.e.DB.NewSelect().Table("dzz").Column("code").Where("id = ?", w.branch).Scan(t.Context(), &code); err != nil {
		t.Fatal(err)
	}
	busy := w.record(t, "已有记录", "2025-06-02")
	var busyNo string
	if err := w.e.DB.NewSelect().Table("dev_record").Column("person_no").Where("id = ?", busy).Scan(t.Context(), &busyNo); err != nil {
		t.Fatal(err)
	}
	twin := stu("同一人", "2000-01-01")
	w.e.OrgCoded(t, w.cs, "CS-GONE", "5", "已撤销党支部")
	var gone int64
	if err := w.e.DB.NewSelect().Table("dzz").Column("id").Where("code = 'CS-GONE'").Scan(t.Context(), &gone); err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, w.e.Do("POST", "/api/dzzxx/revoke", w.e.AdminTK, map[string]any{"id": gone}), 204)
	rows := [][]string{importHeader,
		{"学生", stu("申请甲", "2000-01-01"), code, "入党申请人", "2026-03-01", "", "", "", "", "纸质档案"},
		{"学生", stu("申请乙", "2000-01-01"), "计算机教工党支部", "入党申请人", "2026-03-01", "2026-04-01", "", "", "", ""}, // exactly 1 month
		{"学生", stu("积极分子", "2000-01-01"), code, "入党积极分子", "2025-01-02", "2025-01-20", "2025-04-01", "", "2027-07-01", ""},
		{"学生", stu("发展对象", "2000-01-01"), code, "发展对象", "2024-01-02", "2024-01-20", "2024-04-01", "2025-04-01", "", ""}, // exactly 12 months
		{"学生", stu("未满十八", "2008-03-02"), code, "入党申请人", "2026-03-01", "", "", "", "", ""},
		{"学生", stu("谈话逾期", "2000-01-01"), code, "入党申请人", "2026-03-01", "2026-04-02", "", "", "", ""},
		{"学生", stu("不满一年", "2000-01-01"), code, "发展对象", "2024-01-02", "2024-01-20", "2024-04-01", "2025-03-31", "", ""},
		{"学生", "NOBODY", code, "入党申请人", "2026-03-01", "", "", "", "", ""},
		{"学生", stu("阶段错", "2000-01-01"), code, "预备党员", "2026-03-01", "", "", "", "", ""},
		{"学生", stu("非支部", "2000-01-01"), "计算机学院党委", "入党申请人", "2026-03-01", "", "", "", "", ""},
		{"学生", stu("缺日期", "2000-01-01"), code, "入党积极分子", "2025-01-02", "2025-01-20", "", "", "", ""},
		{"学生", busyNo, code, "入党申请人", "2026-03-01", "", "", "", "", ""},
		{"学生", twin, code, "入党申请人", "2026-03-01", "", "", "", "", ""},
		{"学生", twin, code, "入党申请人", "2026-03-01", "", "", "", "", ""},
		{"学生", stu("倒序", "2000-01-01"), code, "入党积极分子", "2025-01-02", "2025-01-20", "2025-01-10", "", "", ""},
		{"学生", stu("撤销支部", "2000-01-01"), "CS-GONE", "入党申请人", "2026-03-01", "", "", "", "", ""}, // as the create: 所选党支部已撤销
		{"学生", stu("备注长", "2000-01-01"), code, "入党申请人", "2026-03-01", "", "", "", "", strings.Repeat("备", 501)},
	}
	b := w.e.Stage(t, "fzdy", w.csTK, rows)
	got := w.e.ImportRows(t, "fzdy", w.csTK, b.ID)
	want := map[int]string{6: "appliedOn", 7: "talkedOn", 8: "targetOn", 9: "personNo", 10: "stage", 11: "org",
		12: "activistOn", 13: "personNo", 15: "personNo", 16: "activistOn", 17: "org", 18: "remark"}
	for rowNo, column := range want {
		errs := apptest.CellErrors(got[rowNo])
		if got[rowNo].Status != imports.StatusInvalid || errs[column] == "" {
			t.Errorf("row %d: %+v, want an error on %s", rowNo, got[rowNo].Errors, column)
		}
	}
	for rowNo := 2; rowNo <= 5; rowNo++ {
		if got[rowNo].Status != imports.StatusNew {
			t.Errorf("row %d: %s %+v", rowNo, got[rowNo].Status, got[rowNo].Errors)
		}
	}
	if got[14].Status != imports.StatusNew {
		t.Errorf("the first row of a person named twice imports: %+v", got[14])
	}
	if m := apptest.CellErrors(got[17])["org"]; m != "所选党支部已撤销" {
		t.Errorf("row 17: %s", m)
	}
	if b.NewCount != 5 || b.InvalidCount != 12 {
		t.Fatalf("batch %+v", b)
	}
	w.e.Commit(t, "fzdy", w.csTK, b.ID, true)
	idOf := func(name string) int64 {
		var id int64
		if err := w.e.DB.NewSelect().Table("dev_record").Column("id").Where("name = ?", name).Scan(t.Context(), &id); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return id
	}
	names := map[int]string{2: "申请甲", 3: "申请乙", 4: "积极分子", 5: "发展对象"}
	at := map[int]string{2: develop.StepTalk, 3: develop.StepActivist, 4: develop.StepCultivate, 5: develop.StepTargetFiling}
	for rowNo, step := range at {
		id := idOf(names[rowNo])
		d := w.detail(t, id)
		v := apptest.DoJSON[flow.View](t, w.e, 200, "GET", fmt.Sprintf("/api/fzdy/%d/flow", id), w.csTK, nil)
		if d.Step != step || v.Step != step {
			t.Errorf("row %d waits at %s / %s, want %s", rowNo, d.Step, v.Step, step)
		}
		if rowNo == 5 && (d.Stage != develop.StageTarget || d.TargetOn != "2025-04-01" || d.ActivistOn != "2024-04-01" || len(d.Steps) != 3) {
			t.Errorf("the target's dates and steps: %+v", d)
		}
		if rowNo == 2 && (d.Stage != develop.StageApplicant || d.Remark != "纸质档案" || len(d.Steps) != 0) {
			t.Errorf("the applicant: %+v", d)
		}
	}
	t.Run("an imported activist goes on through the workflow", func(t *testing.T) {
		w.pass(t, idOf("申请乙"), develop.StepActivist, "2026-04-10", "method", "党员推荐")
	})
	t.Run("only a holder of fzdy:import stages a file", func(t *testing.T) {
		res := w.e.Upload("/api/import/fzdy/batches", w.listTK, "file", "导入.xlsx", apptest.Workbook(t, rows[:2]), nil)
		apptest.Expect(t, res, 403)
		res = w.e.Upload("/api/import/fzdy/batches", "", "file", "导入.xlsx", apptest.Workbook(t, rows[:2]), nil)
		apptest.Expect(t, res, 401)
	})
	t.Run("a branch out of scope is not found", func(t *testing.T) {
		b := w.e.Stage(t, "fzdy", w.mathTK, rows[:2])
		if r := w.e.ImportRows(t, "fzdy", w.mathTK, b.ID)[2]; r.Status != imports.StatusInvalid || apptest.CellErrors(r)["org"] == "" {
			t.Fatalf("%+v", r)
		}
	})
}
