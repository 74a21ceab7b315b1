// Test hooks: what this package's external tests (package …_test, which import
// apptest and so the whole app) reach that the app does not call. They live
// outside _test.go files on purpose: a package with internal test files is
// compiled again for its test binary together with every package above it
// that the binary imports (most of the app), for go vet, staticcheck and go
// test alike.

package check

import "time"

// SetClock replaces the service's clock (tests move today).
func (s *Service) SetClock(now func() time.Time) { s.now = now }
