package system

import (
	"context"
	"errors"
	"net/http"
	"time"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// WriteOperLog records one mutating request: who, when, from where, what,
// with which result and how long it took. It never fails the request.
func (s *Service) WriteOperLog(r *http.Request, status int, took time.Duration, err error) {
	row := &OperLog{Method: r.Method, Path: truncate(r.URL.Path, 300), Status: status, IP: httpx.ClientIP(r),
		UserAgent: truncate(r.UserAgent(), 300), DurationMS: took.Milliseconds(), CreatedAt: s.now()}
	if p := rbac.From(r.Context()); p != nil {
		row.UserID, row.Username = &p.UserID, p.Username
	}
	if err != nil {
		var he *httpx.Error
		if errors.As(err, &he) {
			row.Message = truncate(he.Message, 500)
		} else {
			row.Message = "服务器内部错误"
		}
	}
	s.db.NewInsert().Model(row).Exec(context.WithoutCancel(r.Context())) //nolint:errcheck
}

// LogAccess writes an operation-log row for a sensitive read (an unmasked
// personal field, a bulk export): reads are not logged otherwise.
func (s *Service) LogAccess(ctx context.Context, r *http.Request, what string) {
	row := &OperLog{Method: r.Method, Path: truncate(r.URL.Path, 300), Status: http.StatusOK, IP: httpx.ClientIP(r),
		UserAgent: truncate(r.UserAgent(), 300), Message: truncate(what, 500), CreatedAt: s.now()}
	if p := rbac.From(ctx); p != nil {
		row.UserID, row.Username = &p.UserID, p.Username
	}
	s.db.NewInsert().Model(row).Exec(context.WithoutCancel(ctx)) //nolint:errcheck
}

// truncate cuts s to at most n bytes without splitting a UTF-8 character.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}
