package flow

import (
	"context"

	"github.com/uptrace/bun"
)

// ActingOrg is the organisation acting at record id's current step (0
// when none: not started, ended, or a step of no organisation): a step's
// form names who decides (a committee's members entitled to vote).
func (wf *Workflow[R]) ActingOrg(ctx context.Context, idb bun.IDB, id int64) (int64, error) {
	inst, err := wf.load(ctx, idb, id)
	if err != nil || inst == nil || inst.ActingOrgID == nil {
		return 0, err
	}
	return *inst.ActingOrgID, nil
}
