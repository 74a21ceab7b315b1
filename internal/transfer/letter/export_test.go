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
