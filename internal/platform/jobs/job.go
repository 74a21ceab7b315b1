// Package jobs runs the program's recurring work (purging expired sessions,
// evaluating reminders …) on cron schedules. Modules declare their jobs in
// code (module.Module.Jobs); the schedule and the ON/OFF switch of each job
// live in sys_job, where the 定时任务 page edits them. The timing comes from
// gocron; a lease in sys_job_lease, claimed with one atomic statement, makes
// each tick run on exactly one of several instances sharing a database, and
// every run is kept in sys_job_run with its state, error, duration and
// instance.
package jobs

import (
	"context"
	"fmt"
	"time"

	"zhdj/internal/platform/httpx"
)

// Job is recurring work a module declares in code.
type Job struct {
	// Name is the job's stable key ("system.purgeExpired"): its schedule,
	// lease and runs are stored under it.
	Name string
	// Title is the Chinese name the 定时任务 page shows.
	Title string
	// Cron is the default schedule (see ParseCron) until the page changes it.
	Cron string
	// Timeout ends a run's context; the lease outlives it by leaseSlack, so a
	// run that honours its context never overlaps the next one. 0: DefaultTimeout.
	Timeout time.Duration
	// Run does the work. Its error is kept on the run's row.
	Run func(ctx context.Context) error
}

// DefaultTimeout is a run's time limit when the job declares none.
const DefaultTimeout = 30 * time.Minute

// leaseSlack is how long a lease outlives its run's timeout: the time a
// run needs to notice its context ended and write its row.
const leaseSlack = time.Minute

// Run states (spec §4 "Reminder run state" NO_START 1, START 2, FINISH 3): a
// job that never ran is NO_START, a run in progress START, a finished one
// FINISH (successful or not, see Run.Success).
const (
	StateNoStart = 1
	StateStart   = 2
	StateFinish  = 3
)

// The ON/OFF switch (spec §4 "Switch": off 0, on 1; the reminder rules'
// "Reminder enabled" OFF 0, ON 1 too).
const (
	Off = 0
	On  = 1
)

// CheckSwitch refuses a switch value other than Off and On (field "enabled").
func CheckSwitch(v int) error {
	if v != On && v != Off {
		return httpx.Invalid("enabled", "状态只能是 0（停用）或 1（启用）")
	}
	return nil
}

// What started a run (spec §4 "Task TYPE": AUTO 1, CUSTOM 2).
const (
	TriggerSchedule = 1 // the schedule's tick
	TriggerManual   = 2 // 立即执行 on the page
)

// Permissions of the 定时任务 page's routes.
const (
	PermList = "job:list"
	PermEdit = "job:edit"
	PermRun  = "job:run"
)

func (j Job) timeout() time.Duration {
	if j.Timeout > 0 {
		return j.Timeout
	}
	return DefaultTimeout
}

// check reports a declaration that cannot be scheduled (a wiring mistake,
// found at start-up).
func (j Job) check() error {
	if j.Name == "" || len(j.Name) > 64 || j.Title == "" || j.Run == nil {
		return fmt.Errorf("jobs: job %q needs a name (at most 64 bytes), a title and a Run func", j.Name)
	}
	if _, err := ParseCron(j.Cron); err != nil {
		return fmt.Errorf("jobs: job %s: default cron %q: %w", j.Name, j.Cron, err)
	}
	return nil
}
