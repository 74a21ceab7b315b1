package jobs

import (
	"context"
	"time"
)

// Summary is what the server monitor shows of the jobs: their runs over
// a recent window, on every instance, and the newest failure.
type Summary struct {
	Jobs        int        `json:"jobs"`
	Since       time.Time  `json:"since"`
	Runs        int        `json:"runs"`
	Failed      int        `json:"failed"`
	Running     int        `json:"running"`
	LastFailure *FailedRun `json:"lastFailure"`
}

// FailedRun names a run that failed.
type FailedRun struct {
	JobName   string    `json:"jobName"`
	StartedAt time.Time `json:"startTime"`
	Error     string    `json:"error"`
}

// Summarise counts the runs started since (by the started_at index).
func (s *Scheduler) Summarise(ctx context.Context, since time.Time) (Summary, error) {
	out := Summary{Jobs: len(s.jobs), Since: since}
	err := s.db.NewSelect().Model((*Run)(nil)).
		ColumnExpr("COUNT(*)").
		ColumnExpr("COALESCE(SUM(CASE WHEN jr.success = ? THEN 1 ELSE 0 END), 0)", false).
		ColumnExpr("COALESCE(SUM(CASE WHEN jr.state = ? THEN 1 ELSE 0 END), 0)", StateStart).
		Where("jr.started_at >= ?", since).Scan(ctx, &out.Runs, &out.Failed, &out.Running)
	if err != nil || out.Failed == 0 {
		return out, err
	}
	var last Run
	if err := s.db.NewSelect().Model(&last).Column("job_name", "started_at", "error").
		Where("jr.started_at >= ?", since).Where("jr.success = ?", false).OrderExpr("jr.started_at DESC").Limit(1).Scan(ctx); err != nil {
		return out, err
	}
	out.LastFailure = &FailedRun{JobName: last.JobName, StartedAt: last.StartedAt, Error: last.Error}
	return out, nil
}
