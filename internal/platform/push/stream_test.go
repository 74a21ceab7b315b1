package push_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/push"
	"zhdj/internal/platform/push/pushtest"
)

// source is a value a stream reads, counting the reads; fail makes the
// next read fail (a revoked session).
type source struct {
	value, reads atomic.Int64
	fail         atomic.Bool
}

func (s *source) read(context.Context) (int64, error) {
	s.reads.Add(1)
	if s.fail.Load() {
		return 0, httpx.Unauthorized
	}
	return s.value.Load(), nil
}

// serve starts a server whose streams are ?session=&user= on hub, reading src.
func serve(t *testing.T, hub *push.Hub, src *source) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		session, _ := strconv.ParseInt(r.URL.Query().Get("session"), 10, 64)
		user, _ := strconv.ParseInt(r.URL.Query().Get("user"), 10, 64)
		if err := push.Serve(hub, w, r, push.Caller{SessionID: session, UserID: user}, "n", src.read); err != nil {
			httpx.WriteError(w, r, err)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func open(t *testing.T, srv *httptest.Server, session, user int) (*http.Response, *pushtest.Stream) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"?session="+strconv.Itoa(session)+"&user="+strconv.Itoa(user), nil)
	return pushtest.Open(t, req)
}

// A value at once, a new one when the user is woken after a change (many
// wakes, one read), nothing for another user's wake.
func TestWakesAreCoalescedIntoOneRead(t *testing.T) {
	t.Parallel()
	hub := push.New(push.Options{Every: time.Hour, Heartbeat: time.Hour, Gap: time.Second})
	src := &source{}
	src.value.Store(1)
	res, s := open(t, serve(t, hub, src), 1, 7)
	if s == nil || res.Header.Get("Content-Type") != "text/event-stream; charset=utf-8" || res.Header.Get("X-Accel-Buffering") != "no" {
		t.Fatalf("stream: %d %v", res.StatusCode, res.Header)
	}
	if ev := s.Next(); ev.Name != "n" || ev.Data != "1" {
		t.Fatalf("first event %+v", ev)
	}
	src.value.Store(2)
	hub.Wake(8) // another user's
	// A hundred wakes spread over a fifth of the gap: one read, not a
	// hundred (a slow machine stretching them may allow one more per gap).
	start := time.Now()
	tick := time.NewTicker(2 * time.Millisecond)
	for range 100 {
		hub.Wake(7)
		<-tick.C
	}
	tick.Stop()
	allowed := 2 + int64(time.Since(start)/time.Second)
	if ev := s.Next(); ev.Data != "2" {
		t.Fatalf("after the wake %+v", ev)
	}
	if n := src.reads.Load(); n > allowed {
		t.Errorf("%d reads for one open and a hundred wakes within the gap, want at most %d", n, allowed)
	}
	if hub.Open() != 1 {
		t.Errorf("open streams %d", hub.Open())
	}
}

// Without wakes the value is read again every Every (a change on another
// instance), a heartbeat comes in between, and a failed read ends the stream.
func TestRereadsBeatsAndEndsOnAFailedRead(t *testing.T) {
	t.Parallel()
	hub := push.New(push.Options{Every: 10 * time.Millisecond, Heartbeat: 10 * time.Millisecond})
	src := &source{}
	_, s := open(t, serve(t, hub, src), 1, 1)
	if ev := s.Next(); ev.Data != "0" {
		t.Fatalf("first event %+v", ev)
	}
	if c := s.Comment(); c != "ping" {
		t.Fatalf("heartbeat %q", c)
	}
	src.value.Store(5)
	if ev := s.Next(); ev.Data != "5" {
		t.Fatalf("re-read %+v", ev)
	}
	src.fail.Store(true)
	s.Ended()
	// Its slot is given back once the handler returns; the client may see
	// the end first, so wait on the count's change, not on a clock.
	waitFor(t, func() bool { return hub.Open() == 0 })
}

// A stream ends after its lifetime, and every stream at Close, which also
// refuses new ones.
func TestLifetimeAndClose(t *testing.T) {
	t.Parallel()
	short := push.New(push.Options{Every: time.Hour, Heartbeat: time.Hour, Lifetime: 20 * time.Millisecond})
	_, s := open(t, serve(t, short, &source{}), 1, 1)
	s.Next()
	s.Ended()

	hub := push.New(push.Options{Every: time.Hour, Heartbeat: time.Hour})
	srv := serve(t, hub, &source{})
	_, s = open(t, srv, 1, 1)
	s.Next()
	hub.Close()
	s.Ended()
	if res, s := open(t, srv, 2, 2); s != nil || res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("after Close: %d", res.StatusCode)
	}
}

// PerSession streams a session (then 429), Total an instance (then 503).
func TestCaps(t *testing.T) {
	t.Parallel()
	hub := push.New(push.Options{Every: time.Hour, Heartbeat: time.Hour, PerSession: 2, Total: 3})
	srv := serve(t, hub, &source{})
	for range 2 {
		if _, s := open(t, srv, 1, 1); s == nil {
			t.Fatal("a stream within the cap was refused")
		}
	}
	if res, s := open(t, srv, 1, 1); s != nil || res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("third stream of a session: %d", res.StatusCode)
	}
	if _, s := open(t, srv, 2, 2); s == nil {
		t.Fatal("another session's stream was refused")
	}
	if res, s := open(t, srv, 3, 3); s != nil || res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a stream over the instance's cap: %d", res.StatusCode)
	}
}

// A first read's error is the route's answer (its mapper writes the 401).
func TestFirstReadErrorIsAnswered(t *testing.T) {
	t.Parallel()
	hub := push.New(push.Options{})
	src := &source{}
	src.fail.Store(true)
	res, s := open(t, serve(t, hub, src), 1, 1)
	if s != nil || res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("status %d", res.StatusCode)
	}
	waitFor(t, func() bool { return hub.Open() == 0 })
}

// waitFor polls cond (on a tight ticker, not a sleep of a guessed length)
// until it holds or pushtest.Wait passes.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	deadline := time.After(pushtest.Wait)
	for !cond() {
		select {
		case <-tick.C:
		case <-deadline:
			t.Fatal(errors.New("condition not met in time"))
		}
	}
}
