package metrics

import (
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Unmatched is the route label of requests no declared route matches (404,
// or 405 for a declared path with another method): their paths are the
// client's to invent, and a label per path would grow without bound.
const Unmatched = "unmatched"

// statusClasses are the status label's values, by the first digit.
var statusClasses = [5]string{"1xx", "2xx", "3xx", "4xx", "5xx"}

// Route is the request metrics of one route: made once when the router is
// built, with the route and method labels already fixed, so recording a
// request costs no label lookup after its status class's first request.
type Route struct {
	requests *prometheus.CounterVec
	latency  prometheus.ObserverVec
	classes  [len(statusClasses)]atomic.Pointer[classMetrics]
}

// classMetrics is a route's counter and histogram of one status class.
type classMetrics struct {
	requests prometheus.Counter
	latency  prometheus.Observer
}

// Route is the metrics of the route declared as method and pattern (chi's
// pattern, "/api/users/{id}": never the path a request used). A series
// appears at the first request of a status class, so routes never called
// cost nothing in a scrape.
func (m *Metrics) Route(method, pattern string) *Route {
	l := prometheus.Labels{"route": pattern, "method": method}
	return &Route{requests: m.requests.MustCurryWith(l), latency: m.latency.MustCurryWith(l)}
}

// Observe records one answered request.
func (r *Route) Observe(status int, took time.Duration) {
	i := min(max(status/100, 1), len(statusClasses)) - 1
	c := r.classes[i].Load()
	if c == nil {
		// Two first requests may race here: both get the same children
		// from the vectors, so either store is right.
		c = &classMetrics{requests: r.requests.WithLabelValues(statusClasses[i]), latency: r.latency.WithLabelValues(statusClasses[i])}
		r.classes[i].Store(c)
	}
	c.requests.Inc()
	c.latency.Observe(took.Seconds())
}

// Unmatched is the metrics of a request no route matched, by its method
// (a method outside HTTP's own is counted as OTHER).
func (m *Metrics) Unmatched(method string) *Route {
	if r, ok := m.unmatched[method]; ok {
		return r
	}
	return m.other
}
