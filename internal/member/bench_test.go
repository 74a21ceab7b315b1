package member_test

import (
	"fmt"
	"net/url"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"zhdj/internal/apptest"
)

// benchWorld is a university of 30 secondary committees with 10 branches
// each (300 branches, made through the organisation API) and n members
// seeded directly.
func benchWorld(b *testing.B, n int) (w *world, committees []int64, memberIDs []int64) {
	b.Helper()
	w = &world{e: apptest.New(b)}
	w.root = w.org(b, 0, "1", "学校党委")
	var branches []int64
	for c := 0; c < 30; c++ {
		cid := w.org(b, w.root, "2", fmt.Sprintf("第%02d学院党委", c+1))
		committees = append(committees, cid)
		for k := 0; k < 10; k++ {
			branches = append(branches, w.org(b, cid, "5", fmt.Sprintf("第%02d学院第%02d党支部", c+1, k+1)))
		}
	}
	seedMembers(b, w.e, branches, n)
	if err := w.e.DB.NewSelect().Table("dyjbxx").Column("id").OrderExpr("id").Scan(b.Context(), &memberIDs); err != nil {
		b.Fatal(err)
	}
	if len(memberIDs) != n {
		b.Fatalf("%d members seeded", len(memberIDs))
	}
	return w, committees, memberIDs
}

// reportLatency adds p50 and p99 (milliseconds) of the measured calls.
func reportLatency(b *testing.B, d []time.Duration) {
	if len(d) == 0 {
		return
	}
	slices.Sort(d)
	at := func(q float64) float64 { return float64(d[int(q*float64(len(d)-1))].Microseconds()) / 1000 }
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
}

// The member list over 20,000 members in 300 branches, as a secondary
// committee administrator's page asks for it (data scope: their committee's
// 11 organisations): the committee's subtree (~670 members), a text
// search, a sort, page 20. Target p99 ≤ 30 ms.
func BenchmarkMemberList20k(b *testing.B) {
	w, committees, _ := benchWorld(b, 20000)
	token, _ := w.anchored(b, "LEVEL_AND_BELOW", committees[3], "dy:list")
	chars := []string{"伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋"}
	var lat []time.Duration
	i := 0
	for b.Loop() {
		q := url.Values{"subtreeOf": {fmt.Sprint(committees[3])}, "blurry": {chars[i%len(chars)]},
			"sort": {"name,asc"}, "page": {strconv.Itoa(i % 2)}, "size": {"20"}}
		start := time.Now()
		res := w.e.Do("GET", "/api/dyjbxx?"+q.Encode(), token, nil)
		lat = append(lat, time.Since(start))
		if res.Status != 200 || strings.Contains(string(res.Body), `"totalElements":0`) {
			b.Fatal(res.Status, string(res.Body))
		}
		i++
	}
	reportLatency(b, lat)
}

// The member detail (one member by id, with labels and names), over 20,000 members.
func BenchmarkMemberDetail(b *testing.B) {
	w, _, ids := benchWorld(b, 20000)
	var lat []time.Duration
	i := 0
	for b.Loop() {
		start := time.Now()
		res := w.e.Do("GET", fmt.Sprintf("/api/dyjbxx/%d", ids[(i*7919)%len(ids)]), w.e.AdminTK, nil)
		lat = append(lat, time.Since(start))
		if res.Status != 200 {
			b.Fatal(res.Status, string(res.Body))
		}
		i++
	}
	reportLatency(b, lat)
}

// The roster of 200,000 members (masked), streamed from a cursor into the
// xlsx writer. Target ≤ 20 s and ≤ 300 MB; reports the peak Go heap during
// the export and the process's peak resident memory (reset before it).
func BenchmarkMemberExport200k(b *testing.B) {
	w, _, _ := benchWorld(b, 200000)
	runtime.GC()
	for b.Loop() {
		os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) //nolint:errcheck // resets VmHWM on Linux
		var peak atomic.Uint64
		done := make(chan struct{})
		go func() {
			var ms runtime.MemStats
			for {
				runtime.ReadMemStats(&ms)
				if ms.HeapInuse > peak.Load() {
					peak.Store(ms.HeapInuse)
				}
				select {
				case <-done:
					return
				case <-time.After(20 * time.Millisecond):
				}
			}
		}()
		start := time.Now()
		res := w.e.Do("GET", "/api/dyjbxx/export", w.e.AdminTK, nil)
		took := time.Since(start)
		close(done)
		if res.Status != 200 {
			b.Fatal(res.Status, string(res.Body))
		}
		b.ReportMetric(took.Seconds(), "export-s")
		b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MB")
		b.ReportMetric(float64(len(res.Body))/(1<<20), "xlsx-MB")
		if hwm := peakRSS(); hwm > 0 {
			b.ReportMetric(hwm, "peak-rss-MB")
		}
	}
}

// peakRSS reads VmHWM from /proc/self/status in MB (0 when unavailable).
func peakRSS() float64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			return kb / 1024
		}
	}
	return 0
}
