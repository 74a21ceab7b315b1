package bigscreen

import "time"

// SetClock replaces the service's clock (tests move now).
func (s *Service) SetClock(now func() time.Time) { s.now = now }
