// Test hooks: what this package's external tests (package …_test, which import
// apptest and so the whole app) reach that the app does not call. They live
// outside _test.go files on purpose: a package with internal test files is
// compiled again for its test binary together with every package above it
// that the binary imports (most of the app), for go vet, staticcheck and go
// test alike.

package letter

import (
	"context"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
)

// Finders of the reminders, for the tests of their edges.
func (s *Service) ReceiptsOverdue(ctx context.Context, until date.Date) ([]remind.Due, error) {
	return s.receiptsOverdue(ctx, until)
}

func (s *Service) Expiring(ctx context.Context, until date.Date) ([]remind.Due, error) {
	return s.expiring(ctx, until)
}

// ValidUntil and AgeOn are the date rules (the age is the kit's, as the
// letter shows it).
var ValidUntil, AgeOn = validUntil, func(birth, day date.Date) int { return birth.AgeOn(day) }
