package report_test

import (
	"context"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/demo"
	"zhdj/internal/fee"
	"zhdj/internal/fee/report"
	"zhdj/internal/member"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/date"
	"zhdj/internal/points"
)

// The demo year: twelve batches through package fee (eleven settled, the
// current one started), a due for every member in normal status each
// month, payments and some arrears — reminders and warnings among them —
// and a report whose total agrees with the batches; the same seed gives
// the same figures.
func TestDemoYear(t *testing.T) {
	t.Parallel()
	seed := func() (*apptest.Env, report.DemoResult) {
		e := apptest.New(t)
		cipher, err := crypto.LoadOrCreate(e.App.Config.KeyDir())
		if err != nil {
			t.Fatal(err)
		}
		// The seed runs early on the first of the month: a payment of this
		// month drawn for a later hour would lie in the future.
		now := time.Now().In(date.China)
		today := time.Date(now.Year(), now.Month(), 1, 7, 0, 0, 0, date.China)
		if _, err := demo.Seed(context.Background(), e.DB, cipher, demo.Options{Members: 400, Seed: 7, Today: today}); err != nil {
			t.Fatal(err)
		}
		res, err := e.App.FeeReport.SeedDemo(context.Background(), e.App.Fee, report.DemoOptions{Seed: 7, Today: today})
		if err != nil {
			t.Fatal(err)
		}
		// No payment or entry dated after the seed's today.
		var paid, created, entered time.Time
		if err := e.DB.NewSelect().Model((*fee.Payment)(nil)).ColumnExpr("MAX(paid_at), MAX(created_at)").Scan(t.Context(), &paid, &created); err != nil {
			t.Fatal(err)
		}
		if err := e.DB.NewSelect().Model((*fee.Entry)(nil)).ColumnExpr("MAX(created_at)").Scan(t.Context(), &entered); err != nil {
			t.Fatal(err)
		}
		if paid.IsZero() || paid.After(today) || created.After(today) || entered.After(today) {
			t.Errorf("the seed ran at %s: payments paid until %s, created until %s, entries until %s", today, paid.In(date.China), created.In(date.China), entered.In(date.China))
		}
		return e, res
	}
	e, res := seed()
	if res.Months != 12 || res.Entries < res.Dues*8/10 || res.Arrears == 0 {
		t.Fatalf("demo %+v", res)
	}
	// A base for every member who is not a student, for each year the twelve
	// months touch (one in December, two in any other month), and a raise
	// from July for some. (A fixed 100 failed every December, when the
	// months lie in one year.)
	var salaried int
	if err := e.DB.NewRaw(`SELECT COUNT(*) FROM dyjbxx WHERE member_status = ? AND person_type <> '2'`, member.StatusNormal).Scan(t.Context(), &salaried); err != nil {
		t.Fatal(err)
	}
	years := 2
	if time.Now().In(date.China).Month() == time.December {
		years = 1
	}
	if salaried == 0 || res.Bases < salaried*years || res.Bases > salaried*(years+1) {
		t.Fatalf("%d bases for %d members who are not students over %d year(s): %+v", res.Bases, salaried, years, res)
	}
	var states []string
	if err := e.DB.NewSelect().Model((*fee.Batch)(nil)).Column("state").OrderExpr("month").Scan(t.Context(), &states); err != nil {
		t.Fatal(err)
	}
	if len(states) != 12 || states[0] != fee.BatchSettled || states[10] != fee.BatchSettled || states[11] != fee.BatchOpen {
		t.Errorf("batch states %v", states)
	}
	var members int
	if err := e.DB.NewSelect().Model((*fee.Batch)(nil)).ColumnExpr("MAX(members)").Scan(t.Context(), &members); err != nil || members != 400 {
		t.Errorf("dues of a month: %d (%v), want every member", members, err)
	}
	rows, n := apptest.GetPage[report.Arrear](t, e, e.AdminTK, "/api/dfgl/report/arrears", nil)
	warned := 0
	for _, r := range rows {
		if r.Level == report.LevelWarn {
			warned++
		}
	}
	if n != res.Arrears || warned == 0 {
		t.Errorf("arrears %d (%d warned), the demo counted %d", n, warned, res.Arrears)
	}
	// The demo's arrears are history from before points counted fees: the
	// daily job finds none of its ended months to deduct.
	if err := e.App.Fee.TellArrears(t.Context()); err != nil {
		t.Fatal(err)
	}
	deducted, err := e.DB.NewSelect().Table("jf_entry").Where("kind = ?", points.KindArrears).Count(t.Context())
	if err != nil || deducted != 0 {
		t.Errorf("the arrears job deducted %d entries (%v) from the demo's history", deducted, err)
	}
	year := time.Now().Year()
	rep := apptest.DoJSON[report.OrgReport](t, e, 200, "GET", "/api/dfgl/report/orgs?year="+itoa(year), e.AdminTK, nil)
	if rep.Total.DueFen <= 0 || rep.Total.PaidFen <= 0 || rep.Total.RateBP < 8000 || rep.Total.RateBP >= 10000 {
		t.Errorf("the university's year %+v", rep.Total)
	}

	_, again := seed()
	if again.Dues != res.Dues || again.Entries != res.Entries || again.Bases != res.Bases || again.Arrears != res.Arrears {
		t.Errorf("the same seed gave %+v, then %+v", res, again)
	}
}

func itoa(n int) string { return time.Date(n, 1, 1, 0, 0, 0, 0, time.UTC).Format("2006") }
