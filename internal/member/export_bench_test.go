package member_test

import (
	"runtime"
	"testing"
	"time"
)

// The roster of 20,000 members (masked), through HTTP: allocations and
// bytes per exported row (server and client in one process, so the
// client's reading of the body is included; it is the same in every run).
func BenchmarkExport20k(b *testing.B) {
	w := newWorld(b)
	const members = 20000
	seedMembers(b, w.e, []int64{w.branchA, w.branchB, w.branchC}, members)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	for b.Loop() {
		if res := w.e.Do("GET", "/api/dyjbxx/export", w.e.AdminTK, nil); res.Status != 200 {
			b.Fatal(res.Status)
		}
	}
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	rows := float64(b.N * members)
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/rows, "allocs/row")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/rows, "B/row")
	b.ReportMetric(took.Seconds()/float64(b.N), "s/export")
}
