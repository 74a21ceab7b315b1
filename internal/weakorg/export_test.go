package weakorg

import "time"

// SetClock replaces the service's clock (tests: the vacancy's edge judged
// on a fixed day, never by waiting).
func (s *Service) SetClock(now func() time.Time) { s.now = now }
