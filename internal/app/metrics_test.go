package app_test

import (
	"bufio"
	"bytes"
	"context"
	"strings"
	"testing"

	"zhdj/internal/apptest"
)

// Issue 33, Prometheus metrics: only the system administrators (server:list)
// read them, a scraper with the token of such an account; requests are
// counted under the route's declared pattern, paths nobody declared under
// one label; the pool, the runtime and the jobs are there.
func TestMetricsEndpoint(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	plain, _ := e.UserWith("ALL", 0, "user:list")
	e.ExpectCalls(t, []apptest.Call{
		{Method: "GET", Path: "/api/monitor/metrics", Want: 401},
		{Method: "GET", Path: "/api/monitor/metrics", Token: plain, Want: 403},
	})
	// A route with a parameter, called with a concrete id (no such
	// organisation: a 404 of a declared route, not an unmatched path).
	apptest.Expect(t, e.Do("GET", "/api/dzzxx/987654321", e.AdminTK, nil), 404)
	apptest.Expect(t, e.Do("GET", "/api/no-such-route/987654321", e.AdminTK, nil), 404)
	apptest.Expect(t, e.Do("POST", "/api/no-such-route", e.AdminTK, "{}"), 404)
	if _, err := e.App.Jobs.RunNow(context.Background(), "jobs.purgeRuns"); err != nil {
		t.Fatal(err)
	}
	e.App.Jobs.Wait()

	res := e.Do("GET", "/api/monitor/metrics", e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
		t.Errorf("content type %q, want the text format", ct)
	}
	samples := parseSamples(res.Body)
	for series, want := range map[string]string{
		`zhdj_http_requests_total{method="GET",route="/api/dzzxx/{id}",status="4xx"}`:                 "1",
		`zhdj_http_request_duration_seconds_count{method="GET",route="/api/dzzxx/{id}",status="4xx"}`: "1",
		`zhdj_http_requests_total{method="GET",route="unmatched",status="4xx"}`:                       "1",
		`zhdj_http_requests_total{method="POST",route="unmatched",status="4xx"}`:                      "1",
		// The refusals above: counted under the route they were refused by.
		`zhdj_http_requests_total{method="GET",route="/api/monitor/metrics",status="4xx"}`: "2",
		`zhdj_job_runs_total{job="jobs.purgeRuns"}`:                                        "1",
		`zhdj_job_failures_total{job="jobs.purgeRuns"}`:                                    "0",
		`zhdj_job_duration_seconds_count{job="jobs.purgeRuns"}`:                            "1",
		`zhdj_job_runs_total{job="system.purgeExpired"}`:                                   "0", // declared, never run: there at zero
		`go_sql_max_open_connections{db_name="zhdj"}`:                                      "",  // any value: the pool is there
		`go_sql_open_connections{db_name="zhdj"}`:                                          "",
		`go_goroutines`:                 "",
		`process_resident_memory_bytes`: "",
	} {
		got, ok := samples[series]
		if !ok {
			t.Errorf("no series %s", series)
		} else if want != "" && got != want {
			t.Errorf("%s = %s, want %s", series, got, want)
		}
	}
	for series := range samples {
		if strings.Contains(series, "987654321") || strings.Contains(series, "no-such-route") {
			t.Errorf("a request's own path became a label: %s", series)
		}
	}
}

// parseSamples reads the text format's sample lines: value by series
// (name and labels as written).
func parseSamples(body []byte) map[string]string {
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if i := strings.LastIndexByte(line, ' '); i > 0 {
			out[line[:i]] = line[i+1:]
		}
	}
	return out
}
