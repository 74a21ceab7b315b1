package orglife

import "time"

// SetClock replaces the service's clock (tests: a token's expiry and the
// late edge checked against a fixed now, never by waiting).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// CommitteeOf is the demo's choice of a branch committee meeting's attendees.
var CommitteeOf = committeeOf
