package system

import (
	"context"
	"database/sql"
	"errors"
	"sync"

	"zhdj/internal/platform/httpx"
)

// settingChecks are the rules modules declare for the values of settings
// they own (a structured value such as the cockpit's campus map): the
// settings page and SetSetting run them after the kind's check, so no path
// stores a value the owning module cannot read.
type settingChecks struct {
	mu     sync.RWMutex
	checks map[string]func(ctx context.Context, value string) error
}

// CheckSetting declares the rule for the values of setting key; check
// answers a bad value with an httpx.Invalid on "configValue". A module
// declares it once, when it is built.
func (s *Service) CheckSetting(key string, check func(ctx context.Context, value string) error) {
	s.valueChecks.mu.Lock()
	defer s.valueChecks.mu.Unlock()
	if s.valueChecks.checks == nil {
		s.valueChecks.checks = map[string]func(context.Context, string) error{}
	}
	s.valueChecks.checks[key] = check
}

// declaredCheck runs the rule declared for key, if any.
func (s *Service) declaredCheck(ctx context.Context, key, value string) error {
	s.valueChecks.mu.RLock()
	check := s.valueChecks.checks[key]
	s.valueChecks.mu.RUnlock()
	if check == nil {
		return nil
	}
	return check(ctx, value)
}

// SetSetting writes the value of the existing setting key through the
// settings page's checks (its kind and the declared rule): a module's own
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
