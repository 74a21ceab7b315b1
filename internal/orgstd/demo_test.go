package orgstd_test

import (
	"net/url"
	"strconv"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/orgstd"
)

// The demo: last year's round finished for every branch (reviewed, the set
// frozen, a few marks), this year's set open; a committee's ranking shows.
func TestSeedDemo_LastYearsRoundAndThisYearsOpenSet(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	today := time.Date(2028, 3, 1, 10, 0, 0, 0, time.UTC)
	for i := range 6 {
		w.e.Org(t, w.math, "5", "数学第"+strconv.Itoa(i+1)+"党支部")
	}
	res, err := w.e.App.OrgStd.SeedDemo(t.Context(), orgstd.DemoOptions{Seed: 3, Today: today})
	if err != nil {
		t.Fatal(err)
	}
	if res.Year != 2027 || res.Assessments != 10 || res.Marks < 1 {
		t.Fatalf("demo: %+v", res)
	}
	// The world's own set is 2025's; the demo writes 2027 and 2028.
	last := apptest.DoJSON[orgstd.IndicatorSet](t, w.e, 200, "GET", "/api/dzzjs/indicators?year=2027", w.deptTK, nil)
	next := apptest.DoJSON[orgstd.IndicatorSet](t, w.e, 200, "GET", "/api/dzzjs/indicators?year=2028", w.deptTK, nil)
	if !last.Frozen || next.Frozen || next.Total != 100 || len(next.Indicators) != 25 {
		t.Fatalf("2027 frozen %v; 2028 %+v", last.Frozen, next)
	}
	rows, n := apptest.GetPage[orgstd.BranchRank](t, w.e, w.mathTK, "/api/dzzjs/ranking/branches", url.Values{"year": {"2027"}})
	if n != 7 || rows[0].Rank != 1 || rows[0].ReviewTotal < rows[len(rows)-1].ReviewTotal {
		t.Fatalf("数学's ranking: %d %+v", n, rows)
	}
	d := apptest.DoJSON[orgstd.AssessmentDetail](t, w.e, 200, "GET", path(rows[0].AssessmentID, ""), w.mathTK, nil)
	if d.State != orgstd.StateReviewed || d.ReviewTotal == nil || *d.ReviewTotal > d.SelfTotal || d.ReviewedBy != "数学学院党委" {
		t.Fatalf("a demo assessment: %+v", d.AssessmentView)
	}
}
