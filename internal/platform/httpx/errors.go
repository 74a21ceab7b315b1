// Package httpx holds the HTTP plumbing every domain shares: the error type and
// its single mapper, JSON in/out, the route table with declared permissions,
// paging and the declared filter/sort helper, and the cross-cutting middleware.
package httpx

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"
)

// Error is an error with a status and a message safe to show a user (Chinese).
// Cause is logged, never sent.
type Error struct {
	Status  int
	Message string
	Cause   error
	Details any    // optional extra field "errors" in the body (per-row import problems)
	Code    string // optional field "code": a fixed token the web app acts on (PASSWORD_CHANGE_REQUIRED)
	// Field names the input field (its JSON name) a validation error is
	// about: forms mark that field, imports name that column.
	Field string
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%d %s: %v", e.Status, e.Message, e.Cause)
	}
	return fmt.Sprintf("%d %s", e.Status, e.Message)
}

func (e *Error) Unwrap() error { return e.Cause }

// E builds an Error with a formatted message.
func E(status int, format string, args ...any) *Error {
	return &Error{Status: status, Message: fmt.Sprintf(format, args...)}
}

// Invalid is a 400 about one input field (its JSON name, e.g. "contactPhone").
func Invalid(field, format string, args ...any) *Error {
	e := E(http.StatusBadRequest, format, args...)
	e.Field = field
	return e
}

// FieldOf is the field a validation error names ("" when none).
func FieldOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Field
	}
	return ""
}

func BadRequest(format string, args ...any) *Error { return E(http.StatusBadRequest, format, args...) }
func NotFound(format string, args ...any) *Error   { return E(http.StatusNotFound, format, args...) }
func Conflict(format string, args ...any) *Error   { return E(http.StatusConflict, format, args...) }
func Forbidden(format string, args ...any) *Error  { return E(http.StatusForbidden, format, args...) }

// Unauthorized is the answer for a missing or expired session.
var Unauthorized = &Error{Status: http.StatusUnauthorized, Message: "登录状态已过期，请重新登录"}

// NoPermission is the answer for a signed-in user lacking the route's permission.
var NoPermission = &Error{Status: http.StatusForbidden, Message: "没有权限访问该资源"}

// NoAnchor is the answer of a scoped endpoint to a user whose roles reach
// party organisations only from the account's own (本级, 本级及下级) while
// the account belongs to none: a clear refusal the web app shows in place of
// the page, instead of lists that would all be empty without a word.
var NoAnchor = &Error{Status: http.StatusForbidden, Message: "您的账号尚未关联党组织，请联系管理员", Code: CodeNoAnchor}

// CodeNoAnchor is the code of NoAnchor (the web app acts on it).
const CodeNoAnchor = "NO_ANCHOR"

// Internal wraps an unexpected failure; the user sees a generic message. A
// cause that already is an *Error (a refusal such as NoAnchor, reaching a
// caller that wraps every failure of a step) is answered as it is.
func Internal(cause error) *Error {
	var e *Error
	if errors.As(cause, &e) {
		return e
	}
	return &Error{Status: http.StatusInternalServerError, Message: "服务器内部错误，请稍后重试", Cause: cause}
}

// AsError is err as the handler answers it: nil stays nil, an *Error
// (anywhere in err's chain, e.g. returned through a transaction) as it is,
// and anything else (a failed statement or commit) becomes a 500.
func AsError(err error) error {
	var e *Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &e):
		return e
	}
	return Internal(err)
}

type errorBody struct {
	Status    int    `json:"status"`
	Message   string `json:"message"`
	Timestamp int64  `json:"timestamp"`
	Errors    any    `json:"errors,omitempty"`
	Code      string `json:"code,omitempty"`
	Field     string `json:"field,omitempty"`
}

// WriteError is the one place an error becomes a response. Unknown errors are
// logged with the request and answered with a 500 that leaks nothing.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var e *Error
	if !errors.As(err, &e) {
		e = Internal(err)
	}
	if e.Status >= 500 {
		slog.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	JSON(w, e.Status, errorBody{Status: e.Status, Message: e.Message, Timestamp: time.Now().UnixMilli(), Errors: e.Details, Code: e.Code, Field: e.Field})
}
