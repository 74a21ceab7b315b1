package benchkit

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"testing"
	"time"

	"zhdj/internal/fee"
	feereport "zhdj/internal/fee/report"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
)

// FeeWorld is the party-fee part of a world: the demo's fee year but the
// current month (its start is measured), the branches and the token of a
// branch secretary's scope per branch.
type FeeWorld struct {
	Seeded   feereport.DemoResult
	Month    string // the current month (YYYY-MM)
	Branches []int64
}

// SeedFees writes the demo's eleven settled months of party fees.
func (w *World) SeedFees(tb testing.TB) *FeeWorld {
	tb.Helper()
	ctx := context.Background()
	res, err := w.Env.App.FeeReport.SeedDemo(ctx, w.Env.App.Fee, feereport.DemoOptions{Seed: Seed, Today: w.Options.Today, SkipCurrent: true})
	if err != nil {
		tb.Fatal(err)
	}
	f := &FeeWorld{Seeded: res, Month: w.Options.Today.In(date.China).Format("2006-01")}
	if err := w.Env.DB.NewSelect().Model((*org.Org)(nil)).Column("id").Where("type = ?", org.TypeBranch).
		Where("EXISTS (SELECT 1 FROM dyjbxx AS m WHERE m.org_id = z.id)").OrderExpr("id").Scan(ctx, &f.Branches); err != nil {
		tb.Fatal(err)
	}
	return f
}

// FeeStart creates and starts the current month's batch through the API
// (the dues of every member frozen) and answers how long the start took
// and how many dues it froze.
func (w *World) FeeStart(tb testing.TB, f *FeeWorld) (time.Duration, int) {
	tb.Helper()
	res := w.Env.Do("POST", "/api/dfgl/batch", w.Env.AdminTK, map[string]any{"month": f.Month, "reason": "补建以前月份"})
	if res.Status != 201 && res.Status != 200 {
		tb.Fatalf("create batch: %d %s", res.Status, res.Body)
	}
	var b fee.Batch
	if err := json.Unmarshal(res.Body, &b); err != nil {
		tb.Fatal(err)
	}
	start := time.Now()
	res = w.Env.Do("POST", fmt.Sprintf("/api/dfgl/batch/%d/start", b.ID), w.Env.AdminTK, nil)
	took := time.Since(start)
	if res.Status != 200 {
		tb.Fatalf("start batch: %d %s", res.Status, res.Body)
	}
	if err := json.Unmarshal(res.Body, &b); err != nil {
		tb.Fatal(err)
	}
	return took, b.Members
}

// FeeMonthList is a branch's month list (the branch subtree, page 20,
// by name): each call the next branch.
func (w *World) FeeMonthList(f *FeeWorld) func(tb testing.TB, i int) {
	return func(tb testing.TB, i int) {
		q := url.Values{"month": {f.Month}, "orgId": {strconv.FormatInt(f.Branches[(i*31)%len(f.Branches)], 10)},
			"page": {"0"}, "size": {"20"}}
		w.get(tb, "/api/dfgl/due?"+q.Encode(), w.Env.AdminTK)
	}
}

// FeeYearly is the university's yearly report (by 二级党委, the year's
// member-month dues and entries added up).
func (w *World) FeeYearly(f *FeeWorld) func(tb testing.TB, i int) {
	return func(tb testing.TB, i int) {
		w.get(tb, "/api/dfgl/report/orgs?year="+f.Month[:4], w.Env.AdminTK)
	}
}

// FeeArrears is the university's arrears list (first page).
func (w *World) FeeArrears(tb testing.TB, _ int) {
	w.get(tb, "/api/dfgl/report/arrears?size=20", w.Env.AdminTK)
}

// FeeTargets prints the start against the target (#14: ≤ 5 s at 20,000 members).
func FeeTargets(kind string, members int, f *FeeWorld, start time.Duration, dues int) {
	fmt.Printf("fee demo on %s: %d months, %d dues, %d payments, %d entries, %d bases in %.1f s\n", kind,
		f.Seeded.Months, f.Seeded.Dues, f.Seeded.Payments, f.Seeded.Entries, f.Seeded.Bases, f.Seeded.Took.Seconds())
	verdict := "met"
	if start > 5*time.Second {
		verdict = "MISSED"
	}
	fmt.Printf("target %s members=%d fee/start: %d dues frozen in %.2f s (≤ 5 s: %s), %s\n", kind, members, dues, start.Seconds(), verdict, LoadAverage())
}
