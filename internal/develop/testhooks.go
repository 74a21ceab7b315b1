// Test hooks: what this package's external tests (package develop_test,
// which import apptest and so the whole app) reach that the app does not
// call. They live outside _test.go files on purpose: a package with internal
// test files is compiled again for its test binary together with every
// package above it that the binary imports (most of the app), for go vet,
// staticcheck and go test alike.

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

// CreateNumberRangeForTests creates a 志愿书 number range as POST
// /api/fzdy/numbers does, without the HTTP round trip (the concurrency test
// releases ten creations at once, closer together than requests arrive).
func (s *Service) CreateNumberRangeForTests(ctx context.Context, in NumberRangeInput) (NumberRange, error) {
	return s.createNumberRange(ctx, in)
}

// DueOnForTests is the list's due date of the step next (Config.dueOn).
func (c Config) DueOnForTests(next string, applied, arrived date.Date) date.Date {
	return c.dueOn(next, applied, arrived)
}

// TalkLateOnForTests is the rule of 第七条's talk (RuleConfig.talkLateOn).
func (r RuleConfig) TalkLateOnForTests(applied, on date.Date) (limit date.Date, late bool) {
	return r.talkLateOn(applied, on)
}
