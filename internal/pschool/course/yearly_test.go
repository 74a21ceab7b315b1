package course_test

import (
	"sync"
	"testing"
	"time"

	"zhdj/internal/platform/date"
	"zhdj/internal/pschool/course"
)

// The yearly totals the 学时 report reads follow the ledger: a credit adds
// to its learner's year once (a second credit of the same node adds
// nothing), concurrent credits of one learner all count, the year is the
// credit's, and a rebuild from the ledger gives the same totals.
func TestYearTotalsFollowTheLedger(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := t.Context()
	credit := func(user, ref int64, day string, tenths int) bool {
		t.Helper()
		d := date.MustParse(day)
		ok, err := course.WriteCredit(ctx, w.e.DB, &course.Credit{UserID: user, Source: course.SourceNode, RefID: ref,
			Tenths: tenths, CreditedOn: d, Year: d.Time().Year(), CreatedAt: time.Now().UTC()})
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	totals := func() map[[2]int64]int {
		t.Helper()
		out := map[[2]int64]int{}
		for _, year := range []int{2025, 2026} {
			var rows []struct {
				UserID int64 `bun:"user_id"`
				Tenths int   `bun:"tenths"`
			}
			if err := course.YearTotals(w.e.DB, year).Scan(ctx, &rows); err != nil {
				t.Fatal(err)
			}
			for _, r := range rows {
				out[[2]int64{r.UserID, int64(year)}] = r.Tenths
			}
		}
		return out
	}
	if !credit(w.aID, 1, "2025-12-31", 10) || !credit(w.aID, 2, "2026-01-01", 15) {
		t.Fatal("first credits refused")
	}
	if credit(w.aID, 2, "2026-01-02", 15) {
		t.Fatal("the same node credited twice")
	}
	var wg sync.WaitGroup
	for ref := int64(100); ref < 110; ref++ {
		wg.Go(func() { credit(w.bID, ref, "2026-06-01", 5) })
	}
	wg.Wait()
	want := map[[2]int64]int{{w.aID, 2025}: 10, {w.aID, 2026}: 15, {w.bID, 2026}: 50}
	got := totals()
	for k, v := range want {
		if got[k] != v {
			t.Errorf("total %v = %d, want %d (all %v)", k, got[k], v, got)
		}
	}
	if err := course.RebuildYearTotals(ctx, w.e.DB); err != nil {
		t.Fatal(err)
	}
	if again := totals(); len(again) != len(got) || again[[2]int64{w.bID, 2026}] != 50 || again[[2]int64{w.aID, 2025}] != 10 {
		t.Errorf("rebuilt %v, kept %v", again, got)
	}
}
