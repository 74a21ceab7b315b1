package flow

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
)

// MaxBatch is how many records one batch action takes.
const MaxBatch = 200

// BatchInput is the body of a batch action: the same result and comment
// on each record's current step (a branch recording one meeting for several
// people, a committee approving a list), with the same form or each
// record's own.
type BatchInput struct {
	IDs     []int64         `json:"ids"`
	Result  Result          `json:"result"`
	Comment string          `json:"comment"`
	Form    json.RawMessage `json:"form"`
	// Forms are the records' own forms by id ({"12": {…}}): a record named
	// here is acted on with its own form instead of Form.
	Forms map[int64]json.RawMessage `json:"forms"`
}

// BatchRow is the outcome of the action on one record.
type BatchRow struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	OK      bool   `json:"ok"`
	Message string `json:"message"`
}

// Batch is what a module declares of its batch action.
type Batch[R any] struct {
	// Name names a record in the answer.
	Name func(r *R) string
	// NotStarted answers for a record that is not in the workflow.
	NotStarted string
	// Check refuses the batch as a whole once its size and result are
	// valid, before any record is acted on (nil: no check).
	Check func(in BatchInput, ids []int64) error
}

type sharedFormKey struct{}

// SharedForm tells a step's rule that the action applies a batch's one
// form to several records (a step decided by a vote refuses it: each
// person's own tally).
func SharedForm(ctx context.Context) bool {
	shared, _ := ctx.Value(sharedFormKey{}).(bool)
	return shared
}

// Batch acts with in on each record at its current step, each in its own
// transaction (Act, as for one action: its permission, rules and version),
// so one refused record leaves the others done; the answer says, per
// record, whether it went through and why not.
func (wf *Workflow[R]) Batch(ctx context.Context, in BatchInput, b Batch[R]) ([]BatchRow, error) {
	ids := uniq.Of(in.IDs)
	switch {
	case len(ids) == 0:
		return nil, httpx.Invalid("ids", "请选择要办理的记录")
	case len(ids) > MaxBatch:
		return nil, httpx.Invalid("ids", "每次最多批量办理 %d 条记录", MaxBatch)
	case in.Result != Approve && in.Result != Reject && in.Result != Return:
		return nil, httpx.Invalid("result", "请选择办理结果")
	case len(in.Forms) > MaxBatch:
		return nil, httpx.Invalid("forms", "每次最多批量办理 %d 条记录", MaxBatch)
	}
	if b.Check != nil {
		if err := b.Check(in, ids); err != nil {
			return nil, err
		}
	}
	out := make([]BatchRow, 0, len(ids))
	for _, id := range ids {
		row := BatchRow{ID: id}
		r, err := wf.Find(ctx, wf.DB, id)
		if err != nil {
			row.Message = wf.batchMessage(err)
			out = append(out, row)
			continue
		}
		row.Name = b.Name(r)
		form, own := in.Forms[id]
		if !own {
			form = in.Form
		}
		actx := ctx
		if !own && len(ids) > 1 {
			actx = context.WithValue(ctx, sharedFormKey{}, true)
		}
		inst, err := wf.load(ctx, wf.DB, id)
		if err != nil || inst == nil {
			row.Message = b.NotStarted
			out = append(out, row)
			continue
		}
		if _, err := wf.Act(actx, id, ActionInput{Version: inst.Version, Result: in.Result, Comment: in.Comment, Form: form}); err != nil {
			row.Message = wf.batchMessage(err)
		} else {
			row.OK = true
		}
		out = append(out, row)
	}
	return out, nil
}

// batchMessage is the Chinese message of an action's refusal (an
// unexpected failure shows as the generic one, its cause goes to the log).
func (wf *Workflow[R]) batchMessage(err error) string {
	var he *httpx.Error
	if errors.As(httpx.AsError(err), &he) && he.Status < 500 {
		return he.Message
	}
	slog.Error("batch action failed", "workflow", wf.Key, "err", err)
	return "办理失败，请稍后重试"
}
