package duty

import (
	"testing"
	"time"

	"zhdj/internal/platform/date"
)

// Late is judged on China's calendar: the whole due day is on time (its
// last minute is 15:59 UTC), the next day's first minute is late.
func TestLateOn_DueDayAndNextDay(t *testing.T) {
	t.Parallel()
	due := date.Date("2026-12-10")
	for _, c := range []struct {
		at   string
		late bool
	}{
		{"2026-12-09T16:00:00Z", false}, // 12-10 00:00 in China
		{"2026-12-10T15:59:59Z", false}, // 12-10 23:59:59 in China
		{"2026-12-10T16:00:00Z", true},  // 12-11 00:00 in China
		{"2026-12-11T09:00:00Z", true},
		{"2026-12-01T00:00:00Z", false},
	} {
		at, err := time.Parse(time.RFC3339, c.at)
		if err != nil {
			t.Fatal(err)
		}
		if got := lateOn(due, at); got != c.late {
			t.Errorf("submitted %s for %s: late %v, want %v", c.at, due, got, c.late)
		}
	}
}
