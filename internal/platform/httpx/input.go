package httpx

import (
	"bytes"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"
)

// Input limits. Hostile input is answered with a 400 before it reaches a
// query: PostgreSQL refuses NUL and invalid UTF-8 in text (a 500 otherwise),
// and Go's query parser silently drops what it cannot decode (an unfiltered
// list otherwise).
const (
	MaxQueryValues  = 100        // values in one query string, all names together
	MaxFilterValues = 1000       // values of one list filter (ids=…) in a JSON body
	MaxSorts        = 3          // sort terms of one list request
	MaxOffset       = 10_000_000 // page × size; no list of ours is longer
)

// MsgBadChars answers NUL bytes and invalid UTF-8 anywhere in a request.
const MsgBadChars = "请求参数包含非法字符"

// CleanText tells whether s is valid UTF-8 without NUL bytes.
func CleanText(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}

// checkedHeaders are the request headers the server reads and may store
// (sessions and logs keep the user agent; the guard reads the others).
var checkedHeaders = []string{"X-HTTP-Method-Override", "User-Agent", "Authorization", "Cookie", "Origin",
	"Referer", "X-Requested-With", "X-Forwarded-For", "X-Real-IP"}

// InputGuard refuses requests whose path (and so every path parameter), query
// string or read headers carry NUL bytes or invalid UTF-8, whose query string
// does not decode, or which carry more than MaxQueryValues query values.
// JSON bodies are checked by Decode, multipart fields by CheckForm.
func InputGuard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := checkURL(r); err != nil {
			WriteError(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func checkURL(r *http.Request) error {
	if !CleanText(r.URL.Path) {
		return BadRequest(MsgBadChars)
	}
	for _, h := range checkedHeaders {
		for _, v := range r.Header.Values(h) {
			if !CleanText(v) {
				return BadRequest(MsgBadChars)
			}
		}
	}
	if r.URL.RawQuery == "" {
		return nil
	}
	// A cheap bound before parsing: each value needs at least one '&' apart.
	if strings.Count(r.URL.RawQuery, "&") >= MaxQueryValues {
		return BadRequest("查询参数过多（最多 %d 个）", MaxQueryValues)
	}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return BadRequest("请求参数格式错误")
	}
	for k, vs := range q {
		if !CleanText(k) {
			return BadRequest(MsgBadChars)
		}
		for _, v := range vs {
			if !CleanText(v) {
				return BadRequest(MsgBadChars)
			}
		}
	}
	return nil
}

// CheckForm checks the text fields and file names of a parsed multipart form
// (call it after ParseMultipartForm) like InputGuard checks the query string.
func CheckForm(form *multipart.Form) error {
	if form == nil {
		return nil
	}
	n := 0
	for k, vs := range form.Value {
		n += len(vs)
		if !CleanText(k) {
			return BadRequest(MsgBadChars)
		}
		for _, v := range vs {
			if !CleanText(v) {
				return BadRequest(MsgBadChars)
			}
		}
	}
	if n > MaxQueryValues {
		return BadRequest("表单字段过多（最多 %d 个）", MaxQueryValues)
	}
	for _, fs := range form.File {
		for _, f := range fs {
			if !CleanText(f.Filename) {
				return BadRequest(MsgBadChars)
			}
		}
	}
	return nil
}

// readJSONBody reads a JSON body (at most MaxJSONBody bytes) and refuses
// invalid UTF-8 and NUL characters, raw or escaped as \u0000: json.Unmarshal
// would quietly replace the first and keep the second.
func readJSONBody(r *http.Request) ([]byte, error) {
	if r.Body == nil {
		return nil, nil
	}
	raw, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, MaxJSONBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, BadRequest("请求内容过大")
		}
		return nil, &Error{Status: http.StatusBadRequest, Message: "请求数据格式错误", Cause: err}
	}
	if !utf8.Valid(raw) || bytes.IndexByte(raw, 0) >= 0 || hasEscapedNUL(raw) {
		return nil, BadRequest(MsgBadChars)
	}
	return raw, nil
}

// hasEscapedNUL finds \u0000 in JSON text, counting backslashes so that an
// escaped backslash followed by "u0000" (the text \u0000) is not a NUL.
func hasEscapedNUL(raw []byte) bool {
	for i := 0; i+5 < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		if raw[i+1] == 'u' && string(raw[i+2:i+6]) == "0000" {
			return true
		}
		i++ // skip the escaped character (also a second backslash)
	}
	return false
}
