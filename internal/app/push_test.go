package app_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"zhdj/internal/app"
	"zhdj/internal/apptest"
	"zhdj/internal/config"
	"zhdj/internal/platform/push/pushtest"
)

// openCounts opens the count stream of token's session as a browser does
// (gzip accepted, so a compressing wrapper would show).
func openCounts(t *testing.T, e *apptest.Env, token string) (*http.Response, *pushtest.Stream) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, e.Server.URL+app.CountsPath, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Authorization", "Bearer "+token)
	return pushtest.Open(t, req)
}

func countsOf(t *testing.T, ev pushtest.Item) app.Counts {
	t.Helper()
	var c app.Counts
	if ev.Name != app.CountsEvent {
		t.Fatalf("event %+v", ev)
	}
	if err := json.Unmarshal([]byte(ev.Data), &c); err != nil {
		t.Fatalf("event %+v: %v", ev, err)
	}
	return c
}

// Issue 33: the top bar's counts come pushed. With the re-read an hour away,
// only the announced changes can bring a new event: a message and a to-do
// sent to the user arrive at once, another user's do not; the stream is not
// compressed, flushes each event as it comes, and a session holds at most
// three.
func TestCountStreamPushesAnnouncedChanges(t *testing.T) {
	t.Parallel()
	e := apptest.NewWith(t, func(c *config.Config) {
		c.Push = config.PushTiming{Every: time.Hour, Heartbeat: time.Hour}
	})
	apptest.Expect(t, e.Do("GET", app.CountsPath, "", nil), 401)
	tk, uid := e.UserWith("ALL", 0, "user:list")
	send := func(path string, users ...int64) {
		t.Helper()
		apptest.Expect(t, e.Do("POST", path, e.AdminTK, map[string]any{"title": "请查看", "content": "内容", "isRemind": true, "userIds": users}), 201)
	}
	send("/api/msgPushHistory", uid)

	res, s := openCounts(t, e, tk)
	if s == nil {
		t.Fatalf("stream: %d", res.StatusCode)
	}
	if res.Header.Get("Content-Encoding") != "" || res.Header.Get("Content-Type") != "text/event-stream; charset=utf-8" ||
		res.Header.Get("X-Accel-Buffering") != "no" {
		t.Fatalf("headers %v", res.Header)
	}
	// The first event is what the polled endpoints answer now.
	var work struct{ Total int }
	apptest.Expect(t, e.Do("GET", "/api/worklist", tk, nil), 200)
	e.Do("GET", "/api/worklist", tk, nil).JSON(t, &work)
	first := countsOf(t, s.Next())
	if first.Remind != 1 || first.Todo != work.Total || first.Warning != 0 || first.OrgWarning != 0 {
		t.Fatalf("first event %+v, work %d", first, work.Total)
	}

	send("/api/msgPushHistory", uid)
	if c := countsOf(t, s.Next()); c.Remind != 2 || c.Todo != first.Todo {
		t.Fatalf("after a message %+v", c)
	}
	_, other := e.UserWith("ALL", 0, "user:list")
	send("/api/msgPushHistory", other) // not the user's: no event
	send("/api/msgTodo", uid)
	if c := countsOf(t, s.Next()); c.Remind != 2 || c.Todo != first.Todo+1 {
		t.Fatalf("after a to-do %+v", c)
	}

	// Three streams a session; the fourth tab polls instead.
	for range 2 {
		if res, s := openCounts(t, e, tk); s == nil {
			t.Fatalf("a stream within the cap: %d", res.StatusCode)
		}
	}
	if res, s := openCounts(t, e, tk); s != nil || res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("the fourth stream of a session: %d", res.StatusCode)
	}
	// Another session of the same user has streams of its own.
	if res, s := openCounts(t, e, e.Login(e.Username(uid), "Test@12345")); s == nil {
		t.Fatalf("another session's stream: %d", res.StatusCode)
	}
}

// With a short re-read, a change no event announces (another instance's
// write, here a row inserted behind the server's back) arrives too, a
// heartbeat keeps the stream open, and signing out ends it at the next
// re-read (the guard is passed again each time).
func TestCountStreamRereadsAndEndsWithTheSession(t *testing.T) {
	t.Parallel()
	e := apptest.NewWith(t, func(c *config.Config) {
		c.Push = config.PushTiming{Every: 20 * time.Millisecond, Heartbeat: 10 * time.Millisecond}
	})
	tk, uid := e.UserWith("ALL", 0, "user:list")
	res, s := openCounts(t, e, tk)
	if s == nil {
		t.Fatalf("stream: %d", res.StatusCode)
	}
	if c := countsOf(t, s.Next()); c.Remind != 0 {
		t.Fatalf("first event %+v", c)
	}
	if c := s.Comment(); c != "ping" {
		t.Fatalf("heartbeat %q", c)
	}
	if _, err := e.DB.ExecContext(t.Context(), `INSERT INTO msg_push_history (user_id, title, content, link, is_remind, created_at)
		VALUES (?, '另一实例的消息', '', '', TRUE, CURRENT_TIMESTAMP)`, uid); err != nil {
		t.Fatal(err)
	}
	if c := countsOf(t, s.Next()); c.Remind != 1 {
		t.Fatalf("after another instance's message %+v", c)
	}
	req, _ := http.NewRequest(http.MethodDelete, e.Server.URL+"/auth/logout", nil)
	apptest.Expect(t, e.Request(req, tk), 204)
	s.Ended()
	apptest.Expect(t, e.Do("GET", app.CountsPath, tk, nil), 401)
}
