package system

import (
	"context"
	"database/sql"
	"errors"
	"sync"

	"zhdj/internal/platform/httpx"
)

// settingChecks are the checks other domains declare for the values of the
// settings they own (a host list, a preview server's address, the
// cockpit's campus map): the settings page and SetSetting run them after
// the kind's check, so no path stores a value the owning module cannot
// read. A checked setting is read by the code, so, like the built-in ones,
// it keeps its key and kind and cannot be deleted.
type settingChecks struct {
	mu     sync.RWMutex
	checks map[string]func(ctx context.Context, value string) error
}

// CheckSetting declares the check of setting key's value: check answers a
// bad value with an httpx.Invalid on "configValue". A module declares it
// once, when it is built.
func (s *Service) CheckSetting(key string, check func(ctx context.Context, value string) error) {
	c := &s.settingChecks
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.checks == nil {
		c.checks = map[string]func(context.Context, string) error{}
	}
	c.checks[key] = check
}

// MessageCheck is a check of a value that only says what is wrong with it
// ("" for a good value), as CheckSetting takes it.
func MessageCheck(check func(value string) string) func(context.Context, string) error {
	return func(_ context.Context, value string) error {
		if msg := check(value); msg != "" {
			return httpx.Invalid("configValue", "%s", msg)
		}
		return nil
	}
}

func (c *settingChecks) has(key string) bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.checks[key] != nil
}

func (c *settingChecks) check(ctx context.Context, key, value string) error {
	c.mu.RLock()
	check := c.checks[key]
	c.mu.RUnlock()
	if check == nil {
		return nil
	}
	return check(ctx, value)
}

// SetSetting writes the value of the existing setting key through the
// settings page's checks (its kind and the declared check): a module's own
// editor of a setting it owns.
func (s *Service) SetSetting(ctx context.Context, key, value string) error {
	var c Config
	err := s.db.NewSelect().Model(&c).Where("config_key = ?", key).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return httpx.NotFound("配置不存在")
	} else if err != nil {
		return httpx.Internal(err)
	}
	return s.UpdateConfig(ctx, ConfigInput{ID: c.ID, ConfigKey: c.Key, ConfigValue: value, ConfigName: c.Name,
		ConfigGroup: c.Group, Remark: c.Remark, ValueKind: c.Kind, IsPublic: c.IsPublic, IsSecret: c.IsSecret})
}
