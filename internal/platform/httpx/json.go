package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"strings"
)

// MaxJSONBody bounds a JSON request body; uploads use their own limit.
const MaxJSONBody = 2 << 20

// JSON writes v with the given status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v) //nolint:errcheck // the client went away
}

// OK writes v with 200.
func OK(w http.ResponseWriter, v any) error { JSON(w, http.StatusOK, v); return nil }

// Created writes v with 201.
func Created(w http.ResponseWriter, v any) error { JSON(w, http.StatusCreated, v); return nil }

// NoContent answers 204.
func NoContent(w http.ResponseWriter) error { w.WriteHeader(http.StatusNoContent); return nil }

// Decode reads a JSON body into v; a malformed body is a 400 in Chinese, and
// so is one carrying NUL characters or invalid UTF-8 (see readJSONBody).
func Decode(r *http.Request, v any) error {
	raw, err := readJSONBody(r)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return BadRequest("请求内容不能为空")
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return decodeError(raw, v, err)
	}
	return nil
}

// IDs reads a body that is a JSON array of ids, or an object {"ids":[...]}
// (both shapes are used by the front end), and refuses an empty list.
func IDs(r *http.Request) ([]int64, error) {
	var raw json.RawMessage
	if err := Decode(r, &raw); err != nil {
		return nil, err
	}
	var ids []int64
	if err := json.Unmarshal(raw, &ids); err != nil {
		var obj struct {
			IDs []int64 `json:"ids"`
		}
		if err2 := json.Unmarshal(raw, &obj); err2 != nil {
			return nil, BadRequest("请提供要操作的记录编号")
		}
		ids = obj.IDs
	}
	if len(ids) == 0 {
		return nil, BadRequest("请选择要操作的记录")
	}
	if len(ids) > 10000 {
		return nil, BadRequest("一次最多操作 10000 条记录")
	}
	return ids, nil
}

// decodeError is the 400 for a body that did not decode into v, naming the
// field it failed on when it can tell (a form marks that field): the first
// top-level field of v whose value alone does not decode (a time.Time's parse
// error names no field; a type error names an embedded struct's field by its
// Go path), else the field a type error reports.
func decodeError(raw []byte, v any, err error) *Error {
	e := &Error{Status: http.StatusBadRequest, Message: "请求数据格式错误", Cause: err}
	if e.Field = failingField(raw, v); e.Field == "" {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			e.Field = typeErr.Field
		}
	}
	return e
}

// failingField is the JSON name of the first field of the struct v points to
// whose value in the object raw does not decode alone ("" when none does or v
// is no struct).
func failingField(raw []byte, v any) string {
	t := reflect.TypeOf(v)
	if t == nil || t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return ""
	}
	var sent map[string]json.RawMessage
	if json.Unmarshal(raw, &sent) != nil {
		return ""
	}
	for _, f := range reflect.VisibleFields(t.Elem()) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous || !f.IsExported() || name == "" || name == "-" {
			continue
		}
		if value, ok := sent[name]; ok && json.Unmarshal(value, reflect.New(f.Type).Interface()) != nil {
			return name
		}
	}
	return ""
}
