package standard_test

import (
	"strings"
	"testing"

	"zhdj/internal/fee/standard"
)

type edge struct {
	base    string // 元
	fen     int64
	working string // the band named
}

// checkEdges saves each base for a member of category cat and checks the
// month's due and the band its working names.
func checkEdges(t *testing.T, w *world, cat, item string, edges []edge) {
	t.Helper()
	for _, c := range edges {
		id := w.member(t, w.branch, "党员"+c.base, "1", "")
		w.base(t, id, 2026, 1, cat, map[string]string{item: c.base})
		d, ok := w.dues(t, 2026, 3, id)[id]
		if !ok {
			t.Fatalf("base %s: no due", c.base)
		}
		if d.Fen != c.fen || !strings.Contains(d.Working, c.working) {
			t.Errorf("base %s: got %d fen %q, want %d fen with %q", c.base, d.Fen, d.Working, c.fen, c.working)
		}
	}
}

// RULES §1: salaried ≤3000 0.5%, 3000 < base ≤ 5000 1%, ≤10000 1.5%, > 10000 2%,
// every edge exactly and ±0.01, rounded half-up to the fen.
func TestRule1SalariedBracketEdges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	checkEdges(t, w, standard.CatSalaried, "postPay", []edge{
		{"2999.99", 1500, "× 0.5%（基数 ≤ 3000）= 15.00 元"}, // 14.99995
		{"3000.00", 1500, "× 0.5%（基数 ≤ 3000）= 15.00 元"},
		{"3000.01", 3000, "× 1%（3000 < 基数 ≤ 5000）= 30.00 元"}, // 30.0001
		{"4999.99", 5000, "× 1%（3000 < 基数 ≤ 5000）= 50.00 元"}, // 49.9999
		{"5000.00", 5000, "× 1%（3000 < 基数 ≤ 5000）= 50.00 元"},
		{"5000.01", 7500, "× 1.5%（5000 < 基数 ≤ 10000）= 75.00 元"}, // 75.00015
		{"9999.99", 15000, "× 1.5%（5000 < 基数 ≤ 10000）= 150.00 元"},
		{"10000.00", 15000, "× 1.5%（5000 < 基数 ≤ 10000）= 150.00 元"},
		{"10000.01", 20000, "× 2%（基数 > 10000）= 200.00 元"},
	})
}

// RULES §1: retirees' pension ≤ 5000 0.5%, > 5000 1% (the whole pension
// received: TestBasesOfZhongzufa2008No3).
func TestRule1RetiredEdges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	checkEdges(t, w, standard.CatRetired, "pension", []edge{
		{"4999.99", 2500, "离退休费总额 4,999.99 元（基本养老金 4,999.99）× 0.5%（基数 ≤ 5000）= 25.00 元"},
		{"5000.00", 2500, "离退休费总额 5,000.00 元（基本养老金 5,000.00）× 0.5%（基数 ≤ 5000）= 25.00 元"},
		{"5000.01", 5000, "离退休费总额 5,000.01 元（基本养老金 5,000.01）× 1%（基数 > 5000）= 50.00 元"},
	})
}

// Exact decimals, rounded half-up at the end: 1,001.00 × 0.5% = 5.005 → 5.01;
// 1,000.90 × 0.5% = 5.0045 → 5.00.
func TestRule1RoundsHalfUpToTheFen(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	checkEdges(t, w, standard.CatSalaried, "postPay", []edge{
		{"1001.00", 501, "= 5.01 元"}, {"1000.90", 500, "= 5.00 元"}, {"3333.33", 3333, "= 33.33 元"}})
}

// RULES §1: the salaried base is the included items minus the five
// insurances, the housing fund, the annuity and the tax; reform subsidies and
// year-end/award performance pay are excluded, basic performance included.
func TestRule1SalaryBaseItems(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.member(t, w.branch, "张老师", "1", "")
	v := w.base(t, id, 2026, 1, standard.CatSalaried, map[string]string{
		"postPay": "3000", "gradePay": "1500.50", "basicPerformance": "1499.50", // included: 6,000.00
		"housingSubsidy": "800", "transportSubsidy": "300", "phoneSubsidy": "100", "yearEndBonus": "20000", "awardPerformance": "3000",
		"pensionInsurance": "480", "medicalInsurance": "120", "unemploymentInsurance": "30", "housingFund": "720",
		"annuity": "240", "incomeTax": "110"}) // deducted: 1,700.00
	if v.Base != "4,300.00" || v.Included != "6,000.00" || v.Deducted != "1,700.00" {
		t.Fatalf("base %s = %s − %s", v.Base, v.Included, v.Deducted)
	}
	d := w.dues(t, 2026, 1, id)[id]
	want := "月基数 4,300.00 元（计入项目 6,000.00 − 扣除项目 1,700.00）× 1%（3000 < 基数 ≤ 5000）= 43.00 元"
	if d.Fen != 4300 || d.Working != want || d.Category != "在职" {
		t.Fatalf("due %+v, want 4300 %q", d, want)
	}
}

// RULES §1: students, the unemployed and those on relief pay 0.2 元; a
// student without a base of the year too; exemption is 0 (with an entry).
func TestRule1FixedAmountsAndExemption(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	student := w.member(t, w.branch, "学生甲", "2", "")
	unemployed := w.member(t, w.branch, "无固定收入", "1", "")
	exempt := w.member(t, w.branch, "免交", "1", "")
	teacherNoBase := w.member(t, w.branch, "没有基数", "1", "")
	w.base(t, unemployed, 2026, 1, standard.CatUnemployed, nil)
	w.base(t, exempt, 2026, 1, standard.CatExempt, nil)
	d := w.dues(t, 2026, 5, student, unemployed, exempt, teacherNoBase)
	if d[student].Fen != 20 || d[student].Category != "学生" || !strings.Contains(d[student].Working, "按人员类型“学生”认定") {
		t.Errorf("student %+v", d[student])
	}
	if d[unemployed].Fen != 20 || d[unemployed].Working != "无固定收入党员每月 0.20 元（固定标准）" {
		t.Errorf("unemployed %+v", d[unemployed])
	}
	if e, ok := d[exempt]; !ok || e.Fen != 0 || e.Category != "免交" {
		t.Errorf("exempt %+v %v", e, ok)
	}
	if _, ok := d[teacherNoBase]; ok {
		t.Errorf("a teacher without a base got a due")
	}
	why, err := w.e.App.FeeStandard.Missing(t.Context(), w.e.DB, 2026, 5, []int64{teacherNoBase, student})
	if err != nil || why[teacherNoBase] != "缺少2026年5月适用的党费基数" || len(why) != 1 {
		t.Errorf("missing %v %v", why, err)
	}
}

// RULES §1: a salary change applies from the month it is paid: the base
// from July is used from July, the January one before.
func TestRule1SalaryChangeFromTheMonthPaid(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.member(t, w.branch, "调资", "1", "")
	w.base(t, id, 2026, 1, standard.CatSalaried, map[string]string{"postPay": "4000"})
	w.base(t, id, 2026, 7, standard.CatSalaried, map[string]string{"postPay": "6000"})
	if f := w.dues(t, 2026, 6, id)[id].Fen; f != 4000 {
		t.Errorf("June %d", f)
	}
	if f := w.dues(t, 2026, 7, id)[id].Fen; f != 9000 {
		t.Errorf("July %d", f)
	}
	if _, ok := w.dues(t, 2025, 12, id)[id]; ok {
		t.Errorf("a base of 2026 applied in 2025")
	}
}

// RULES §1: probationary members pay from the month of the branch general
// meeting that admitted them (joined_on).
func TestRule1ProbationaryFromTheMonthAdmitted(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.member(t, w.branch, "预备党员", "2", "2026-04-30")
	if _, ok := w.dues(t, 2026, 3, id)[id]; ok {
		t.Error("March: due before admission")
	}
	if d := w.dues(t, 2026, 4, id)[id]; d.Fen != 20 {
		t.Errorf("April: %+v", d)
	}
}
