package secreview_test

import (
	"slices"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/date"
	"zhdj/internal/secreview"
)

// The demo: last year's rounds closed with every secretary's report
// graded, this year's open; the secretaries typed by name are linked to
// the members of that name, a committee without one is vacant.
func TestSeedDemo_LastYearGradedThisYearOpen(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	now := time.Now()
	res, err := w.e.App.SecReview.SeedDemo(t.Context(), secreview.DemoOptions{Seed: 3, Today: now})
	if err != nil {
		t.Fatal(err)
	}
	// The 党委's committee rounds and 计算机's and 数学's branch rounds, two years.
	if res.Rounds != 6 || res.Reports != 2*(2+4) {
		t.Fatalf("demo %+v", res)
	}
	year := date.Of(now.In(date.China)).Time().Year()
	rounds, _ := apptest.GetPage[secreview.RoundView](t, w.e, w.e.AdminTK, "/api/szpy/rounds", nil)
	for _, r := range rounds {
		past := r.Year == year-1
		if past != (r.State == secreview.RoundClosed) {
			t.Errorf("round %d of %d in state %s", r.ID, r.Year, r.State)
		}
		rows := w.reports(t, w.e.AdminTK, r.ID, nil)
		for _, p := range rows {
			switch {
			case p.Vacant != (p.OrgID == w.cs || p.OrgID == w.math || p.OrgID == w.vacant):
				t.Errorf("vacancy of %s: %+v", p.OrgName, p)
			case past && !p.Vacant && (p.State != secreview.StateGraded || !slices.Contains(secreview.Grades, p.Grade) || p.Comment == ""):
				t.Errorf("last year's report not graded: %+v", p)
			case p.State != secreview.StateDraft && p.SubmittedAt == nil:
				t.Errorf("a report past its draft without a submission: %+v", p)
			}
		}
	}
	if len(rounds) != 6 {
		t.Errorf("rounds %d", len(rounds))
	}
}
