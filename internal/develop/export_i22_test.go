package develop

import "context"

// CreateNumberRangeForTests creates a 志愿书 number range as POST
// /api/fzdy/numbers does, without the HTTP round trip (the concurrency test
// releases ten creations at once, closer together than requests arrive).
func (s *Service) CreateNumberRangeForTests(ctx context.Context, in NumberRangeInput) (NumberRange, error) {
	return s.createNumberRange(ctx, in)
}
