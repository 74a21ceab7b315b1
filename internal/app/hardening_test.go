package app_test

import (
	"net/http"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/httpx"
)

// Attack: hostile input through the real router. Each is a 400 with a
// Chinese message, never a 500 (PostgreSQL refuses NUL and invalid UTF-8)
// nor a silently unfiltered list (Go drops query pairs it cannot decode).
func TestHostileInputIsBadRequest(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	many := strings.Repeat("gender=1&", httpx.MaxQueryValues) + "gender=1"
	cases := []struct {
		name, method, path string
		body               any
		header             map[string]string
		msg                string
	}{
		{"NUL in a query filter", "GET", "/api/sysConfig?blurry=%00x", nil, nil, httpx.MsgBadChars},
		{"invalid UTF-8 in a query filter", "GET", "/api/sysConfig?blurry=%C3%28", nil, nil, httpx.MsgBadChars},
		{"undecodable query filter", "GET", "/api/sysConfig?blurry=%zz", nil, nil, "请求参数格式错误"},
		{"invalid UTF-8 in a path parameter", "GET", "/api/file/public/%ff.png", nil, nil, httpx.MsgBadChars},
		{"NUL escaped in a JSON filter", "POST", "/api/users/list", `{"blurry":"a\u0000"}`, nil, httpx.MsgBadChars},
		{"invalid UTF-8 in a JSON body", "PUT", "/api/users/center", "{\"nickName\":\"\xff\"}", nil, httpx.MsgBadChars},
		{"invalid UTF-8 in the method override", "POST", "/api/users/list", nil, map[string]string{"X-HTTP-Method-Override": "\xffPUT"}, httpx.MsgBadChars},
		{"page × size overflows", "GET", "/api/sysConfig?page=9223372036854775807&size=100", nil, nil, "页码超出范围"},
		{"page beyond the bound", "POST", "/api/users/list?page=10000000&size=10", nil, nil, "页码超出范围"},
		{"size above the max", "GET", "/api/sysConfig?size=10001", nil, nil, "每页条数"},
		{"four sort terms", "POST", "/api/users/list?sort=username,asc&sort=nickName,asc&sort=createTime,desc&sort=id,asc", nil, nil, "排序字段最多 3 个"},
		{"four sort terms in one parameter", "GET", "/api/sysConfig?sort=id,asc%3BconfigKey,asc%3BconfigName,asc%3BconfigGroup,asc", nil, nil, "排序字段最多 3 个"},
		{"too many query values", "GET", "/api/dyjbxx?" + many, nil, nil, "查询参数过多"},
	}
	for _, c := range cases {
		var res *apptest.Response
		if c.header == nil {
			res = e.Do(c.method, c.path, e.AdminTK, c.body)
		} else {
			req, _ := http.NewRequest(c.method, e.Server.URL+c.path, nil)
			for k, v := range c.header {
				req.Header.Set(k, v)
			}
			res = e.Request(req, e.AdminTK)
		}
		if res.Status != 400 || !strings.Contains(res.Message(), c.msg) {
			t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}
	// The sign-in stores the user agent: an invalid one is refused first.
	req, _ := http.NewRequest("POST", e.Server.URL+"/auth/login", strings.NewReader(`{}`))
	req.Header.Set("User-Agent", "Mozilla/5.0 \xc3\x28")
	if res := e.Request(req, ""); res.Status != 400 || res.Message() != httpx.MsgBadChars {
		t.Errorf("user agent: %d %s", res.Status, res.Body)
	}
	// Three sort terms and a hundred values are still fine.
	apptest.Expect(t, e.Do("POST", "/api/users/list?sort=username,asc&sort=nickName,asc&sort=createTime,desc", e.AdminTK, nil), 200)
	apptest.Expect(t, e.Do("GET", "/api/dyjbxx?"+strings.TrimSuffix(strings.Repeat("gender=1&", httpx.MaxQueryValues), "&"), e.AdminTK, nil), 200)
}

// The web app is served with a Content Security Policy whose
// frame-ancestors (and X-Frame-Options) follow the frameAncestors setting;
// a configured statistics script's origin is allowed, nothing else.
func TestWebAppSecurityHeaders(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	res := e.Do("GET", "/web/login", "", nil)
	csp := res.Header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'self'", "script-src 'self';", "object-src 'none'", "base-uri 'self'",
		"frame-ancestors 'self'", "img-src 'self' data: blob:", "style-src 'self' 'unsafe-inline'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if res.Header.Get("X-Frame-Options") != "SAMEORIGIN" || res.Header.Get("Referrer-Policy") != "strict-origin-when-cross-origin" {
		t.Errorf("headers %v", res.Header)
	}
	// index.html (when built) has no inline script, which script-src 'self' would block.
	if res.Status == 200 {
		for _, tag := range strings.Split(string(res.Body), "<script")[1:] {
			if open, _, _ := strings.Cut(tag, ">"); !strings.Contains(open, "src=") {
				t.Errorf("inline script in index.html: <script%.80s", tag)
			}
		}
	}
	// Refusals carry the headers too.
	if r := e.Do("GET", "/api/sysConfig?blurry=%00", e.AdminTK, nil); r.Header.Get("X-Frame-Options") == "" || r.Header.Get("Referrer-Policy") == "" {
		t.Errorf("refusal headers %v", r.Header)
	}

	setConfig := func(key, value string) {
		t.Helper()
		var rows []struct {
			ID        int64
			ConfigKey string
			ValueKind string
		}
		e.Do("GET", "/api/sysConfig/listAll", e.AdminTK, nil).JSON(t, &rows)
		for _, r := range rows {
			if r.ConfigKey == key {
				apptest.Expect(t, e.Do("PUT", "/api/sysConfig", e.AdminTK, map[string]any{"id": r.ID, "configKey": key,
					"configValue": value, "valueKind": r.ValueKind, "isPublic": key == "isNeedBaiduStatistics"}), 204)
				return
			}
		}
		t.Fatalf("no setting %s", key)
	}
	setConfig("frameAncestors", "'none'")
	res = e.Do("GET", "/web/", "", nil)
	if !strings.Contains(res.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") || res.Header.Get("X-Frame-Options") != "DENY" {
		t.Errorf("'none': %v", res.Header)
	}
	setConfig("frameAncestors", "https://portal.example.edu.cn")
	setConfig("isNeedBaiduStatistics", "https://hm.baidu.com/hm.js?abc")
	res = e.Do("GET", "/web/", "", nil)
	csp = res.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "frame-ancestors https://portal.example.edu.cn;") || res.Header.Get("X-Frame-Options") != "" ||
		!strings.Contains(csp, "script-src 'self' https://hm.baidu.com;") {
		t.Errorf("origins: %q %v", csp, res.Header)
	}
}

// Vite's manifest directory is a build internal: 404, not the file and not
// the index page.
func TestViteManifestNotServed(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	for _, p := range []string{"/web/.vite/manifest.json", "/web/.vite/", "/web/assets/.hidden"} {
		if res := e.Do("GET", p, "", nil); res.Status != 404 {
			t.Errorf("%s: %d", p, res.Status)
		}
	}
}

// The session cookie: HttpOnly, SameSite=Lax, Path=/, a day with rememberMe
// and a browser session otherwise; it authenticates reads, and a change only
// with the app's header or our Origin (a cross-site form has neither: CSRF).
// Logout clears it; the bearer header keeps working for scripts.
func TestSessionCookie(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	login := func(remember bool) (*http.Cookie, *http.Cookie) {
		t.Helper()
		res := e.Do("POST", "/auth/login", "", map[string]any{"username": "admin", "password": e.Encrypt(apptest.AdminPassword), "rememberMe": remember})
		apptest.Expect(t, res, 200)
		var session, marker *http.Cookie
		for _, c := range (&http.Response{Header: res.Header}).Cookies() {
			switch c.Name {
			case httpx.SessionCookie:
				session = c
			case httpx.SignedInCookie:
				marker = c
			}
		}
		if session == nil || marker == nil {
			t.Fatalf("cookies %v", res.Header["Set-Cookie"])
		}
		return session, marker
	}
	session, marker := login(true)
	if !session.HttpOnly || session.SameSite != http.SameSiteLaxMode || session.Path != "/" || session.MaxAge != 86400 ||
		session.Secure || marker.HttpOnly || marker.Value != "1" || marker.MaxAge != 86400 {
		t.Fatalf("remembered: %+v %+v", session, marker)
	}
	session, _ = login(false)
	if session.MaxAge != 0 || !session.HttpOnly {
		t.Fatalf("browser session: %+v", session)
	}

	send := func(method, path string, header map[string]string, body string) *apptest.Response {
		req, _ := http.NewRequest(method, e.Server.URL+path, strings.NewReader(body))
		req.AddCookie(session)
		for k, v := range header {
			req.Header.Set(k, v)
		}
		return e.Request(req, "")
	}
	apptest.Expect(t, send("GET", "/auth/info", nil, ""), 200)
	profile := `{"nickName":"管理员"}`
	res := send("PUT", "/api/users/center", nil, profile)
	if res.Status != 403 || res.Message() != httpx.MsgCSRF {
		t.Fatalf("cookie PUT without header: %d %s", res.Status, res.Body)
	}
	res = send("POST", "/api/users/center", map[string]string{"X-HTTP-Method-Override": "PUT", "Origin": "https://evil.example"}, profile)
	apptest.Expect(t, res, 403)
	apptest.Expect(t, send("PUT", "/api/users/center", map[string]string{"X-Requested-With": "XMLHttpRequest"}, profile), 204)
	apptest.Expect(t, send("PUT", "/api/users/center", map[string]string{"Origin": e.Server.URL}, profile), 204)
	// Bearer still works, and wins over a cookie.
	apptest.Expect(t, e.Do("PUT", "/api/users/center", e.AdminTK, profile), 204)

	res = send("DELETE", "/auth/logout", map[string]string{"X-Requested-With": "XMLHttpRequest"}, "")
	apptest.Expect(t, res, 204)
	cleared := 0
	for _, c := range (&http.Response{Header: res.Header}).Cookies() {
		if (c.Name == httpx.SessionCookie || c.Name == httpx.SignedInCookie) && c.MaxAge < 0 {
			cleared++
		}
	}
	if cleared != 2 {
		t.Fatalf("logout cookies %v", res.Header["Set-Cookie"])
	}
	apptest.Expect(t, send("GET", "/auth/info", nil, ""), 401)
}

// Single sign-on hands a session over in the URL; the web app posts it as a
// bearer header and gets it back as the HttpOnly cookie.
func TestAdoptSessionSetsCookie(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	res := e.Do("POST", "/auth/session", e.AdminTK, nil)
	apptest.Expect(t, res, 204)
	var got *http.Cookie
	for _, c := range (&http.Response{Header: res.Header}).Cookies() {
		if c.Name == httpx.SessionCookie {
			got = c
		}
	}
	if got == nil || got.Value != e.AdminTK || !got.HttpOnly {
		t.Fatalf("cookie %v", res.Header["Set-Cookie"])
	}
	apptest.Expect(t, e.Do("POST", "/auth/session", "not-a-session", nil), 401)
}
