package welink_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"zhdj/internal/platform/welink"
)

// The application's token is kept until five minutes before its expiry,
// then fetched anew; a refused code is Refused; an oversized or failing
// answer is an error.
func TestTokenKeptUntilFiveMinutesBeforeExpiry(t *testing.T) {
	t.Parallel()
	tokens := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/api/auth/v2/tickets":
			tokens++
			fmt.Fprintf(w, `{"code":"0","access_token":"t%d","expires_in":1800}`, tokens)
		case r.URL.Query().Get("code") == "big":
			fmt.Fprintf(w, `{"code":"0","userId":"%s"}`, strings.Repeat("a", 20<<10))
		case r.URL.Query().Get("code") == "down":
			w.WriteHeader(http.StatusServiceUnavailable)
		case r.URL.Query().Get("code") == "ok":
			fmt.Fprintf(w, `{"code":"0","userId":"u-%s"}`, r.Header.Get("x-wlk-Authorization"))
		default:
			fmt.Fprint(w, `{"code":"41001","message":"invalid code"}`)
		}
	}))
	defer srv.Close()
	base, _ := url.Parse(srv.URL)
	now := time.Date(2026, 12, 2, 8, 0, 0, 0, time.UTC)
	c := &welink.Client{Base: base, ClientID: "a", ClientSecret: "b", Now: func() time.Time { return now }}
	ctx := context.Background()
	for _, step := range []struct {
		after time.Duration
		user  string
	}{{0, "u-t1"}, {24*time.Minute + 59*time.Second, "u-t1"}, {25 * time.Minute, "u-t2"}} {
		now = time.Date(2026, 12, 2, 8, 0, 0, 0, time.UTC).Add(step.after)
		if u, err := c.UserID(ctx, "ok"); err != nil || u != step.user {
			t.Errorf("after %s: %q %v", step.after, u, err)
		}
	}
	var refused *welink.Refused
	if _, err := c.UserID(ctx, "nope"); !errors.As(err, &refused) || refused.Code != "41001" {
		t.Errorf("refused: %v", err)
	}
	for _, code := range []string{"big", "down"} {
		if u, err := c.UserID(ctx, code); err == nil || errors.As(err, &refused) {
			t.Errorf("%s: %q %v", code, u, err)
		}
	}
	for _, bad := range []string{"", "a b", "<x>", strings.Repeat("a", 257)} {
		if welink.ValidCode(bad) {
			t.Errorf("%q valid", bad)
		}
	}
}
