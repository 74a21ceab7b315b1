package metrics_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/metrics"
)

func TestMain(m *testing.M) { db.TestMain(m) }

func newMetrics(t *testing.T) *metrics.Metrics {
	t.Helper()
	return metrics.New(db.NewTest(t, nil).DB)
}

// sample finds the metric name with exactly labels: a counter's value or a
// histogram's count; -1 when there is no such series.
func sample(t *testing.T, m *metrics.Metrics, name string, labels map[string]string) float64 {
	t.Helper()
	families, err := m.Gatherer().Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
	series:
		for _, s := range f.GetMetric() {
			if len(s.GetLabel()) != len(labels) {
				continue
			}
			for _, l := range s.GetLabel() {
				if labels[l.GetName()] != l.GetValue() {
					continue series
				}
			}
			switch f.GetType() {
			case dto.MetricType_COUNTER:
				return s.GetCounter().GetValue()
			case dto.MetricType_HISTOGRAM:
				return float64(s.GetHistogram().GetSampleCount())
			}
		}
	}
	return -1
}

// A route's requests are counted under its declared pattern and method,
// by status class; paths nobody declared share one label whatever the
// client sends as a method.
func TestRequestsByRouteAndStatusClass(t *testing.T) {
	t.Parallel()
	m := newMetrics(t)
	user := m.Route("GET", "/api/users/{id}")
	user.Observe(200, 3*time.Millisecond)
	user.Observe(204, time.Millisecond)
	user.Observe(404, time.Millisecond)
	user.Observe(503, time.Second)
	m.Unmatched("GET").Observe(404, 0)
	m.Unmatched("BREW").Observe(405, 0)
	m.Unmatched("PROPFIND").Observe(405, 0)
	for _, c := range []struct {
		name   string
		labels map[string]string
		want   float64
	}{
		{"zhdj_http_requests_total", map[string]string{"route": "/api/users/{id}", "method": "GET", "status": "2xx"}, 2},
		{"zhdj_http_requests_total", map[string]string{"route": "/api/users/{id}", "method": "GET", "status": "4xx"}, 1},
		{"zhdj_http_request_duration_seconds", map[string]string{"route": "/api/users/{id}", "method": "GET", "status": "5xx"}, 1},
		{"zhdj_http_requests_total", map[string]string{"route": "/api/users/{id}", "method": "GET", "status": "3xx"}, -1},
		{"zhdj_http_requests_total", map[string]string{"route": metrics.Unmatched, "method": "GET", "status": "4xx"}, 1},
		{"zhdj_http_requests_total", map[string]string{"route": metrics.Unmatched, "method": "OTHER", "status": "4xx"}, 2},
	} {
		if got := sample(t, m, c.name, c.labels); got != c.want {
			t.Errorf("%s%v = %v, want %v", c.name, c.labels, got, c.want)
		}
	}
}

// Recording a request allocates nothing once its status class has been
// seen: the request path pays a few atomic additions. Not parallel:
// testing.AllocsPerRun refuses to count while other tests allocate.
func TestObserveDoesNotAllocate(t *testing.T) {
	r := newMetrics(t).Route("POST", "/api/users")
	r.Observe(201, time.Millisecond)
	if n := testing.AllocsPerRun(100, func() { r.Observe(201, time.Millisecond) }); n != 0 {
		t.Errorf("Observe allocates %v times a request", n)
	}
}

// Every declared job has its series from the start, at zero; a run adds to
// the runs and its duration, a failed one to the failures too.
func TestJobRunsAndFailures(t *testing.T) {
	t.Parallel()
	m := newMetrics(t)
	m.JobDeclared("system.purgeLogs")
	job := map[string]string{"job": "system.purgeLogs"}
	if got := sample(t, m, "zhdj_job_failures_total", job); got != 0 {
		t.Errorf("failures of a declared job before any run: %v, want 0", got)
	}
	m.JobFinished("system.purgeLogs", 2*time.Second, nil)
	m.JobFinished("system.purgeLogs", time.Second, errors.New("磁盘已满"))
	for name, want := range map[string]float64{"zhdj_job_runs_total": 2, "zhdj_job_failures_total": 1, "zhdj_job_duration_seconds": 2} {
		if got := sample(t, m, name, job); got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
}

// The handler answers the text format with the pool, the runtime and the
// process besides the program's own metrics.
func TestHandlerServesTextFormat(t *testing.T) {
	t.Parallel()
	m := newMetrics(t)
	m.Route("GET", "/api/users").Observe(200, time.Millisecond)
	srv := httptest.NewServer(m.Handler())
	defer srv.Close()
	res, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if ct := res.Header.Get("Content-Type"); res.StatusCode != 200 || !strings.HasPrefix(ct, "text/plain") {
		t.Fatalf("status %d, content type %q", res.StatusCode, ct)
	}
	for _, want := range []string{`go_sql_open_connections{db_name="zhdj"}`, "go_goroutines ", "process_resident_memory_bytes ",
		`zhdj_http_requests_total{method="GET",route="/api/users",status="2xx"} 1`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("the exposition lacks %q", want)
		}
	}
}
