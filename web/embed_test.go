package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"testing/fstest"
)

func gzipped(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s)) //nolint:errcheck
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

const script = "console.log('东湖大学');"

// A built app as the web build leaves it: an asset with its brotli and gzip
// twins, one without twins, the index page and Vite's manifest.
func builtApp(t *testing.T) fstest.MapFS {
	return fstest.MapFS{
		"index.html":             {Data: []byte("<!doctype html><title>智慧党建</title>")},
		"assets/index-abc.js":    {Data: []byte(script)},
		"assets/index-abc.js.br": {Data: []byte("brotli bytes of the script")},
		"assets/index-abc.js.gz": {Data: gzipped(t, script)},
		"assets/small-def.css":   {Data: []byte("a{}")},
		".vite/manifest.json":    {Data: []byte("{}")},
	}
}

func get(t *testing.T, h http.Handler, method, path, acceptEncoding string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, res *http.Response) []byte {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The precompressed twin the client accepts is sent with Content-Encoding,
// the asset's own Content-Type, Vary and the immutable caching; a client that
// accepts neither gets the asset itself.
func TestPrecompressedAssets(t *testing.T) {
	app := builtApp(t)
	h := handler(app)
	cases := []struct {
		name, acceptEncoding, coding string
		want                         []byte
	}{
		{"a browser (brotli preferred on a tie)", "gzip, deflate, br, zstd", "br", app["assets/index-abc.js.br"].Data},
		{"gzip only", "gzip", "gzip", app["assets/index-abc.js.gz"].Data},
		{"brotli refused with q=0", "br;q=0, gzip", "gzip", app["assets/index-abc.js.gz"].Data},
		{"gzip weighted higher", "br;q=0.5, gzip;q=0.8", "gzip", app["assets/index-abc.js.gz"].Data},
		{"any coding", "*", "br", app["assets/index-abc.js.br"].Data},
		{"identity only", "identity", "", []byte(script)},
		{"no header", "", "", []byte(script)},
		{"everything refused", "br;q=0, gzip;q=0", "", []byte(script)},
		{"a malformed weight", "br;q=x", "", []byte(script)},
	}
	for _, c := range cases {
		res := get(t, h, http.MethodGet, "/assets/index-abc.js", c.acceptEncoding)
		got := body(t, res)
		if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != c.coding || !bytes.Equal(got, c.want) {
			t.Errorf("%s: %d encoding %q body %q", c.name, res.StatusCode, res.Header.Get("Content-Encoding"), got)
		}
		if ct := res.Header.Get("Content-Type"); ct != "text/javascript; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", c.name, ct)
		}
		if v := res.Header.Get("Vary"); v != "Accept-Encoding" {
			t.Errorf("%s: Vary %q", c.name, v)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("%s: Cache-Control %q", c.name, cc)
		}
		if cl := res.Header.Get("Content-Length"); cl != "" && cl != strconv.Itoa(len(c.want)) {
			t.Errorf("%s: Content-Length %s for %d bytes", c.name, cl, len(c.want))
		}
	}

	// The gzip twin is the script, compressed.
	res := get(t, h, http.MethodGet, "/assets/index-abc.js", "gzip")
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if plain, _ := io.ReadAll(zr); string(plain) != script {
		t.Errorf("gzip twin decodes to %q", plain)
	}

	// HEAD: the headers of the compressed answer, no body.
	res = get(t, h, http.MethodHead, "/assets/index-abc.js", "br")
	if res.Header.Get("Content-Encoding") != "br" || len(body(t, res)) != 0 {
		t.Errorf("HEAD: %v", res.Header)
	}

	// An asset without twins: as it is, and nothing varies.
	res = get(t, h, http.MethodGet, "/assets/small-def.css", "gzip, br")
	if res.Header.Get("Content-Encoding") != "" || res.Header.Get("Vary") != "" || string(body(t, res)) != "a{}" ||
		res.Header.Get("Content-Type") != "text/css; charset=utf-8" {
		t.Errorf("css without twins: %v", res.Header)
	}
}

// Client routes get the index page (never cached); build internals are not served.
func TestIndexFallbackAndHiddenFiles(t *testing.T) {
	h := handler(builtApp(t))
	res := get(t, h, http.MethodGet, "/member/list", "gzip, br")
	if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-cache" || !bytes.Contains(body(t, res), []byte("智慧党建")) {
		t.Errorf("fallback: %d %v", res.StatusCode, res.Header)
	}
	if res := get(t, h, http.MethodGet, "/.vite/manifest.json", ""); res.StatusCode != 404 {
		t.Errorf("manifest: %d", res.StatusCode)
	}
}

// The big screen serves its page and nothing else: no fallback to it (its
// routes are hash routes), no dot entries, and a clear 503 before a build.
func TestBigScreenServesItsPageOnly(t *testing.T) {
	t.Parallel()
	h := bigScreen(fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>驾驶舱</title>")}, ".x": {Data: []byte("x")}})
	for path, want := range map[string]int{"/index.html": http.StatusOK, "/": http.StatusOK, "/dv1": http.StatusNotFound,
		"/.x": http.StatusNotFound, "/assets/a.js": http.StatusNotFound} {
		res := get(t, h, http.MethodGet, path, "")
		if res.StatusCode != want {
			t.Errorf("%s: %d, want %d", path, res.StatusCode, want)
		}
		if want == http.StatusOK {
			body, _ := io.ReadAll(res.Body)
			if !bytes.Contains(body, []byte("驾驶舱")) || res.Header.Get("Cache-Control") != "no-cache" {
				t.Errorf("%s: %q %v", path, body, res.Header)
			}
		}
	}
	if res := get(t, bigScreen(fstest.MapFS{}), http.MethodGet, "/index.html", ""); res.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("unbuilt: %d", res.StatusCode)
	}
}
