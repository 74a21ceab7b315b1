package httpx

import (
	"net/http"
	"strings"
	"unicode/utf8"
)

// Bounds of the reason an export in clear gives (characters).
const (
	MinUnmaskReason = 5
	MaxUnmaskReason = 200
)

// UnmaskedExport reads an export's options unmask=true (ID numbers and
// phones in clear) and reason: such an export must say why, in at least
// MinUnmaskReason characters, and the reason is logged with it. The caller
// checks the permission to unmask first (a 403 before a 400).
func UnmaskedExport(r *http.Request) (unmask bool, reason string, err error) {
	if unmask, err = QueryBool(r, "unmask"); err != nil || !unmask {
		return unmask, "", err
	}
	reason = strings.TrimSpace(r.URL.Query().Get("reason"))
	if n := utf8.RuneCountInString(reason); n < MinUnmaskReason || n > MaxUnmaskReason {
		return true, "", Invalid("reason", "导出完整的身份证号码和手机号码须填写事由（%d-%d个字）", MinUnmaskReason, MaxUnmaskReason)
	}
	return true, reason, nil
}

// UnmaskOptions are the query parameters of an export that are not filters:
// unmask and its reason, and background (an export that runs as a
// background job, where the handler offers one: system.StartExport).
var UnmaskOptions = []string{"unmask", "reason", "background"}
