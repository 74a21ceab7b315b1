package httpx

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func requestFrom(peer string, xff ...string) *http.Request {
	r := httptest.NewRequest("GET", "/auth/code", nil)
	r.RemoteAddr = peer
	for _, v := range xff {
		r.Header.Add("X-Forwarded-For", v)
	}
	return r
}

// A client that talks to the server directly cannot choose its address by
// sending X-Forwarded-For, with or without a proxy list configured.
func TestSpoofedForwardedForFromUntrustedPeerIsIgnored(t *testing.T) {
	t.Parallel()
	none, _ := ParseProxies("")
	proxies, err := ParseProxies("10.0.0.0/8, 192.168.1.5")
	if err != nil {
		t.Fatal(err)
	}
	for _, ps := range []Proxies{none, proxies} {
		r := requestFrom("203.0.113.9:5555", "1.1.1.1", "10.0.0.1")
		if got := ps.ClientIP(r); got != "203.0.113.9" {
			t.Errorf("proxies %v: client %q, want the peer", ps, got)
		}
	}
	// Without RealIP in front, ClientIP is the peer too.
	if got := ClientIP(requestFrom("203.0.113.9:5555", "1.1.1.1")); got != "203.0.113.9" {
		t.Errorf("ClientIP without RealIP = %q", got)
	}
}

func TestForwardedForFromTrustedProxyNamesTheRealClient(t *testing.T) {
	t.Parallel()
	ps, _ := ParseProxies("10.0.0.0/8,192.168.1.5,2001:db8::/32")
	cases := []struct {
		name, peer string
		xff        []string
		want       string
	}{
		{"one proxy", "10.1.2.3:443", []string{"198.51.100.7"}, "198.51.100.7"},
		// The client prepended a fake address: the proxy appended the real one.
		{"client-written prefix ignored", "10.1.2.3:443", []string{"1.1.1.1, 198.51.100.7"}, "198.51.100.7"},
		{"two proxies", "10.1.2.3:443", []string{"6.6.6.6, 198.51.100.7, 192.168.1.5"}, "198.51.100.7"},
		{"several headers", "10.1.2.3:443", []string{"6.6.6.6", "198.51.100.7"}, "198.51.100.7"},
		{"single trusted address", "192.168.1.5:80", []string{"198.51.100.8"}, "198.51.100.8"},
		{"ipv6 proxy", "[2001:db8::1]:443", []string{"2001:db9::42"}, "2001:db9::42"},
		{"no header", "10.1.2.3:443", nil, "10.1.2.3"},
		{"only proxies", "10.1.2.3:443", []string{"10.9.9.9"}, "10.9.9.9"},
		{"garbage stops at the nearest proxy", "10.1.2.3:443", []string{"198.51.100.7, junk"}, "10.1.2.3"},
	}
	for _, c := range cases {
		var got string
		RealIP(ps)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = ClientIP(r) })).
			ServeHTTP(httptest.NewRecorder(), requestFrom(c.peer, c.xff...))
		if got != c.want {
			t.Errorf("%s: client %q, want %q", c.name, got, c.want)
		}
	}
}

func TestParseProxiesRefusesNonsense(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"10.0.0.0/33", "example.com", "10.0.0"} {
		if _, err := ParseProxies(bad); err == nil {
			t.Errorf("ParseProxies(%q) accepted", bad)
		}
	}
}
