package develop

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"

	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
)

// maxBatch is how many records one batch action takes.
const maxBatch = 200

// BatchInput is the body of a batch action: the same result and comment
// on each record's current step (a branch recording one meeting for several
// targets, a committee approving a list), with the same form or each
// record's own. The steps decided by a vote (⑮, ⑰, ㉓, ㉔) take each
// person's own tally in Forms (逐个讨论和表决, 细则第二十一条): one tally in
// Form for several records is refused.
type BatchInput struct {
	IDs     []int64         `json:"ids"`
	Result  flow.Result     `json:"result"`
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

// numbersAndBatchRoutes registers the 志愿书 number ranges and the batch action.
func (s *Service) numbersAndBatchRoutes(rs *httpx.Routes) {
	s.numberRoutes(rs)
	s.batchRoutes(rs)
}

// batchRoutes registers the batch action. The route takes any step's
// permission; each record's own step's is checked as for one action.
func (s *Service) batchRoutes(rs *httpx.Routes) {
	rs.Post("/api/fzdy/batch", PermBranch+"|"+PermCommittee+"|"+PermDepartment, "批量办理", httpx.Action(s.batch))
}

// batch acts on each record at its current step, each in its own
// transaction (flow's Act), so one refused record leaves the others done;
// the answer says, per record, whether it went through and why not.
func (s *Service) batch(ctx context.Context, in BatchInput) ([]BatchRow, error) {
	ids := uniq.Of(in.IDs)
	switch {
	case len(ids) == 0:
		return nil, httpx.Invalid("ids", "请选择要办理的记录")
	case len(ids) > maxBatch:
		return nil, httpx.Invalid("ids", "每次最多批量办理 %d 条记录", maxBatch)
	case in.Result != flow.Approve && in.Result != flow.Reject && in.Result != flow.Return:
		return nil, httpx.Invalid("result", "请选择办理结果")
	case len(in.Forms) > maxBatch:
		return nil, httpx.Invalid("forms", "每次最多批量办理 %d 条记录", maxBatch)
	}
	if err := eachVoted(in, ids); err != nil {
		return nil, err
	}
	out := make([]BatchRow, 0, len(ids))
	for _, id := range ids {
		row := BatchRow{ID: id}
		r, err := s.find(ctx, s.db, id)
		if err != nil {
			row.Message = errMessage(err)
			out = append(out, row)
			continue
		}
		row.Name = r.Name
		form, own := in.Forms[id]
		if !own {
			form = in.Form
		}
		actx := ctx
		if !own && len(ids) > 1 {
			actx = context.WithValue(ctx, sharedFormKey{}, true) // eachVotedRule refuses it at a vote
		}
		var version int64
		if err := s.db.NewSelect().Table("flow_instance").Column("version").Where("workflow = ?", Key).
			Where("record_id = ?", id).Scan(ctx, &version); err != nil {
			row.Message = "该记录尚未进入发展流程"
			out = append(out, row)
			continue
		}
		_, err = s.wf.Act(actx, id, flow.ActionInput{Version: version, Result: in.Result, Comment: in.Comment, Form: form})
		if err != nil {
			row.Message = errMessage(err)
		} else {
			row.OK = true
		}
		out = append(out, row)
	}
	return out, nil
}

// errMessage is the Chinese message of an action's refusal (an unexpected
// failure shows as the generic one, its cause goes to the log).
func errMessage(err error) string {
	var he *httpx.Error
	if errors.As(httpx.AsError(err), &he) {
		if he.Status < 500 {
			return he.Message
		}
	}
	slog.Error("develop batch action failed", "err", err)
	return "办理失败，请稍后重试"
}
