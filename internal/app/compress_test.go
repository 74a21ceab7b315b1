package app_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/httpx"
)

// Through the real router: an API answer above httpx.CompressMinSize comes
// gzipped to a browser, a small one as it is.
func TestAPIAnswersCompressedAboveTheThreshold(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	call := func(path, token string) *apptest.Response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, e.Server.URL+path, nil)
		// Set by hand, so the client does not decompress on its own.
		req.Header.Set("Accept-Encoding", "gzip, deflate, br")
		return e.Request(req, token)
	}

	// The admin's menu tree is several kilobytes of JSON.
	res := call("/api/menus/myTree", e.AdminTK)
	if res.Status != 200 || res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("menu tree: %d %v", res.Status, res.Header)
	}
	zr, err := gzip.NewReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil || len(plain) < httpx.CompressMinSize || !bytes.Contains(plain, []byte("系统管理")) {
		t.Errorf("menu tree decodes to %d bytes %.80q (%v)", len(plain), plain, err)
	}

	// The current school is a few dozen bytes.
	res = call("/api/school/current", "")
	if res.Status != 200 || res.Header.Get("Content-Encoding") != "" || len(res.Body) >= httpx.CompressMinSize ||
		!bytes.Contains(res.Body, []byte(`"name"`)) {
		t.Errorf("current school: %d %v %s", res.Status, res.Header, res.Body)
	}
}
