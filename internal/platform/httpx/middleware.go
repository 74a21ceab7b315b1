package httpx

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
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

// WebPolicy is what the browser security headers depend on; the
// administrator sets it at run time (system settings).
type WebPolicy struct {
	// FrameAncestors is the CSP frame-ancestors source list: "'self'",
	// "'none'" or origins allowed to embed the app.
	FrameAncestors string
	// ScriptOrigins may serve scripts besides our own (the optional
	// statistics script); they also receive its beacons (img, connect).
	ScriptOrigins []string
	// FrameSources are the origins a page of the app may show in a frame
	// besides our own (the external-link page's allowlisted hosts).
	FrameSources []string
}

// ContentSecurityPolicy is the CSP of the web app. antd writes its CSS-in-JS
// into <style> elements, hence 'unsafe-inline' for styles only; scripts come
// from our own origin (index.html has no inline script).
func (p WebPolicy) ContentSecurityPolicy() string {
	fa := p.FrameAncestors
	if fa == "" {
		fa = "'self'"
	}
	extra := ""
	for _, o := range p.ScriptOrigins {
		extra += " " + o
	}
	return "default-src 'self'; script-src 'self'" + extra + "; object-src 'none'; base-uri 'self'; form-action 'self'; " +
		"frame-ancestors " + fa + "; img-src 'self' data: blob:" + extra + "; style-src 'self' 'unsafe-inline'; " +
		"connect-src 'self'" + extra + frameSrc(p.FrameSources)
}

// frameSrc is the frame-src directive when other origins may be framed
// (otherwise default-src 'self' governs frames).
func frameSrc(origins []string) string {
	if len(origins) == 0 {
		return ""
	}
	return "; frame-src 'self' " + strings.Join(origins, " ")
}

// XFrameOptions is the legacy header consistent with FrameAncestors; origins
// other than our own cannot be expressed in it (ALLOW-FROM is obsolete), so
// then it is left out and browsers follow frame-ancestors.
func (p WebPolicy) XFrameOptions() string {
	switch p.FrameAncestors {
	case "", "'self'":
		return "SAMEORIGIN"
	case "'none'":
		return "DENY"
	}
	return ""
}

// SecurityHeaders sets the headers every response carries, and the Content
// Security Policy on the web app under /web/ and the big screen under /bigscreen/.
func SecurityHeaders(policy func(*http.Request) WebPolicy) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			p := policy(r)
			h := w.Header()
			h.Set("X-Content-Type-Options", "nosniff")
			if xfo := p.XFrameOptions(); xfo != "" {
				h.Set("X-Frame-Options", xfo)
			}
			h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
			if strings.HasPrefix(r.URL.Path, "/api/") || strings.HasPrefix(r.URL.Path, "/auth/") {
				h.Set("Cache-Control", "no-store")
			}
			if r.URL.Path == "/web" || strings.HasPrefix(r.URL.Path, "/web/") || strings.HasPrefix(r.URL.Path, "/bigscreen/") {
				h.Set("Content-Security-Policy", p.ContentSecurityPolicy())
			}
			next.ServeHTTP(w, r)
		})
	}
}

// Proxies are the reverse proxies (ZHDJ_TRUSTED_PROXIES) whose
// X-Forwarded-For is believed. Empty: nobody's is.
type Proxies []netip.Prefix

// ParseProxies reads a comma-separated list of CIDRs or single addresses.
func ParseProxies(s string) (Proxies, error) {
	var out Proxies
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !strings.Contains(part, "/") {
			a, err := netip.ParseAddr(part)
			if err != nil {
				return nil, fmt.Errorf("trusted proxy %q: %w", part, err)
			}
			a = a.Unmap()
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: %w", part, err)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

func (ps Proxies) contains(a netip.Addr) bool {
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// ClientIP finds the client of r. The peer address is the client unless the
// peer is a trusted proxy; then X-Forwarded-For is read from the right (each
// proxy appends the address it saw) and the first address that is not itself
// a trusted proxy is the client. Entries to its left were written by the
// client and are never believed. An unreadable entry stops the walk at the
// nearest trusted hop, so garbage cannot pick a fresh identity.
func (ps Proxies) ClientIP(r *http.Request) string {
	peer := peerAddr(r)
	a, err := netip.ParseAddr(peer)
	if err != nil || len(ps) == 0 || !ps.contains(a.Unmap()) {
		return peer
	}
	nearest := a.Unmap()
	var hops []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(v, ",")...)
	}
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		hop = hop.Unmap()
		if !ps.contains(hop) {
			return hop.String()
		}
		nearest = hop
	}
	return nearest.String()
}

// RealIP resolves the client address once per request (see
// Proxies.ClientIP) for ClientIP to return.
func RealIP(ps Proxies) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ctx := context.WithValue(r.Context(), clientIPKey{}, ps.ClientIP(r))
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

type clientIPKey struct{}

// ClientIP is the client address of r: as RealIP resolved it, or the peer
// address when no RealIP ran (X-Forwarded-For is never trusted by default
// because any client can send it).
func ClientIP(r *http.Request) string {
	if ip := ClientIPOf(r.Context()); ip != "" {
		return ip
	}
	return peerAddr(r)
}

// ClientIPOf is the client address RealIP stored in ctx ("" if none), for
// services that only get the request's context.
func ClientIPOf(ctx context.Context) string {
	ip, _ := ctx.Value(clientIPKey{}).(string)
	return ip
}

func peerAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
