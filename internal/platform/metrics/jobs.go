package metrics

import "time"

// JobDeclared makes the series of a job the scheduler holds, at zero: an
// alert on a rise of failures then also sees the first one after a start.
// (jobs.Observer; the jobs package does not know this library.)
func (m *Metrics) JobDeclared(name string) {
	m.jobRuns.WithLabelValues(name)
	m.jobFailures.WithLabelValues(name)
	m.jobDuration.WithLabelValues(name)
}

// JobFinished records a run of job name that took took and ended with err
// (nil: success). The names are the declared jobs' only, so the label is bounded.
func (m *Metrics) JobFinished(name string, took time.Duration, err error) {
	m.jobRuns.WithLabelValues(name).Inc()
	if err != nil {
		m.jobFailures.WithLabelValues(name).Inc()
	}
	m.jobDuration.WithLabelValues(name).Observe(max(took, 0).Seconds())
}
