package signon_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/system"
)

// weLinkDouble is WeLink's open platform as the test runs it: the
// application's token for the right credentials, and the user of each code
// it issued (once).
type weLinkDouble struct {
	*httptest.Server
	mu             sync.Mutex
	codes          map[string]string
	tokens, lookup int
}

func newWeLink(t *testing.T) *weLinkDouble {
	d := &weLinkDouble{codes: map[string]string{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/auth/v2/tickets", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			ClientID     string `json:"client_id"`
			ClientSecret string `json:"client_secret"`
		}
		json.NewDecoder(r.Body).Decode(&in) //nolint:errcheck
		d.mu.Lock()
		d.tokens++
		d.mu.Unlock()
		if in.ClientID != "app-1" || in.ClientSecret != "s3cret" {
			json.NewEncoder(w).Encode(map[string]any{"code": "41500", "message": "bad client"}) //nolint:errcheck
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"code": "0", "message": "ok", "access_token": "tok-1", "expires_in": 7200}) //nolint:errcheck
	})
	mux.HandleFunc("GET /api/auth/v2/userid", func(w http.ResponseWriter, r *http.Request) {
		d.mu.Lock()
		defer d.mu.Unlock()
		d.lookup++
		user, ok := d.codes[r.URL.Query().Get("code")]
		delete(d.codes, r.URL.Query().Get("code"))
		if r.Header.Get("x-wlk-Authorization") != "tok-1" || !ok {
			json.NewEncoder(w).Encode(map[string]any{"code": "41001", "message": "invalid code"}) //nolint:errcheck
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"code": "0", "message": "ok", "userId": user}) //nolint:errcheck
	})
	d.Server = httptest.NewServer(mux)
	t.Cleanup(d.Close)
	return d
}

func (d *weLinkDouble) issue(code, user string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.codes[code] = user
	return code
}

func (d *weLinkDouble) counts() (tokens, lookups int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.tokens, d.lookup
}

func TestWeLinkSignsInTheUserOfACodeOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	wl := newWeLink(t)
	login := func(code string) *apptest.Response {
		return w.e.Do("GET", "/auth/welink/login?code="+url.QueryEscape(code), "", nil)
	}
	apptest.ExpectMessage(t, login("c1"), 403, "WeLink 免登未启用，请使用账号密码登录")
	w.set(t, system.CfgWeLinkEnabled, "true")
	apptest.ExpectMessage(t, login("c1"), 403, "WeLink 免登的设置不完整（开放平台地址、client_id、client_secret），请联系管理员")
	w.set(t, system.CfgWeLinkBaseURL, wl.URL)
	w.set(t, system.CfgWeLinkClientID, "app-1")
	w.set(t, system.CfgWeLinkClientSecret, "s3cret")

	res := login(wl.issue("code-1", "T1001"))
	apptest.Expect(t, res, 200)
	var out struct {
		Token string
		User  struct{ Username string }
	}
	res.JSON(t, &out)
	if out.User.Username != "T1001" || out.Token == "" {
		t.Fatalf("%s", res.Body)
	}
	// A session like any other, not held back by the password an administrator set.
	apptest.Expect(t, w.e.Do("GET", "/api/users/sessions", out.Token, nil), 200)
	var method string
	if err := w.e.DB.NewSelect().Table("sys_session").Column("method").Where("user_id = ?", w.user).Scan(context.Background(), &method); err != nil || method != system.MethodWeLink {
		t.Errorf("session method %q %v", method, err)
	}
	// The application's token is fetched once and reused.
	apptest.Expect(t, login(wl.issue("code-2", "T1001")), 200)
	if tokens, lookups := wl.counts(); tokens != 1 || lookups != 2 {
		t.Errorf("WeLink asked for %d tokens and %d users", tokens, lookups)
	}
	// A code twice: refused here without asking WeLink; a malformed one too.
	_, before := wl.counts()
	apptest.ExpectMessage(t, login("code-1"), 400, "登录票据已使用，请重新登录")
	apptest.ExpectMessage(t, login("a b"), 400, "WeLink 授权码无效，请从 WeLink 重新打开")
	apptest.ExpectMessage(t, login(""), 400, "WeLink 授权码无效，请从 WeLink 重新打开")
	if _, after := wl.counts(); after != before {
		t.Error("a used or malformed code was sent to WeLink")
	}
	// A code WeLink does not know; a user without an account here.
	apptest.ExpectMessage(t, login("forged"), 400, "WeLink 授权码无效或已过期，请从 WeLink 重新打开")
	res = login(wl.issue("code-3", "nobody@school"))
	apptest.ExpectMessage(t, res, 403, "您的账号（nobody@school）尚未在本系统开通，请联系所在党组织或组织部")
	// Wrong credentials: WeLink refuses the token, the sign-in fails without detail.
	w.set(t, system.CfgWeLinkClientSecret, "wrong")
	apptest.ExpectMessage(t, login(wl.issue("code-4", "T1001")), 502, "WeLink 暂时无法使用，请稍后重试或使用账号密码登录")
	// Made-up codes are limited per address like password guesses.
	w.set(t, system.CfgRateLoginPerMin, "1")
	w.set(t, system.CfgRateLoginBurst, "1")
	limited := 0
	for i := 0; i < 3; i++ {
		if login("flood").Status == 429 {
			limited++
		}
	}
	if limited == 0 {
		t.Error("no limit on WeLink sign-in attempts")
	}
	// The secret is never answered back.
	for _, c := range apptest.DoJSON[[]system.Config](t, w.e, 200, "GET", "/api/sysConfig/listAll", w.e.AdminTK, nil) {
		if c.Key == system.CfgWeLinkClientSecret && c.Value == "wrong" {
			t.Error("the WeLink secret is shown in the settings")
		}
	}
}
