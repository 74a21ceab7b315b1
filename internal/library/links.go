package library

import (
	"net/http"
	"net/url"
	"slices"
	"strings"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// FrameCheck answers whether /iFrameLinkShow may show a URL in a frame:
// only an http(s) address whose host is on the allowlist (system setting
// iframeLinkHosts), else a Chinese message and no frame.
type FrameCheck struct {
	Allowed bool   `json:"allowed"`
	URL     string `json:"url"`
	Message string `json:"message"`
}

// maxLinkURL bounds the address checked.
const maxLinkURL = 2000

// CheckFrameURL checks raw against the allowlist hosts.
func CheckFrameURL(raw string, hosts []string) FrameCheck {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return FrameCheck{Message: "缺少要显示的链接地址"}
	}
	if len(raw) > maxLinkURL {
		return FrameCheck{Message: "链接地址过长"}
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return FrameCheck{Message: "链接地址无效，只能显示 http:// 或 https:// 开头的网页"}
	}
	if u.Port() != "" {
		return FrameCheck{Message: "链接地址不能指定端口"}
	}
	if !slices.Contains(hosts, strings.ToLower(u.Hostname())) {
		return FrameCheck{Message: "该链接的域名（" + u.Hostname() + "）不在系统允许的外部链接范围内，请联系管理员"}
	}
	return FrameCheck{Allowed: true, URL: u.String()}
}

// handleFrameCheck is GET /api/library/frame?url=.
func (s *Service) handleFrameCheck(w http.ResponseWriter, r *http.Request) error {
	hosts, _ := system.ParseFrameHosts(s.sys.Setting(r.Context(), system.CfgFrameHosts))
	return httpx.OK(w, CheckFrameURL(r.URL.Query().Get("url"), hosts))
}
