package httpx

import (
	"net/http"
	"net/url"
	"strings"
	"time"
)

// The web app's session travels in an HttpOnly cookie, out of reach of any
// script (an XSS cannot steal it). Scripts and tests send the token as a
// bearer header instead; the header wins when both are present.
const (
	SessionCookie = "zhdj_session"
	// SignedInCookie is a non-secret marker ("1") the web app reads to know
	// that a session cookie exists; it has the session cookie's lifetime.
	SignedInCookie = "zhdj_signed_in"
	// CSRFHeader must accompany every cookie-authenticated mutating request
	// (unless Origin or Referer names this host): a cross-site form cannot set it.
	CSRFHeader = "X-Requested-With"
)

// MsgCSRF refuses a cookie-authenticated change that did not come from the app.
const MsgCSRF = "请求来源无法验证，请刷新页面后重试"

// SessionToken reads the session token of r: the bearer header, or else the
// session cookie. A cookie-authenticated request with a method that changes
// something (POST, PUT, PATCH, DELETE; after method override) must carry
// X-Requested-With or an Origin/Referer of this host, otherwise it is a 403:
// SameSite=Lax already keeps the cookie off cross-site sub-requests, this
// also covers same-site sibling hosts and older browsers. "" means no token.
func SessionToken(r *http.Request) (string, error) {
	if t, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
		return strings.TrimSpace(t), nil
	}
	c, err := r.Cookie(SessionCookie)
	if err != nil || c.Value == "" {
		return "", nil
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
	default:
		if !sameOrigin(r) {
			return "", Forbidden(MsgCSRF)
		}
	}
	return c.Value, nil
}

// sameOrigin tells whether r came from the app: the custom header (which a
// cross-site page can only send after a CORS preflight we never grant), or
// an Origin/Referer whose host is the request's host.
func sameOrigin(r *http.Request) bool {
	if strings.EqualFold(r.Header.Get(CSRFHeader), "XMLHttpRequest") {
		return true
	}
	from := r.Header.Get("Origin")
	if from == "" || from == "null" {
		from = r.Header.Get("Referer")
	}
	if from == "" {
		return false
	}
	u, err := url.Parse(from)
	return err == nil && u.Host != "" && strings.EqualFold(u.Host, r.Host)
}

// IsHTTPS tells whether the client reached us over https (directly, or
// through a proxy saying so: a false claim only makes the cookie stricter).
func IsHTTPS(r *http.Request) bool {
	return r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")
}

// SetSessionCookie sets the session cookie (HttpOnly) and its marker.
// maxAge 0 makes browser-session cookies that end when the browser closes.
func SetSessionCookie(w http.ResponseWriter, r *http.Request, token string, maxAge time.Duration) {
	secs := int(maxAge / time.Second)
	http.SetCookie(w, sessionCookie(r, SessionCookie, token, secs, true))
	http.SetCookie(w, sessionCookie(r, SignedInCookie, "1", secs, false))
}

// ClearSessionCookie removes the session cookie and its marker.
func ClearSessionCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, sessionCookie(r, SessionCookie, "", -1, true))
	http.SetCookie(w, sessionCookie(r, SignedInCookie, "", -1, false))
}

func sessionCookie(r *http.Request, name, value string, maxAge int, httpOnly bool) *http.Cookie {
	return &http.Cookie{Name: name, Value: value, Path: "/", MaxAge: maxAge, HttpOnly: httpOnly,
		Secure: IsHTTPS(r), SameSite: http.SameSiteLaxMode}
}
