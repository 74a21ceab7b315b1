package report_test

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
	"zhdj/internal/fee/report"
)

// ledgerWorld is three months of 2025: in 计算机教工党支部 党员A (10.00 元 a
// month) and 党员B (0.50), in 计算机学生党支部 (under 计算机学院党委) 党员D (3.00), in 数学学生党支部
// 党员C (0.20). January all paid; February A and B paid, A's payment then
// reversed (a correction: 0 paid again); March B alone.
type ledgerWorld struct {
	*world
	ma, mb, mc, md int64
}

func newLedgerWorld(t *testing.T) *ledgerWorld {
	w := &ledgerWorld{world: newWorld(t)}
	w.ma = w.member(t, w.c.Branch, "党员A")
	w.mb = w.member(t, w.c.Branch, "党员B")
	w.md = w.member(t, w.e.Org(t, w.c.CS, "5", "计算机学生党支部"), "党员D")
	w.mc = w.member(t, w.mathBranch, "党员C")
	dues := map[int64]int64{w.ma: 1000, w.mb: 50, w.mc: 20, w.md: 300}
	jan := w.month(t, "2025-01", dues)
	w.pay(t, "2025-01", jan, w.ma, w.mb, w.mc, w.md)
	feb := w.month(t, "2025-02", dues)
	entries := w.pay(t, "2025-02", feb, w.ma, w.mb)
	w.reverse(t, entries[feb[w.ma]])
	mar := w.month(t, "2025-03", dues)
	w.pay(t, "2025-03", mar, w.mb)
	return w
}

// fig is a Figures without the rate, for comparing.
type fig struct {
	members, months, unpaid int
	due, paid, out, rate    int64
}

func figOf(f fee.Figures) fig {
	return fig{f.Members, f.Months, f.UnpaidMonths, f.DueFen, f.PaidFen, f.OutstandingFen, f.RateBP}
}

func rowsByName(rows []report.OrgRow) map[string]fig {
	out := map[string]fig{}
	for _, r := range rows {
		out[r.OrgName] = figOf(r.Figures)
	}
	return out
}

// The report per organisation level adds up, in SQL, the frozen dues of
// the period and the entries on them (a reversal cancels its payment):
// the university's lines are its 二级党委, a committee's its branches and
// its own members (本级); the collection rate is paid ÷ due rounded down.
func TestOrgReportRollsUpBranchCommitteeUniversity(t *testing.T) {
	t.Parallel()
	w := newLedgerWorld(t)
	feb := apptest.DoJSON[report.OrgReport](t, w.e, 200, "GET", "/api/dfgl/report/orgs?year=2025&month=2", w.e.AdminTK, nil)
	if feb.OrgID != w.c.Root || feb.OrgName != "学校党委" {
		t.Errorf("the university's report is of %d %q", feb.OrgID, feb.OrgName)
	}
	got := rowsByName(feb.Rows)
	want := map[string]fig{
		"计算机学院党委": {members: 3, months: 3, unpaid: 2, due: 1350, paid: 50, out: 1300, rate: 370},
		"数学学院党委":  {members: 1, months: 1, unpaid: 1, due: 20, paid: 0, out: 20, rate: 0},
	}
	if len(got) != 2 || got["计算机学院党委"] != want["计算机学院党委"] || got["数学学院党委"] != want["数学学院党委"] {
		t.Errorf("February by committee: %+v, want %+v", got, want)
	}
	if total := figOf(feb.Total); total != (fig{4, 4, 3, 1370, 50, 1320, 364}) {
		t.Errorf("February's total %+v", total)
	}

	year := apptest.DoJSON[report.OrgReport](t, w.e, 200, "GET", "/api/dfgl/report/orgs?year=2025", w.e.AdminTK, nil)
	got = rowsByName(year.Rows)
	if got["计算机学院党委"] != (fig{3, 9, 4, 4050, 1450, 2600, 3580}) || got["数学学院党委"] != (fig{1, 3, 2, 60, 20, 40, 3333}) {
		t.Errorf("2025 by committee: %+v", got)
	}
	if total := figOf(year.Total); total != (fig{4, 12, 6, 4110, 1470, 2640, 3576}) {
		t.Errorf("2025's total %+v", total)
	}

	// Drilling into 计算机学院党委: its two branches.
	cs := apptest.DoJSON[report.OrgReport](t, w.e, 200, "GET", fmt.Sprintf("/api/dfgl/report/orgs?year=2025&orgId=%d", w.c.CS), w.e.AdminTK, nil)
	got = rowsByName(cs.Rows)
	if len(cs.Rows) != 2 || cs.Rows[0].OrgName != "计算机教工党支部" || got["计算机学生党支部"] != (fig{1, 3, 2, 900, 300, 600, 3333}) ||
		got["计算机教工党支部"] != (fig{2, 6, 2, 3150, 1150, 2000, 3650}) {
		t.Errorf("计算机学院党委's lines %+v", cs.Rows)
	}
	if figOf(cs.Total) != (fig{3, 9, 4, 4050, 1450, 2600, 3580}) {
		t.Errorf("计算机学院党委's total %+v", cs.Total)
	}
	// The committee's own administrator starts there; 数学 is out of scope.
	mine := apptest.DoJSON[report.OrgReport](t, w.e, 200, "GET", "/api/dfgl/report/orgs?year=2025", w.csTK, nil)
	if mine.OrgID != w.c.CS || figOf(mine.Total) != figOf(cs.Total) || len(mine.Rows) != 2 {
		t.Errorf("the committee's own report %+v", mine)
	}
	// A year without batches: zeros, a rate of 100%.
	empty := apptest.DoJSON[report.OrgReport](t, w.e, 200, "GET", "/api/dfgl/report/orgs?year=2024", w.e.AdminTK, nil)
	if figOf(empty.Total) != (fig{rate: 10000}) {
		t.Errorf("2024 %+v", empty.Total)
	}
}

// Per member: each member's figures over the period, by organisation and
// name; unpaid=true keeps those with months unpaid.
func TestMemberReport(t *testing.T) {
	t.Parallel()
	w := newLedgerWorld(t)
	rows, n := apptest.GetPage[report.MemberRow](t, w.e, w.csTK, "/api/dfgl/report/members", url.Values{"year": {"2025"}})
	if n != 3 || len(rows) != 3 || rows[0].Name != "党员A" || rows[1].Name != "党员B" || rows[2].Name != "党员D" {
		t.Fatalf("计算机学院党委's members %+v", rows)
	}
	if f := figOf(rows[0].Figures); f != (fig{1, 3, 2, 3000, 1000, 2000, 3333}) || rows[0].OrgName != "计算机教工党支部" {
		t.Errorf("党员A %+v", rows[0])
	}
	unpaid, n := apptest.GetPage[report.MemberRow](t, w.e, w.e.AdminTK, "/api/dfgl/report/members",
		url.Values{"year": {"2025"}, "month": {"3"}, "unpaid": {"true"}, "size": {"2"}, "page": {"1"}})
	if n != 3 || len(unpaid) != 1 || unpaid[0].Name != "党员C" {
		t.Errorf("March's unpaid, second page of 2: %d %+v", n, unpaid)
	}
}

// The ledger (党费收缴台账) of a branch: a member a row, each month's due and
// paid, the year's, and the totals row.
func TestLedger(t *testing.T) {
	t.Parallel()
	w := newLedgerWorld(t)
	l := apptest.DoJSON[report.Ledger](t, w.e, 200, "GET", fmt.Sprintf("/api/dfgl/report/ledger?year=2025&orgId=%d", w.c.Branch), w.csTK, nil)
	if l.TotalElements != 2 || len(l.Rows) != 2 || l.Rows[0].Name != "党员A" {
		t.Fatalf("ledger %+v", l)
	}
	a := l.Rows[0]
	if a.Due != [12]int64{1000, 1000, 1000} || a.Paid != [12]int64{1000} || a.DueFen != 3000 || a.PaidFen != 1000 || a.OutstandingFen != 2000 {
		t.Errorf("党员A's line %+v", a)
	}
	if l.Total.Due != [12]int64{1050, 1050, 1050} || l.Total.Paid != [12]int64{1050, 50, 50} || l.Total.OutstandingFen != 2000 {
		t.Errorf("totals %+v", l.Total)
	}

	book := apptest.Download(t, w.e.Do("GET", fmt.Sprintf("/api/dfgl/report/ledger/export?year=2025&orgId=%d", w.c.Branch), w.csTK, nil))
	rows, _ := book.GetRows("Sheet1")
	if len(rows) != 5 || rows[0][0] != "计算机教工党支部党费收缴台账（2025年，单位：元）" || rows[1][2] != "1月应缴" || rows[1][27] != "全年实缴" {
		t.Fatalf("ledger workbook %q", rows)
	}
	if r := rows[2]; r[0] != "1" || r[1] != "党员A" || r[2] != "10.00" || r[3] != "10.00" || r[5] != "0.00" || r[26] != "30.00" || r[28] != "20.00" {
		t.Errorf("党员A's row %q", r)
	}
	if r := rows[4]; r[0] != "合计" || r[2] != "10.50" || r[5] != "0.50" || r[26] != "31.50" || r[27] != "11.50" {
		t.Errorf("totals row %q", r)
	}
}

// The finance office's workbook of the report: title row naming the
// organisation, period and unit, amounts in 元 with two decimals, totals row.
func TestOrgReportExport(t *testing.T) {
	t.Parallel()
	w := newLedgerWorld(t)
	book := apptest.Download(t, w.e.Do("GET", "/api/dfgl/report/orgs/export?year=2025", w.e.AdminTK, nil))
	rows, _ := book.GetRows("Sheet1")
	if len(rows) != 5 || rows[0][0] != "学校党委党费收缴情况统计表（2025年，单位：元）" || rows[1][6] != "应缴金额" {
		t.Fatalf("workbook %q", rows)
	}
	if r := rows[2]; r[1] != "计算机学院党委" || r[2] != "二级党委" || r[3] != "3" || r[6] != "40.50" || r[7] != "14.50" || r[8] != "26.00" || r[9] != "35.80%" {
		t.Errorf("计算机学院党委's row %q", r)
	}
	if r := rows[4]; r[0] != "合计" || r[3] != "4" || r[6] != "41.10" || r[7] != "14.70" || r[8] != "26.40" || r[9] != "35.76%" {
		t.Errorf("totals %q", r)
	}
	raw, _ := book.GetCellValue("Sheet1", "G3")
	if raw != "40.50" {
		t.Errorf("G3 %q", raw)
	}
}
