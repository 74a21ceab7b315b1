package system

import "time"

// SetSettingsClock replaces the clock the settings cache expires by, so a
// test can let the cache age without sleeping.
func (s *Service) SetSettingsClock(now func() time.Time) {
	s.settingsMu.Lock()
	s.settingsClock = now
	s.settingsMu.Unlock()
}
