package points

import (
	"context"
	"net/http"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// EvidenceModule keys a proposal's evidence files in the system file store.
const EvidenceModule = "jf_manual"

// evidence are a manual proposal's supporting files (a certificate, a
// photo of the service): read with the proposal by anyone who sees it,
// added and removed by a proposer while it waits for the decision (the
// 二级党委 decides on what it saw).
func (s *Service) evidence() system.AttachSpec {
	return system.AttachSpec{Module: EvidenceModule, Title: "积分申报", Read: Perms.List, Edit: Perms.Propose,
		Find: func(ctx context.Context, id int64) error {
			p, err := s.proposal(ctx, id) // out of the caller's scope: 404
			if err != nil {
				return err
			}
			if rt, ok := httpx.RouteOf(ctx); ok && rt.Method != http.MethodGet && p.State != StatePending {
				return httpx.BadRequest("申报已审核，不能修改证明材料")
			}
			return nil
		},
		Kinds: map[string]system.AttachKind{"": {Label: "证明材料", MaxFiles: 10}}}
}
