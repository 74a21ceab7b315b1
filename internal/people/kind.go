package people

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// kind is the data a people resource declares about its table: where its
// rows live and how its messages name a record and its business key.
type kind struct {
	table       string // "xsjbxx"
	alias       string // the table's alias in every query of the resource ("x")
	what        string // a record in messages: "学生"
	number      string // the business key's column, unique in the table: "student_no"
	numberField string // its JSON name: "studentNo"
	numberLabel string // its name in messages: "学号"
}

func (k kind) notFound() *httpx.Error { return httpx.NotFound("%s不存在", k.what) }

// duplicate is the answer to a business key another record holds.
func (k kind) duplicate() *httpx.Error {
	e := httpx.Conflict("%s已存在", k.numberLabel)
	e.Field = k.numberField
	return e
}

// checkNumber checks the business key's presence and length.
func (k kind) checkNumber(v string) error {
	if v == "" || len([]rune(v)) > maxNumber {
		return httpx.Invalid(k.numberField, "请输入%s（不超过%d个字符）", k.numberLabel, maxNumber)
	}
	return nil
}

// ident is what the shared operations read of a stored record.
type ident struct {
	id        int64
	number    string
	name      string
	updatedAt time.Time
}

// stored is a record type of the registry (Student, Teacher, Class).
type stored interface{ ident() ident }

// writeErr names the constraint a write broke (dupNumber: the business
// key's unique index).
func writeErr(err error, dupNumber *httpx.Error) error {
	var he *httpx.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &he):
		return he
	case db.IsUniqueViolation(err) && strings.Contains(err.Error(), "id_number"):
		return causedBy(errDuplicateIDNumber(), err)
	case db.IsUniqueViolation(err):
		return causedBy(dupNumber, err)
	case db.IsForeignKeyViolation(err):
		return &httpx.Error{Status: http.StatusBadRequest, Message: "所选单位、班级或教师不存在", Cause: err}
	}
	return httpx.Internal(err)
}

// causedBy is a copy of e with its cause.
func causedBy(e *httpx.Error, cause error) *httpx.Error {
	c := *e
	c.Cause = cause
	return &c
}
