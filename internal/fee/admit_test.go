package fee_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
	"zhdj/internal/fee/report"
	"zhdj/internal/member"
)

// 党费规定: 预备党员从支部大会通过其为预备党员之日起交纳党费. A probationary
// member made at develop's ⑰ (member record of source 本校发展, joined = the
// branch meeting of ⑮) three months after the meeting is charged the months
// from the meeting whose batches started without them: in the open batches
// as dues, in the settled ones as back payments (补交), at the standards'
// amount (a student's 0.20 元); months before the back-payment window (RULES
// §1: 补交 at most 6 months) are not charged; nor is a member transferred in
// (they paid where they were). The months charged on admission do not count
// as arrears.
func TestProbationaryPaysFromBranchMeetingMonth_FeeRules(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.student(t, w.c.Branch, "老党员")
	batches := map[string]fee.Batch{}
	for n := -8; n <= 0; n++ { // months −8 … −2 settled, −1 (past, still open) and the current one open
		b := w.batch(t, month(n))
		if n <= -2 {
			b = apptest.DoJSON[fee.Batch](t, w.e, 200, "POST", fmt.Sprintf("/api/dfgl/batch/%d/settle", b.ID), w.dept, nil)
		}
		batches[month(n)] = b
	}
	admit := func(name, source string, meeting int) int64 {
		return w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, w.c.Branch, "gender", member.GenderMale,
			"partyStatus", member.PartyProbation, "source", source, "personType", "2", "personCategory", "2",
			"appliedOn", month(-30)+"-01", "joinedOn", month(meeting)+"-15", "fullOn", nil))
	}
	dues := func(id int64) map[string]fee.Due {
		var list []fee.Due
		if err := w.e.DB.NewSelect().Model(&list).Where("member_id = ?", id).Scan(t.Context()); err != nil {
			t.Fatal(err)
		}
		out := map[string]fee.Due{}
		for _, d := range list {
			out[d.Month] = d
		}
		return out
	}
	months := func(d map[string]fee.Due) []string {
		out := []string{}
		for m := range d {
			out = append(out, m)
		}
		slices.Sort(out)
		return out
	}

	a := admit("新预备党员", member.SourceDeveloped, -3)
	t.Run("支部大会在M月通过、M+3月批准：M至M+3各月按学生标准补记", func(t *testing.T) {
		d := dues(a)
		if got, want := months(d), []string{month(-3), month(-2), month(-1), month(0)}; !slices.Equal(got, want) {
			t.Fatalf("months %v, want %v", got, want)
		}
		for m, due := range d {
			settled := batches[m].State == fee.BatchSettled
			if due.DueFen != 20 || due.Category != "学生" || !due.ChargedLate || due.MemberName != "新预备党员" || due.OrgID != w.c.Branch ||
				!strings.HasSuffix(due.OrgPath, fmt.Sprintf("/%d/", w.c.Branch)) || due.CommitteeID == nil ||
				*due.CommitteeID != w.c.CS || due.BatchID != batches[m].ID || !strings.Contains(due.Working, "自支部大会通过之月（"+month(-3)+"）起交纳") ||
				strings.Contains(due.Working, "按补交办理") != settled {
				t.Errorf("%s: %+v", m, due)
			}
		}
		var b fee.Batch
		if err := w.e.DB.NewSelect().Model(&b).Where("id = ?", batches[month(-3)].ID).Scan(t.Context()); err != nil ||
			b.Members != batches[month(-3)].Members+1 || b.DueFen != batches[month(-3)].DueFen+20 {
			t.Fatalf("the month's totals %+v (%v), before %+v", b, err, batches[month(-3)])
		}
		// The settled month is paid as a back payment, like any arrears within the window.
		apptest.Expect(t, w.e.Do("POST", "/api/dfgl/onsite", w.secretary, ids(d[month(-3)].ID)), 201)
	})
	t.Run("补记的月份不计入连续欠缴", func(t *testing.T) {
		rows, _ := apptest.GetPage[report.Arrear](t, w.e, w.e.AdminTK, "/api/dfgl/report/arrears", url.Values{"min": {"1"}})
		for _, r := range rows {
			if r.MemberID == a {
				t.Fatalf("arrears %+v", r)
			}
		}
	})
	t.Run("补交最多6个月：早于补交期限的月份不补记", func(t *testing.T) {
		late := admit("迟批预备党员", member.SourceDeveloped, -8)
		if got, want := months(dues(late)), []string{month(-6), month(-5), month(-4), month(-3), month(-2), month(-1), month(0)}; !slices.Equal(got, want) {
			t.Fatalf("months %v, want %v", got, want)
		}
	})
	t.Run("校外转入的预备党员不补记", func(t *testing.T) {
		if d := dues(admit("转入预备党员", "2", -3)); len(d) != 0 {
			t.Fatalf("dues %v", months(d))
		}
	})
}
