package benchkit

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"zhdj/internal/platform/date"
)

// SnapshotStats are the figures of one 数据快照 taken.
type SnapshotStats struct {
	Took    time.Duration
	Members int // the roster frozen
	Counted int // 党员总数 of 党内统计 for the same date: the roster must match it
	Memory
}

// Report adds the figures to a benchmark's line.
func (s SnapshotStats) Report(b *testing.B) {
	b.ReportMetric(s.Took.Seconds(), "snapshot-s")
	b.ReportMetric(float64(s.Members), "members")
	s.report(b)
}

// Snapshot takes a 数据快照 of today as the organisation department does,
// through the HTTP handler (synchronous: the tables counted and the roster
// written in one transaction), and reads 党内统计's total of the same date.
func (w *World) Snapshot(tb testing.TB, i int) SnapshotStats {
	today := date.Of(time.Now().In(date.China))
	var res struct {
		Members int `json:"members"`
	}
	m := measure(func() {
		r := w.Env.Do("POST", "/api/sjkz/snapshots", w.Env.AdminTK, map[string]any{"date": today, "title": fmt.Sprint("基准快照", i)})
		if r.Status != 200 {
			tb.Fatalf("snapshot: %d %s", r.Status, r.Body)
		}
		if err := json.Unmarshal(r.Body, &res); err != nil {
			tb.Fatal(err)
		}
	})
	var table struct {
		Total struct {
			Counts map[string]int `json:"counts"`
		} `json:"total"`
	}
	if err := json.Unmarshal(w.get(tb, "/api/dntj/tables/members?size=1&date="+string(today), w.Env.AdminTK), &table); err != nil {
		tb.Fatal(err)
	}
	return SnapshotStats{Took: m.took, Members: res.Members, Counted: table.Total.Counts["total"], Memory: m.Memory}
}
