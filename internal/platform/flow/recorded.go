package flow

import (
	"context"
	"encoding/json"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// Recorded puts record id, just written in tx by the module, in the
// workflow as already ended in state (the workflow's Done or Rejected)
// without going through its steps: a record whose procedure was carried
// out elsewhere (on paper, then imported). Its history is the one entry
// 提交 with note's comment (say where it came from: "导入：纸质办理"), by
// the caller (系统 without an account) for organisation orgID; no to-do
// is opened. A record already in the workflow is a 409.
func (wf *Workflow[R]) Recorded(ctx context.Context, tx bun.Tx, id int64, state string, orgID int64, note Note) error {
	wf.index()
	if state != wf.Done && state != wf.Rejected {
		return httpx.Internal(errNotEnded(state))
	}
	comment, fileIDs, err := checkNote(note.Comment, note.FileIDs)
	if err != nil {
		return err
	}
	if err := wf.checkFiles(ctx, tx, id, "", fileIDs); err != nil {
		return err
	}
	var org Org
	if lineage, err := wf.Orgs.Lineage(ctx, tx, orgID); err != nil {
		return httpx.Internal(err)
	} else if len(lineage) > 0 {
		org = lineage[0]
	}
	chain, _ := json.Marshal([]Link{})
	now := wf.now()
	inst := &instance{Workflow: wf.Key, RecordID: id, Chain: string(chain), State: state, Version: 1, StartedAt: now, UpdatedAt: now}
	if _, err := tx.NewInsert().Model(inst).Returning("id").Exec(ctx); db.IsUniqueViolation(err) {
		return httpx.Conflict("该%s已提交", wf.Noun)
	} else if err != nil {
		return httpx.Internal(err)
	}
	actor, err := wf.actor(ctx, tx, Link{}, org)
	if err != nil {
		return err
	}
	return wf.write(ctx, tx, inst.ID, "", Submit, "", comment, fileIDs, actor)
}

type errNotEnded string

func (e errNotEnded) Error() string {
	return "flow: Recorded with state " + string(e) + ", not an end state"
}
