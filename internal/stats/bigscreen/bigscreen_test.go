package bigscreen_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fee"
	"zhdj/internal/member"
	"zhdj/internal/stats/bigscreen"
	"zhdj/internal/system"
)

type signature struct {
	Timestamp, PlatformCode, Sign, Path string
	ExpiresIn                           int
}

func (s signature) query() url.Values {
	return url.Values{"timestamp": {s.Timestamp}, "platformCode": {s.PlatformCode}, "sign": {s.Sign}}
}

// world: the campus with a branch under 数学学院党委, an organisation
// department officer (whole school), a 计算机学院党委 officer and a cadre
// officer; the clock stands at t0 until moved.
type world struct {
	e                     *apptest.Env
	c                     apptest.Campus
	mathBr                int64
	deptTK, csTK, cadreTK string
	deptID                int64
	t0                    time.Time
	now                   atomic.Int64 // Unix milliseconds (the server reads it on its goroutines)
	seq                   int
}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, c: e.Campus(t)}
	w.mathBr = e.Org(t, w.c.Math, "5", "数学教工党支部")
	w.deptTK, w.deptID = e.UserAt(t, "LEVEL_AND_BELOW", w.c.Root, bigscreen.PermParty)
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, bigscreen.PermParty)
	w.cadreTK, _ = e.UserWith("ALL", 0, bigscreen.PermCadre)
	w.t0 = time.Date(2026, 6, 1, 4, 0, 0, 0, time.UTC)
	w.at(0)
	e.App.Screens.SetClock(func() time.Time { return time.UnixMilli(w.now.Load()).UTC() })
	return w
}

// at moves the clock to t0 + d.
func (w *world) at(d time.Duration) { w.now.Store(w.t0.Add(d).UnixMilli()) }

func (w *world) sign(t *testing.T, token, path string) signature {
	t.Helper()
	return apptest.DoJSON[signature](t, w.e, http.StatusOK, http.MethodGet, "/api/bigscreen/sign?path="+url.QueryEscape(path), token, nil)
}

func (w *world) screen(path string, q url.Values) *apptest.Response {
	return w.e.Do(http.MethodGet, path+"?"+q.Encode(), "", nil)
}

func (w *world) member(t *testing.T, name string, orgID int64, set map[string]any) int64 {
	t.Helper()
	w.seq++
	id := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, orgID,
		"idNumber", apptest.IDNumber("110101", "19900101", 2*w.seq+1)))
	for col, v := range set {
		if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set(col+" = ?", v).Where("id = ?", id).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

func setting(t *testing.T, e *apptest.Env, key, value string) {
	t.Helper()
	var c system.Config
	if err := e.DB.NewSelect().Model(&c).Where("config_key = ?", key).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := e.Sys.UpdateConfig(t.Context(), system.ConfigInput{ID: c.ID, ConfigKey: c.Key, ConfigValue: value, ConfigName: c.Name,
		ConfigGroup: c.Group, Remark: c.Remark, ValueKind: c.Kind}); err != nil {
		t.Fatal(err)
	}
}

const verify = "/api/report/aj/verification"

// A signature names the cockpit kind and the signer, and is valid from its
// timestamp for the lifetime (5 minutes by default): the millisecond before
// the end still, the end itself no more; a timestamp up to 30 s ahead of
// the server's clock passes, one further ahead does not.
func TestSignatureExpiresAtItsEdge(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	s := w.sign(t, w.deptTK, bigscreen.PathPartyMap)
	if s.PlatformCode != "dj."+strconv.FormatInt(w.deptID, 10) || s.Timestamp != strconv.FormatInt(w.t0.UnixMilli(), 10) ||
		len(s.Sign) != 64 || s.ExpiresIn != 300 || s.Path != "/dv1" {
		t.Fatalf("signature %+v", s)
	}
	cases := []struct {
		at   time.Duration
		want int
		msg  string
	}{
		{0, http.StatusOK, ""},
		{5*time.Minute - time.Second, http.StatusOK, ""},
		{5*time.Minute - time.Millisecond, http.StatusOK, ""},
		{5 * time.Minute, http.StatusUnauthorized, "大屏签名已过期，请从系统中重新打开驾驶舱"},
		{time.Hour, http.StatusUnauthorized, "大屏签名已过期，请从系统中重新打开驾驶舱"},
		{-30 * time.Second, http.StatusOK, ""},
		{-30*time.Second - time.Millisecond, http.StatusUnauthorized, "大屏签名时间无效，请检查服务器时间后重新打开"},
	}
	for _, c := range cases {
		w.at(c.at)
		res := w.screen(verify, s.query())
		if c.want != http.StatusOK {
			apptest.ExpectMessage(t, res, c.want, c.msg)
			// The data route refuses alike, with no data.
			apptest.ExpectMessage(t, w.screen("/api/report/aj/dj/compare", s.query()), c.want, c.msg)
			continue
		}
		apptest.Expect(t, res, http.StatusOK)
		var g struct {
			Kind      string
			ExpiresAt time.Time
		}
		res.JSON(t, &g)
		if g.Kind != "dj" || !g.ExpiresAt.Equal(w.t0.Add(5*time.Minute)) {
			t.Errorf("at %v: grant %+v", c.at, g)
		}
	}
	// The lifetime is the setting, within 1–30 minutes.
	setting(t, w.e, bigscreen.CfgSignMinutes, "2")
	w.at(2*time.Minute - time.Millisecond)
	apptest.Expect(t, w.screen(verify, s.query()), http.StatusOK)
	w.at(2 * time.Minute)
	apptest.Expect(t, w.screen(verify, s.query()), http.StatusUnauthorized)
	setting(t, w.e, bigscreen.CfgSignMinutes, "1000")
	w.at(30*time.Minute - time.Millisecond)
	apptest.Expect(t, w.screen(verify, s.query()), http.StatusOK)
	w.at(30 * time.Minute)
	apptest.Expect(t, w.screen(verify, s.query()), http.StatusUnauthorized)
}

// Any change to the signed fields, a sign not ours or none at all is 401
// with a message, never data; the fields may come as headers too, and the
// verification answers POST with a JSON body alike.
func TestForgedSignaturesAreRefused(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	s := w.sign(t, w.deptTK, bigscreen.PathPartyCompare)
	_, otherID := w.e.UserAt(t, "ALL", w.c.Root, bigscreen.PermParty)
	flip := func(h string) string {
		if h[0] == 'a' {
			return "b" + h[1:]
		}
		return "a" + h[1:]
	}
	forged := "大屏签名无效，请从系统中重新打开驾驶舱"
	for name, q := range map[string]url.Values{
		"sign":       {"timestamp": {s.Timestamp}, "platformCode": {s.PlatformCode}, "sign": {flip(s.Sign)}},
		"not hex":    {"timestamp": {s.Timestamp}, "platformCode": {s.PlatformCode}, "sign": {"zz" + s.Sign[2:]}},
		"short":      {"timestamp": {s.Timestamp}, "platformCode": {s.PlatformCode}, "sign": {s.Sign[:62]}},
		"signer":     {"timestamp": {s.Timestamp}, "platformCode": {"dj." + strconv.FormatInt(otherID, 10)}, "sign": {s.Sign}},
		"kind":       {"timestamp": {s.Timestamp}, "platformCode": {strings.Replace(s.PlatformCode, "dj.", "gb.", 1)}, "sign": {s.Sign}},
		"timestamp":  {"timestamp": {strconv.FormatInt(w.t0.UnixMilli()+1, 10)}, "platformCode": {s.PlatformCode}, "sign": {s.Sign}},
		"upper case": {"timestamp": {s.Timestamp}, "platformCode": {strings.ToUpper(s.PlatformCode)}, "sign": {s.Sign}},
	} {
		for _, path := range []string{verify, "/api/report/aj/dj/compare"} {
			res := w.screen(path, q)
			apptest.ExpectMessage(t, res, http.StatusUnauthorized, forged)
			if strings.Contains(string(res.Body), "lines") {
				t.Errorf("%s %s: data in %s", name, path, res.Body)
			}
		}
	}
	for _, path := range []string{verify, "/api/report/aj/dj/map", "/api/report/aj/dj/compare", "/api/report/aj/dj/trend",
		"/api/report/aj/gb/structure", "/api/report/aj/gb/units"} {
		apptest.ExpectMessage(t, w.screen(path, url.Values{}), http.StatusUnauthorized, "缺少大屏签名，请从系统中打开驾驶舱")
	}
	// Headers instead of the query.
	req, _ := http.NewRequest(http.MethodGet, w.e.Server.URL+"/api/report/aj/dj/compare", nil)
	req.Header.Set("X-Bigscreen-Timestamp", s.Timestamp)
	req.Header.Set("X-Bigscreen-Platform-Code", s.PlatformCode)
	req.Header.Set("X-Bigscreen-Sign", s.Sign)
	apptest.Expect(t, w.e.Request(req, ""), http.StatusOK)
	req.Header.Set("X-Bigscreen-Sign", flip(s.Sign))
	apptest.Expect(t, w.e.Request(req, ""), http.StatusUnauthorized)
	// POST with the payload in the body.
	body := map[string]string{"timestamp": s.Timestamp, "platformCode": s.PlatformCode, "sign": s.Sign}
	apptest.Expect(t, w.e.Do(http.MethodPost, verify, "", body), http.StatusOK)
	body["sign"] = flip(s.Sign)
	apptest.ExpectMessage(t, w.e.Do(http.MethodPost, verify, "", body), http.StatusUnauthorized, forged)
}

// The sign route needs a session and the permission of the screen's kind;
// a signature opens its kind only, and only while its signer still holds
// the permission and the account.
func TestSignatureIsBoundToItsKindAndSigner(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	apptest.Expect(t, w.e.Do(http.MethodGet, "/api/bigscreen/sign?path=/dv1", "", nil), http.StatusUnauthorized)
	nobody, _ := w.e.UserWith("ALL", 0)
	apptest.Expect(t, w.e.Do(http.MethodGet, "/api/bigscreen/sign?path=/dv1", nobody, nil), http.StatusForbidden)
	apptest.ExpectMessage(t, w.e.Do(http.MethodGet, "/api/bigscreen/sign?path=/aj/gbzhdt", w.deptTK, nil), http.StatusForbidden, "没有权限查看该驾驶舱")
	apptest.ExpectMessage(t, w.e.Do(http.MethodGet, "/api/bigscreen/sign?path=/dv1", w.cadreTK, nil), http.StatusForbidden, "没有权限查看该驾驶舱")
	apptest.ExpectField(t, w.e.Do(http.MethodGet, "/api/bigscreen/sign?path=/aj/../x", w.deptTK, nil), "path", "不支持的大屏页面：/aj/../x")

	party := w.sign(t, w.deptTK, bigscreen.PathPartyTrend)
	cadre := w.sign(t, w.cadreTK, bigscreen.PathCadreMap)
	apptest.ExpectMessage(t, w.screen("/api/report/aj/gb/structure", party.query()), http.StatusForbidden, "没有权限查看该驾驶舱")
	apptest.ExpectMessage(t, w.screen("/api/report/aj/dj/trend", cadre.query()), http.StatusForbidden, "没有权限查看该驾驶舱")
	apptest.Expect(t, w.screen("/api/report/aj/gb/structure", cadre.query()), http.StatusOK)
	apptest.Expect(t, w.screen("/api/report/aj/gb/units", cadre.query()), http.StatusOK)

	// The signer loses the permission: the signature no longer opens anything.
	if _, err := w.e.DB.NewDelete().Table("sys_user_role").Where("user_id = ?", w.deptID).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, w.screen("/api/report/aj/dj/trend", party.query()), http.StatusForbidden)
	apptest.Expect(t, w.screen(verify, party.query()), http.StatusForbidden)
	// A disabled signer: 401.
	if _, err := w.e.DB.NewUpdate().Table("sys_user").Set("enabled = ?", false).Where("id = ?", w.deptID).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, w.screen("/api/report/aj/dj/trend", party.query()), http.StatusUnauthorized)
}

type compare struct {
	Year  int
	Lines []struct {
		Name                                 string
		Members, Probation, Women, Developed int
	}
}

// The screens answer the signer's scope: the 计算机学院党委 officer's
// signature shows that committee only, the department's every committee.
func TestScreensAnswerTheSignersScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.member(t, "甲", w.c.Branch, map[string]any{"joined_on": "2026-03-01", "party_status": member.PartyProbation, "full_on": nil})
	w.member(t, "乙", w.c.Branch, map[string]any{"joined_on": "2020-05-01", "full_on": "2021-05-01", "gender": member.GenderFemale})
	bing := w.member(t, "丙", w.mathBr, map[string]any{"joined_on": "2016-01-01", "full_on": "2017-01-01"})
	ding := w.member(t, "丁", w.mathBr, map[string]any{"joined_on": "2010-01-01", "full_on": "2011-01-01"})
	// 戊 was admitted in 2019 and made full in 2020, then transferred out: no
	// longer serving (not in the comparison), still in the trend's years.
	w.member(t, "戊", w.mathBr, map[string]any{"joined_on": "2019-03-01", "full_on": "2020-03-01", "member_status": member.StatusTransferredOut})

	var all, cs compare
	res := w.screen("/api/report/aj/dj/compare", w.sign(t, w.deptTK, bigscreen.PathPartyCompare).query())
	apptest.Expect(t, res, http.StatusOK)
	res.JSON(t, &all)
	res = w.screen("/api/report/aj/dj/compare", w.sign(t, w.csTK, bigscreen.PathPartyCompare).query())
	apptest.Expect(t, res, http.StatusOK)
	res.JSON(t, &cs)
	if all.Year != 2026 || len(all.Lines) != 2 || all.Lines[0].Name != "计算机学院党委" || all.Lines[1].Name != "数学学院党委" {
		t.Fatalf("department: %+v", all)
	}
	if l := all.Lines[0]; l.Members != 2 || l.Probation != 1 || l.Women != 1 || l.Developed != 1 {
		t.Errorf("计算机: %+v", l)
	}
	if l := all.Lines[1]; l.Members != 2 || l.Probation != 0 || l.Developed != 0 {
		t.Errorf("数学: %+v", l)
	}
	if len(cs.Lines) != 1 || cs.Lines[0].Name != "计算机学院党委" || cs.Lines[0].Members != 2 {
		t.Errorf("committee: %+v", cs)
	}

	// The trend: the last ten years (2017–2026), admitted and made full,
	// 戊 (transferred out) in 2019 and 2020.
	var trend struct {
		Years []struct{ Year, Joined, Full int }
	}
	res = w.screen("/api/report/aj/dj/trend", w.sign(t, w.deptTK, bigscreen.PathPartyTrend).query())
	apptest.Expect(t, res, http.StatusOK)
	res.JSON(t, &trend)
	got := map[int][2]int{}
	for _, y := range trend.Years {
		got[y.Year] = [2]int{y.Joined, y.Full}
	}
	if len(trend.Years) != 10 || trend.Years[0].Year != 2017 || got[2026] != [2]int{1, 0} || got[2020] != [2]int{1, 1} ||
		got[2019] != [2]int{1, 0} || got[2021] != [2]int{0, 1} || got[2017] != [2]int{0, 1} {
		t.Errorf("trend %+v", trend)
	}

	// The fees of the trend screen (this month is 2026-06): 数学 owes 10.00
	// this month and paid 5.00; in January 10.00, paid in full.
	for _, d := range []struct {
		month  string
		member int64
		paid   int64
	}{{"2026-06", bing, 500}, {"2026-01", ding, 1000}} {
		b := &fee.Batch{Month: d.month, State: fee.BatchOpen}
		if _, err := w.e.DB.NewInsert().Model(b).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
		due := &fee.Due{BatchID: b.ID, Month: d.month, MemberID: d.member, MemberName: "丙", OrgID: w.mathBr, OrgPath: "/", DueFen: 1000, PaidFen: d.paid}
		if _, err := w.e.DB.NewInsert().Model(due).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	type fees struct {
		Month             string
		FeeYear, FeeMonth fee.Figures
	}
	var f fees
	res = w.screen("/api/report/aj/dj/trend", w.sign(t, w.deptTK, bigscreen.PathPartyTrend).query())
	apptest.Expect(t, res, http.StatusOK)
	res.JSON(t, &f)
	if f.Month != "2026-06" || f.FeeYear.DueFen != 2000 || f.FeeYear.PaidFen != 1500 || f.FeeYear.RateBP != 7500 ||
		f.FeeMonth.DueFen != 1000 || f.FeeMonth.RateBP != 5000 {
		t.Errorf("department fees: %+v", f)
	}
	// 计算机's officer: no dues of 计算机 (the rate of nothing due is 100%).
	f = fees{}
	res = w.screen("/api/report/aj/dj/trend", w.sign(t, w.csTK, bigscreen.PathPartyTrend).query())
	apptest.Expect(t, res, http.StatusOK)
	res.JSON(t, &f)
	if f.FeeYear.DueFen != 0 || f.FeeYear.Months != 0 || f.FeeMonth.Months != 0 {
		t.Errorf("committee fees: %+v", f)
	}

	// The map: nothing configured says so; configured, each building shows
	// the organisations of the scope it houses.
	var m struct {
		Configured bool
		Problem    string
		Members    int
		Campuses   []struct {
			Name      string
			Buildings []struct {
				Name    string
				Members int
				Placed  []struct {
					Name    string
					Members int
				}
			}
		}
	}
	res = w.screen("/api/report/aj/dj/map", w.sign(t, w.csTK, bigscreen.PathPartyMap).query())
	apptest.Expect(t, res, http.StatusOK)
	res.JSON(t, &m)
	if m.Configured || len(m.Campuses) != 0 || m.Members != 2 {
		t.Errorf("unconfigured map %+v", m)
	}
	setting(t, w.e, bigscreen.CfgCampusMap, fmt.Sprintf(`[{"name":"主校区","x":5,"y":5,"w":50,"h":50,"buildings":[`+
		`{"name":"计算机楼","x":10,"y":10,"orgIds":[%d]},{"name":"理学楼","x":30,"y":30,"orgIds":[%d,%d]}]}]`, w.c.CS, w.c.Math, w.mathBr))
	res = w.screen("/api/report/aj/dj/map", w.sign(t, w.csTK, bigscreen.PathPartyMap).query())
	apptest.Expect(t, res, http.StatusOK)
	res.JSON(t, &m)
	if !m.Configured || len(m.Campuses) != 1 || len(m.Campuses[0].Buildings) != 2 {
		t.Fatalf("map %+v", m)
	}
	if b := m.Campuses[0].Buildings[0]; b.Members != 2 || len(b.Placed) != 1 || b.Placed[0].Name != "计算机学院党委" {
		t.Errorf("计算机楼 %+v", b)
	}
	if b := m.Campuses[0].Buildings[1]; b.Members != 0 || len(b.Placed) != 0 {
		t.Errorf("理学楼 shown to the committee of another: %+v", b)
	}
	if strings.Contains(string(res.Body), "orgIds") {
		t.Errorf("configured organisations answered: %s", res.Body)
	}
	// A value stored before its check existed (or by hand in the database)
	// is named on the screen, not drawn.
	if _, err := w.e.DB.NewUpdate().Model((*system.Config)(nil)).Set("config_value = ?", `[{"name":`).
		Where("config_key = ?", bigscreen.CfgCampusMap).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	setting(t, w.e, bigscreen.CfgSignMinutes, "5") // any write through the service clears its settings cache
	res = w.screen("/api/report/aj/dj/map", w.sign(t, w.deptTK, bigscreen.PathPartyMap).query())
	res.JSON(t, &m)
	if !m.Configured || !strings.Contains(m.Problem, "校区示意图格式有误") {
		t.Errorf("bad setting: %+v", m)
	}
}

// The server serves the big screen's page at /bigscreen/index.html (503
// before a web build made it), with the web app's security headers, and
// nothing else under /bigscreen/: its routes are hash routes.
func TestBigScreenPageIsServed(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	res := e.Do(http.MethodGet, "/bigscreen/index.html", "", nil)
	switch res.Status {
	case http.StatusOK:
		if !strings.Contains(string(res.Body), "<title>驾驶舱</title>") {
			t.Errorf("page %s", res.Body)
		}
	case http.StatusServiceUnavailable: // web/dist of a checkout without the web build
	default:
		t.Fatalf("status %d", res.Status)
	}
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'self'") || res.Header.Get("X-Frame-Options") != "SAMEORIGIN" {
		t.Errorf("headers %v", res.Header)
	}
	apptest.Expect(t, e.Do(http.MethodGet, "/bigscreen/dv1", "", nil), http.StatusNotFound)
}
