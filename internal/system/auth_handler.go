package system

import (
	"github.com/uptrace/bun"

	"net/http"
	"strings"
	"time"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/ratelimit"
	"zhdj/internal/platform/rbac"
)

// rateLimitKeys caps each limiter's map (about 200 bytes a key).
const rateLimitKeys = 20_000

// signInLimits are the token buckets in front of password guessing: sign-in
// and password-change attempts per client address and per account, and
// captchas per client address. They are kept in the database, so several
// instances behind one load balancer spend one budget (a guesser spreading
// his tries over two instances gets no more of them), like the lockout.
type signInLimits struct {
	byAddr, byAccount, captcha *ratelimit.Shared
}

func newSignInLimits(database bun.IDB) *signInLimits {
	return &signInLimits{byAddr: ratelimit.NewShared(database, "signin.addr", rateLimitKeys),
		byAccount: ratelimit.NewShared(database, "signin.account", rateLimitKeys),
		captcha:   ratelimit.NewShared(database, "captcha.addr", rateLimitKeys)}
}

func tooManyRequests() error {
	return httpx.E(http.StatusTooManyRequests, "请求过于频繁，请稍后再试")
}

func (s *Service) rule(r *http.Request, perMinute string, defPerMinute int, burst string, defBurst int) ratelimit.Rule {
	return ratelimit.Rule{PerMinute: s.SettingInt(r.Context(), perMinute, defPerMinute), Burst: s.SettingInt(r.Context(), burst, defBurst)}
}

// allowAddr takes a sign-in token of the client address.
func (s *Service) allowAddr(r *http.Request) error {
	if !s.limits.byAddr.Allow(r.Context(), ratelimit.AddrKey(httpx.ClientIP(r)), s.rule(r, CfgRateLoginPerMin, 10, CfgRateLoginBurst, 20)) {
		return tooManyRequests()
	}
	return nil
}

// allowAccount takes a sign-in token of the account named (whether or not it
// exists, so the answer says nothing about it).
func (s *Service) allowAccount(r *http.Request, username string) error {
	key := strings.ToLower(strings.TrimSpace(username))
	if len(key) > maxUsernameLen {
		key = key[:maxUsernameLen]
	}
	if !s.limits.byAccount.Allow(r.Context(), key, s.rule(r, CfgRateAccountPerMin, 5, CfgRateAccountBurst, 10)) {
		return tooManyRequests()
	}
	return nil
}

// limitPasswordChange puts the sign-in limits (client address, then the
// caller's account) in front of a password-change route.
func (s *Service) limitPasswordChange(h httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := s.allowAddr(r); err != nil {
			return err
		}
		if err := s.allowAccount(r, rbac.From(r.Context()).Username); err != nil {
			return err
		}
		return h(w, r)
	}
}

func (s *Service) authRoutes(rs *httpx.Routes) {
	rs.Get("/auth/code", httpx.Public, "获取验证码", s.handleCaptcha)
	rs.Get("/auth/publicKey", httpx.Public, "获取公钥", func(w http.ResponseWriter, r *http.Request) error {
		return httpx.OK(w, s.publicKey(r.Context()))
	})
	rs.Post("/auth/login", httpx.Public, "登录", s.handleLogin)
	rs.Get("/auth/info", httpx.SignedIn, "获取当前用户", httpx.Read(func(ctx ctxT) (UserView, error) {
		return s.CurrentUserView(ctx, 0)
	}))
	rs.Post("/auth/session", httpx.SignedIn, "接续会话", s.handleAdoptSession)
	rs.Get("/auth/logout", httpx.SignedIn, "退出登录", s.handleLogout)
	rs.Delete("/auth/logout", httpx.SignedIn, "退出登录", s.handleLogout)
	rs.Get("/api/users/sessions", httpx.SignedIn, "查询本人会话", func(w http.ResponseWriter, r *http.Request) error {
		list, err := s.MySessions(r.Context())
		if err != nil {
			return httpx.Internal(err)
		}
		return httpx.OK(w, list)
	})
	rs.Delete("/api/users/sessions/others", httpx.SignedIn, "结束本人其他会话", func(w http.ResponseWriter, r *http.Request) error {
		if err := s.EndOtherSessions(r.Context()); err != nil {
			return httpx.Internal(err)
		}
		return httpx.NoContent(w)
	})
}

func (s *Service) handleCaptcha(w http.ResponseWriter, r *http.Request) error {
	if !s.limits.captcha.Allow(r.Context(), ratelimit.AddrKey(httpx.ClientIP(r)), s.rule(r, CfgRateCaptchaPerMin, 30, CfgRateCaptchaBurst, 30)) {
		return tooManyRequests()
	}
	if !s.captchaEnabled(r.Context()) {
		return httpx.OK(w, map[string]any{"img": "", "uuid": "", "enabled": false})
	}
	img, id, err := s.NewCaptcha(r.Context())
	if err != nil {
		return httpx.Internal(err)
	}
	return httpx.OK(w, map[string]any{"img": img, "uuid": id, "enabled": true})
}

func (s *Service) handleLogin(w http.ResponseWriter, r *http.Request) error {
	if err := s.allowAddr(r); err != nil {
		return err
	}
	var req LoginRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	if err := s.allowAccount(r, req.Username); err != nil {
		return err
	}
	token, u, err := s.Login(r.Context(), req, ClientOf(r))
	if err != nil {
		return err
	}
	view, err := s.CurrentUserView(r.Context(), u.ID)
	if err != nil {
		return err
	}
	// The web app keeps the session in the HttpOnly cookie; the token in the
	// body is for scripts, which send it as a bearer header.
	maxAge := time.Duration(0)
	if req.RememberMe {
		maxAge = rememberMeTTL
	}
	httpx.SetSessionCookie(w, r, token, maxAge)
	return httpx.OK(w, map[string]any{"token": token, "user": view})
}

// handleAdoptSession turns a session handed over in the URL (single sign-on
// sends ?sessionId=…, which the web app posts here as a bearer header) into
// the HttpOnly cookie, since the web app's script cannot set that cookie.
func (s *Service) handleAdoptSession(w http.ResponseWriter, r *http.Request) error {
	token, err := httpx.SessionToken(r)
	if err != nil {
		return err
	}
	httpx.SetSessionCookie(w, r, token, 0)
	return httpx.NoContent(w)
}

func (s *Service) handleLogout(w http.ResponseWriter, r *http.Request) error {
	if err := s.Logout(r.Context()); err != nil {
		return httpx.Internal(err)
	}
	httpx.ClearSessionCookie(w, r)
	return httpx.NoContent(w)
}
