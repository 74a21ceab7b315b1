package httpx

import (
	"mime"
	"net/http"
	"net/url"
	"strings"
)

// ContentDisposition builds an attachment (or inline) header whose file name
// survives in every browser: an ASCII fallback plus the RFC 5987 UTF-8 form.
func ContentDisposition(kind, name string) string {
	fallback := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == '/' {
			return '_'
		}
		return r
	}, name)
	return mime.FormatMediaType(kind, map[string]string{"filename": fallback}) +
		"; filename*=UTF-8''" + url.PathEscape(name)
}

// SetDownload sets the headers of a file download.
func SetDownload(w http.ResponseWriter, name, contentType string) {
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", ContentDisposition("attachment", name))
	w.Header().Set("Access-Control-Expose-Headers", "Content-Disposition")
}
