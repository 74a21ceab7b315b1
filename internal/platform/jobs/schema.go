package jobs

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Migrations creates the jobs' tables. A job's row in sys_job exists once
// the page changed its schedule or switch; until then the declaration's
// defaults apply.
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026112670, Name: "scheduled jobs: schedules, leases, runs", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx,
			`CREATE TABLE sys_job (
				name VARCHAR(64) PRIMARY KEY,
				cron VARCHAR(100) NOT NULL,
				enabled SMALLINT NOT NULL,
				updated_by BIGINT NULL,
				updated_at TIMESTAMP NOT NULL)`,
			// One row per job: who holds it, for which tick, until when.
			`CREATE TABLE sys_job_lease (
				name VARCHAR(64) PRIMARY KEY,
				holder VARCHAR(100) NOT NULL,
				tick TIMESTAMP NOT NULL,
				expires_at TIMESTAMP NOT NULL)`,
			`CREATE TABLE sys_job_run (
				id {{pk}},
				job_name VARCHAR(64) NOT NULL,
				trigger_type SMALLINT NOT NULL,
				state SMALLINT NOT NULL,
				success BOOLEAN NULL,
				error TEXT NOT NULL,
				instance VARCHAR(100) NOT NULL,
				user_id BIGINT NULL,
				started_at TIMESTAMP NOT NULL,
				finished_at TIMESTAMP NULL,
				duration_ms BIGINT NULL)`,
			`CREATE INDEX idx_sys_job_run_job ON sys_job_run(job_name, id)`,
			`CREATE INDEX idx_sys_job_run_state ON sys_job_run(job_name, state)`,
			`CREATE INDEX idx_sys_job_run_started ON sys_job_run(started_at)`,
		)
	}}}
}
