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

// ActingOrgJoin adds to a select of the workflow's records, whose id is
// the column recordID, the organisation acting at each record's current
// step as acting_org_id (NULL when none); a record not in the workflow is
// left out. A module's reminder tells that organisation, in the one query,
// without naming the workflow's tables.
func (wf *Workflow[R]) ActingOrgJoin(recordID string) func(*bun.SelectQuery) *bun.SelectQuery {
	return func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.ColumnExpr("fi.acting_org_id").
			Join("JOIN flow_instance AS fi ON fi.record_id = ? AND fi.workflow = ?", bun.Safe(recordID), wf.Key)
	}
}
