package httpx

import (
	"net"
	"net/http"
	"strings"
)

// MethodOverride routes a POST carrying X-HTTP-Method-Override: PUT|DELETE|PATCH
// as that method (the front end sends PUT/DELETE this way through proxies that
// only pass GET and POST). Any other override value is ignored.
func MethodOverride(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			switch m := strings.ToUpper(r.Header.Get("X-HTTP-Method-Override")); m {
			case http.MethodPut, http.MethodDelete, http.MethodPatch:
				r.Method = m
			}
		}
		next.ServeHTTP(w, r)
	})
}

// PathGuard refuses request paths that popular admin frameworks were tricked
// by: matrix parameters (/x;/admin), encoded dots, slashes and backslashes,
// dot segments and doubled slashes. A clean API never needs any of them, so
// refusing them outright is simpler and safer than normalising.
func PathGuard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw := r.URL.EscapedPath()
		lower := strings.ToLower(raw)
		// Go's query parser silently drops pairs containing a raw ';', which
		// would turn "sort=name;drop" into no sort at all: refuse it instead.
		bad := strings.Contains(raw, ";") || strings.Contains(r.URL.RawQuery, ";") || strings.Contains(raw, "//") || strings.Contains(raw, "\\") ||
			strings.Contains(lower, "%2e") || strings.Contains(lower, "%2f") || strings.Contains(lower, "%5c") ||
			strings.Contains(lower, "%25") || strings.Contains(lower, "%00")
		if !bad {
			for _, seg := range strings.Split(r.URL.Path, "/") {
				if seg == "." || seg == ".." {
					bad = true
					break
				}
			}
		}
		if bad {
			WriteError(w, r, BadRequest("非法的请求路径"))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// SecurityHeaders sets the headers every response carries.
func SecurityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "SAMEORIGIN")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		if strings.HasPrefix(r.URL.Path, "/api/") || strings.HasPrefix(r.URL.Path, "/auth/") {
			h.Set("Cache-Control", "no-store")
		}
		next.ServeHTTP(w, r)
	})
}

// ClientIP is the peer address of the request. Behind a reverse proxy the
// operator terminates there; we do not trust X-Forwarded-For by default
// because any client can send it.
func ClientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
