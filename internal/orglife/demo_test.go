package orglife_test

import (
	"fmt"
	"testing"
	"time"

	"zhdj/internal/orglife"
	"zhdj/internal/platform/date"
)

// The demo's year: every branch holds its monthly and quarterly meetings
// (a few behind), none before its founding, the ones after today only planned.
func TestSeedDemo_AYearOfMeetingsForEveryBranch(t *testing.T) {
	t.Parallel()
	w := newStatsWorld(t)
	for i := 0; i < 20; i++ {
		w.orgFounded(t, w.math, "5", fmt.Sprintf("数学第%d党支部", i+1), "2015-09-01")
	}
	today := time.Now()
	res, err := w.e.App.OrgLife.SeedDemo(t.Context(), orglife.DemoOptions{Seed: 7, Today: today})
	if err != nil {
		t.Fatal(err)
	}
	// 22 old branches × at least 12 支委会 + 11 主题党日 + 4 大会 + 4 党课 + 1 组织生活会, the young one less.
	if res.Meetings < 22*32 || res.Meetings > 24*60 {
		t.Errorf("meetings %d", res.Meetings)
	}
	var rows []orglife.Meeting
	if err := w.e.DB.NewSelect().Model(&rows).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	day := date.Of(today.In(date.China))
	lectures := map[int64]int{}
	for _, m := range rows {
		if m.OrgID == w.young && m.HeldOn.Before("2025-05-20") {
			t.Errorf("a meeting before the branch was founded: %+v", m)
		}
		if m.HeldOn.Before(day) != (m.State == orglife.StateClosed) {
			t.Errorf("held on %s in state %d (today %s)", m.HeldOn, m.State, day)
		}
		if m.SecretaryLecture {
			lectures[m.OrgID]++
		}
	}
	if len(lectures) < 20 {
		t.Errorf("the secretaries' lectures: %v", lectures)
	}
}
