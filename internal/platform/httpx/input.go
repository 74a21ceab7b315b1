package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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

// readJSONBody reads a JSON body (at most MaxJSONBody bytes) and passes it
// through CheckJSONText. Every JSON body of the API is read here: Decode,
// IDs, BodyFilters and DecodeMerge (the merging PUTs of 党员, 发展党员 and
// the kit's resources).
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
	if err := CheckJSONText(raw); err != nil {
		return nil, err
	}
	return raw, nil
}

// CheckJSONText refuses JSON text that carries what the database cannot
// store or what encoding/json would silently change:
//   - NUL, raw or escaped as \u0000 (PostgreSQL refuses it in text: a 500);
//   - invalid UTF-8 (json.Unmarshal replaces it with U+FFFD);
//   - a lone UTF-16 surrogate escape such as \ud800 or \udc00 not part of a
//     pair (json.Unmarshal replaces it with U+FFFD too: it encodes no
//     character, so it is refused like invalid UTF-8 rather than stored as
//     something the user did not send). A proper pair (\ud83d\ude00) and a
//     U+FFFD the client really sent are accepted.
//
// The answer is a 400 naming the field (its JSON path, e.g. "xm" or
// "family[1].name") whose string holds the character, nothing having been
// read into any record.
func CheckJSONText(raw []byte) error {
	if !badJSONText(raw) {
		return nil
	}
	if field := badTextField(raw); field != "" {
		return Invalid(field, "%s（字段 %s）", MsgBadChars, field)
	}
	return BadRequest(MsgBadChars)
}

// badJSONText tells whether JSON text holds NUL, invalid UTF-8 or a NUL or
// lone-surrogate escape.
func badJSONText(raw []byte) bool {
	return !utf8.Valid(raw) || bytes.IndexByte(raw, 0) >= 0 || badEscape(raw)
}

// badEscape finds \u0000 and lone surrogate escapes in JSON text, counting
// backslashes so that an escaped backslash followed by "u0000" (the text
// \u0000) is not a NUL. Malformed escapes are left to the JSON parser.
func badEscape(raw []byte) bool {
	for i := 0; i+1 < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		if raw[i+1] != 'u' {
			i++ // skip the escaped character (also a second backslash)
			continue
		}
		c, ok := hex4(raw, i+2)
		if !ok {
			i++
			continue
		}
		switch {
		case c == 0, c >= 0xDC00 && c <= 0xDFFF: // NUL, or a low surrogate with no high one before it
			return true
		case c >= 0xD800 && c <= 0xDBFF: // a high surrogate must be followed by a low one
			lo, ok := -1, false
			if i+7 < len(raw) && raw[i+6] == '\\' && raw[i+7] == 'u' {
				lo, ok = hex4(raw, i+8)
			}
			if !ok || lo < 0xDC00 || lo > 0xDFFF {
				return true
			}
			i += 11 // the pair
		default:
			i += 5
		}
	}
	return false
}

// hex4 reads the four hex digits of a \u escape at raw[at:].
func hex4(raw []byte, at int) (int, bool) {
	if at+4 > len(raw) {
		return 0, false
	}
	n := 0
	for _, b := range raw[at : at+4] {
		switch {
		case b >= '0' && b <= '9':
			n = n<<4 | int(b-'0')
		case b >= 'a' && b <= 'f':
			n = n<<4 | int(b-'a'+10)
		case b >= 'A' && b <= 'F':
			n = n<<4 | int(b-'A'+10)
		default:
			return 0, false
		}
	}
	return n, true
}

// badTextField walks the JSON tokens of raw and names the field whose string
// (value, or key) first holds what badJSONText refuses: "name", "items[2]",
// "family[1].name". It is "" when the body is not JSON before that point.
func badTextField(raw []byte) string {
	type frame struct {
		object, wantKey bool
		key             string
		index           int
	}
	var stack []frame
	path := func(withTop bool) string {
		var b strings.Builder
		for i, f := range stack {
			if i == len(stack)-1 && !withTop {
				break
			}
			switch {
			case f.object:
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(f.key)
			default:
				fmt.Fprintf(&b, "[%d]", f.index)
			}
		}
		return b.String()
	}
	// valueDone moves the enclosing container past the value just read.
	valueDone := func() {
		if n := len(stack); n > 0 {
			if stack[n-1].object {
				stack[n-1].wantKey = true
			} else {
				stack[n-1].index++
			}
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var prev int64
	for {
		tok, err := dec.Token()
		if err != nil {
			// A raw NUL makes the string itself a syntax error: name where it stood.
			if err != io.EOF && len(stack) > 0 && !(stack[len(stack)-1].object && stack[len(stack)-1].wantKey) {
				return path(true)
			}
			return ""
		}
		end := dec.InputOffset()
		bad := badJSONText(raw[prev:end])
		prev = end
		n := len(stack)
		isKey := n > 0 && stack[n-1].object && stack[n-1].wantKey
		if isKey {
			if bad {
				return path(false) // the key itself: name its object
			}
			stack[n-1].key, _ = tok.(string)
			stack[n-1].wantKey = false
			continue
		}
		if bad {
			return path(true)
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{object: true, wantKey: true})
		case json.Delim('['):
			stack = append(stack, frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:n-1]
			valueDone()
		default:
			valueDone()
		}
	}
}
