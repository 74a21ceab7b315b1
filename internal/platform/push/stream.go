package push

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"time"

	"zhdj/internal/platform/httpx"
)

// Caller is a stream's owner: its session (what the per-session cap
// counts) and its user (whom a wake reaches).
type Caller struct{ SessionID, UserID int64 }

// Serve streams the values read answers to w as events named name: one at
// once, then one each time a read answers a different value. read runs
// again when the caller's user is woken (coalesced to one read per Gap) and
// every Every (jittered). An error of the first read is returned for the
// route's error mapper to answer (401, 403); a later one ends the stream,
// as do the request's end, the hub's Close and the stream's lifetime.
// A stream over a cap answers its refusal (429, 503) without reading.
func Serve[V comparable](h *Hub, w http.ResponseWriter, r *http.Request, c Caller, name string,
	read func(ctx context.Context) (V, error)) error {
	wake, leave, err := h.join(c.SessionID, c.UserID)
	if err != nil {
		return err
	}
	defer leave()
	ctx := r.Context()
	v, err := read(ctx)
	if err != nil {
		return err
	}
	lifetime := jitter(h.opt.Lifetime, 0.8)
	out := newEventWriter(w)
	// Our own deadline, a little past the lifetime, whatever the server's
	// WriteTimeout: a stream ends by its lifetime, never by the deadline,
	// and a client that stops reading is dropped by it.
	out.deadline(time.Now().Add(lifetime + 30*time.Second))
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream; charset=utf-8")
	hd.Set("Cache-Control", "no-cache, no-store")
	// nginx passes the events on as they come instead of buffering them.
	hd.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if out.write(fmt.Sprintf("retry: %d\n", h.opt.Retry.Milliseconds())+event(name, v)) != nil {
		return nil
	}

	beat := time.NewTicker(h.opt.Heartbeat)
	defer beat.Stop()
	end := time.NewTimer(lifetime)
	defer end.Stop()
	last := time.Now()
	nextAt := last.Add(jitter(h.opt.Every, 0.75))
	next := time.NewTimer(time.Until(nextAt))
	defer next.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-h.closed:
			return nil
		case <-end.C:
			return nil
		case <-beat.C:
			if out.write(": ping\n\n") != nil {
				return nil
			}
		case <-wake:
			// Coalesced: no sooner than Gap after the last read, and never
			// later than the read already planned.
			if at := last.Add(h.opt.Gap); at.Before(nextAt) {
				nextAt = at
				next.Reset(time.Until(at))
			}
		case <-next.C:
			nv, err := read(ctx)
			last = time.Now()
			if err != nil {
				logEnd(ctx, name, err)
				return nil
			}
			nextAt = last.Add(jitter(h.opt.Every, 0.75))
			next.Reset(time.Until(nextAt))
			if nv != v {
				v = nv
				if out.write(event(name, v)) != nil {
					return nil
				}
			}
		}
	}
}

// event is one server-sent event of v as JSON (one data line: JSON has no
// raw newlines).
func event(name string, v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		data = []byte("null")
	}
	return "event: " + name + "\ndata: " + string(data) + "\n\n"
}

// jitter is d spread evenly over [low·d, (2-low)·d) (low 0.75: ±25%), so
// the streams of an instance, started together after a restart, do not
// read or end together.
func jitter(d time.Duration, low float64) time.Duration {
	from := time.Duration(float64(d) * low)
	spread := 2 * (d - from)
	if spread <= 0 {
		return d
	}
	return from + rand.N(spread)
}

// logEnd logs why a stream ended on a failed read, unless the request went
// away or the session ended (what a revoked session is expected to do).
func logEnd(ctx context.Context, name string, err error) {
	var he *httpx.Error
	if ctx.Err() != nil || (errors.As(err, &he) && he.Status < http.StatusInternalServerError) {
		return
	}
	slog.Warn("push: stream ended on a failed read", "stream", name, "err", err)
}

// eventWriter writes and flushes through every wrapper of the response
// (the route's recorder, the compression wrapper), which unwrap to it.
type eventWriter struct {
	w  http.ResponseWriter
	rc *http.ResponseController
}

func newEventWriter(w http.ResponseWriter) *eventWriter {
	return &eventWriter{w: w, rc: http.NewResponseController(w)}
}

func (e *eventWriter) deadline(t time.Time) {
	// A writer without deadlines (a test's recorder) has the server's.
	if err := e.rc.SetWriteDeadline(t); err != nil && !errors.Is(err, http.ErrNotSupported) {
		slog.Warn("push: write deadline", "err", err)
	}
}

func (e *eventWriter) write(s string) error {
	if _, err := e.w.Write([]byte(s)); err != nil {
		return err
	}
	return e.rc.Flush()
}
