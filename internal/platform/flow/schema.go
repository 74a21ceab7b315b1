package flow

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Migrations create the tables every workflow shares: the approval chains,
// the records' places in their workflow, and their history.
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026112681, Name: "workflows: chains, instances, history", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx,
			`CREATE TABLE flow_chain (
				id {{pk}},
				workflow VARCHAR(32) NOT NULL,
				org_type VARCHAR(16) NOT NULL,
				seq INTEGER NOT NULL,
				step VARCHAR(32) NOT NULL,
				acting VARCHAR(100) NOT NULL,
				role VARCHAR(32) NOT NULL,
				updated_at TIMESTAMP NOT NULL)`,
			`CREATE UNIQUE INDEX uq_flow_chain_seq ON flow_chain(workflow, org_type, seq)`,
			`CREATE UNIQUE INDEX uq_flow_chain_step ON flow_chain(workflow, org_type, step)`,
			// One row per record in a workflow: where it is. version grows with
			// every action, so two actors of one step cannot both win.
			`CREATE TABLE flow_instance (
				id {{pk}},
				workflow VARCHAR(32) NOT NULL,
				record_id BIGINT NOT NULL,
				chain TEXT NOT NULL,
				step VARCHAR(32) NOT NULL,
				state VARCHAR(32) NOT NULL,
				acting_org_id BIGINT NULL,
				version BIGINT NOT NULL,
				started_at TIMESTAMP NOT NULL,
				updated_at TIMESTAMP NOT NULL)`,
			`CREATE UNIQUE INDEX uq_flow_instance_record ON flow_instance(workflow, record_id)`,
			`CREATE INDEX idx_flow_instance_state ON flow_instance(workflow, state, step)`,
			`CREATE TABLE flow_history (
				id {{pk}},
				instance_id BIGINT NOT NULL REFERENCES flow_instance(id) ON DELETE CASCADE,
				step VARCHAR(32) NOT NULL,
				result VARCHAR(16) NOT NULL,
				to_step VARCHAR(32) NOT NULL,
				user_id BIGINT NULL,
				user_name VARCHAR(64) NOT NULL,
				role VARCHAR(32) NOT NULL,
				org_id BIGINT NULL,
				org_name VARCHAR(100) NOT NULL,
				comment TEXT NOT NULL,
				file_ids TEXT NOT NULL,
				created_at TIMESTAMP NOT NULL)`,
			`CREATE INDEX idx_flow_history_instance ON flow_history(instance_id, id)`,
		)
	}}}
}

// chainRow is a link of a chain as stored.
type chainRow struct {
	bun.BaseModel `bun:"table:flow_chain,alias:fc"`
	ID            int64     `bun:"id,pk,autoincrement"`
	Workflow      string    `bun:"workflow"`
	OrgType       string    `bun:"org_type"`
	Seq           int       `bun:"seq"`
	Step          string    `bun:"step"`
	Acting        string    `bun:"acting"` // comma-separated organisation types
	Role          string    `bun:"role"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

func (r chainRow) link() Link {
	return Link{Step: r.Step, Acting: strings.Split(r.Acting, ","), Role: r.Role}
}

// instance is a record's place in its workflow.
type instance struct {
	bun.BaseModel `bun:"table:flow_instance,alias:fi"`
	ID            int64     `bun:"id,pk,autoincrement"`
	Workflow      string    `bun:"workflow"`
	RecordID      int64     `bun:"record_id"`
	Chain         string    `bun:"chain"` // JSON []Link: the chain as it was when the record started
	Step          string    `bun:"step"`  // "" once the workflow ended
	State         string    `bun:"state"`
	ActingOrgID   *int64    `bun:"acting_org_id"`
	Version       int64     `bun:"version"`
	StartedAt     time.Time `bun:"started_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

// links is the chain the record started with.
func (in *instance) links() []Link {
	var out []Link
	json.Unmarshal([]byte(in.Chain), &out) //nolint:errcheck // written by Start from a []Link
	return out
}

// entry is one action of a record's history.
type entry struct {
	bun.BaseModel `bun:"table:flow_history,alias:fh"`
	ID            int64     `bun:"id,pk,autoincrement"`
	InstanceID    int64     `bun:"instance_id"`
	Step          string    `bun:"step"`
	Result        Result    `bun:"result"`
	ToStep        string    `bun:"to_step"`
	UserID        *int64    `bun:"user_id"`
	UserName      string    `bun:"user_name"`
	Role          string    `bun:"role"`
	OrgID         *int64    `bun:"org_id"`
	OrgName       string    `bun:"org_name"`
	Comment       string    `bun:"comment"`
	FileIDs       string    `bun:"file_ids"` // JSON []int64
	CreatedAt     time.Time `bun:"created_at"`
}

// SeedChains writes the default chains of workflow key (a module's
// migration seeds them; administrators edit them afterwards).
func SeedChains(ctx context.Context, tx bun.Tx, key string, chains []Chain) error {
	now := time.Now().UTC()
	for _, c := range chains {
		if err := writeChain(ctx, tx, key, c, now); err != nil {
			return err
		}
	}
	return nil
}

// ReseedChains writes chains derived from a module's configuration (which
// steps a school tracks) without losing the administrators' edits: a step
// already in the stored chain of its organisation type keeps the acting
// organisation types and role it was given in the chain editor; steps the
// configuration adds get the derived ones, steps it drops leave. Types not
// named in chains keep their chains.
func ReseedChains(ctx context.Context, tx bun.Tx, key string, chains []Chain) error {
	now := time.Now().UTC()
	for _, c := range chains {
		var stored []chainRow
		if err := tx.NewSelect().Model(&stored).Where("workflow = ?", key).Where("org_type = ?", c.OrgType).Scan(ctx); err != nil {
			return err
		}
		edited := make(map[string]Link, len(stored))
		for _, r := range stored {
			edited[r.Step] = r.link()
		}
		links := make([]Link, len(c.Links))
		for i, l := range c.Links {
			if e, ok := edited[l.Step]; ok {
				l.Acting, l.Role = e.Acting, e.Role
			}
			links[i] = l
		}
		if err := writeChain(ctx, tx, key, Chain{OrgType: c.OrgType, Links: links}, now); err != nil {
			return err
		}
	}
	return nil
}

// writeChain replaces the chain of key for c.OrgType by c's links.
func writeChain(ctx context.Context, tx bun.Tx, key string, c Chain, now time.Time) error {
	if _, err := tx.NewDelete().Model((*chainRow)(nil)).Where("workflow = ?", key).Where("org_type = ?", c.OrgType).Exec(ctx); err != nil {
		return err
	}
	if len(c.Links) == 0 {
		return nil
	}
	rows := make([]chainRow, len(c.Links))
	for i, l := range c.Links {
		rows[i] = chainRow{Workflow: key, OrgType: c.OrgType, Seq: i + 1, Step: l.Step, Acting: strings.Join(l.Acting, ","),
			Role: l.Role, UpdatedAt: now}
	}
	_, err := tx.NewInsert().Model(&rows).Exec(ctx)
	return err
}
