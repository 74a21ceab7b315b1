package fee

import "time"

// SetClock replaces the service's clock (tests: a notify's timestamp checked
// against a fixed now, not against a clock that runs on while they post).
func (s *Service) SetClock(now func() time.Time) { s.now = now }
