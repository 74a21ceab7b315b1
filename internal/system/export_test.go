package system

// PasswordComparisons is the service hasher's count of full-cost comparisons
// (auth.Hasher.FullComparisons), for the tests of equal work per answer.
func (s *Service) PasswordComparisons() int64 { return s.hasher.FullComparisons() }
