package develop

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
)

// WorkflowOfC2Tests exposes the workflow to the external tests of part C2
// (package develop_test imports apptest, which imports this package).
func (s *Service) WorkflowOfC2Tests() *flow.Workflow[Record] { return s.wf }

// HandOutVolunteerNoForC2Tests hands record id a 志愿书 number in tx, as ⑭
// does (the concurrency test runs it in many transactions at once).
func (s *Service) HandOutVolunteerNoForC2Tests(ctx context.Context, tx bun.Tx, id int64, on date.Date) (string, error) {
	r := new(Record)
	if err := tx.NewSelect().Model(r).Where("r.id = ?", id).Scan(ctx); err != nil {
		return "", err
	}
	return s.handOutVolunteerNo(ctx, tx, r, on)
}
