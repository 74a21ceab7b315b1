// Package push streams small per-user figures to the browser as
// server-sent events (text/event-stream): a value at once, then a new one
// only when it changes, read again when something wakes the stream and on a
// modest jittered interval (so a change made by another instance behind the
// same database arrives too), with a comment heartbeat for the proxies in
// between. A stream ends when its reader fails (a revoked session), at
// shutdown, and after a bounded lifetime; EventSource reconnects by itself.
package push

import (
	"net/http"
	"sync"
	"time"

	"zhdj/internal/platform/httpx"
)

// Options are a hub's timing and caps; zero fields take the defaults.
type Options struct {
	// Every is how often a stream reads its value again (jittered by ±25%
	// so the streams of one instance do not read at the same instant).
	Every time.Duration
	// Heartbeat is how often a comment line keeps an idle stream open
	// through proxies (below nginx's proxy_read_timeout).
	Heartbeat time.Duration
	// Lifetime ends a stream (the browser reconnects), below the server's
	// WriteTimeout, so a connection never outlives its write deadline.
	Lifetime time.Duration
	// Gap is the least time between two reads of one stream: wakes that
	// arrive closer together are coalesced into one read.
	Gap time.Duration
	// Retry is the reconnect delay the browser is told (retry:).
	Retry time.Duration
	// PerSession caps the open streams of one session (more tabs fall back
	// to polling); Total caps the open streams of this instance.
	PerSession, Total int
}

// Defaults of Options.
const (
	DefaultEvery      = 18 * time.Second
	DefaultHeartbeat  = 25 * time.Second
	DefaultLifetime   = 5 * time.Minute
	DefaultGap        = time.Second
	DefaultRetry      = 5 * time.Second
	DefaultPerSession = 3
	DefaultTotal      = 2000
)

func (o Options) withDefaults() Options {
	set := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	set(&o.Every, DefaultEvery)
	set(&o.Heartbeat, DefaultHeartbeat)
	set(&o.Lifetime, DefaultLifetime)
	set(&o.Gap, DefaultGap)
	set(&o.Retry, DefaultRetry)
	if o.PerSession <= 0 {
		o.PerSession = DefaultPerSession
	}
	if o.Total <= 0 {
		o.Total = DefaultTotal
	}
	return o
}

// Hub holds this instance's open streams: how many each session has, and
// whom a wake reaches.
type Hub struct {
	opt       Options
	mu        sync.Mutex
	sessions  map[int64]int
	total     int
	users     map[int64]map[chan struct{}]struct{}
	closed    chan struct{}
	closeOnce sync.Once
}

// New makes a hub with opt (zero fields: the defaults).
func New(opt Options) *Hub {
	return &Hub{opt: opt.withDefaults(), sessions: map[int64]int{}, users: map[int64]map[chan struct{}]struct{}{},
		closed: make(chan struct{})}
}

// Options are the hub's timing and caps, defaults filled in.
func (h *Hub) Options() Options { return h.opt }

// Refusals when a cap is reached: the browser falls back to polling.
var (
	errSessionFull = httpx.E(http.StatusTooManyRequests, "本会话打开的实时通道过多，将改为定时刷新")
	errHubFull     = httpx.E(http.StatusServiceUnavailable, "服务器实时通道已满，将改为定时刷新")
	errClosed      = httpx.E(http.StatusServiceUnavailable, "服务器正在停止")
)

// join takes a slot for a stream of session for user and registers its
// wake channel; leave gives both back.
func (h *Hub) join(session, user int64) (wake chan struct{}, leave func(), err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	select {
	case <-h.closed:
		return nil, nil, errClosed
	default:
	}
	if h.sessions[session] >= h.opt.PerSession {
		return nil, nil, errSessionFull
	}
	if h.total >= h.opt.Total {
		return nil, nil, errHubFull
	}
	h.sessions[session]++
	h.total++
	wake = make(chan struct{}, 1)
	if h.users[user] == nil {
		h.users[user] = map[chan struct{}]struct{}{}
	}
	h.users[user][wake] = struct{}{}
	return wake, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.sessions[session]--; h.sessions[session] == 0 {
			delete(h.sessions, session)
		}
		h.total--
		if delete(h.users[user], wake); len(h.users[user]) == 0 {
			delete(h.users, user)
		}
	}, nil
}

// Wake asks the streams of these users to read again soon (each at most
// once per Gap). It never blocks: a stream already woken stays woken once.
func (h *Hub) Wake(userIDs ...int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, u := range userIDs {
		for c := range h.users[u] {
			nudge(c)
		}
	}
}

// WakeAll wakes every stream (a change whose users are not known).
func (h *Hub) WakeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, cs := range h.users {
		for c := range cs {
			nudge(c)
		}
	}
}

func nudge(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// Open is how many streams this instance holds open.
func (h *Hub) Open() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.total
}

// Close ends every stream and refuses new ones (the server is stopping:
// http.Server.Shutdown waits for open requests, which a stream would
// otherwise hold until its lifetime ends).
func (h *Hub) Close() { h.closeOnce.Do(func() { close(h.closed) }) }
