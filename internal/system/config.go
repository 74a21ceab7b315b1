package system

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/auth"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/richtext"
)

func (s *Service) configRoutes(rs *httpx.Routes) {
	rs.Get("/api/sysConfig/public", httpx.Public, "获取公开配置", httpx.Read(s.PublicConfig))
	rs.Get("/api/sysConfig", "sysConfig:list", "查询", httpx.ReadList(s.ListConfigs))
	rs.Get("/api/sysConfig/group/name", "sysConfig:list", "查询分组", func(w http.ResponseWriter, r *http.Request) error {
		group := strings.TrimSpace(r.URL.Query().Get("name"))
		if group == "" {
			return httpx.BadRequest("请指定配置分组")
		}
		list, err := s.configRows(r.Context(), func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("c.config_group = ?", group)
		})
		if err != nil {
			return err
		}
		return httpx.OK(w, list)
	})
	rs.Get("/api/sysConfig/listAll", "sysConfig:list", "查询全部", httpx.Read(func(ctx ctxT) ([]Config, error) {
		return s.configRows(ctx, nil)
	}))
	manageRoutes(rs, "/api/sysConfig", "sysConfig",
		httpx.Create(s.CreateConfig), httpx.Update(s.UpdateConfig), httpx.IDsAction(s.DeleteConfigs))
}

// SecretMask replaces a secret value in every answer; sent back unchanged in
// an update, it keeps the stored value.
const SecretMask = "******"

// Value kinds of a setting.
const (
	KindText  = "text"
	KindBool  = "bool"
	KindInt   = "int"
	KindRegex = "regex"
	KindHTML  = "html"
)

// builtinConfigKeys are read by the code (the server or the front end's
// shell): they can be edited but not deleted, renamed or given another kind.
var builtinConfigKeys = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range []string{CfgPasswordReg, CfgPasswordRegTip, CfgFrameAncestors, CfgCaptchaEnabled, CfgFooterHTML,
		CfgSchoolCode, CfgLockMaxFailures, CfgLockWindowMin, CfgLockMinutes, CfgSessionIdleMin, CfgSessionMaxHours,
		CfgUploadMaxMB, CfgUploadExts, CfgStatsScript, "isDead", "newLogin", "showFooter", CfgHTMLTitle, "ssoLogoutUrl", "qaSearchUrl",
		CfgLockAccountMaxFailures, CfgRateLoginPerMin, CfgRateLoginBurst, CfgRateAccountPerMin, CfgRateAccountBurst,
		CfgRateCaptchaPerMin, CfgRateCaptchaBurst, CfgLogRetentionDays} {
		m[k] = true
	}
	return m
}()

var (
	configKeyPattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.-]{0,99}$`)
	positiveInt      = regexp.MustCompile(`^[1-9][0-9]{0,8}$`)
)

// MaxConfigValue bounds a setting's value (characters).
const MaxConfigValue = 10000

var configListSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":      {Columns: []string{"c.config_key", "c.config_name"}, Match: httpx.Like},
		"configGroup": {Columns: []string{"c.config_group"}},
		"isPublic":    {Columns: []string{"c.is_public"}, Kind: httpx.Bool},
	},
	Sorts: map[string]string{"id": "c.id", "configKey": "c.config_key", "configName": "c.config_name",
		"configGroup": "c.config_group", "createTime": "c.created_at", "updateTime": "c.updated_at"},
	Key:         "c.id",
	DefaultSort: "c.id ASC",
}

// ConfigEntry is a public setting.
type ConfigEntry struct {
	ConfigKey   string `json:"configKey"`
	ConfigValue string `json:"configValue"`
}

// PublicConfig lists the settings the login page and the shell read without a
// session: public rows only, never a secret nor the initial password, HTML
// cleaned again on the way out.
func (s *Service) PublicConfig(ctx context.Context) ([]ConfigEntry, error) {
	var rows []Config
	err := s.db.NewSelect().Model(&rows).Column("config_key", "config_value", "value_kind").
		Where("is_public = ?", true).Where("is_secret = ?", false).
		OrderExpr("id ASC").Scan(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	out := make([]ConfigEntry, len(rows))
	for i, c := range rows {
		v := c.Value
		if c.Kind == KindHTML || c.Key == CfgFooterHTML {
			v = richtext.Sanitize(v)
		}
		out[i] = ConfigEntry{ConfigKey: c.Key, ConfigValue: v}
	}
	return out, nil
}

func maskSecrets(rows []Config) []Config {
	for i := range rows {
		if rows[i].IsSecret {
			rows[i].Value = SecretMask
		}
	}
	return rows
}

// configRows lists settings (secrets masked), narrowed by where.
func (s *Service) configRows(ctx context.Context, where func(*bun.SelectQuery) *bun.SelectQuery) ([]Config, error) {
	rows := []Config{}
	q := s.db.NewSelect().Model(&rows).OrderExpr("c.id ASC")
	if where != nil {
		q = where(q)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	return maskSecrets(rows), nil
}

// ConfigInput is the body of setting create and update.
type ConfigInput struct {
	ID          int64  `json:"id"`
	ConfigKey   string `json:"configKey"`
	ConfigValue string `json:"configValue"`
	ConfigName  string `json:"configName"`
	ConfigGroup string `json:"configGroup"`
	Remark      string `json:"remark"`
	ValueKind   string `json:"valueKind"`
	IsPublic    bool   `json:"isPublic"`
	IsSecret    bool   `json:"isSecret"`
}

func (in *ConfigInput) normalise() error {
	in.ConfigKey, in.ConfigName = strings.TrimSpace(in.ConfigKey), strings.TrimSpace(in.ConfigName)
	in.ConfigGroup, in.Remark = strings.TrimSpace(in.ConfigGroup), strings.TrimSpace(in.Remark)
	in.ConfigValue, in.ValueKind = strings.TrimSpace(in.ConfigValue), strings.TrimSpace(in.ValueKind)
	if in.ValueKind == "" {
		in.ValueKind = KindText
	}
	switch {
	case in.ConfigKey == "":
		return httpx.Invalid("configKey", "请输入配置键")
	case !configKeyPattern.MatchString(in.ConfigKey):
		return httpx.Invalid("configKey", "配置键须以字母开头，由不超过100位的字母、数字、下划线、点或连字符组成")
	case utf8.RuneCountInString(in.ConfigName) > 100:
		return httpx.Invalid("configName", "配置名称不能超过100个字")
	case utf8.RuneCountInString(in.ConfigGroup) > 50:
		return httpx.Invalid("configGroup", "配置分组不能超过50个字")
	case utf8.RuneCountInString(in.Remark) > 500:
		return httpx.Invalid("remark", "备注不能超过500个字")
	case utf8.RuneCountInString(in.ConfigValue) > MaxConfigValue:
		return httpx.Invalid("configValue", "配置值不能超过%d个字", MaxConfigValue)
	case in.IsPublic && in.IsSecret:
		return httpx.Invalid("isPublic", "保密配置不能公开")
	}
	return nil
}

// checkValue validates in.ConfigValue by its kind (HTML is cleaned) and the
// rules of particular keys.
func (s *Service) checkValue(ctx context.Context, in *ConfigInput) error {
	v := in.ConfigValue
	switch in.ValueKind {
	case KindText:
	case KindBool:
		if v != "true" && v != "false" {
			return httpx.Invalid("configValue", "该配置的值只能是 true 或 false")
		}
	case KindInt:
		if !positiveInt.MatchString(v) {
			return httpx.Invalid("configValue", "该配置的值须为正整数")
		}
	case KindRegex:
		if _, err := auth.CompilePolicy(v); err != nil {
			return httpx.Invalid("configValue", "正则表达式无效")
		}
	case KindHTML:
		in.ConfigValue = richtext.Sanitize(v)
	default:
		return httpx.Invalid("valueKind", "配置值类型无效")
	}
	if in.ConfigKey == CfgLogRetentionDays && in.ValueKind == KindInt {
		if days, _ := strconv.Atoi(v); days < minLogRetentionDays {
			return httpx.Invalid("configValue", "日志至少保存%d天（等级保护要求）", minLogRetentionDays)
		}
	}
	if in.ConfigKey == CfgFrameAncestors && !validFrameAncestors(v) {
		return httpx.Invalid("configValue", "请填写 'self'、'none' 或以空格分隔的 http(s):// 来源地址")
	}
	if err := s.settingChecks.check(ctx, in.ConfigKey, in.ConfigValue); err != nil {
		return err
	}
	if in.ConfigKey == CfgFrameHosts {
		if _, ok := ParseFrameHosts(v); !ok {
			return httpx.Invalid("configValue", "只能填写域名（如 www.12371.cn），多个以空格或逗号分隔，不超过%d个，不含 http://、路径或端口", maxFrameHosts)
		}
	}
	if urlConfigKeys[in.ConfigKey] && v != "" && !isWebURL(v) {
		return httpx.Invalid("configValue", "请输入以 http:// 或 https:// 开头的地址")
	}
	return nil
}

// urlConfigKeys hold addresses the browser loads or opens; anything but an
// http(s) URL (javascript:, data:) would run script in our origin.
var urlConfigKeys = map[string]bool{"ssoLogoutUrl": true, "qaSearchUrl": true, CfgStatsScript: true, CfgCASServerURL: true, CfgCASServiceURL: true, CfgWeLinkBaseURL: true}

func isWebURL(v string) bool {
	u, err := url.Parse(v)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// Settings of the browser security headers (seeded by migration 2026112431).
const (
	// CfgFrameAncestors lists who may show the app in a frame (CSP frame-ancestors).
	CfgFrameAncestors = "frameAncestors"
	// CfgStatsScript is the optional statistics script; its origin is allowed
	// in the Content Security Policy while it is set.
	CfgStatsScript = "isNeedBaiduStatistics"
)

// frameSource is one source of frame-ancestors: our keywords, or an http(s)
// origin (a leading "*." wildcard allowed). Nothing that could end the
// directive (';', ',', quotes) passes.
var frameSource = regexp.MustCompile(`^(?:'self'|https?://(?:\*\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::[0-9]{1,5})?)$`)

func validFrameAncestors(v string) bool {
	fields := strings.Fields(v)
	if len(fields) == 1 && fields[0] == "'none'" {
		return true
	}
	if len(fields) == 0 || len(fields) > 20 {
		return false
	}
	for _, f := range fields {
		if !frameSource.MatchString(f) {
			return false
		}
	}
	return true
}

// WebPolicy is what the browser security headers need from the settings:
// the frame-ancestors list ('self' unless validly set) and the origin of the
// statistics script when one is configured.
// Every response asks for it, so it is rebuilt only when one of the two
// settings changed.
func (s *Service) WebPolicy(ctx context.Context) httpx.WebPolicy {
	of := [3]string{s.Setting(ctx, CfgFrameAncestors), s.Setting(ctx, CfgStatsScript), s.Setting(ctx, CfgFrameHosts)}
	s.webPolicyMu.Lock()
	defer s.webPolicyMu.Unlock()
	if !s.webPolicySet || s.webPolicyOf != of {
		s.webPolicy, s.webPolicyOf, s.webPolicySet = buildWebPolicy(of[0], of[1]), of, true
		hosts, _ := ParseFrameHosts(of[2])
		for _, h := range hosts {
			s.webPolicy.FrameSources = append(s.webPolicy.FrameSources, "https://"+h, "http://"+h)
		}
	}
	return s.webPolicy
}

func buildWebPolicy(frameAncestors, statsScript string) httpx.WebPolicy {
	p := httpx.WebPolicy{FrameAncestors: "'self'"}
	if v := strings.Join(strings.Fields(frameAncestors), " "); validFrameAncestors(v) {
		p.FrameAncestors = v
	}
	if v := statsScript; isWebURL(v) {
		u, _ := url.Parse(v)
		if origin := u.Scheme + "://" + u.Host; frameSource.MatchString(origin) {
			p.ScriptOrigins = []string{origin}
		}
	}
	return p
}

// CreateConfig adds a setting and returns it as every answer shows it: a
// secret's value masked.
func (s *Service) CreateConfig(ctx context.Context, in ConfigInput) (*Config, error) {
	if err := in.normalise(); err != nil {
		return nil, err
	}
	if err := s.checkValue(ctx, &in); err != nil {
		return nil, err
	}
	now := s.now()
	c := &Config{Key: in.ConfigKey, Value: in.ConfigValue, Name: in.ConfigName, Group: in.ConfigGroup,
		Remark: in.Remark, Kind: in.ValueKind, IsPublic: in.IsPublic, IsSecret: in.IsSecret, CreatedAt: now, UpdatedAt: now}
	_, err := s.db.NewInsert().Model(c).Returning("id").Exec(ctx)
	if db.IsUniqueViolation(err) {
		return nil, httpx.Conflict("配置键已存在")
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	s.clearSettings()
	if c.IsSecret {
		c.Value = SecretMask
	}
	return c, nil
}

// UpdateConfig changes a setting. A secret sent back as the mask keeps its
// value; built-in keys keep their key and kind.
func (s *Service) UpdateConfig(ctx context.Context, in ConfigInput) error {
	if in.ID <= 0 {
		return httpx.Invalid("id", "缺少配置编号")
	}
	old := new(Config)
	err := s.db.NewSelect().Model(old).Where("id = ?", in.ID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return httpx.NotFound("配置不存在")
	} else if err != nil {
		return httpx.Internal(err)
	}
	if strings.TrimSpace(in.ValueKind) == "" {
		in.ValueKind = old.Kind
	}
	if err := in.normalise(); err != nil {
		return err
	}
	if builtinConfigKeys[old.Key] || s.settingChecks.has(old.Key) {
		if in.ConfigKey != old.Key {
			return httpx.Invalid("configKey", "系统内置配置的键不能修改")
		}
		if in.ValueKind != old.Kind {
			return httpx.Invalid("valueKind", "系统内置配置的值类型不能修改")
		}
	}
	if old.IsSecret && in.ConfigValue == SecretMask {
		in.ConfigValue = old.Value
	}
	if err := s.checkValue(ctx, &in); err != nil {
		return err
	}
	_, err = s.db.NewUpdate().Model((*Config)(nil)).Where("id = ?", in.ID).
		Set("config_key = ?", in.ConfigKey).Set("config_value = ?", in.ConfigValue).
		Set("config_name = ?", in.ConfigName).Set("config_group = ?", in.ConfigGroup).Set("remark = ?", in.Remark).
		Set("value_kind = ?", in.ValueKind).Set("is_public = ?", in.IsPublic).Set("is_secret = ?", in.IsSecret).
		Set("updated_at = ?", s.now()).Exec(ctx)
	if db.IsUniqueViolation(err) {
		return httpx.Conflict("配置键已存在")
	} else if err != nil {
		return httpx.Internal(err)
	}
	s.clearSettings()
	return nil
}

// DeleteConfigs removes settings; built-in keys are refused.
func (s *Service) DeleteConfigs(ctx context.Context, ids []int64) error {
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var keys []string
		if err := tx.NewSelect().Model((*Config)(nil)).Column("config_key").Where("id IN (?)", bun.In(ids)).
			Scan(ctx, &keys); err != nil {
			return err
		}
		for _, k := range keys {
			if builtinConfigKeys[k] || s.settingChecks.has(k) {
				return httpx.BadRequest("系统内置配置不能删除")
			}
		}
		_, err := tx.NewDelete().Model((*Config)(nil)).Where("id IN (?)", bun.In(ids)).Exec(ctx)
		return err
	})
	if err != nil {
		return httpx.AsError(err)
	}
	s.clearSettings()
	return nil
}

// ListConfigs is a page of settings, secrets masked.
func (s *Service) ListConfigs(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[Config], error) {
	page, err := httpx.Paged[Config](ctx, s.db.NewSelect().Model((*Config)(nil)), configListSpec, lq)
	if err != nil {
		return page, err
	}
	maskSecrets(page.Content)
	return page, nil
}
