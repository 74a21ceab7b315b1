package weakorg_test

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/audit"
	"zhdj/internal/weakorg"
)

// The demo: last year's seven cases through every step, each with its trail.
func TestSeedDemo_LastYearsCasesThroughTheirSteps(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i := range 6 {
		w.e.Org(t, w.math, "5", fmt.Sprintf("数学第%d党支部", i+1))
	}
	res, err := w.e.App.WeakOrg.SeedDemo(t.Context(), weakorg.DemoOptions{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if res.Cases != 7 || res.Rectifying != 2 || res.Closed != 1 || res.Rejected != 2 {
		t.Fatalf("demo %+v", res)
	}
	states := map[int]int{}
	for _, c := range w.cases(t, w.deptTK, res.Year, nil) {
		states[c.State]++
		entries, _ := apptest.GetPage[audit.Labelled](t, w.e, w.deptTK, fmt.Sprintf("/api/rsrs/cases/%d/trail", c.ID), url.Values{"size": {"50"}})
		if len(entries) == 0 {
			t.Errorf("case %d has no trail", c.ID)
		}
	}
	want := map[int]int{weakorg.StateCandidate: 1, weakorg.StateRecommended: 1, weakorg.StateRectifying: 2, weakorg.StateRejected: 2, weakorg.StateClosed: 1}
	if fmt.Sprint(states) != fmt.Sprint(want) {
		t.Errorf("states %v, want %v", states, want)
	}
	// Both reminders fire for the case whose deadline is near and whose last report is old.
	if got := runReminders(t, w.e, weakorg.ReminderDeadline); len(got) != 1 {
		t.Errorf("deadline reminders %+v", got)
	}
	if got := runReminders(t, w.e, weakorg.ReminderNoProgress); len(got) != 1 {
		t.Errorf("progress reminders %+v", got)
	}
}
