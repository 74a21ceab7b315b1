package standard_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/fee/standard"
	"zhdj/internal/platform/httpx"
)

// The bases 中组发〔2008〕3号 names besides the salary: the whole pension
// received, the month's pay under 年薪制, the previous quarter's average for
// 个体经营者, and a graduate student's stipend where the school so decides.
func TestBasesOfZhongzufa2008No3(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	// due is member id's due of 2026-month: the amount and the working, or the reason there is none.
	due := func(t *testing.T, id int64, month int) (int64, string) {
		t.Helper()
		if d, ok := w.dues(t, 2026, month, id)[id]; ok {
			return d.Fen, d.Working
		}
		why, err := w.e.App.FeeStandard.Missing(ctx, w.e.DB, 2026, month, []int64{id})
		if err != nil {
			t.Fatal(err)
		}
		return -1, why[id]
	}
	expectDue := func(t *testing.T, id int64, month int, fen int64, working string) {
		t.Helper()
		if f, got := due(t, id, month); f != fen || !strings.Contains(got, working) {
			t.Errorf("2026-%02d: %d %q, want %d with %q", month, f, got, fen, working)
		}
	}
	refused := func(t *testing.T, body map[string]any, field, msg string) {
		t.Helper()
		res := w.e.Do("POST", "/api/dfjs", w.e.AdminTK, body)
		if res.Status != 400 || !strings.Contains(string(res.Body), `"`+field+`"`) || !strings.Contains(string(res.Body), msg) {
			t.Errorf("%v: %d %s, want 400 on %s: %s", body, res.Status, res.Body, field, msg)
		}
	}

	t.Run("中组发〔2008〕3号 离退休干部职工按实际领取的离退休费总额为基数", func(t *testing.T) {
		for _, c := range []struct {
			items   map[string]string
			fen     int64
			working string
		}{
			{map[string]string{"pension": "4000", "transitionalPension": "1200"}, 5200,
				"离退休费总额 5,200.00 元（基本养老金 4,000.00 + 过渡性养老金 1,200.00）× 1%（基数 > 5000）= 52.00 元"},
			{map[string]string{"pension": "4000", "occupationalPension": "600", "retireeSubsidy": "400"}, 2500,
				"离退休费总额 5,000.00 元（基本养老金 4,000.00 + 职业年金/企业年金（月领取） 600.00 + 离退休补贴 400.00）× 0.5%（基数 ≤ 5000）= 25.00 元"},
			{map[string]string{"pension": "4000", "otherPension": "1000.01"}, 5000, "离退休费总额 5,000.01 元（基本养老金 4,000.00 + 其他离退休费 1,000.01）× 1%（基数 > 5000）= 50.00 元"},
		} {
			id := w.member(t, w.branch, "离退休党员", "3", "")
			v := w.base(t, id, 2026, 1, standard.CatRetired, c.items)
			if v.DueFen != c.fen || v.Working != c.working {
				t.Errorf("list: %d %q, want %d %q", v.DueFen, v.Working, c.fen, c.working)
			}
			expectDue(t, id, 5, c.fen, c.working)
		}
		// The workbook takes every pension item; the export shows each and the working.
		id := w.member(t, w.branch, "导入的离退休党员", "3", "")
		b := w.e.Stage(t, "dfjs", w.e.AdminTK, [][]string{{"＊年度", "＊起始月份", "工号", "＊党费类别", "基本养老金", "过渡性养老金"},
			{"2026", "1", w.staffNo(t, id), "离退休", "4000", "1200"}})
		w.e.Commit(t, "dfjs", w.e.AdminTK, b.ID, false)
		expectDue(t, id, 1, 5200, "离退休费总额 5,200.00 元（基本养老金 4,000.00 + 过渡性养老金 1,200.00）× 1%（基数 > 5000）= 52.00 元")
		f := apptest.Download(t, w.e.Do("GET", fmt.Sprintf("/api/dfjs/export?year=2026&memberId=%d", id), w.e.AdminTK, nil))
		rows, err := f.GetRows(f.GetSheetName(0))
		if err != nil || len(rows) != 2 {
			t.Fatalf("export %v %v", rows, err)
		}
		got := map[string]string{}
		for i, h := range rows[0] {
			if i < len(rows[1]) {
				got[h] = rows[1][i]
			}
		}
		if got["过渡性养老金（元）"] != "1,200.00" || got["月基数（元）"] != "5,200.00" || got["月党费（元）"] != "52.00" {
			t.Errorf("export %v", got)
		}
		id = w.member(t, w.branch, "未填养老金", "3", "")
		refused(t, map[string]any{"memberId": id, "year": 2026, "fromMonth": 1, "category": "retired", "items": map[string]string{"pension": "0"}},
			"items.pension", "离退休党员请填写每月实际领取的离退休费")
	})

	t.Run("中组发〔2008〕3号 实行年薪制人员以当月实际领取的薪酬为基数", func(t *testing.T) {
		id := w.member(t, w.branch, "年薪制党员", "1", "")
		v := w.base(t, id, 2026, 1, standard.CatAnnual, map[string]string{"pay1": "5000", "pay2": "5000.01", "pay4": "10000.01"})
		if v.Base != "5,000.00" || v.Due != "50.00" {
			t.Errorf("list: base %s due %s %q", v.Base, v.Due, v.Working)
		}
		expectDue(t, id, 1, 5000, "2026年1月实际领取的薪酬 5,000.00 元 × 1%（3000 < 基数 ≤ 5000）= 50.00 元")
		expectDue(t, id, 2, 7500, "2026年2月实际领取的薪酬 5,000.01 元 × 1.5%（5000 < 基数 ≤ 10000）= 75.00 元")
		expectDue(t, id, 3, -1, "缺少2026年3月实际领取的薪酬（年薪制）") // missing, not March's neighbour
		expectDue(t, id, 4, 20000, "× 2%（基数 > 10000）= 200.00 元")
		// A row from July takes no pay of June; a row without any month is refused.
		refused(t, map[string]any{"memberId": id, "year": 2026, "fromMonth": 7, "category": "annual", "items": map[string]string{"pay6": "9000"}},
			"items.pay6", "6月实发薪酬早于起始月份（7月）")
		refused(t, map[string]any{"memberId": id, "year": 2026, "fromMonth": 7, "category": "annual", "items": map[string]string{}},
			"items", "年薪制党员请填写至少一个月实际领取的薪酬")
		// The finance office imports March's pay: the months left empty keep theirs.
		b := w.e.Stage(t, "dfjs", w.e.AdminTK, [][]string{{"＊年度", "＊起始月份", "工号", "＊党费类别", "3月实发薪酬"},
			{"2026", "1", w.staffNo(t, id), "年薪制", "3000"}})
		if rows := w.e.ImportRows(t, "dfjs", w.e.AdminTK, b.ID); rows[2].Status != "changed" {
			t.Fatalf("import row %+v", rows[2])
		}
		w.e.Commit(t, "dfjs", w.e.AdminTK, b.ID, false)
		expectDue(t, id, 3, 1500, "2026年3月实际领取的薪酬 3,000.00 元 × 0.5%")
		expectDue(t, id, 2, 7500, "5,000.01 元")
		if tr := w.trailOf(t, v.ID); len(tr) != 2 || strings.Join(changesOf(tr[0]), ";") != "3月实发薪酬（元）: →3,000.00" {
			t.Errorf("trail of the import: %v", changesOf(tr[0]))
		}
	})

	t.Run("中组发〔2008〕3号 个体经营者以上一季度月平均纯收入为基数", func(t *testing.T) {
		id := w.member(t, w.branch, "个体经营者", "1", "")
		w.base(t, id, 2026, 1, standard.CatSelfEmp, map[string]string{"incomeQ0": "3000", "incomeQ1": "3000.01"})
		expectDue(t, id, 1, 1500, "上一季度（2025年第四季度）月平均纯收入 3,000.00 元 × 0.5%（基数 ≤ 3000）= 15.00 元")
		expectDue(t, id, 3, 1500, "上一季度（2025年第四季度）")
		expectDue(t, id, 4, 3000, "上一季度（2026年第一季度）月平均纯收入 3,000.01 元 × 1%（3000 < 基数 ≤ 5000）= 30.00 元")
		expectDue(t, id, 6, 3000, "上一季度（2026年第一季度）")
		expectDue(t, id, 7, -1, "缺少2026年第二季度月平均纯收入（个体经营者2026年7月党费的基数）")
		refused(t, map[string]any{"memberId": id, "year": 2026, "fromMonth": 7, "category": "selfemp", "items": map[string]string{"incomeQ1": "3000"}},
			"items.incomeQ1", "第一季度月平均纯收入是4—6月党费的基数，早于起始月份（7月）")
	})

	t.Run("中组部答问 研究生以普通奖学金为基数由学校确定", func(t *testing.T) {
		grad := w.member(t, w.branch, "研究生党员", "2", "")
		undergrad := w.member(t, w.branch, "本科生党员", "2", "")
		other := w.member(t, w.branch, "研究生乙", "2", "")
		for id, cat := range map[int64]string{grad: "3", undergrad: "2", other: "4"} {
			if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("person_category = ?", cat).Where("id = ?", id).Exec(ctx); err != nil {
				t.Fatal(err)
			}
		}
		stipend := map[string]any{"memberId": grad, "year": 2026, "fromMonth": 1, "category": "student", "items": map[string]string{"stipend": "3000.01"}}
		// Off (the default): students pay 0.20 元 and no stipend is taken.
		expectDue(t, grad, 5, 20, "学生党员每月 0.20 元（固定标准）")
		refused(t, stipend, "items.stipend", "学校未规定研究生以普通奖学金为党费基数")
		setting(t, w, "true")
		expectDue(t, other, 5, -1, "缺少研究生普通奖学金") // not guessed
		if missing := apptest.DoJSON[httpx.PageResult[standard.MissingView]](t, w.e, 200, "GET", "/api/dfjs/missing?year=2026&blurry=研究生",
			w.e.AdminTK, nil); len(missing.Content) != 2 {
			t.Errorf("missing: %+v", missing.Content)
		}
		w.base(t, grad, 2026, 1, standard.CatStudent, map[string]string{"stipend": "3000.01"})
		expectDue(t, grad, 5, 3000, "研究生普通奖学金 3,000.01 元 × 1%（3000 < 基数 ≤ 5000）= 30.00 元（学校规定以普通奖学金为基数，按在职党员比例）")
		w.base(t, grad, 2026, 6, standard.CatStudent, map[string]string{"stipend": "3000"})
		expectDue(t, grad, 6, 1500, "研究生普通奖学金 3,000.00 元 × 0.5%（基数 ≤ 3000）= 15.00 元")
		expectDue(t, undergrad, 5, 20, "学生党员每月 0.20 元（固定标准）")
		stipend["memberId"] = undergrad
		refused(t, stipend, "items.stipend", "普通奖学金只适用于研究生党员")
		b := w.e.Stage(t, "dfjs", w.e.AdminTK, [][]string{{"＊年度", "＊起始月份", "工号", "＊党费类别", "普通奖学金（月）"},
			{"2026", "1", w.staffNo(t, undergrad), "学生", "2000"}})
		if got := apptest.CellErrors(w.e.ImportRows(t, "dfjs", w.e.AdminTK, b.ID)[2]); got["stipend"] != "普通奖学金只适用于研究生党员（人员类别为硕士研究生或博士研究生）" {
			t.Errorf("import of an undergraduate's stipend: %v", got)
		}
		setting(t, w, "false")
		expectDue(t, grad, 6, 20, "学生党员每月 0.20 元（固定标准）")
	})
}

// setting sets the school's graduate stipend setting as the administrator does.
func setting(t *testing.T, w *world, value string) {
	t.Helper()
	var id int64
	if err := w.e.DB.NewSelect().Table("sys_config").Column("id").Where("config_key = ?", standard.CfgGraduateStipend).Scan(t.Context(), &id); err != nil {
		t.Fatal(err)
	}
	res := w.e.Do("PUT", "/api/sysConfig", w.e.AdminTK, map[string]any{"id": id, "configKey": standard.CfgGraduateStipend,
		"configValue": value, "configName": "研究生以普通奖学金为党费基数", "configGroup": "fee", "valueKind": "bool"})
	if res.Status != 200 && res.Status != 204 {
		t.Fatalf("setting: %d %s", res.Status, res.Body)
	}
}

// staffNo is member id's 工号.
func (w *world) staffNo(t *testing.T, id int64) string {
	t.Helper()
	var no string
	if err := w.e.DB.NewSelect().Table("dyjbxx").Column("staff_or_student_no").Where("id = ?", id).Scan(t.Context(), &no); err != nil {
		t.Fatal(err)
	}
	return no
}
