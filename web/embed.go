// Package web embeds the built React app (web/dist) and serves it with an
// index.html fallback for the client-side routes.
package web

import (
	"bytes"
	"embed"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

//go:embed all:dist
var dist embed.FS

// Handler serves the app; paths are relative to /web (the prefix is stripped).
func Handler() http.Handler {
	root, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err)
	}
	return handler(root)
}

// handler serves the built app in root: a file (precompressed when the build
// wrote a .br or .gz beside it and the client accepts it), else index.html.
func handler(root fs.FS) http.Handler {
	files := http.FileServer(http.FS(root))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if hidden(name) {
			// Vite's manifest (.vite/) and any other dot entry are build
			// internals, not part of the app: not found, not the index page.
			http.NotFound(w, r)
			return
		}
		if name != "" && name != "index.html" && isFile(root, name) {
			if strings.HasPrefix(name, "assets/") {
				// Vite puts a content hash in every asset name.
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			if servePrecompressed(w, r, root, name) {
				return
			}
			files.ServeHTTP(w, r)
			return
		}
		index, err := fs.ReadFile(root, "index.html")
		if err != nil {
			http.Error(w, "前端页面尚未构建：请运行 make build", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(index) //nolint:errcheck
	})
}

// isFile tells whether name is a regular file in root.
func isFile(root fs.FS, name string) bool {
	st, err := fs.Stat(root, name)
	return err == nil && !st.IsDir()
}

// hidden tells whether a path has a segment starting with a dot.
func hidden(name string) bool {
	for _, seg := range strings.Split(name, "/") {
		if strings.HasPrefix(seg, ".") {
			return true
		}
	}
	return false
}

// APIDoc is the API documentation page (Swagger UI, built from
// web/apidoc/index.html into dist/apidoc/), which the server answers at
// /doc.html for those who may read it; its scripts are the app's assets.
func APIDoc() ([]byte, error) { return fs.ReadFile(dist, "dist/apidoc/index.html") }

// BigScreen serves the big screen (the cockpits' page, built from
// web/bigscreen.html into dist/bigscreen/); paths are relative to
// /bigscreen. Its scripts and styles are the app's assets under /web/assets;
// its routes are hash routes, so there is no fallback: a path that is not a
// file of it is not found.
func BigScreen() http.Handler {
	root, err := fs.Sub(dist, "dist/bigscreen")
	if err != nil {
		panic(err)
	}
	return bigScreen(root)
}

func bigScreen(root fs.FS) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		if hidden(name) || !isFile(root, name) {
			if name == "index.html" {
				http.Error(w, "大屏页面尚未构建：请运行 make build", http.StatusServiceUnavailable)
				return
			}
			http.NotFound(w, r)
			return
		}
		page, err := fs.ReadFile(root, name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		if strings.HasSuffix(name, ".html") {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-cache")
		}
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(page))
	})
}
