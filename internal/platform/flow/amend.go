package flow

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// Amend records, in the module's transaction, that what record id's
// workflow approved was ended early (result End, 终止): the record moves
// from the workflow's Done to state (one of States) and its history gets
// the entry, under the step it was approved at, naming the caller in role.
// The module decides who may and what changes with it, and calls it after
// Find. A record not approved (not started, under way, rejected, or amended
// already) is a 400; one changed since version was read is ErrTaken (0:
// whatever its version). No to-do opens or closes.
func (wf *Workflow[R]) Amend(ctx context.Context, tx bun.Tx, id, version int64, state, role, comment string) error {
	wf.index()
	comment, _, err := checkNote(comment, nil)
	if err != nil {
		return err
	}
	inst, err := wf.load(ctx, tx, id)
	if err != nil {
		return err
	}
	switch {
	case inst == nil:
		return httpx.BadRequest("该%s尚未提交", wf.Noun)
	case version != 0 && version != inst.Version:
		return ErrTaken
	case inst.Step != "":
		return httpx.BadRequest("该%s尚在办理中", wf.Noun)
	case inst.State != wf.Done:
		return httpx.BadRequest("该%s%s，不能终止", wf.Noun, wf.stateName(inst.State))
	}
	var last entry
	if err := tx.NewSelect().Model(&last).Column("step").Where("instance_id = ?", inst.ID).
		OrderExpr("id DESC").Limit(1).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	if err := wf.move(ctx, tx, inst, &Act[R]{ID: id, Result: End, State: state, At: wf.now()}, nil); err != nil {
		return err
	}
	actor, err := wf.actor(ctx, tx, Link{Role: role}, Org{})
	if err != nil {
		return err
	}
	return wf.write(ctx, tx, inst.ID, last.Step, End, "", comment, nil, actor)
}
