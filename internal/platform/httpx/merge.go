package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// DecodeMerge reads the JSON object body of an update that keeps the fields
// it leaves out: it takes the body's "id" (a missing or non-positive id is a
// 400 with noID), loads the record's current input with load (whose error,
// such as a 404 outside the caller's scope, is returned as is) and decodes
// the body over it. sent tells which fields the body named.
func DecodeMerge[T any](r *http.Request, noID string, load func(ctx context.Context, id int64) (T, error)) (in T, sent map[string]json.RawMessage, err error) {
	body, err := readJSONBody(r) // the same NUL / UTF-8 guard as Decode, before the record is loaded
	if err != nil {
		return in, nil, err
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return in, nil, BadRequest("请求内容不能为空")
	}
	if err := json.Unmarshal(body, &sent); err != nil {
		return in, nil, &Error{Status: http.StatusBadRequest, Message: "请求数据格式错误", Cause: err}
	}
	var id int64
	if raw, ok := sent["id"]; ok {
		json.Unmarshal(raw, &id) //nolint:errcheck // not a number: no id
	}
	if id <= 0 {
		return in, nil, BadRequest("%s", noID)
	}
	if in, err = load(r.Context(), id); err != nil {
		return in, nil, err
	}
	if err := json.Unmarshal(body, &in); err != nil {
		return in, nil, decodeError(body, &in, err)
	}
	return in, sent, nil
}

// Merged is the handler of an update whose body keeps the fields it leaves
// out (see DecodeMerge): it merges the body onto the record's current input
// (load), calls fn and answers 200 with what fn returned:
//
//	rs.Put("/api/txth", PermEdit, "修改", httpx.Merged("缺少谈话记录编号", s.input, s.Update))
func Merged[T, R any](noID string, load func(ctx context.Context, id int64) (T, error),
	fn func(ctx context.Context, in T) (R, error)) HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		in, _, err := DecodeMerge(r, noID, load)
		if err != nil {
			return err
		}
		out, err := fn(r.Context(), in)
		if err != nil {
			return err
		}
		return OK(w, out)
	}
}
