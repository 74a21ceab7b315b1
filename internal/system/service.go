// Package system is the platform's own domain: accounts, sessions, roles,
// menus, departments, dictionaries, settings, schools, files, messages and logs.
package system

import (
	"context"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/auth"
	"zhdj/internal/platform/chain"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/files"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/jobs"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/worklist"
)

// Options are the start-up settings the system domain needs.
type Options struct {
	CaptchaOff   bool // ZHDJ_CAPTCHA=off
	PasswordCost int  // bcrypt cost
	// Workbooks reads uploaded workbooks within their limits (shared with
	// the staged imports, so the parse slots are counted together).
	Workbooks *excel.Reader
	// Bus carries the domain events the system domain publishes and the
	// questions it asks other domains (nil: none are heard or answered).
	Bus *event.Bus
	// DictUses are the columns of every module holding dictionary codes
	// (the descriptors' Dicts): a value in use there is not deleted.
	DictUses []module.DictUse
	// Cipher keeps the accounts' phones encrypted (user_phone.go).
	Cipher *crypto.FieldCipher
	// AuditKey chains the operation and login logs (logchain.go).
	AuditKey *chain.Key
	// SM2 decrypts passwords when cryptoSuite is gm
	// (password_transport.go); nil keeps RSA whatever the setting.
	SM2 *auth.SM2Key
}

// Service is the system domain. It is built once in internal/app.
type Service struct {
	db      *bun.DB
	keys    *auth.KeyPair
	hasher  *auth.Hasher
	captcha *auth.Captcha
	limits  *signInLimits
	store   *files.Store
	opts    Options
	now     func() time.Time
	bus     *event.Bus
	orgs    OrgDirectory

	settingsMu      sync.Mutex
	settings        map[string]string
	settingsExpires time.Time
	settingsClock   func() time.Time // when cached settings expire; tests move it forward

	settingChecks settingChecks // other domains' checks of their settings' values (setting_check.go)

	// webPolicy is the last WebPolicy built and the two settings it was
	// built from: every response needs it, the settings rarely change.
	webPolicyMu  sync.Mutex
	webPolicyOf  [3]string
	webPolicy    httpx.WebPolicy
	webPolicySet bool

	exports sync.WaitGroup // background exports running (export_job.go)

	permCache permCache // roles' permissions by version (permcache.go)

	sessionSQL string         // the session lookup every signed-in request runs (session.go)
	userSQL    userStatements // the users' views (user_columns.go)

	fileNames fileNames // what 文件管理 calls each module key and tag (file_names.go)
}

// New builds the service.
func New(db *bun.DB, keys *auth.KeyPair, store *files.Store, opts Options) *Service {
	s := &Service{db: db, keys: keys, hasher: auth.NewHasher(opts.PasswordCost), captcha: auth.NewCaptcha(),
		limits: newSignInLimits(db), bus: opts.Bus,
		store: store, opts: opts, now: func() time.Time { return time.Now().UTC() }, settingsClock: time.Now}
	s.orgs = orgDirectory{s}
	s.sessionSQL = sessionQuery(db)
	for _, m := range systemFileModules {
		s.NameFiles(m)
	}
	s.CheckSetting(CfgCryptoSuite, MessageCheck(checkCryptoSuite))
	return s
}

// Module describes the system domain to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "system", Migrations: Migrations(), Routes: s.Routes,
		Menus: append(append(systemMenus(), schedulePages()...), loginLayoutPage()), Subscribe: s.subscribe,
		WorkLists: []worklist.Provider{s.storedTodos()}, Encrypted: encrypted(),
		Jobs: []jobs.Job{
			{Name: "system.purgeExpired", Title: "清理过期的会话、验证码和登录失败记录", Cron: "*/10 * * * *", Run: s.PurgeExpired},
			{Name: "system.purgeLogs", Title: "清理超过保留期限的操作日志和登录日志", Cron: "30 3 * * *", Run: s.PurgeLogs},
		}}
}

// Bus is the event bus the domains publish on and subscribe to.
func (s *Service) Bus() *event.Bus { return s.bus }

// OrgDirectory is what accounts need from the party organisation domain,
// asked over the bus (the system domain does not read its tables).
type OrgDirectory interface {
	Names(ctx context.Context, ids []int64) (map[int64]string, error)
	InScope(ctx context.Context, id int64) (bool, error)
	// ScopeIDs is the caller's organisation scope: every organisation (all) or ids.
	ScopeIDs(ctx context.Context) (all bool, ids []int64, err error)
	// RoleOrgsOutside tells which of the roles have custom organisations
	// (each with its subtree) reaching outside the caller's organisation scope.
	RoleOrgsOutside(ctx context.Context, roleIDs []int64) (map[int64]bool, error)
	// Subtree is the organisations and every one below them (whatever the scope).
	Subtree(ctx context.Context, rootIDs []int64) ([]int64, error)
}

// DB exposes the database to the composition root (health check, backups).
func (s *Service) DB() *bun.DB { return s.db }

// Keys exposes the RSA key pair (tests and the command line encrypt with it).
func (s *Service) Keys() *auth.KeyPair { return s.keys }

// settingsTTL bounds how stale another instance's change can be seen here.
const settingsTTL = 5 * time.Second

// Setting returns the value of a sys_config key ("" when absent). Values are
// cached for a few seconds; a local write clears the cache at once. The
// query runs outside the lock, and a failed read keeps the last good values.
func (s *Service) Setting(ctx context.Context, key string) string {
	s.settingsMu.Lock()
	fresh := s.settings != nil && s.settingsClock().Before(s.settingsExpires)
	cached := s.settings
	s.settingsMu.Unlock()
	if fresh {
		return cached[key]
	}
	var rows []Config
	if err := s.db.NewSelect().Model(&rows).Column("config_key", "config_value").Scan(ctx); err != nil {
		slog.Warn("read settings", "err", err)
		return cached[key]
	}
	m := make(map[string]string, len(rows))
	for _, r := range rows {
		m[r.Key] = r.Value
	}
	s.settingsMu.Lock()
	s.settings, s.settingsExpires = m, s.settingsClock().Add(settingsTTL)
	s.settingsMu.Unlock()
	return m[key]
}

// SettingInt reads an integer setting, def when absent or malformed.
func (s *Service) SettingInt(ctx context.Context, key string, def int) int {
	n, err := strconv.Atoi(s.Setting(ctx, key))
	if err != nil || n <= 0 {
		return def
	}
	return n
}

func (s *Service) clearSettings() {
	s.settingsMu.Lock()
	s.settings = nil
	s.settingsMu.Unlock()
}

// captchaEnabled: on unless the process or the setting turns it off.
func (s *Service) captchaEnabled(ctx context.Context) bool {
	return !s.opts.CaptchaOff && s.Setting(ctx, CfgCaptchaEnabled) != "false"
}

// ctxT shortens handler adapters' signatures.
type ctxT = context.Context
