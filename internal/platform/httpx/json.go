package httpx

import (
	"bytes"
	"encoding/json"
	"net/http"
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
		return &Error{Status: http.StatusBadRequest, Message: "请求数据格式错误", Cause: err}
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

// UniqueIDs is ids without repeats, in first-seen order: a selection sent
// twice in one request names each record once (counts compared with rows
// found, one trail entry per record).
func UniqueIDs(ids []int64) []int64 {
	seen := make(map[int64]bool, len(ids))
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
