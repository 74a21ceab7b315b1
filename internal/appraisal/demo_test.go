package appraisal_test

import (
	"fmt"
	"testing"
	"time"

	"zhdj/internal/appraisal"
	"zhdj/internal/apptest"
	"zhdj/internal/platform/date"
)

// The demo: a branch with three full members or more gets last year's
// round decided from ballots cast through the engine (the counts show on
// the members' details) and this year's round; the branches with fewer get none.
func TestSeedDemo_LastYearDecidedFromRealBallots(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	now := time.Now()
	res, err := w.e.App.Appraisal.SeedDemo(t.Context(), appraisal.DemoOptions{Seed: 3, Today: now})
	if err != nil {
		t.Fatal(err)
	}
	if res.Rounds != 2 || res.Decided != 1 || res.Ballots < 4 {
		t.Fatalf("demo %+v", res)
	}
	year := date.Of(now.In(date.China)).Time().Year()
	last := apptest.DoJSON[appraisal.Progress](t, w.e, 200, "GET", fmt.Sprintf("/api/mzpy/progress?year=%d", year-1), w.e.AdminTK, nil)
	if last.Counts[appraisal.StateDecided] != 1 || last.Counts[appraisal.StateNone] != 3 {
		t.Fatalf("last year %+v", last)
	}
	votes := 0
	for _, m := range w.full {
		res := apptest.DoJSON[[]appraisal.Result](t, w.e, 200, "GET", fmt.Sprintf("/api/mzpy/member/%d", m), w.e.AdminTK, nil)
		if len(res) != 1 || res[0].Grade == "" {
			t.Fatalf("member %d: %+v", m, res)
		}
		votes += res[0].Excellent + res[0].Qualified + res[0].Basic + res[0].Unqualified
	}
	if votes != 5*res.Ballots { // every ballot grades the five full members (this year's round is still 自评)
		t.Errorf("counts %d of %d ballots", votes, res.Ballots)
	}
	this := apptest.DoJSON[appraisal.Progress](t, w.e, 200, "GET", fmt.Sprintf("/api/mzpy/progress?year=%d", year), w.e.AdminTK, nil)
	if this.Counts[appraisal.StateSelf] != 1 {
		t.Errorf("this year %+v", this.Counts)
	}
}
