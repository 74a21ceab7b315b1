package develop

import "zhdj/internal/platform/flow"

// WorkflowOfC2Tests exposes the workflow to the external tests of part C2
// (package develop_test imports apptest, which imports this package).
func (s *Service) WorkflowOfC2Tests() *flow.Workflow[Record] { return s.wf }
