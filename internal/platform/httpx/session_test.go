package httpx

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Attack: cross-site request forgery with the session cookie. A form on
// another site can POST with our cookie (SameSite=Lax stops that only
// cross-site) but cannot add X-Requested-With nor fake Origin.
func TestSessionTokenCSRF(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, method string
		header       map[string]string
		cookie       bool
		token        string
		status       int
	}{
		{"bearer", "POST", map[string]string{"Authorization": "Bearer B"}, true, "B", 0},
		{"cookie GET", "GET", nil, true, "C", 0},
		{"no token", "POST", nil, false, "", 0},
		{"cookie POST from a foreign form", "POST", nil, true, "", 403},
		{"cookie DELETE from another site", "DELETE", map[string]string{"Origin": "https://evil.example"}, true, "", 403},
		{"cookie PUT with a look-alike referer", "PUT", map[string]string{"Referer": "https://app.example.evil.example/web/"}, true, "", 403},
		{"cookie POST with the app's header", "POST", map[string]string{"X-Requested-With": "XMLHttpRequest"}, true, "C", 0},
		{"cookie POST from our origin", "POST", map[string]string{"Origin": "http://app.example"}, true, "C", 0},
		{"cookie PATCH with our referer", "PATCH", map[string]string{"Referer": "http://app.example/web/system/user"}, true, "C", 0},
	}
	for _, c := range cases {
		r := httptest.NewRequest(c.method, "http://app.example/api/x", nil)
		for k, v := range c.header {
			r.Header.Set(k, v)
		}
		if c.cookie {
			r.AddCookie(&http.Cookie{Name: SessionCookie, Value: "C"})
		}
		tok, err := SessionToken(r)
		if c.status != 0 {
			var e *Error
			if err == nil || !strings.Contains(err.Error(), "403") || tok != "" {
				t.Errorf("%s: %q %v, want 403", c.name, tok, err)
			} else if e, _ = err.(*Error); e.Message != MsgCSRF {
				t.Errorf("%s: message %q", c.name, e.Message)
			}
			continue
		}
		if err != nil || tok != c.token {
			t.Errorf("%s: %q %v, want %q", c.name, tok, err, c.token)
		}
	}
}

func TestSessionCookieAttributes(t *testing.T) {
	t.Parallel()
	r := httptest.NewRequest("POST", "http://app.example/auth/login", nil)
	r.Header.Set("X-Forwarded-Proto", "https")
	w := httptest.NewRecorder()
	SetSessionCookie(w, r, "T", 86400e9)
	got := w.Result().Cookies()
	if len(got) != 2 || got[0].Name != SessionCookie || !got[0].HttpOnly || !got[0].Secure || got[0].MaxAge != 86400 ||
		got[0].SameSite != http.SameSiteLaxMode || got[0].Path != "/" || got[1].Name != SignedInCookie || got[1].HttpOnly {
		t.Fatalf("cookies %+v", got)
	}
}

// The CSP and X-Frame-Options follow the frame-ancestors setting, and the
// statistics script's origin is allowed only when one is configured.
func TestSecurityHeadersPolicy(t *testing.T) {
	t.Parallel()
	cases := []struct {
		policy    WebPolicy
		path      string
		csp, xfo  string
		cspAbsent bool
	}{
		{WebPolicy{}, "/web/", "frame-ancestors 'self'", "SAMEORIGIN", false},
		{WebPolicy{FrameAncestors: "'none'"}, "/web/login", "frame-ancestors 'none'", "DENY", false},
		{WebPolicy{FrameAncestors: "https://portal.example.edu"}, "/web/", "frame-ancestors https://portal.example.edu", "", false},
		{WebPolicy{ScriptOrigins: []string{"https://hm.baidu.com"}}, "/web/", "script-src 'self' https://hm.baidu.com;", "SAMEORIGIN", false},
		{WebPolicy{}, "/api/users", "", "SAMEORIGIN", true},
	}
	for _, c := range cases {
		h := SecurityHeaders(func(*http.Request) WebPolicy { return c.policy })(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", c.path, nil))
		csp := w.Header().Get("Content-Security-Policy")
		if c.cspAbsent != (csp == "") || !strings.Contains(csp, c.csp) || w.Header().Get("X-Frame-Options") != c.xfo ||
			w.Header().Get("Referrer-Policy") != "strict-origin-when-cross-origin" {
			t.Errorf("%+v %s: CSP %q XFO %q", c.policy, c.path, csp, w.Header().Get("X-Frame-Options"))
		}
		if !c.cspAbsent && (!strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-eval") ||
			strings.Contains(csp, "script-src 'self' 'unsafe-inline'") || !strings.Contains(csp, "object-src 'none'")) {
			t.Errorf("CSP %q", csp)
		}
	}
}
