package web

import (
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// precompressed are the encodings the build writes beside an asset
// (web/scripts/precompress.ts), best first: on an equal preference of the
// client the smaller brotli file is sent.
var precompressed = []struct{ coding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// servePrecompressed answers with the compressed twin of name that the
// client accepts and reports whether it did. Only files whose type is known
// from their extension qualify: the type of a compressed body cannot be
// sniffed.
func servePrecompressed(w http.ResponseWriter, r *http.Request, root fs.FS, name string) bool {
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		return false
	}
	var available []string
	for _, p := range precompressed {
		if isFile(root, name+p.suffix) {
			available = append(available, p.coding)
		}
	}
	if len(available) == 0 {
		return false
	}
	// Whichever representation is sent, a cache must key it on the header.
	w.Header().Add("Vary", "Accept-Encoding")
	coding := negotiate(r.Header.Get("Accept-Encoding"), available)
	if coding == "" {
		return false
	}
	suffix := ""
	for _, p := range precompressed {
		if p.coding == coding {
			suffix = p.suffix
		}
	}
	f, err := root.Open(name + suffix)
	if err != nil {
		return false
	}
	defer f.Close()
	body, ok := f.(io.ReadSeeker)
	if !ok {
		return false
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Encoding", coding)
	// The embedded files carry no time; the hashed names make them immutable.
	http.ServeContent(w, r, name, time.Time{}, body)
	return true
}

// negotiate picks the first of available (ordered by the server's
// preference) with the highest quality in an Accept-Encoding header; "" when
// the client accepts none of them (then the identity is sent). A coding the
// header does not name gets the quality of "*", if present, else 0.
func negotiate(header string, available []string) string {
	quality := map[string]float64{}
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		q := 1.0
		for _, param := range strings.Split(params, ";") {
			k, v, _ := strings.Cut(param, "=")
			if strings.TrimSpace(strings.ToLower(k)) != "q" {
				continue
			}
			parsed, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || parsed < 0 || parsed > 1 {
				parsed = 0 // a malformed weight does not enable a coding
			}
			q = parsed
		}
		quality[coding] = q
	}
	best, bestQ := "", 0.0
	for _, c := range available {
		q, named := quality[c]
		if !named {
			q = quality["*"]
		}
		if q > bestQ {
			best, bestQ = c, q
		}
	}
	return best
}
