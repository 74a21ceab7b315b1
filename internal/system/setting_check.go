package system

import (
	"sync"

	"zhdj/internal/platform/httpx"
)

// settingChecks are the checks other domains declare for the values of the
// settings they read (a host list, a preview server's address): a value
// they refuse is a 400 on configValue when the setting is saved, with their
// Chinese message. A checked setting is read by the code, so, like the
// built-in ones, it keeps its key and kind and cannot be deleted.
type settingChecks struct {
	mu     sync.RWMutex
	checks map[string]func(value string) string
}

// CheckSetting declares the check of setting key's value: check answers ""
// for a good value, else what is wrong with it (in Chinese).
func (s *Service) CheckSetting(key string, check func(value string) string) {
	c := &s.settingChecks
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.checks == nil {
		c.checks = map[string]func(string) string{}
	}
	c.checks[key] = check
}

func (c *settingChecks) has(key string) bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.checks[key] != nil
}

func (c *settingChecks) check(key, value string) error {
	c.mu.RLock()
	check := c.checks[key]
	c.mu.RUnlock()
	if check == nil {
		return nil
	}
	if msg := check(value); msg != "" {
		return httpx.Invalid("configValue", "%s", msg)
	}
	return nil
}
