package system

import (
	"regexp"
	"strings"
)

// CfgFrameHosts are the hosts whose pages the app may show in a frame (the
// external-link page, /iFrameLinkShow): hosts only, separated by spaces or
// commas. They are added to the Content Security Policy's frame-src, and
// the page shows nothing else. The library domain seeds the setting.
const CfgFrameHosts = "iframeLinkHosts"

// maxFrameHosts bounds the list.
const maxFrameHosts = 50

// frameHost is a DNS name (letters, digits, hyphens, dots; at least one dot
// or localhost-style single label not allowed): no scheme, port, path,
// wildcard or quote can pass, so nothing can end the CSP directive.
var frameHost = regexp.MustCompile(`^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$`)

// ParseFrameHosts reads the setting's value into its hosts (lower case,
// each once); ok is false when an entry is not a host.
func ParseFrameHosts(v string) (hosts []string, ok bool) {
	seen := map[string]bool{}
	for _, h := range strings.FieldsFunc(strings.ToLower(v), func(r rune) bool { return r == ',' || r == '，' || r == ' ' || r == '\n' || r == '\t' || r == '\r' }) {
		if len(h) > 253 || !frameHost.MatchString(h) {
			return nil, false
		}
		if !seen[h] {
			seen[h] = true
			hosts = append(hosts, h)
		}
	}
	return hosts, len(hosts) <= maxFrameHosts
}
