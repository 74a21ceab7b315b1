package httpx

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// JSON answers at or above CompressMinSize are gzipped for a client that
// accepts gzip; smaller ones, other types and clients without gzip get the
// body as it is. Either way the answer varies on Accept-Encoding.
func TestCompressJSONAboveTheThreshold(t *testing.T) {
	t.Parallel()
	big := map[string]string{"note": strings.Repeat("党员信息", CompressMinSize/4)}
	small := map[string]string{"note": "东湖大学"}
	h := CompressJSON(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/big":
			JSON(w, http.StatusOK, big)
		case "/small":
			JSON(w, http.StatusOK, small)
		case "/file":
			w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
			w.Write([]byte(strings.Repeat("x", 4*CompressMinSize))) //nolint:errcheck
		}
	}))
	do := func(path, acceptEncoding string) (*http.Response, string) {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, path, nil)
		if acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", acceptEncoding)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		res := rec.Result()
		var r io.Reader = res.Body
		if res.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(res.Body)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			r = zr
		}
		b, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		return res, string(b)
	}

	res, text := do("/big", "gzip, deflate, br, zstd")
	if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(text, "党员信息党员信息") ||
		res.Header.Get("Content-Type") != "application/json; charset=utf-8" || res.Header.Get("Vary") != "Accept-Encoding" {
		t.Errorf("big JSON: %v %.40q", res.Header, text)
	}

	for _, c := range []struct{ name, path, acceptEncoding, want string }{
		{"small JSON", "/small", "gzip", "东湖大学"},
		{"big JSON without gzip", "/big", "br", "党员信息"},
		{"big JSON, no header", "/big", "", "党员信息"},
		{"a workbook", "/file", "gzip", "xxxx"},
	} {
		res, text := do(c.path, c.acceptEncoding)
		if res.Header.Get("Content-Encoding") != "" || !strings.Contains(text, c.want) {
			t.Errorf("%s: %v %.40q", c.name, res.Header, text)
		}
		if res.Header.Get("Vary") != "Accept-Encoding" {
			t.Errorf("%s: Vary %q", c.name, res.Header.Get("Vary"))
		}
	}
}
