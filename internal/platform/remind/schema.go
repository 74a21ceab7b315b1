package remind

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
)

// Migrations creates the rules and reminders. A kind's rule row is written
// the first time the kind runs or is edited; until then its defaults apply.
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026112672, Name: "smart reminders: rules and reminders", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx,
			`CREATE TABLE sys_remind_rule (
				type INTEGER PRIMARY KEY,
				window_days INTEGER NOT NULL,
				enabled SMALLINT NOT NULL,
				run_state SMALLINT NOT NULL,
				run_started_at TIMESTAMP NULL,
				last_run_at TIMESTAMP NULL,
				last_count INTEGER NOT NULL,
				last_error VARCHAR(1000) NOT NULL,
				updated_at TIMESTAMP NOT NULL)`,
			`CREATE TABLE sys_reminder (
				id {{pk}},
				type INTEGER NOT NULL,
				record_id BIGINT NOT NULL,
				due_on DATE NOT NULL,
				org_id BIGINT NULL,
				user_id BIGINT NULL,
				title VARCHAR(200) NOT NULL,
				link VARCHAR(500) NOT NULL,
				created_at TIMESTAMP NOT NULL,
				closed_at TIMESTAMP NULL)`,
			// One open reminder per kind, record and due date, even when two
			// runs insert it at once.
			`CREATE UNIQUE INDEX uq_sys_reminder_open ON sys_reminder(type, record_id, due_on) WHERE closed_at IS NULL`,
			`CREATE INDEX idx_sys_reminder_org ON sys_reminder(org_id, type)`,
		)
	}}}
}

// rule is a kind's stored rule (table sys_remind_rule).
type rule struct {
	bun.BaseModel `bun:"table:sys_remind_rule,alias:rr"`
	Type          int        `bun:"type,pk"`
	Window        int        `bun:"window_days"`
	Enabled       int        `bun:"enabled"`
	RunState      int        `bun:"run_state"`
	RunStartedAt  *time.Time `bun:"run_started_at"`
	LastRunAt     *time.Time `bun:"last_run_at"`
	LastCount     int        `bun:"last_count"`
	LastError     string     `bun:"last_error"`
	UpdatedAt     time.Time  `bun:"updated_at"`
}

// Reminder is one open (or closed) reminder of a record (table sys_reminder).
type Reminder struct {
	bun.BaseModel `bun:"table:sys_reminder,alias:rm"`
	ID            int64      `bun:"id,pk,autoincrement" json:"id"`
	Type          int        `bun:"type" json:"type"`
	RecordID      int64      `bun:"record_id" json:"recordId"`
	DueOn         date.Date  `bun:"due_on" json:"dueOn"`
	OrgID         *int64     `bun:"org_id" json:"orgId"`
	UserID        *int64     `bun:"user_id" json:"userId"`
	Title         string     `bun:"title" json:"title"`
	Link          string     `bun:"link" json:"link"`
	CreatedAt     time.Time  `bun:"created_at" json:"createTime"`
	ClosedAt      *time.Time `bun:"closed_at" json:"closeTime"`

	OrgName string `bun:"-" json:"orgName"`
}
