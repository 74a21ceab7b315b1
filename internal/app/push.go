package app

import (
	"context"
	"net/http"
	"time"

	"zhdj/internal/home"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/push"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/worklist"
	"zhdj/internal/system"
)

// CountsPath is the top bar's count stream (server-sent events; docs/api.md).
const CountsPath = "/api/push/counts"

// CountsEvent names the stream's events.
const CountsEvent = "counts"

// Counts are the top bar's badges, read by the same service functions as the
// endpoints the bar polls without the stream.
type Counts struct {
	// Todo is the caller's work (GET /api/worklist total).
	Todo int `json:"todo"`
	// Remind is the caller's unread reminders (GET /api/msgPushHistory/getRemind totalElements).
	Remind int `json:"remind"`
	// Warning is the caller's own unresolved warnings (GET /api/warning totalWarningNum).
	Warning int `json:"warning"`
	// OrgWarning is the organisation warnings of the caller's scope (GET
	// /api/home/warnings totalElements); 0 without home:view.
	OrgWarning int `json:"orgWarning"`
}

// orgWarningEvery is how often a stream computes the organisation warnings
// again: they are computed from the whole scope's tree on read, so at the
// pace the spec polls them (240 s), not at every re-read.
const orgWarningEvery = 240 * time.Second

// countStream serves CountsPath: the hub, the guard each re-read passes
// again (a revoked session or a changed role takes effect at the next read)
// and what the counts are read from.
type countStream struct {
	hub   *push.Hub
	guard func(*http.Request, string) (*http.Request, error)
	work  *worklist.Registry
	sys   *system.Service
	homes *home.Service
}

// pushModule is the count stream as a module: its route, and its wake on
// every change the system domain announces (messages, to-dos, warnings of
// known users). Changes no event names (a work list computed from a
// module's state, a change on another instance) arrive at the next re-read.
func pushModule(c countStream) module.Module {
	return module.Module{Name: "push",
		Routes: func(root *httpx.Routes) {
			root.In("消息推送").Get(CountsPath, httpx.SignedIn, "订阅待办、消息与预警数", c.serve)
		},
		Subscribe: func(b *event.Bus) {
			event.SubscribeAfterCommit(b, func(_ context.Context, e system.CountsChanged) error {
				c.hub.Wake(e.UserIDs...)
				return nil
			})
		}}
}

func (c countStream) serve(w http.ResponseWriter, r *http.Request) error {
	p := rbac.From(r.Context())
	return push.Serve(c.hub, w, r, push.Caller{SessionID: p.SessionID, UserID: p.UserID}, CountsEvent, c.reader(r))
}

// reader reads the caller's counts: the first time on the request as the
// route's guard passed it, later after passing the guard again.
func (c countStream) reader(r *http.Request) func(ctx context.Context) (Counts, error) {
	first := true
	var org int
	var orgAt time.Time
	return func(ctx context.Context) (Counts, error) {
		if !first {
			req, err := c.guard(r.WithContext(ctx), httpx.SignedIn)
			if err != nil {
				return Counts{}, err
			}
			ctx = req.Context()
		}
		first = false
		var out Counts
		work, err := c.work.Summarise(ctx)
		if err != nil {
			return out, err
		}
		reminds, err := c.sys.Reminders(ctx)
		if err != nil {
			return out, err
		}
		own, err := c.sys.MyWarnings(ctx, httpx.ListQuery{Page: httpx.Page{Size: 1}})
		if err != nil {
			return out, err
		}
		switch {
		case !rbac.From(ctx).Allows(home.PermView):
			org, orgAt = 0, time.Time{}
		case orgAt.IsZero() || time.Since(orgAt) >= orgWarningEvery:
			ws, err := c.homes.Warnings(ctx, httpx.ListQuery{Page: httpx.Page{Size: 1}})
			if err != nil {
				return out, err
			}
			org, orgAt = ws.TotalElements, time.Now()
		}
		return Counts{Todo: work.Total, Remind: reminds.TotalElements, Warning: own.TotalWarningNum, OrgWarning: org}, nil
	}
}
