package benchkit

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Stats are the figures of a measured scenario.
type Stats struct {
	Count    int
	P50, P99 time.Duration
	PerSec   float64 // requests per second, one client after another
}

// Summarize is the figures of latencies lat measured over total: PerSec is
// then the throughput of all the clients together.
func Summarize(lat []time.Duration, total time.Duration) Stats { return summarize(lat, total) }

func summarize(lat []time.Duration, total time.Duration) Stats {
	if len(lat) == 0 {
		return Stats{}
	}
	slices.Sort(lat)
	at := func(q float64) time.Duration { return lat[int(q*float64(len(lat)-1))] }
	return Stats{Count: len(lat), P50: at(0.50), P99: at(0.99), PerSec: float64(len(lat)) / total.Seconds()}
}

// Report adds the figures to a benchmark's line.
func (s Stats) Report(b *testing.B) {
	b.ReportMetric(float64(s.P50.Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(s.P99.Microseconds())/1000, "p99-ms")
	b.ReportMetric(s.PerSec, "req/s")
}

// Target prints the scenario's p99 against its target (none when target
// is 0) with the machine's load average, the line docs/performance.md
// records. Printed, not logged: benchmarks with sub-benchmarks print no log.
func (s Stats) Target(name string, target time.Duration) {
	verdict := "no target"
	if target > 0 {
		verdict = fmt.Sprintf("target p99 ≤ %v: ", target)
		if s.P99 <= target {
			verdict += "met"
		} else {
			verdict += "MISSED"
		}
	}
	fmt.Printf("target %s: p50 %.1f ms, p99 %.1f ms, %.0f req/s; %s; %s\n", name,
		float64(s.P50.Microseconds())/1000, float64(s.P99.Microseconds())/1000, s.PerSec, verdict, LoadAverage())
}

// LoadAverage is the machine's load average (Linux), for the figures' context.
func LoadAverage() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "load average unknown"
	}
	f := strings.Fields(string(raw))
	if len(f) < 3 {
		return "load average unknown"
	}
	return fmt.Sprintf("load average %s %s %s on %d cores", f[0], f[1], f[2], runtime.NumCPU())
}

// Loop runs scenario for as long as the benchmark runs and reports its figures.
func Loop(b *testing.B, scenario func(tb testing.TB, i int)) Stats {
	var lat []time.Duration
	i := 0
	start := time.Now()
	for b.Loop() {
		t0 := time.Now()
		scenario(b, i)
		lat = append(lat, time.Since(t0))
		i++
	}
	s := summarize(lat, time.Since(start))
	s.Report(b)
	return s
}

// Repeat runs scenario n times (the smoke test's way).
func Repeat(tb testing.TB, n int, scenario func(tb testing.TB, i int)) Stats {
	lat := make([]time.Duration, 0, n)
	start := time.Now()
	for i := 0; i < n; i++ {
		t0 := time.Now()
		scenario(tb, i)
		lat = append(lat, time.Since(t0))
	}
	return summarize(lat, time.Since(start))
}

// Memory is the peak memory of one measured run.
type Memory struct {
	PeakHeapMB float64 // the Go heap in use, sampled every 20 ms
	PeakRSSMB  float64 // the process's peak resident memory (Linux; 0 elsewhere)
	// PeakAnonMB is the peak anonymous resident memory, sampled every 20 ms:
	// PeakRSSMB without the pages of files mapped into the process (SQLite
	// reads its database through mmap, up to 256 MB a connection), which the
	// kernel can drop at will. It still holds SQLite's page caches.
	PeakAnonMB float64
	// StartAnonMB is the anonymous resident memory when the run started (what
	// earlier work, such as seeding, left in caches); PeakAnonMB minus it is
	// what the run itself added.
	StartAnonMB float64
}

func (m Memory) report(b *testing.B) {
	b.ReportMetric(m.PeakHeapMB, "peak-heap-MB")
	if m.PeakRSSMB > 0 {
		b.ReportMetric(m.PeakRSSMB, "peak-rss-MB")
		b.ReportMetric(m.PeakAnonMB, "peak-anon-rss-MB")
		b.ReportMetric(m.PeakAnonMB-m.StartAnonMB, "added-anon-rss-MB")
	}
}

// ExportStats are the figures of one export.
type ExportStats struct {
	Took  time.Duration
	Bytes int
	Memory
}

// Report adds the figures to a benchmark's line.
func (s ExportStats) Report(b *testing.B) {
	b.ReportMetric(s.Took.Seconds(), "export-s")
	b.ReportMetric(float64(s.Bytes)/(1<<20), "xlsx-MB")
	s.report(b)
}

// Export downloads the whole roster (masked) as the organisation
// department does: rows stream from a database cursor into the xlsx writer.
func (w *World) Export(tb testing.TB) ExportStats {
	var body []byte
	m := measure(func() { body = w.get(tb, "/api/dyjbxx/export", w.Env.AdminTK) })
	return ExportStats{Took: m.took, Bytes: len(body), Memory: m.Memory}
}

// measured are the time and peak memory of one run of a scenario.
type measured struct {
	took time.Duration
	Memory
}

// measure runs fn and measures its time and peak memory from a clean
// start: garbage collected, memory returned to the system, the peak-RSS
// mark reset. The Go heap in use and the anonymous resident memory are
// sampled every 20 ms.
func measure(fn func()) measured {
	runtime.GC()
	debug.FreeOSMemory()
	os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) //nolint:errcheck // resets VmHWM on Linux
	startAnon := statusKB("RssAnon:") << 10
	var peak, peakAnon atomic.Uint64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			if anon := statusKB("RssAnon:") << 10; anon > peakAnon.Load() {
				peakAnon.Store(anon)
			}
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	start := time.Now()
	fn()
	took := time.Since(start)
	close(done)
	<-sampled
	return measured{took: took, Memory: Memory{PeakHeapMB: float64(peak.Load()) / (1 << 20),
		PeakRSSMB: float64(statusKB("VmHWM:")) / 1024, PeakAnonMB: float64(peakAnon.Load()) / (1 << 20),
		StartAnonMB: float64(startAnon) / (1 << 20)}}
}

// statusKB reads a "kB" field of /proc/self/status, such as VmHWM: (the
// peak resident memory) or RssAnon: (0 when unavailable).
func statusKB(field string) uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, field); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb
		}
	}
	return 0
}
