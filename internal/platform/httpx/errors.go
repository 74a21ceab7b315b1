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
	// Fields are every field's problem when a check found several (AllInvalid):
	// the first is Field with Message. Nil for an error about one field.
	Fields []FieldError
}

// FieldError is one input field's problem: its JSON name and the Chinese message.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
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

// FieldErrors are the input fields a validation error names with their
// messages, in the order found (none for an error about no field).
func FieldErrors(err error) []FieldError {
	var e *Error
	switch {
	case !errors.As(err, &e) || e.Field == "":
		return nil
	case e.Fields != nil:
		return e.Fields
	}
	return []FieldError{{Field: e.Field, Message: e.Message}}
}

// AllInvalid joins the results of checks run one after another (nil for
// those that passed) into one answer, so a form marks every bad field at
// once instead of one per submit. Errors naming a field (httpx.Invalid) are
// gathered, the first per field kept; the answer is the first one's status
// and message, with Fields listing them all. An error about no field (a
// failed read, a rule about the record as a whole) is returned alone: it is
// not the user's input to correct field by field.
func AllInvalid(errs ...error) error {
	var first *Error
	var fields []FieldError
	seen := map[string]bool{}
	for _, err := range errs {
		if err == nil {
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Field == "" {
			return err
		}
		if first == nil {
			first = e
		}
		for _, f := range FieldErrors(e) {
			if !seen[f.Field] {
				seen[f.Field] = true
				fields = append(fields, f)
			}
		}
	}
	switch {
	case first == nil:
		return nil
	case len(fields) == 1:
		return first
	}
	joined := *first
	joined.Fields = fields
	return &joined
}

// Checks gathers the field errors of a check written as a sequence of steps
// (AllInvalid over everything added): add each step's error and go on; stop
// early only where a later step needs an earlier one's value.
type Checks struct{ errs []error }

// Add records the errors of passed or failed steps (nil passes) and tells
// whether any of these failed.
func (c *Checks) Add(errs ...error) bool {
	failed := false
	for _, err := range errs {
		if err != nil {
			c.errs = append(c.errs, err)
			failed = true
		}
	}
	return failed
}

// Failed tells whether a step naming field failed.
func (c *Checks) Failed(field string) bool {
	for _, err := range c.errs {
		for _, f := range FieldErrors(err) {
			if f.Field == field {
				return true
			}
		}
	}
	return false
}

// Err is every recorded problem as one answer (nil when all passed).
func (c *Checks) Err() error { return AllInvalid(c.errs...) }

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
	// Fields lists every field's problem (the first is Field): a form shows them all at once.
	Fields []FieldError `json:"fields,omitempty"`
	// Module and Action are the failed route's declared title ("党员信息",
	// "新增"): the web app names the failure by them instead of a path.
	Module string `json:"module,omitempty"`
	Action string `json:"action,omitempty"`
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
	rt, _ := RouteOf(r.Context())
	JSON(w, e.Status, errorBody{Status: e.Status, Message: e.Message, Timestamp: time.Now().UnixMilli(), Errors: e.Details, Code: e.Code, Field: e.Field,
		Fields: FieldErrors(e), Module: rt.Module, Action: rt.Action})
}
