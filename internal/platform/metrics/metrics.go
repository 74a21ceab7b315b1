// Package metrics is what a Prometheus server scrapes from this instance
// (issue 33): the requests of every declared route, the database pool, the
// Go runtime, the process and the scheduled jobs' runs, in the Prometheus
// text format from github.com/prometheus/client_golang (the reference
// client, whose collectors already read sql.DBStats, the runtime and
// /proc).
//
// Every instance keeps its own registry, not the library's global one: the
// tests start many servers in one process, and nothing else can register a
// collector behind the program's back.
package metrics

import (
	"database/sql"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// namespace prefixes the program's own metrics (zhdj_http_…, zhdj_job_…).
const namespace = "zhdj"

// Metrics is one instance's registry and the program's own metrics in it.
type Metrics struct {
	reg *prometheus.Registry

	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	// unmatched is the request metrics of paths no route declares, one per
	// method (the client's method is not a label value we may trust).
	unmatched map[string]*Route
	other     *Route

	jobRuns     *prometheus.CounterVec
	jobFailures *prometheus.CounterVec
	jobDuration *prometheus.HistogramVec
}

// New is the metrics of a process whose database pool is pool.
func New(pool *sql.DB) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	httpLabels := []string{"route", "method", "status"}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Subsystem: "http", Name: "requests_total",
		Help: "HTTP requests answered, by declared route pattern, method and status class."}, httpLabels)
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Subsystem: "http", Name: "request_duration_seconds",
		Help:    "Time a routed request took to answer (guard, handler, operation log), by declared route pattern, method and status class.",
		Buckets: prometheus.DefBuckets}, httpLabels)
	m.jobRuns = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Subsystem: "job", Name: "runs_total",
		Help: "Runs of a scheduled job on this instance (scheduled and manual), successful or not."}, []string{"job"})
	m.jobFailures = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Subsystem: "job", Name: "failures_total",
		Help: "Runs of a scheduled job on this instance that ended in an error or a panic."}, []string{"job"})
	m.jobDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Subsystem: "job", Name: "duration_seconds",
		Help:    "Duration of a scheduled job's runs on this instance, as its run record keeps it.",
		Buckets: jobBuckets}, []string{"job"})
	m.reg.MustRegister(m.requests, m.latency, m.jobRuns, m.jobFailures, m.jobDuration,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		collectors.NewDBStatsCollector(pool, namespace))
	m.unmatched = map[string]*Route{}
	for _, method := range []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions} {
		m.unmatched[method] = m.Route(method, Unmatched)
	}
	m.other = m.Route("OTHER", Unmatched)
	return m
}

// jobBuckets spans the jobs' runs: a purge of a second to an import of
// half an hour (jobs.DefaultTimeout).
var jobBuckets = []float64{0.1, 0.5, 1, 5, 15, 60, 300, 900, 1800}

// Handler serves the registry in the Prometheus text format (or
// compressed, as the scraper asks). A collector that fails leaves its
// metrics out and the rest is served: a scrape that fails entirely would
// hide everything else too.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorLog: slogger{}, ErrorHandling: promhttp.ContinueOnError,
		Registry: m.reg})
}

// Gatherer is the registry, for tests that read values without parsing text.
func (m *Metrics) Gatherer() prometheus.Gatherer { return m.reg }

// slogger hands promhttp's errors to the process's logger (text or JSON,
// whichever is the default when the error happens).
type slogger struct{}

func (slogger) Println(v ...any) { slog.Warn("metrics: " + fmt.Sprint(v...)) }
