package httpx

import (
	"net/http"

	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
)

// CompressMinSize is the smallest JSON answer worth compressing: below it
// the gzip framing and the CPU cost outweigh the bytes saved.
const CompressMinSize = 1024

// compressJSON is built once: gzhttp's wrapper is reusable and safe for
// concurrent use.
var compressJSON = func() func(http.Handler) http.HandlerFunc {
	wrap, err := gzhttp.NewWrapper(
		gzhttp.MinSize(CompressMinSize),
		// JSON only: downloads (workbooks, images, files) are compressed
		// already or streamed, and the web app's assets are precompressed
		// at build time (package web).
		gzhttp.ContentTypes([]string{"application/json"}),
		// gzip, which every client decodes; zstd would add a second
		// encoding to test for a small gain on answers of a few KB.
		gzhttp.EnableZstd(false),
		// The fastest level, as nginx's gzip_comp_level 1: answers are a
		// few KB of repetitive JSON, which it shrinks nearly as well, at a
		// third of the default level's CPU (issue 34's profile of the user
		// list had compression at 8% of the server's time).
		gzhttp.CompressionLevel(gzip.BestSpeed),
	)
	if err != nil {
		panic(err) // the options above are constant
	}
	return wrap
}()

// CompressJSON gzips JSON answers of at least CompressMinSize bytes for
// clients that accept gzip (github.com/klauspost/compress/gzhttp, which
// buffers up to the threshold before deciding, sets Content-Encoding and
// Vary, and drops Content-Length). Smaller answers and other types pass
// through unchanged.
func CompressJSON(next http.Handler) http.Handler { return compressJSON(next) }
