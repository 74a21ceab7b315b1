package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// wantBadRequest checks that err is a 400 with the message.
func wantBadRequest(t *testing.T, name string, err error, msg string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Status != http.StatusBadRequest || !strings.Contains(e.Message, msg) {
		t.Errorf("%s: %v, want 400 %q", name, err, msg)
	}
}

// Attack: NUL bytes and invalid UTF-8 in the path, the query string or the
// headers we read (PostgreSQL answers them with a 500), undecodable query
// strings (Go drops those pairs: an unfiltered list) and floods of query values.
func TestInputGuardRefusesHostileURLs(t *testing.T) {
	t.Parallel()
	many := strings.Repeat("ids=1&", MaxQueryValues) + "ids=1"
	cases := []struct {
		name, target string
		header       map[string]string
		status       int
		msg          string
	}{
		{"clean", "/api/x?blurry=张三&ids=1&ids=2", nil, 200, ""},
		{"NUL in query value", "/api/x?blurry=a%00b", nil, 400, MsgBadChars},
		{"NUL in query name", "/api/x?a%00=1", nil, 400, MsgBadChars},
		{"invalid UTF-8 in query", "/api/x?blurry=%ff%fe", nil, 400, MsgBadChars},
		{"invalid UTF-8 in path parameter", "/api/files/%ff", nil, 400, MsgBadChars},
		{"undecodable query", "/api/x?blurry=%zz", nil, 400, "请求参数格式错误"},
		{"too many query values", "/api/x?" + many, nil, 400, "查询参数过多"},
		{"exactly the limit", "/api/x?" + strings.TrimSuffix(strings.Repeat("ids=1&", MaxQueryValues), "&"), nil, 200, ""},
		{"invalid UTF-8 method override", "/api/x", map[string]string{"X-HTTP-Method-Override": "PUT\xff"}, 400, MsgBadChars},
		{"invalid UTF-8 user agent", "/api/x", map[string]string{"User-Agent": "Mozilla\xc3\x28"}, 400, MsgBadChars},
	}
	h := InputGuard(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(200) }))
	for _, c := range cases {
		r := httptest.NewRequest("GET", "http://x"+c.target, nil)
		for k, v := range c.header {
			r.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != c.status || (c.msg != "" && !strings.Contains(w.Body.String(), c.msg)) {
			t.Errorf("%s: %d %s", c.name, w.Code, w.Body)
		}
	}
}

// Attack: NUL (raw or as \u0000), invalid UTF-8 and lone surrogate escapes
// inside JSON strings. encoding/json would keep the NUL and quietly replace
// the others with U+FFFD. Every JSON reader (Decode, BodyFilters and the
// merging DecodeMerge of the PUTs) refuses them with a 400 naming the field.
func TestDecodeRefusesHostileJSONStrings(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, body, field string
		ok                bool
	}{
		{"clean", `{"id":7,"name":"张三"}`, "", true},
		{"escaped backslash then u0000 is text", `{"id":7,"name":"a\\u0000"}`, "", true},
		{"a surrogate pair is one character", `{"id":7,"name":"\ud83d\ude00"}`, "", true},
		{"U+FFFD sent as such", `{"id":7,"name":"\ufffd�"}`, "", true},
		{"escaped NUL", `{"id":7,"name":"a\u0000b"}`, "name", false},
		{"escaped NUL after an escaped quote", `{"id":7,"name":"\"\u0000"}`, "name", false},
		{"raw NUL", "{\"id\":7,\"name\":\"a\x00\"}", "name", false},
		{"invalid UTF-8", "{\"id\":7,\"name\":\"\xff\xfe\"}", "name", false},
		{"lone high surrogate", `{"id":7,"name":"a\ud800b"}`, "name", false},
		{"high surrogate at the end", `{"id":7,"name":"a\ud800"}`, "name", false},
		{"lone low surrogate", `{"id":7,"name":"\udc00"}`, "name", false},
		{"two high surrogates", `{"id":7,"name":"\ud800\ud800"}`, "name", false},
		{"nested field", `{"id":7,"tags":["ok","\u0000"]}`, "tags[1]", false},
		{"NUL in a key", `{"id":7,"na\u0000me":"x"}`, "", false},
		{"NUL in a nested key", `{"id":7,"a":[{"b":"x","c\u0000":1}]}`, "a[0]", false},
	}
	load := func(_ context.Context, id int64) (mergeInput, error) { return mergeInput{ID: id, Name: "旧"}, nil }
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			check := func(how string, err error) {
				t.Helper()
				if c.ok {
					if err != nil {
						t.Errorf("%s: %v", how, err)
					}
					return
				}
				wantBadRequest(t, how, err, MsgBadChars)
				if FieldOf(err) != c.field {
					t.Errorf("%s: field %q, want %q", how, FieldOf(err), c.field)
				}
			}
			var v mergeInput
			check("Decode", Decode(httptest.NewRequest("POST", "/x", strings.NewReader(c.body)), &v))
			_, err := BodyFilters(httptest.NewRequest("POST", "/x", strings.NewReader(c.body)))
			check("BodyFilters", err)
			_, _, err = DecodeMerge(httptest.NewRequest("PUT", "/x", strings.NewReader(c.body)), "缺少编号", load)
			check("DecodeMerge", err)
		})
	}
}

// Attack: paging and sorting beyond sane bounds (page × size overflowing
// into a negative offset was a 500; a pile of sort terms an expensive order).
func TestParsePageBounds(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		q    url.Values
		msg  string
	}{
		{"page overflows page × size", url.Values{"page": {"9223372036854775807"}, "size": {"100"}}, "页码超出范围"},
		{"page beyond the bound", url.Values{"page": {"1000001"}, "size": {"10"}}, "页码超出范围"},
		{"size above the max", url.Values{"size": {"10001"}}, "每页条数"},
		{"four sort parameters", url.Values{"sort": {"a,asc", "b,asc", "c,asc", "d,asc"}}, "排序字段最多 3 个"},
		{"four sort terms in one", url.Values{"sort": {"a,asc;b,asc;c,asc;d,desc"}}, "排序字段最多 3 个"},
	}
	for _, c := range cases {
		_, err := ParsePage(c.q)
		wantBadRequest(t, c.name, err, c.msg)
	}
	if p, err := ParsePage(url.Values{"page": {"999999"}, "size": {"10"}, "sort": {"a,asc", "b,asc;c,desc"}}); err != nil || p.Offset() != 9999990 {
		t.Fatalf("largest allowed page: %+v %v", p, err)
	}
}

// Attack: a filter array too long for one IN list (beyond what any screen
// sends) is refused, not run.
func TestFilterValueLimit(t *testing.T) {
	t.Parallel()
	ids := make([]any, MaxFilterValues+1)
	for i := range ids {
		ids[i] = json.Number("1")
	}
	_, err := Filter{Columns: []string{"id"}, Match: In, Kind: Int}.apply(nil, "ids", ids)
	wantBadRequest(t, "1001 ids", err, "最多 1000 项")
}

// Attack: NUL and invalid UTF-8 in multipart fields and file names.
func TestCheckForm(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, field, file string
		ok                bool
	}{
		{"clean", "党员", "名单.xlsx", true},
		{"NUL field", "a\x00", "a.xlsx", false},
		{"invalid UTF-8 file name", "a", "\xff.xlsx", false},
	} {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		mw.WriteField("tag", c.field) //nolint:errcheck
		fw, _ := mw.CreateFormFile("file", c.file)
		fw.Write([]byte("x")) //nolint:errcheck
		mw.Close()
		r := httptest.NewRequest("POST", "/x", &buf)
		r.Header.Set("Content-Type", mw.FormDataContentType())
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			t.Fatal(err)
		}
		err := CheckForm(r.MultipartForm)
		if c.ok && err != nil {
			t.Errorf("%s: %v", c.name, err)
		} else if !c.ok {
			wantBadRequest(t, c.name, err, MsgBadChars)
		}
	}
}
