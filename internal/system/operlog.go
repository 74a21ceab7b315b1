package system

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// What the operation log keeps of a request body: the endpoint captures up
// to MaxCapturedBody (a JSON body longer than that cannot be parsed whole,
// so it cannot be masked, and none of it is kept); the masked body is cut
// to MaxLoggedBody.
const (
	MaxCapturedBody = 64 << 10
	MaxLoggedBody   = 8 << 10
)

// Column bounds of sys_oper_log.
const (
	maxLoggedQuery  = 1000
	maxLoggedTarget = 200
	maxLoggedName   = 100
)

// OperRequest is what the endpoint knows of one request when it is done.
type OperRequest struct {
	Route  httpx.Route
	Status int
	Took   time.Duration
	Err    error
	// Body is the start of the request body (httpx.Captured), BodySize the
	// bytes read in all; Answer is the start of the answer (a created
	// record's id is there).
	Body     []byte
	BodySize int64
	Answer   []byte
}

// WriteOperLog records one mutating request: who, when, from where, which
// module and action, on which record, with which result, how long it took,
// and the request itself with secrets and personal values masked. It never
// fails the request.
func (s *Service) WriteOperLog(r *http.Request, o OperRequest) {
	row := s.operRow(r.Context(), r, o.Route)
	row.Status, row.DurationMS = o.Status, o.Took.Milliseconds()
	if o.Err != nil {
		var he *httpx.Error
		if errors.As(o.Err, &he) {
			row.Message = truncate(he.Message, 500)
		} else {
			row.Message = "服务器内部错误"
		}
	}
	row.Body = loggedBody(r.Header.Get("Content-Type"), o.Body, o.BodySize)
	ids, name := targetOf(r, o.Body)
	if len(ids) == 0 && o.Status == http.StatusCreated {
		ids, name = targetOf(nil, o.Answer)
	}
	row.Target, row.TargetName = truncate(strings.Join(ids, ","), maxLoggedTarget), truncate(name, maxLoggedName)
	s.appendLog(r.Context(), operChain, row)
}

// LogAccess writes an operation-log row for a sensitive read (an unmasked
// personal field, a bulk export): reads are not logged otherwise. what says
// what was read (and why, when the reader gave a reason).
func (s *Service) LogAccess(ctx context.Context, r *http.Request, what string) {
	row := s.operRow(ctx, r, httpx.Route{})
	row.Status, row.Message = http.StatusOK, truncate(what, 500)
	ids, _ := targetOf(r, nil)
	row.Target = truncate(strings.Join(ids, ","), maxLoggedTarget)
	s.appendLog(ctx, operChain, row)
}

// operRow is the part of a log row every request has: the operator, the
// request line, the client and the route's title (rt, or the route ctx
// serves when rt is empty).
func (s *Service) operRow(ctx context.Context, r *http.Request, rt httpx.Route) *OperLog {
	if rt.Module == "" {
		rt, _ = httpx.RouteOf(ctx)
	}
	row := &OperLog{Module: rt.Module, Action: rt.Action, Method: r.Method, Path: truncate(r.URL.Path, 300),
		Query: truncate(crypto.RedactQuery(r.URL.Query()), maxLoggedQuery), Client: ClientOf(r), CreatedAt: s.now()}
	if p := rbac.From(ctx); p != nil {
		row.UserID, row.Username = &p.UserID, p.Username
	}
	return row
}

// loggedBody is a request body as the log keeps it: JSON with secrets and
// personal values masked and cut to MaxLoggedBody; of anything else (an
// uploaded workbook) only its type and size.
func loggedBody(contentType string, head []byte, size int64) string {
	if size == 0 {
		return ""
	}
	media, _, _ := mime.ParseMediaType(contentType)
	if media != "application/json" && !strings.HasSuffix(media, "+json") {
		return fmt.Sprintf("（%s，%d 字节，内容未记录）", media, size)
	}
	if int64(len(head)) < size {
		return fmt.Sprintf("（请求内容过长，%d 字节，未记录）", size)
	}
	out, ok := crypto.RedactJSON(head)
	if !ok {
		return "（不是有效的 JSON，内容未记录）"
	}
	if len(out) > MaxLoggedBody {
		return truncate(string(out), MaxLoggedBody) + "…（已截断）"
	}
	return string(out)
}

// targetOf reads the records a request acts on: the {id} of its path, else
// the id or ids of its JSON body (an object's "id" or "ids", or an array of
// ids), with a name when the body carries one (cheap: no query).
func targetOf(r *http.Request, body []byte) (ids []string, name string) {
	if r != nil {
		if rc := chi.RouteContext(r.Context()); rc != nil {
			if id := rc.URLParam("id"); id != "" {
				ids = []string{id}
			}
		}
	}
	var v any
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.UseNumber()
	if len(body) == 0 || dec.Decode(&v) != nil {
		return ids, ""
	}
	switch t := v.(type) {
	case []any:
		if len(ids) == 0 {
			ids = idList(t)
		}
	case map[string]any:
		if len(ids) == 0 {
			if id := idText(t["id"]); id != "" {
				ids = []string{id}
			} else if list, ok := t["ids"].([]any); ok {
				ids = idList(list)
			}
		}
		for _, k := range []string{"name", "title", "username", "nickName", "label"} {
			if s, ok := t[k].(string); ok && s != "" {
				return ids, s
			}
		}
	}
	return ids, ""
}

func idList(list []any) []string {
	var out []string
	for _, x := range list {
		if id := idText(x); id != "" {
			out = append(out, id)
		}
	}
	return out
}

// idText is a JSON id (a number or a numeric string) as text, "" otherwise.
func idText(v any) string {
	switch t := v.(type) {
	case json.Number:
		return t.String()
	case string:
		if t != "" && strings.Trim(t, "0123456789") == "" {
			return t
		}
	}
	return ""
}

// truncate cuts s to at most n bytes without splitting a UTF-8 character.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
