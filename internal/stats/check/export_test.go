package check

import "time"

// SetClock replaces the service's clock (tests move today).
func (s *Service) SetClock(now func() time.Time) { s.now = now }
