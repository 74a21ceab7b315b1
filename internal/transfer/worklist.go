package transfer

import (
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/worklist"
)

// workLists: the transfers of every kind waiting at a step the caller may
// act on (the sending or the receiving branch's review, a committee's…).
// Nil on a nil service (the descriptor is read before the services exist).
func (s *Service) workLists() []worklist.Provider {
	if s == nil {
		return nil
	}
	wfs := make([]*flow.Workflow[Transfer], 0, len(Kinds))
	for _, k := range Kinds {
		wfs = append(wfs, s.flows[k])
	}
	table := flow.WorkTable{Table: "zzgx_transfer", Name: "w.name"}
	return []worklist.Provider{flow.WorkList("transfer", "组织关系转接", table, s.orgs.Scoped, wfs...)}
}
