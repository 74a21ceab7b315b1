package signon_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/signon"
	"zhdj/internal/system"
)

// casDouble is a CAS server run by the test: /cas/login signs in loginAs at
// once and sends the browser back to the service with a fresh ticket;
// /cas/p3/serviceValidate accepts a ticket once, for the service it was
// issued to, and releases attrs.
type casDouble struct {
	*httptest.Server
	mu          sync.Mutex
	tickets     map[string]*issued
	loginAs     string
	attrs       map[string]string
	validations int
	seq         int
}

type issued struct {
	user, service string
	used          bool
}

func newCAS(t *testing.T) *casDouble {
	d := &casDouble{tickets: map[string]*issued{}, loginAs: "T1001"}
	mux := http.NewServeMux()
	mux.HandleFunc("/cas/login", func(w http.ResponseWriter, r *http.Request) {
		service := r.URL.Query().Get("service")
		u, err := url.Parse(service)
		if err != nil || service == "" {
			http.Error(w, "bad service", http.StatusBadRequest)
			return
		}
		q := u.Query()
		q.Set("ticket", d.issue(d.loginAs, service))
		u.RawQuery = q.Encode()
		http.Redirect(w, r, u.String(), http.StatusFound)
	})
	mux.HandleFunc("/cas/p3/serviceValidate", func(w http.ResponseWriter, r *http.Request) {
		d.mu.Lock()
		defer d.mu.Unlock()
		d.validations++
		tk := d.tickets[r.URL.Query().Get("ticket")]
		w.Header().Set("Content-Type", "text/xml")
		switch {
		case tk == nil || tk.used:
			fmt.Fprint(w, `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">not recognized</cas:authenticationFailure></cas:serviceResponse>`)
			return
		case tk.service != r.URL.Query().Get("service"):
			tk.used = true
			fmt.Fprint(w, `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_SERVICE">other service</cas:authenticationFailure></cas:serviceResponse>`)
			return
		}
		tk.used = true
		var attrs strings.Builder
		for k, v := range d.attrs {
			fmt.Fprintf(&attrs, "<cas:%s>%s</cas:%s>", k, v, k)
		}
		fmt.Fprintf(w, `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>%s</cas:user><cas:attributes>%s</cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`, tk.user, attrs.String())
	})
	d.Server = httptest.NewServer(mux)
	t.Cleanup(d.Close)
	return d
}

func (d *casDouble) issue(user, service string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.seq++
	t := fmt.Sprintf("ST-%d-%d", d.seq, time.Now().UnixNano())
	d.tickets[t] = &issued{user: user, service: service}
	return t
}

func (d *casDouble) asked() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.validations
}

// world: the app with CAS on against a double, and the account T1001
// (whose password was set by an administrator and never changed).
type world struct {
	e    *apptest.Env
	cas  *casDouble
	user int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, cas: newCAS(t)}
	ctx := context.Background()
	id, err := e.Sys.CreateTestUser(ctx, "T1001", "Test@12345", "ALL", 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.user = id
	if _, err := e.DB.NewUpdate().Table("sys_user").Set("pwd_state = ?", system.PwdInitial).Where("id = ?", id).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	w.set(t, system.CfgCASServerURL, w.cas.URL+"/cas")
	w.set(t, system.CfgCASServiceURL, e.Server.URL+"/auth/cas/callback")
	w.set(t, system.CfgCASEnabled, "true")
	return w
}

func (w *world) set(t *testing.T, key, value string) {
	t.Helper()
	if err := w.e.Sys.SetSetting(context.Background(), key, value); err != nil {
		t.Fatalf("setting %s=%s: %v", key, value, err)
	}
}

// noFollow is a browser that shows each redirect instead of following it.
var noFollow = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func get(t *testing.T, target string) *http.Response {
	t.Helper()
	res, err := noFollow.Get(target)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

// redirected is where res sends the browser (a 302 is required).
func redirected(t *testing.T, res *http.Response) string {
	t.Helper()
	if res.StatusCode != http.StatusFound {
		t.Fatalf("status %d, want 302", res.StatusCode)
	}
	return res.Header.Get("Location")
}

// failure is the message the 正在登录 page shows for a redirect to it ("" when
// the redirect goes elsewhere).
func failure(t *testing.T, location string) string {
	t.Helper()
	u, err := url.Parse(location)
	if err != nil || u.Path != "/web/salogin" {
		return ""
	}
	return u.Query().Get("error")
}

func sessionOf(res *http.Response) string {
	for _, c := range res.Cookies() {
		if c.Name == httpx.SessionCookie && c.MaxAge >= 0 {
			return c.Value
		}
	}
	return ""
}

// signIn walks the browser through /auth/cas/login, the CAS login and the
// callback, and returns the callback's answer.
func (w *world) signIn(t *testing.T, page string) (*http.Response, string) {
	t.Helper()
	toCAS := redirected(t, get(t, w.e.Server.URL+"/auth/cas/login?redirect="+url.QueryEscape(page)))
	back := redirected(t, get(t, toCAS))
	u, _ := url.Parse(back)
	return get(t, back), u.Query().Get("ticket")
}

func TestCASSignInOpensASessionAndReturnsToThePage(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	toCAS := redirected(t, get(t, w.e.Server.URL+"/auth/cas/login?redirect="+url.QueryEscape("/tjfx/zhcx")))
	wantService := w.e.Server.URL + "/auth/cas/callback?redirect=%2Ftjfx%2Fzhcx"
	if want := w.cas.URL + "/cas/login?service=" + url.QueryEscape(wantService); toCAS != want {
		t.Fatalf("to CAS: %s\nwant %s", toCAS, want)
	}
	res, _ := w.signIn(t, "/tjfx/zhcx")
	if loc := redirected(t, res); loc != "/web/tjfx/zhcx" {
		t.Fatalf("after the callback: %s (%s)", loc, failure(t, loc))
	}
	token := sessionOf(res)
	if token == "" {
		t.Fatal("no session cookie")
	}
	if info := w.e.Do("GET", "/auth/info", token, nil).Map(t); info["username"] != "T1001" {
		t.Fatalf("info %v", info)
	}
	// The password an administrator set does not hold a CAS session back.
	apptest.Expect(t, w.e.Do("GET", "/api/users/sessions", token, nil), 200)
	var log struct {
		Success bool
		Message string
	}
	if err := w.e.DB.NewSelect().Table("sys_login_log").Column("success", "message").Where("username = ?", "T1001").
		OrderExpr("id DESC").Limit(1).Scan(context.Background(), &log); err != nil {
		t.Fatal(err)
	}
	if !log.Success || log.Message != "统一身份认证登录成功" {
		t.Errorf("login log %+v", log)
	}
	// No page given: the home page.
	if res, _ := w.signIn(t, ""); redirected(t, res) != "/web/" {
		t.Errorf("no page: %s", res.Header.Get("Location"))
	}
}

func TestCASRefusesReplayedForgedAndOtherServiceTickets(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	callback := w.e.Server.URL + "/auth/cas/callback"
	res, ticket := w.signIn(t, "/")
	if sessionOf(res) == "" {
		t.Fatalf("first use refused: %s", res.Header.Get("Location"))
	}
	// Replayed: refused here, without asking CAS (which would refuse too).
	asked := w.cas.asked()
	res = get(t, callback+"?ticket="+ticket)
	if msg := failure(t, redirected(t, res)); msg != "登录票据已使用，请重新登录" || sessionOf(res) != "" {
		t.Errorf("replay: %q", msg)
	}
	if w.cas.asked() != asked {
		t.Error("a replayed ticket was sent to CAS")
	}
	// Forged: CAS does not know it.
	if msg := failure(t, redirected(t, get(t, callback+"?ticket=ST-forged-1"))); msg != "登录票据无效或已过期，请重新登录" {
		t.Errorf("forged: %q", msg)
	}
	// Malformed: refused before CAS is asked.
	asked = w.cas.asked()
	for _, bad := range []string{"", "abc", "ST-<script>", "ST-" + strings.Repeat("a", 300)} {
		if msg := failure(t, redirected(t, get(t, callback+"?ticket="+url.QueryEscape(bad)))); msg != "登录票据无效，请重新登录" {
			t.Errorf("malformed %q: %q", bad, msg)
		}
	}
	if w.cas.asked() != asked {
		t.Error("a malformed ticket was sent to CAS")
	}
	// Issued for another service (another app, or another page of ours).
	other := w.cas.issue("T1001", "https://other.example.edu.cn/callback")
	if msg := failure(t, redirected(t, get(t, callback+"?ticket="+other))); msg != "登录票据无效或已过期，请重新登录" {
		t.Errorf("other service: %q", msg)
	}
	page := w.cas.issue("T1001", callback+"?redirect=%2Fsystem")
	if msg := failure(t, redirected(t, get(t, callback+"?redirect=%2Fhome&ticket="+page))); msg == "" {
		t.Error("a ticket for one page's service opened a session for another")
	}
}

func TestCASUnknownDisabledAndMappedAccounts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.cas.loginAs = "NOBODY9"
	res, _ := w.signIn(t, "/")
	if msg := failure(t, redirected(t, res)); !strings.Contains(msg, "尚未在本系统开通") || sessionOf(res) != "" {
		t.Errorf("unknown: %q", msg)
	}
	var logged string
	if err := w.e.DB.NewSelect().Table("sys_login_log").Column("message").Where("username = ?", "NOBODY9").Scan(context.Background(), &logged); err != nil || logged != "统一身份认证登录失败：本系统无此账号" {
		t.Errorf("unknown user's log: %q %v", logged, err)
	}
	w.cas.loginAs = "T1001"
	if _, err := w.e.DB.NewUpdate().Table("sys_user").Set("enabled = ?", false).Where("id = ?", w.user).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	if res, _ := w.signIn(t, "/"); failure(t, redirected(t, res)) != "账号已停用，请联系管理员" {
		t.Errorf("disabled: %s", res.Header.Get("Location"))
	}
	if _, err := w.e.DB.NewUpdate().Table("sys_user").Set("enabled = ?", true).Where("id = ?", w.user).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	// The account is matched by an attribute (the 工号) instead of the CAS user name.
	w.set(t, system.CfgCASUserAttribute, "employeeNumber")
	w.cas.loginAs = "zhang.san"
	if res, _ := w.signIn(t, "/"); !strings.Contains(failure(t, redirected(t, res)), "未提供属性「employeeNumber」") {
		t.Errorf("missing attribute: %s", res.Header.Get("Location"))
	}
	w.cas.attrs = map[string]string{"employeeNumber": "T1001"}
	res, _ = w.signIn(t, "/")
	if token := sessionOf(res); token == "" || w.e.Do("GET", "/auth/info", token, nil).Map(t)["username"] != "T1001" {
		t.Errorf("mapped by attribute: %s", res.Header.Get("Location"))
	}
}

// With casCreateAccounts on, a party member in good standing whose number
// CAS names and who has no account gets one at the first sign-in (role
// 党员, linked to the record); anyone else without an account is still
// refused; with the setting off the member is refused too.
func TestCASCreatesAMembersAccountAtFirstSignIn(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	c := w.e.Campus(t)
	w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember("钱首登", c.Branch, "gender", "2", "staffOrStudentNo", "S2026001"))
	w.cas.loginAs = "S2026001"
	res, _ := w.signIn(t, "/")
	if msg := failure(t, redirected(t, res)); !strings.Contains(msg, "尚未在本系统开通") {
		t.Fatalf("with the setting off: %q", msg)
	}
	w.set(t, system.CfgCASCreateAccounts, "true")
	res, _ = w.signIn(t, "/")
	if loc := redirected(t, res); loc != "/web/" {
		t.Fatalf("first sign-in: %s (%s)", loc, failure(t, loc))
	}
	info := w.e.Do("GET", "/auth/info", sessionOf(res), nil).Map(t)
	if info["username"] != "S2026001" || !strings.Contains(fmt.Sprint(info["roleList"]), "name:党员") {
		t.Fatalf("info %v", info)
	}
	// The next sign-in uses the account made.
	res, _ = w.signIn(t, "/")
	if loc := redirected(t, res); loc != "/web/" {
		t.Fatalf("second sign-in: %s", loc)
	}
	w.cas.loginAs = "NOBODY9" // not in the registry
	res, _ = w.signIn(t, "/")
	if msg := failure(t, redirected(t, res)); !strings.Contains(msg, "尚未在本系统开通") {
		t.Fatalf("a stranger: %q", msg)
	}
}

func TestCASSingleLogoutEndsTheSession(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	res, ticket := w.signIn(t, "/")
	token := sessionOf(res)
	other, _ := w.signIn(t, "/")
	post := func(form url.Values) int {
		r, err := http.PostForm(w.e.Server.URL+"/auth/cas/callback", form)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		return r.StatusCode
	}
	// Anything else posted there ends nothing.
	for _, f := range []url.Values{{}, {"logoutRequest": {"<not xml"}}, {"logoutRequest": {`<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><samlp:SessionIndex>ST-unknown</samlp:SessionIndex></samlp:LogoutRequest>`}}} {
		if st := post(f); st != http.StatusOK {
			t.Errorf("%v: %d", f, st)
		}
	}
	apptest.Expect(t, w.e.Do("GET", "/auth/info", token, nil), 200)
	slo := `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="LR-1" Version="2.0" IssueInstant="2026-12-02T10:00:00Z"><saml:NameID>@NOT_USED@</saml:NameID><samlp:SessionIndex>` + ticket + `</samlp:SessionIndex></samlp:LogoutRequest>`
	if st := post(url.Values{"logoutRequest": {slo}}); st != http.StatusOK {
		t.Fatalf("single logout: %d", st)
	}
	apptest.Expect(t, w.e.Do("GET", "/auth/info", token, nil), 401)
	// Only that ticket's session.
	apptest.Expect(t, w.e.Do("GET", "/auth/info", sessionOf(other), nil), 200)
}

func TestCASLogoutAndPasswordSignInWhileCASIsOn(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	back := w.e.Server.URL + "/web/"
	if loc := redirected(t, get(t, w.e.Server.URL+"/auth/cas/logout")); loc != w.cas.URL+"/cas/logout?service="+url.QueryEscape(back)+"&url="+url.QueryEscape(back) {
		t.Errorf("logout: %s", loc)
	}
	// A page elsewhere is never where a sign-in returns.
	for _, evil := range []string{"//evil.example.com/x", "https://evil.example.com", `/\evil.example.com`} {
		toCAS := redirected(t, get(t, w.e.Server.URL+"/auth/cas/login?redirect="+url.QueryEscape(evil)))
		if want := w.cas.URL + "/cas/login?service=" + url.QueryEscape(w.e.Server.URL+"/auth/cas/callback"); toCAS != want {
			t.Errorf("redirect %s: %s", evil, toCAS)
		}
	}
	// Password sign-in stays open by default; closed, only administrators keep it.
	w.e.Login("T1001", "Test@12345")
	w.set(t, system.CfgCASPasswordLogin, "false")
	res := w.e.Do("POST", "/auth/login", "", map[string]any{"username": "T1001", "password": w.e.Encrypt("Test@12345")})
	apptest.ExpectMessage(t, res, 400, "请使用统一身份认证登录")
	w.e.Login("admin", apptest.AdminPassword)
	// With CAS off the setting closes nothing.
	w.set(t, system.CfgCASEnabled, "false")
	w.e.Login("T1001", "Test@12345")
	if msg := failure(t, redirected(t, get(t, w.e.Server.URL+"/auth/cas/login"))); msg != "统一身份认证未启用，请使用账号密码登录" {
		t.Errorf("CAS off: %q", msg)
	}
	if loc := redirected(t, get(t, w.e.Server.URL+"/auth/cas/logout")); loc != "/web/login" {
		t.Errorf("logout with CAS off: %s", loc)
	}
	// The settings are checked.
	if err := w.e.Sys.SetSetting(context.Background(), system.CfgCASVersion, "4.0"); err == nil {
		t.Error("CAS version 4.0 accepted")
	}
	if err := w.e.Sys.SetSetting(context.Background(), system.CfgCASServerURL, "javascript:alert(1)"); err == nil {
		t.Error("a javascript: CAS address accepted")
	}
}

func TestUsedTicketsAreForgottenAfterTwoDays(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.signIn(t, "/")
	count := func() int64 {
		n, err := w.e.DB.NewSelect().Table("sso_ticket").Count(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if count() != 1 {
		t.Fatalf("tickets kept: %d", count())
	}
	purge := func(after time.Duration) {
		w.e.App.SignOn.SetClock(func() time.Time { return time.Now().UTC().Add(after) })
		apptest.Expect(t, w.e.Do("POST", "/api/jobs/run", w.e.AdminTK, map[string]any{"name": signon.JobPurge}), 200)
		w.e.App.Jobs.Wait()
	}
	purge(47 * time.Hour)
	if count() != 1 {
		t.Fatal("a ticket forgotten before two days")
	}
	purge(49 * time.Hour)
	if count() != 0 {
		t.Fatal("a ticket kept past two days")
	}
}
