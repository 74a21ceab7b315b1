// Package signon is the central sign-on (统一身份认证) and the messaging
// app's sign-in without a password (WeLink 免登, welink.go): a browser signs in
// at the campus CAS server and comes back with a ticket, which this server
// validates with the CAS server itself before it opens a session for the
// account the ticket names; the CAS server's single logout ends that
// session; logging out sends the browser on to the CAS logout. The
// settings are the system's (group sso, system.CfgCAS…); the protocol is
// internal/platform/cas. Design: docs/signon.md.
package signon

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/auth"
	"zhdj/internal/platform/cas"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/jobs"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/ratelimit"
	"zhdj/internal/platform/sms"
	"zhdj/internal/system"
)

// ticketKept is how long a used ticket is remembered: longer than any
// session it opened, so a replay and a late single logout are still known.
const ticketKept = 48 * time.Hour

// maxRedirect bounds the page a sign-in returns to.
const maxRedirect = 500

// Service is the central sign-on.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	limits  *ratelimit.Shared
	client  *http.Client // nil: the protocol clients' own
	weLinks weLinkClients
	now     func() time.Time

	registrar   Registrar      // nil: no self-service accounts
	smsKey      []byte         // keys the stored codes (sms.go)
	smsOverride sms.Provider   // tests: instead of the settings' provider
	sending     sync.WaitGroup // messages being sent after their answer
}

// New builds the service; smsKey keys the stored SMS codes (drawn from the
// installation's key), registrar makes the accounts of members who have
// none (nil: nobody registers).
func New(database *bun.DB, sys *system.Service, smsKey []byte, registrar Registrar) *Service {
	s := &Service{db: database, sys: sys, limits: ratelimit.NewShared(database, "signon.addr", 20_000), now: func() time.Time { return time.Now().UTC() },
		smsKey: smsKey, registrar: registrar}
	sys.CheckSetting(system.CfgSMSProvider, system.MessageCheck(func(v string) string {
		if v != "log" && v != "http" {
			return "短信服务只能是 log 或 http"
		}
		return ""
	}))
	sys.CheckSetting(system.CfgSMSURL, system.MessageCheck(func(v string) string {
		if strings.TrimSpace(v) == "" {
			return ""
		}
		if err := sms.ParseURL(v); err != nil {
			return err.Error()
		}
		return ""
	}))
	sys.CheckSetting(system.CfgCASVersion, system.MessageCheck(func(v string) string {
		if v != string(cas.V2) && v != string(cas.V3) {
			return "CAS 协议版本只能是 3.0 或 2.0"
		}
		return ""
	}))
	return s
}

// JobPurge forgets the tickets older than ticketKept.
const JobPurge = "signon.purgeTickets"

// Module describes the module to internal/app.
func (s *Service) Module() module.Module {
	return module.Module{Name: "signon", Migrations: Migrations(), Routes: s.Routes,
		Jobs: []jobs.Job{{Name: JobPurge, Title: "清理已用的统一身份认证票据和过期的短信验证码", Cron: "50 3 * * *", Run: s.purge}}}
}

// Migrations: the tickets used, each with the session it opened.
func Migrations() []db.Migration {
	return []db.Migration{smsMigration(), {Version: 2026121281, Name: "signon: the CAS tickets used and their sessions", Up: func(ctx context.Context, tx bun.Tx) error {
		// No foreign key to sys_session: sessions are the system's, deleted
		// on expiry without asking; a ticket whose session is gone ends nothing.
		return db.DDL(ctx, tx, `CREATE TABLE sso_ticket (
			ticket_hash VARCHAR(64) PRIMARY KEY,
			session_id BIGINT NULL,
			created_at TIMESTAMP NOT NULL)`,
			`CREATE INDEX idx_sso_ticket_created ON sso_ticket(created_at)`,
			`CREATE INDEX idx_sso_ticket_session ON sso_ticket(session_id)`)
	}}}
}

// SetHTTPClient replaces the client that asks the CAS server and WeLink (tests).
func (s *Service) SetHTTPClient(c *http.Client) { s.client = c }

// SetClock replaces the clock (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Routes: all public, as a browser that is not signed in reaches them.
func (s *Service) Routes(rs *httpx.Routes) {
	r := rs.In("统一身份认证")
	r.Get("/auth/cas/login", httpx.Public, "转到统一身份认证登录", s.handleLogin)
	r.Get("/auth/cas/callback", httpx.Public, "统一身份认证登录回调", s.handleCallback)
	r.Post("/auth/cas/callback", httpx.Public, "统一身份认证单点退出", s.handleSingleLogout)
	r.Get("/auth/cas/logout", httpx.Public, "转到统一身份认证退出", s.handleLogout)
	rs.In("WeLink 免登").Get("/auth/welink/login", httpx.Public, "WeLink 免登", s.handleWeLinkLogin)
	code := rs.In("短信验证码")
	code.Post("/auth/sms/verify", httpx.Public, "发送登录或找回密码验证码", s.handleSendCode)
	code.Post("/auth/vercode/login", httpx.Public, "短信验证码登录", s.handleCodeLogin)
	code.Post("/api/users/resetPass", httpx.Public, "短信找回密码", s.handleResetPassword)
	code.Post("/auth/sms/register/verify", httpx.Public, "发送注册验证码", s.handleSendRegisterCode)
	code.Post("/auth/register", httpx.Public, "短信自助注册", s.handleRegister)
	code.Post("/api/users/emailCode", httpx.SignedIn, "发送更换邮箱验证码", s.handleSendEmailCode)
	code.Post("/api/users/updateEmail/{code}", httpx.SignedIn, "更换邮箱", s.handleUpdateEmail)
}

// config is the CAS settings, checked.
type config struct {
	server  *cas.Server
	service *url.URL
	attr    string
}

var errOff = errors.New("统一身份认证未启用，请使用账号密码登录")

func (s *Service) config(ctx context.Context) (*config, error) {
	if s.sys.Setting(ctx, system.CfgCASEnabled) != "true" {
		return nil, errOff
	}
	server, err := cas.ParseServer(s.sys.Setting(ctx, system.CfgCASServerURL), s.sys.Setting(ctx, system.CfgCASVersion))
	if err != nil {
		return nil, errors.New("统一身份认证的设置不完整（CAS 服务地址），请联系管理员")
	}
	server.Client = s.client
	service, err := url.Parse(s.sys.Setting(ctx, system.CfgCASServiceURL))
	if err != nil || (service.Scheme != "https" && service.Scheme != "http") || service.Host == "" {
		return nil, errors.New("统一身份认证的设置不完整（本系统回调地址），请联系管理员")
	}
	return &config{server: server, service: service, attr: strings.TrimSpace(s.sys.Setting(ctx, system.CfgCASUserAttribute))}, nil
}

// serviceFor is the service address for a sign-in that returns to page:
// the callback with the page as its redirect parameter. The callback
// rebuilds it from its own parameter, so both sides send CAS the same text.
func (c *config) serviceFor(page string) string {
	u := *c.service
	if page != "/" {
		q := u.Query()
		q.Set("redirect", page)
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// localPage is redirect when it is a page of this app ("/tjfx/zhcx"),
// else "/": never another host ("//evil", "/\evil", "https://…").
func localPage(redirect string) string {
	if redirect == "" || len(redirect) > maxRedirect || !strings.HasPrefix(redirect, "/") ||
		strings.HasPrefix(redirect, "//") || strings.ContainsAny(redirect, "\\\r\n\t") {
		return "/"
	}
	return redirect
}

// failed sends the browser to the 正在登录 page, which shows why.
func failed(w http.ResponseWriter, r *http.Request, msg string) error {
	http.Redirect(w, r, "/web/salogin?error="+url.QueryEscape(msg), http.StatusFound)
	return nil
}

// handleLogin sends the browser to the CAS login (GET
// /auth/cas/login?redirect=/page).
func (s *Service) handleLogin(w http.ResponseWriter, r *http.Request) error {
	c, err := s.config(r.Context())
	if err != nil {
		return failed(w, r, err.Error())
	}
	http.Redirect(w, r, c.server.LoginURL(c.serviceFor(localPage(r.URL.Query().Get("redirect")))), http.StatusFound)
	return nil
}

// handleCallback validates the ticket CAS sent the browser back with and
// signs the account in (GET /auth/cas/callback?ticket=ST-…&redirect=/page).
func (s *Service) handleCallback(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if !s.allow(r) {
		return failed(w, r, "请求过于频繁，请稍后再试")
	}
	c, err := s.config(ctx)
	if err != nil {
		return failed(w, r, err.Error())
	}
	page := localPage(r.URL.Query().Get("redirect"))
	ext, err := s.signIn(ctx, c, page, r.URL.Query().Get("ticket"), system.ClientOf(r))
	if err != nil {
		var he *httpx.Error
		if errors.As(err, &he) && he.Status < 500 {
			return failed(w, r, he.Message)
		}
		return failed(w, r, "统一身份认证暂时无法使用，请稍后重试或联系管理员")
	}
	httpx.SetSessionCookie(w, r, ext.Token, 0)
	http.Redirect(w, r, "/web"+page, http.StatusFound)
	return nil
}

// signIn takes ticket once (a replay is refused whatever CAS would say),
// has CAS validate it for the service it was issued to, and opens the
// session of the account it names.
func (s *Service) signIn(ctx context.Context, c *config, page, ticket string, client system.Client) (system.External, error) {
	if !cas.ValidTicket(ticket) {
		return system.External{}, httpx.BadRequest("登录票据无效，请重新登录")
	}
	if err := s.takeOnce(ctx, ticket); err != nil {
		return system.External{}, err
	}
	who, err := c.server.Validate(ctx, c.serviceFor(page), ticket)
	var refused *cas.Refused
	if errors.As(err, &refused) {
		return system.External{}, httpx.BadRequest("登录票据无效或已过期，请重新登录")
	} else if err != nil {
		return system.External{}, httpx.Internal(err)
	}
	username := who.User
	if c.attr != "" {
		if username = who.Attribute(c.attr); username == "" {
			return system.External{}, httpx.E(http.StatusForbidden, "统一身份认证未提供属性「%s」，无法确定您的账号，请联系管理员", c.attr)
		}
	}
	if err := s.createAtFirstSignIn(ctx, username); err != nil {
		return system.External{}, err
	}
	ext, err := s.sys.SignInExternal(ctx, username, system.MethodCAS, client)
	if err != nil {
		return ext, err
	}
	if _, err := s.db.NewUpdate().Table("sso_ticket").Set("session_id = ?", ext.SessionID).Where("ticket_hash = ?", auth.HashToken(ticket)).Exec(ctx); err != nil {
		return system.External{}, httpx.Internal(err)
	}
	return ext, nil
}

// createAtFirstSignIn makes the account of a party member CAS vouched for
// who has none, when the school allows it (casCreateAccounts). Anyone else
// without an account is refused by the sign-in that follows, with its page.
func (s *Service) createAtFirstSignIn(ctx context.Context, username string) error {
	if s.registrar == nil || s.sys.Setting(ctx, system.CfgCASCreateAccounts) != "true" {
		return nil
	}
	exists, err := s.sys.AccountExists(ctx, username)
	if err != nil || exists {
		return httpx.AsError(err)
	}
	_, err = s.registrar.RegisterNumber(ctx, username)
	var he *httpx.Error
	if errors.As(err, &he) && he.Status < 500 {
		return nil // not a member who may have one: the sign-in says the account is missing
	}
	return err
}

// allow takes a token of the client address's sign-in bucket: the
// password sign-in's limits (its settings), so that a flood of made-up
// tickets or codes does not turn into a flood of calls to CAS or WeLink.
func (s *Service) allow(r *http.Request) bool {
	ctx := r.Context()
	return s.limits.Allow(ctx, ratelimit.AddrKey(httpx.ClientIP(r)), ratelimit.Rule{
		PerMinute: s.sys.SettingInt(ctx, system.CfgRateLoginPerMin, 10), Burst: s.sys.SettingInt(ctx, system.CfgRateLoginBurst, 20)})
}

func errTooMany() *httpx.Error {
	return httpx.E(http.StatusTooManyRequests, "请求过于频繁，请稍后再试")
}

// takeOnce records a ticket (or a WeLink code, prefixed) as used, by its
// SHA-256, in one statement: a second use is refused on every instance.
func (s *Service) takeOnce(ctx context.Context, ticket string) error {
	res, err := s.db.NewRaw(`INSERT INTO sso_ticket (ticket_hash, created_at) VALUES (?, ?) ON CONFLICT (ticket_hash) DO NOTHING`,
		auth.HashToken(ticket), s.now()).Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return httpx.BadRequest("登录票据已使用，请重新登录")
	}
	return nil
}

// handleSingleLogout ends the session a ticket opened when the CAS server
// says its user signed out (POST /auth/cas/callback, form logoutRequest).
// Anything else posted there is answered the same, and ends nothing.
func (s *Service) handleSingleLogout(w http.ResponseWriter, r *http.Request) error {
	ticket, ok := cas.LogoutTicket(r)
	if ok {
		var ids []int64
		err := s.db.NewSelect().Table("sso_ticket").Column("session_id").Where("ticket_hash = ?", auth.HashToken(ticket)).
			Where("session_id IS NOT NULL").Scan(r.Context(), &ids)
		if err != nil {
			return httpx.Internal(err)
		}
		for _, id := range ids {
			if err := s.sys.EndSession(r.Context(), id); err != nil {
				return httpx.Internal(err)
			}
		}
	}
	w.WriteHeader(http.StatusOK)
	return nil
}

// handleLogout sends a browser that has just signed out here on to the CAS
// logout, which returns it to this app's home (GET /auth/cas/logout). The
// way back is derived from the configured callback, never from the request.
func (s *Service) handleLogout(w http.ResponseWriter, r *http.Request) error {
	c, err := s.config(r.Context())
	if err != nil {
		http.Redirect(w, r, "/web/login", http.StatusFound)
		return nil
	}
	back := url.URL{Scheme: c.service.Scheme, Host: c.service.Host, Path: "/web/"}
	http.Redirect(w, r, c.server.LogoutURL(back.String()), http.StatusFound)
	return nil
}

// purge forgets the tickets past ticketKept and the spent SMS codes (the nightly job).
func (s *Service) purge(ctx context.Context) error {
	if _, err := s.db.NewDelete().Table("sso_ticket").Where("created_at < ?", s.now().Add(-ticketKept)).Exec(ctx); err != nil {
		return err
	}
	return s.purgeCodes(ctx)
}
