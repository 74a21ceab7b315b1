package home

import (
	"context"

	"zhdj/internal/orglife"
)

// Meetings is GET /api/home/meetings: this month's due meetings in the
// caller's scope and what is missing this year (organisation life's own
// figure, read through its Go API; a request of its own so that the
// summary does not wait for it).
func (s *Service) Meetings(ctx context.Context) (orglife.MonthDue, error) {
	return s.life.MonthDue(ctx)
}
