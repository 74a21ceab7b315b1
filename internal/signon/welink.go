package signon

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"zhdj/internal/platform/auth"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/welink"
	"zhdj/internal/system"
)

// weLinkClients keeps one client per configuration, so that the
// application's token is fetched once and reused until it expires; a change
// of the settings makes a new one.
type weLinkClients struct {
	mu     sync.Mutex
	key    string
	client *welink.Client
}

func (s *Service) weLink(ctx context.Context) (*welink.Client, error) {
	if s.sys.Setting(ctx, system.CfgWeLinkEnabled) != "true" {
		return nil, httpx.E(http.StatusForbidden, "WeLink 免登未启用，请使用账号密码登录")
	}
	base, err := url.Parse(strings.TrimSpace(s.sys.Setting(ctx, system.CfgWeLinkBaseURL)))
	id, secret := strings.TrimSpace(s.sys.Setting(ctx, system.CfgWeLinkClientID)), s.sys.Setting(ctx, system.CfgWeLinkClientSecret)
	if err != nil || (base.Scheme != "https" && base.Scheme != "http") || base.Host == "" || id == "" || secret == "" {
		return nil, httpx.E(http.StatusForbidden, "WeLink 免登的设置不完整（开放平台地址、client_id、client_secret），请联系管理员")
	}
	key := base.String() + "\x00" + id + "\x00" + auth.HashToken(secret)
	c := &s.weLinks
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.client == nil || c.key != key {
		c.key, c.client = key, &welink.Client{Base: base, ClientID: id, ClientSecret: secret, HTTP: s.client}
	}
	return c.client, nil
}

// handleWeLinkLogin signs in the WeLink user an authorisation code was
// given to (GET /auth/welink/login?code=…): the answer is the login's,
// {token, user}, with the session cookie.
func (s *Service) handleWeLinkLogin(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if !s.allow(r) {
		return httpx.E(http.StatusTooManyRequests, "请求过于频繁，请稍后再试")
	}
	client, err := s.weLink(ctx)
	if err != nil {
		return err
	}
	code := r.URL.Query().Get("code")
	if !welink.ValidCode(code) {
		return httpx.BadRequest("WeLink 授权码无效，请从 WeLink 重新打开")
	}
	// Each code once, on every instance, whatever WeLink would say.
	if err := s.takeOnce(ctx, "welink:"+code); err != nil {
		return err
	}
	userID, err := client.UserID(ctx, code)
	var refused *welink.Refused
	if errors.As(err, &refused) {
		return httpx.BadRequest("WeLink 授权码无效或已过期，请从 WeLink 重新打开")
	} else if err != nil {
		return httpx.E(http.StatusBadGateway, "WeLink 暂时无法使用，请稍后重试或使用账号密码登录")
	}
	answer, err := s.openSession(w, r, userID, system.MethodWeLink)
	if err != nil {
		return err
	}
	return httpx.OK(w, answer)
}
