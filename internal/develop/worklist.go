package develop

import (
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/worklist"
)

// workLists: the records waiting at a step the caller may act on (an
// applicant's talk at the branch, a committee's approval…), with the
// step's deadline (due_on). Nil on a nil service (the descriptor is read
// before the services exist).
func (s *Service) workLists() []worklist.Provider {
	if s == nil {
		return nil
	}
	table := flow.WorkTable{Table: "dev_record", Name: "w.name", Due: "w.due_on"}
	return []worklist.Provider{flow.WorkList("develop", "发展党员", table, s.orgs.Scoped, s.wf)}
}
