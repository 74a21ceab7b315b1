package develop

import (
	"context"

	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
)

// batchRoutes registers the batch action (flow.Batch: the same result and
// comment on each record's current step, each record in its own
// transaction). The steps decided by a vote (⑮, ⑰, ㉓, ㉔) take each
// person's own tally in Forms (逐个讨论和表决, 细则第二十一条): one tally in
// Form for several records is refused (eachVoted, eachVotedRule). The route
// takes any step's permission; each record's own step's is checked as for
// one action.
func (s *Service) batchRoutes(rs *httpx.Routes) {
	rs.Post("/api/fzdy/batch", PermBranch+"|"+PermCommittee+"|"+PermDepartment, "批量办理", httpx.Action(s.batch))
}

func (s *Service) batch(ctx context.Context, in flow.BatchInput) ([]flow.BatchRow, error) {
	return s.wf.Batch(ctx, in, flow.Batch[Record]{Name: func(r *Record) string { return r.Name },
		NotStarted: "该记录尚未进入发展流程", Check: eachVoted})
}
