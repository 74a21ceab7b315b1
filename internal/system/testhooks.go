// Test hooks: what this package's external tests (package …_test, which import
// apptest and so the whole app) reach that the app does not call. They live
// outside _test.go files on purpose: a package with internal test files is
// compiled again for its test binary together with every package above it
// that the binary imports (most of the app), for go vet, staticcheck and go
// test alike.

package system

import (
	"context"
	"time"
)

// PasswordComparisons is the service hasher's count of full-cost comparisons
// (auth.Hasher.FullComparisons), for the tests of equal work per answer.
func (s *Service) PasswordComparisons() int64 { return s.hasher.FullComparisons() }

// SetSettingsClock replaces the clock the settings cache expires by, so a
// test can let the cache age without sleeping.
func (s *Service) SetSettingsClock(now func() time.Time) {
	s.settingsMu.Lock()
	s.settingsClock = now
	s.settingsMu.Unlock()
}

// AppendOperLog and AppendLoginLog write a row through the chained writer
// as given, its time included: the chain's tests write rows of past days
// and many at once.
func (s *Service) AppendOperLog(ctx context.Context, row *OperLog) error {
	return s.chainRow(ctx, operChain, row)
}

// AppendLoginLog is AppendOperLog for the login log.
func (s *Service) AppendLoginLog(ctx context.Context, row *LoginLog) error {
	return s.chainRow(ctx, loginChain, row)
}
