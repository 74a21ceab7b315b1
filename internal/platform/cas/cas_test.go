package cas_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/platform/cas"
)

func TestParseServerAndAddresses(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"", "cas.school.edu.cn", "javascript:alert(1)", "ftp://cas/", "https://cas/x?a=1", "https:///cas"} {
		if _, err := cas.ParseServer(bad, ""); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := cas.ParseServer("https://cas.example.cn/cas", "4.0"); err == nil {
		t.Error("version 4.0 accepted")
	}
	s, err := cas.ParseServer(" https://cas.example.cn/cas/ ", "")
	if err != nil || s.Version != cas.V3 {
		t.Fatalf("%+v %v", s, err)
	}
	service := "https://dj.example.cn/auth/cas/callback?redirect=%2Fa"
	if got := s.LoginURL(service); got != "https://cas.example.cn/cas/login?service="+url.QueryEscape(service) {
		t.Errorf("login %s", got)
	}
	if got := s.LogoutURL(""); got != "https://cas.example.cn/cas/logout" {
		t.Errorf("logout %s", got)
	}
}

func TestValidTicket(t *testing.T) {
	t.Parallel()
	for ticket, want := range map[string]bool{"ST-1-abc_DEF.x": true, "": false, "PT-1": false, "ST-a b": false, "ST-<x>": false,
		"ST-" + strings.Repeat("a", 253): true, "ST-" + strings.Repeat("a", 254): false} {
		if cas.ValidTicket(ticket) != want {
			t.Errorf("%q: want %v", ticket, want)
		}
	}
}

// A CAS 2.0 server is asked at /serviceValidate, 3.0 at /p3/serviceValidate;
// attributes in any namespace prefix are read; a failure is *Refused; an
// answer too large or not XML is an error, not a sign-in.
func TestValidate(t *testing.T) {
	t.Parallel()
	answer := map[string]string{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := answer[r.URL.Path+" "+r.URL.Query().Get("ticket")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, body)
	}))
	defer srv.Close()
	v3, _ := cas.ParseServer(srv.URL+"/cas", "3.0")
	v2, _ := cas.ParseServer(srv.URL+"/cas", "2.0")
	ctx := context.Background()

	answer["/cas/p3/serviceValidate ST-1"] = `<?xml version="1.0"?><sso:serviceResponse xmlns:sso="http://www.yale.edu/tp/cas"><sso:authenticationSuccess>
		<sso:user> T1001 </sso:user><sso:attributes><sso:employeeNumber>2019001</sso:employeeNumber><sso:memberOf>a</sso:memberOf><sso:memberOf>b</sso:memberOf></sso:attributes>
		</sso:authenticationSuccess></sso:serviceResponse>`
	p, err := v3.Validate(ctx, "https://dj/cb", "ST-1")
	if err != nil || p.User != "T1001" || p.Attribute("employeeNumber") != "2019001" || len(p.Attributes["memberOf"]) != 2 || p.Attribute("none") != "" {
		t.Fatalf("%+v %v", p, err)
	}
	answer["/cas/serviceValidate ST-2"] = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>S2020</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
	if p, err := v2.Validate(ctx, "https://dj/cb", "ST-2"); err != nil || p.User != "S2020" {
		t.Fatalf("2.0: %+v %v", p, err)
	}
	answer["/cas/p3/serviceValidate ST-3"] = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_SERVICE">no</cas:authenticationFailure></cas:serviceResponse>`
	var refused *cas.Refused
	if _, err := v3.Validate(ctx, "https://dj/cb", "ST-3"); !errors.As(err, &refused) || refused.Code != "INVALID_SERVICE" {
		t.Errorf("failure: %v", err)
	}
	if _, err := v3.Validate(ctx, "https://dj/cb", "bad ticket"); !errors.As(err, &refused) {
		t.Errorf("malformed: %v", err)
	}
	for name, body := range map[string]string{
		"ST-4": "<cas:serviceResponse xmlns:cas=\"x\"><cas:authenticationSuccess><cas:user>" + strings.Repeat("a", 70<<10) + "</cas:user></cas:authenticationSuccess></cas:serviceResponse>",
		"ST-5": "not xml",
		"ST-6": `<cas:serviceResponse xmlns:cas="x"><cas:authenticationSuccess><cas:user> </cas:user></cas:authenticationSuccess></cas:serviceResponse>`,
	} {
		answer["/cas/p3/serviceValidate "+name] = body
		if p, err := v3.Validate(ctx, "https://dj/cb", name); err == nil || errors.As(err, &refused) {
			t.Errorf("%s: %+v %v", name, p, err)
		}
	}
	if _, err := v3.Validate(ctx, "https://dj/cb", "ST-404"); err == nil {
		t.Error("HTTP 404 taken for an answer")
	}
}

func TestLogoutTicket(t *testing.T) {
	t.Parallel()
	post := func(form url.Values) *http.Request {
		r := httptest.NewRequest(http.MethodPost, "/auth/cas/callback", strings.NewReader(form.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		return r
	}
	slo := `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="1" Version="2.0"><saml:NameID xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">@NOT_USED@</saml:NameID><samlp:SessionIndex>ST-9-x</samlp:SessionIndex></samlp:LogoutRequest>`
	if ticket, ok := cas.LogoutTicket(post(url.Values{"logoutRequest": {slo}})); !ok || ticket != "ST-9-x" {
		t.Errorf("%q %v", ticket, ok)
	}
	for _, f := range []url.Values{{}, {"logoutRequest": {"<x"}}, {"logoutRequest": {strings.Replace(slo, "ST-9-x", "<b>", 1)}},
		{"logoutRequest": {strings.Repeat("a", 20<<10)}}} {
		if ticket, ok := cas.LogoutTicket(post(f)); ok {
			t.Errorf("%v: %q", f, ticket)
		}
	}
}
