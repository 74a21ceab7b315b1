// Package cas speaks the client side of the CAS protocol (versions 2.0 and
// 3.0, https://apereo.github.io/cas/development/protocol/CAS-Protocol-Specification.html),
// the central sign-on (统一身份认证) of most Chinese universities: the
// address that sends a browser to the CAS login, the server-side validation
// of the service ticket it comes back with, the CAS logout address, and the
// single-logout request the CAS server posts when a user signs out
// elsewhere. No Go client for it is served by the module proxy here, and
// the protocol is two URLs and one XML answer, so it is written here, with
// limits on every read.
package cas

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Limits of what the client reads.
const (
	maxResponse   = 64 << 10 // a validation answer: a user and a few attributes
	maxTicket     = 256      // the protocol requires 32 characters and recommends up to 256
	maxLogoutBody = 16 << 10
	timeout       = 10 * time.Second
)

// Version is the protocol version: which validation path the server asks.
type Version string

// The versions.
const (
	V2 Version = "2.0" // /serviceValidate (attributes not guaranteed)
	V3 Version = "3.0" // /p3/serviceValidate (attributes released)
)

// Server is a CAS server as configured: its base address (e.g.
// https://cas.school.edu.cn/cas) and the protocol version.
type Server struct {
	Base    *url.URL
	Version Version
	Client  *http.Client // nil: a client with a 10-second timeout
}

// ParseServer checks a base address and a version from settings.
func ParseServer(base, version string) (*Server, error) {
	u, err := url.Parse(strings.TrimSpace(base))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return nil, errors.New("CAS 服务地址应为 http(s):// 开头、不带参数的地址")
	}
	v := Version(strings.TrimSpace(version))
	if v == "" {
		v = V3
	}
	if v != V2 && v != V3 {
		return nil, fmt.Errorf("CAS 协议版本只能是 %s 或 %s", V2, V3)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	return &Server{Base: u, Version: v}, nil
}

func (s *Server) endpoint(path string, query url.Values) string {
	u := *s.Base
	u.Path += path
	u.RawQuery = query.Encode()
	return u.String()
}

// LoginURL is where a browser signs in; CAS sends it back to service with
// a ticket.
func (s *Server) LoginURL(service string) string {
	return s.endpoint("/login", url.Values{"service": {service}})
}

// LogoutURL ends the CAS session and, when the server allows it, sends the
// browser on to back (CAS 3 reads service, older servers url: both are given).
func (s *Server) LogoutURL(back string) string {
	if back == "" {
		return s.endpoint("/logout", url.Values{})
	}
	return s.endpoint("/logout", url.Values{"service": {back}, "url": {back}})
}

// Principal is the signed-in user a ticket names, with the attributes the
// server released.
type Principal struct {
	User       string
	Attributes map[string][]string
}

// Attribute is the first value of attribute name ("" when absent).
func (p *Principal) Attribute(name string) string {
	if v := p.Attributes[name]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// Refused is a ticket the CAS server did not accept (unknown, used, for
// another service, expired): the code and message it gave.
type Refused struct{ Code, Message string }

func (e *Refused) Error() string { return "CAS ticket refused: " + e.Code + " " + e.Message }

// Validate asks the CAS server, from this server, whether ticket was issued
// for service, and returns the user it names. A refusal is *Refused; any
// other error means the server could not be asked or answered nonsense.
func (s *Server) Validate(ctx context.Context, service, ticket string) (*Principal, error) {
	if !ValidTicket(ticket) {
		return nil, &Refused{Code: "INVALID_TICKET", Message: "malformed ticket"}
	}
	path := "/p3/serviceValidate"
	if s.Version == V2 {
		path = "/serviceValidate"
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.endpoint(path, url.Values{"service": {service}, "ticket": {ticket}}), nil)
	if err != nil {
		return nil, err
	}
	client := s.Client
	if client == nil {
		client = &http.Client{Timeout: timeout}
	}
	res, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("CAS validation: HTTP %d", res.StatusCode)
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, maxResponse+1))
	if err != nil {
		return nil, err
	}
	if len(body) > maxResponse {
		return nil, errors.New("CAS validation: answer too large")
	}
	return parseValidation(body)
}

// ValidTicket tells whether t can be a service ticket: "ST-" then at most
// 256 characters of the URL-safe set the specification allows.
func ValidTicket(t string) bool {
	if len(t) > maxTicket || !strings.HasPrefix(t, "ST-") {
		return false
	}
	for _, r := range t {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

// The validation answer; names match any namespace, as CAS servers differ
// in the prefix they use.
type serviceResponse struct {
	XMLName xml.Name `xml:"serviceResponse"`
	Success *struct {
		User       string `xml:"user"`
		Attributes struct {
			Any []struct {
				XMLName xml.Name
				Value   string `xml:",chardata"`
			} `xml:",any"`
		} `xml:"attributes"`
	} `xml:"authenticationSuccess"`
	Failure *struct {
		Code    string `xml:"code,attr"`
		Message string `xml:",chardata"`
	} `xml:"authenticationFailure"`
}

func parseValidation(body []byte) (*Principal, error) {
	var r serviceResponse
	d := xml.NewDecoder(bytes.NewReader(body))
	d.Strict = true
	if err := d.Decode(&r); err != nil {
		return nil, fmt.Errorf("CAS validation: %w", err)
	}
	switch {
	case r.Failure != nil:
		return nil, &Refused{Code: strings.TrimSpace(r.Failure.Code), Message: strings.TrimSpace(r.Failure.Message)}
	case r.Success == nil || strings.TrimSpace(r.Success.User) == "":
		return nil, errors.New("CAS validation: neither success nor failure")
	}
	p := &Principal{User: strings.TrimSpace(r.Success.User), Attributes: map[string][]string{}}
	for _, a := range r.Success.Attributes.Any {
		p.Attributes[a.XMLName.Local] = append(p.Attributes[a.XMLName.Local], strings.TrimSpace(a.Value))
	}
	return p, nil
}

// LogoutTicket reads the service ticket a single-logout request names: the
// CAS server posts a form whose logoutRequest field is a SAML
// LogoutRequest with the ticket as its SessionIndex. ok is false when the
// request is no such thing.
func LogoutTicket(r *http.Request) (ticket string, ok bool) {
	r.Body = http.MaxBytesReader(nil, r.Body, maxLogoutBody)
	if err := r.ParseForm(); err != nil {
		return "", false
	}
	raw := r.PostForm.Get("logoutRequest")
	if raw == "" {
		return "", false
	}
	var req struct {
		XMLName      xml.Name `xml:"LogoutRequest"`
		SessionIndex string   `xml:"SessionIndex"`
	}
	if err := xml.Unmarshal([]byte(raw), &req); err != nil {
		return "", false
	}
	t := strings.TrimSpace(req.SessionIndex)
	return t, ValidTicket(t)
}
