package jobs

import (
	"time"

	"github.com/uptrace/bun"
)

// setting is a job's stored schedule and switch (table sys_job).
type setting struct {
	bun.BaseModel `bun:"table:sys_job,alias:j"`
	Name          string    `bun:"name,pk"`
	Cron          string    `bun:"cron"`
	Enabled       int       `bun:"enabled"`
	UpdatedBy     *int64    `bun:"updated_by"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

// Run is one run of a job (table sys_job_run).
type Run struct {
	bun.BaseModel `bun:"table:sys_job_run,alias:jr"`
	ID            int64      `bun:"id,pk,autoincrement" json:"id"`
	JobName       string     `bun:"job_name" json:"jobName"`
	Trigger       int        `bun:"trigger_type" json:"trigger"`
	State         int        `bun:"state" json:"state"`
	Success       *bool      `bun:"success" json:"success"` // nil while running
	Error         string     `bun:"error" json:"error"`
	Instance      string     `bun:"instance" json:"instance"`
	UserID        *int64     `bun:"user_id" json:"userId"`
	StartedAt     time.Time  `bun:"started_at" json:"startTime"`
	FinishedAt    *time.Time `bun:"finished_at" json:"finishTime"`
	DurationMS    *int64     `bun:"duration_ms" json:"durationMs"`
}

// View is a job as the 定时任务 page lists it.
type View struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Cron        string `json:"cron"`
	DefaultCron string `json:"defaultCron"`
	// Schedule and DefaultSchedule are Cron and DefaultCron in words
	// (Describe): "每天 02:00".
	Schedule        string     `json:"schedule"`
	DefaultSchedule string     `json:"defaultSchedule"`
	Enabled         int        `json:"enabled"`
	State           int        `json:"state"` // of the last run; NO_START when it never ran
	LastRun         *Run       `json:"lastRun"`
	NextRun         *time.Time `json:"nextRun"` // nil when switched off
}

// Change is the body of PUT /api/jobs: a field left out keeps its value.
type Change struct {
	Name    string  `json:"name"`
	Cron    *string `json:"cron"`
	Enabled *int    `json:"enabled"`
}

// maxError bounds the error text kept on a run.
const maxError = 2000
