package library_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/library"
	"zhdj/internal/platform/date"
	"zhdj/internal/system"
)

// world: a school with two colleges (计算机, 数学); the organisation
// department (odTK, all rules and documents), a 二级党委 publisher for
// each college and a member of each.
type world struct {
	e                        *apptest.Env
	root, cs, math           int64
	odTK, csPub, mathPub     string
	csMember, mathMember     string
	csMemberID, mathMemberID int64
	noTK                     string
}

var readPerms = []string{library.RulePerms.List, library.DocPerms.List, library.HelpPerms.List}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	w.root = e.Org(t, 0, "1", "学校党委")
	w.cs = e.Org(t, w.root, "2", "计算机学院党委")
	w.math = e.Org(t, w.root, "2", "数学学院党委")
	all := []string{library.RulePerms.List, library.RulePerms.Add, library.RulePerms.Edit, library.RulePerms.Del,
		library.DocPerms.List, library.DocPerms.Add, library.DocPerms.Edit, library.DocPerms.Del,
		library.HelpPerms.List, library.HelpPerms.Add, library.HelpPerms.Edit, library.HelpPerms.Del}
	w.odTK, _ = e.UserAt(t, "ALL", w.root, all...)
	pub := []string{library.DocPerms.List, library.DocPerms.Add, library.DocPerms.Edit, library.DocPerms.Del}
	w.csPub, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, pub...)
	w.mathPub, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, pub...)
	w.csMember, w.csMemberID = e.UserAt(t, "SELF", w.cs, readPerms...)
	w.mathMember, w.mathMemberID = e.UserAt(t, "SELF", w.math, readPerms...)
	w.noTK, _ = e.UserAt(t, "SELF", w.cs, "dzz:list")
	return w
}

func (w *world) upload(t testing.TB, token, name, content string) int64 {
	t.Helper()
	res := w.e.Upload("/api/file/upload", token, "file", name, []byte(content), nil)
	apptest.Expect(t, res, 201)
	return int64(res.Map(t)["id"].(float64))
}

func ruleBody(title, effective string, kv ...any) map[string]any {
	return apptest.With(map[string]any{"category": "1", "title": title, "docNo": "中发〔2019〕1号", "issuer": "中共中央",
		"effectiveDate": effective, "body": "<p>" + title + "正文</p>"}, kv...)
}

func (w *world) doc(t testing.TB, token string, orgID int64, title string, kv ...any) library.DocView {
	t.Helper()
	fid := w.upload(t, token, title+".pdf", "%PDF-1.4\n%%EOF\n")
	return apptest.DoJSON[library.DocView](t, w.e, 201, "POST", "/api/wjxz", token,
		apptest.With(map[string]any{"orgId": orgID, "category": "1", "title": title, "fileId": fid}, kv...))
}

func visible(t testing.TB, w *world, token string) []string {
	t.Helper()
	rows, _ := apptest.GetPage[library.DocView](t, w.e, token, "/api/wjxz/visible", url.Values{"size": {"100"}})
	var out []string
	for _, r := range rows {
		out = append(out, r.Title)
	}
	return out
}

func TestRoutesGuardSessionPermissionAndScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	rule := apptest.DoJSON[library.RuleView](t, w.e, 201, "POST", "/api/gzzd", w.odTK, ruleBody("党章", "2022-10-22"))
	doc := w.doc(t, w.csPub, w.cs, "计算机表格")
	routes := []struct {
		method, path string
		body         any
		perm         bool // a permission is needed (members hold the list ones only)
	}{
		{"GET", "/api/gzzd", nil, true},
		{"GET", fmt.Sprintf("/api/gzzd/%d", rule.ID), nil, true},
		{"POST", "/api/gzzd", ruleBody("新", "2023-01-01"), true},
		{"DELETE", "/api/gzzd", []int64{rule.ID}, true},
		{"GET", "/api/wjxz", nil, true},
		{"POST", "/api/wjxz", map[string]any{}, true},
		{"GET", "/api/bzwd", nil, true},
		{"GET", "/api/wjxz/visible", nil, false},
		{"GET", fmt.Sprintf("/api/wjxz/%d/download", doc.ID), nil, false},
		{"GET", "/api/bzwd/mine", nil, false},
		{"GET", "/api/library/frame?url=x", nil, false},
	}
	for _, rt := range routes {
		if res := w.e.Do(rt.method, rt.path, "", rt.body); res.Status != 401 {
			t.Errorf("%s %s without a session: %d", rt.method, rt.path, res.Status)
		}
		if res := w.e.Do(rt.method, rt.path, w.noTK, rt.body); rt.perm && res.Status != 403 {
			t.Errorf("%s %s without the permission: %d", rt.method, rt.path, res.Status)
		}
	}
	// A member reads the rules but cannot write them.
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/gzzd/%d", rule.ID), w.csMember, nil), 200)
	apptest.Expect(t, w.e.Do("POST", "/api/gzzd", w.csMember, ruleBody("新", "2023-01-01")), 403)
	// The math committee neither sees nor changes the cs document (404), nor publishes to cs (400 on orgId).
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/wjxz/%d", doc.ID), w.mathPub, nil), 404)
	apptest.Expect(t, w.e.Do("DELETE", "/api/wjxz", w.mathPub, []int64{doc.ID}), 404)
	fid := w.upload(t, w.mathPub, "a.pdf", "%PDF-1.4\n")
	apptest.ExpectField(t, w.e.Do("POST", "/api/wjxz", w.mathPub, map[string]any{"orgId": w.cs, "category": "1", "title": "x", "fileId": fid}),
		"orgId", "所选党组织不存在")
}

func TestDocumentVisibilityByOrganisationAndRole(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.doc(t, w.odTK, w.root, "全校通知")
	cs := w.doc(t, w.csPub, w.cs, "计算机表格")
	w.doc(t, w.mathPub, w.math, "数学表格")
	secretaries, err := w.e.Sys.RoleIDOf(t.Context(), w.e.DB, system.RoleBranchSecretary)
	if err != nil || secretaries == 0 {
		t.Fatal(err)
	}
	w.doc(t, w.csPub, w.cs, "书记专用", "roleIds", []int64{secretaries})

	if got := strings.Join(visible(t, w, w.csMember), ","); got != "计算机表格,全校通知" {
		t.Errorf("cs member sees %s", got)
	}
	if got := strings.Join(visible(t, w, w.mathMember), ","); got != "数学表格,全校通知" {
		t.Errorf("math member sees %s", got)
	}
	// A document for college A is 404 for a member of college B, whatever the route.
	for _, p := range []string{"download", "view", "preview"} {
		apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/wjxz/%d/%s", cs.ID, p), w.mathMember, nil), 404)
	}
	res := w.e.Do("GET", fmt.Sprintf("/api/wjxz/%d/download", cs.ID), w.csMember, nil)
	apptest.Expect(t, res, 200)
	// Holding the role lets the secretary's document through.
	w.e.GrantRole(t, w.csMemberID, system.RoleBranchSecretary)
	if got := strings.Join(visible(t, w, w.csMember), ","); got != "书记专用,计算机表格,全校通知" {
		t.Errorf("cs secretary sees %s", got)
	}
	apptest.ExpectField(t, w.e.Do("POST", "/api/wjxz", w.csPub, map[string]any{"orgId": w.cs, "category": "1", "title": "x",
		"fileId": cs.FileID, "roleIds": []int64{999999}}), "roleIds", "所选角色不存在")
	apptest.ExpectField(t, w.e.Do("POST", "/api/wjxz", w.csPub, map[string]any{"orgId": w.cs, "category": "1", "title": "x"}),
		"fileId", "请上传文件")
}

func TestDownloadsAreCountedExactlyInParallel(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	d := w.doc(t, w.csPub, w.cs, "计算机表格")
	const n = 20
	statuses := apptest.Concurrently(n, func(int) int {
		return w.e.Do("GET", fmt.Sprintf("/api/wjxz/%d/download", d.ID), w.csMember, nil).Status
	})
	for _, s := range statuses {
		if s != 200 {
			t.Fatalf("download: %d", s)
		}
	}
	// Views and refused downloads do not count.
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/wjxz/%d/view", d.ID), w.csMember, nil), 200)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/wjxz/%d/download", d.ID), w.mathMember, nil), 404)
	got := apptest.DoJSON[library.DocView](t, w.e, 200, "GET", fmt.Sprintf("/api/wjxz/%d", d.ID), w.csPub, nil)
	if got.Downloads != n {
		t.Errorf("downloads %d, want %d", got.Downloads, n)
	}
	// An edit by the publisher keeps the count.
	apptest.Expect(t, w.e.Do("PUT", "/api/wjxz", w.csPub, map[string]any{"id": d.ID, "title": "改名"}), 200)
	got = apptest.DoJSON[library.DocView](t, w.e, 200, "GET", fmt.Sprintf("/api/wjxz/%d", d.ID), w.csPub, nil)
	if got.Downloads != n || got.Title != "改名" {
		t.Errorf("after edit: %+v", got)
	}
}

func TestRuleStatusAtItsEdges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	today := date.Of(time.Now().In(date.China))
	w.e.App.Library.SetClock(func() time.Time { return today.Time().Add(12 * time.Hour) })
	create := func(title string, kv ...any) library.RuleView {
		return apptest.DoJSON[library.RuleView](t, w.e, 201, "POST", "/api/gzzd", w.odTK, ruleBody(title, string(today.AddDays(-400)), kv...))
	}
	yesterday := create("昨日施行", "effectiveDate", string(today.AddDays(-1)))
	ofToday := create("今日施行", "effectiveDate", string(today))
	tomorrow := create("明日施行", "effectiveDate", string(today.AddDays(1)))
	repealedToday := create("今日废止", "repealDate", string(today))
	repealedTomorrow := create("明日废止", "repealDate", string(today.AddDays(1)))
	old := create("旧版")
	create("新版", "supersedesId", old.ID, "effectiveDate", string(today))
	older := create("旧版二")
	create("新版二", "supersedesId", older.ID, "effectiveDate", string(today.AddDays(1)))
	want := map[int64]string{yesterday.ID: "current", ofToday.ID: "current", tomorrow.ID: "pending",
		repealedToday.ID: "repealed", repealedTomorrow.ID: "current", old.ID: "revised", older.ID: "current"}
	for id, status := range want {
		v := apptest.DoJSON[library.RuleView](t, w.e, 200, "GET", fmt.Sprintf("/api/gzzd/%d", id), w.csMember, nil)
		if v.Status != status || v.StatusLabel != library.StatusLabels[status] {
			t.Errorf("%s: %s %s, want %s", v.Title, v.Status, v.StatusLabel, status)
		}
	}
	apptest.ExpectField(t, w.e.Do("POST", "/api/gzzd", w.odTK, ruleBody("x", "2024-01-02", "repealDate", "2024-01-01")),
		"repealDate", "废止日期不能早于施行日期")
	apptest.ExpectField(t, w.e.Do("POST", "/api/gzzd", w.odTK, ruleBody("x", "2020-01-01", "supersedesId", old.ID)),
		"effectiveDate", "新版本的施行日期须晚于所修订版本的施行日期（"+string(today.AddDays(-400))+"）")
	apptest.ExpectField(t, w.e.Do("POST", "/api/gzzd", w.odTK, ruleBody("x", "2020-01-01", "body", "<script>alert(1)</script>")),
		"body", "请输入正文或上传文件")
	apptest.ExpectField(t, w.e.Do("POST", "/api/gzzd", w.odTK, ruleBody("", "2020-01-01")), "title", "请输入标题（不超过200个字）")
}

func TestRuleSearchOverTitleNumberAndBody(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := apptest.DoJSON[library.RuleView](t, w.e, 201, "POST", "/api/gzzd", w.odTK,
		ruleBody("中国共产党支部工作条例（试行）", "2018-10-28", "docNo", "中发〔2018〕41号", "body", `<p>党支部是党的基础组织</p><script>x()</script>`))
	if strings.Contains(a.Body, "script") {
		t.Errorf("body kept a script: %s", a.Body)
	}
	apptest.DoJSON[library.RuleView](t, w.e, 201, "POST", "/api/gzzd", w.odTK, ruleBody("学校财务管理办法", "2020-01-01", "docNo", "校发〔2020〕3号"))
	for q, want := range map[string]int{"支部工作": 1, "2018〕41": 1, "基础组织": 1, "财务": 1, "不存在的词": 0} {
		rows, total := apptest.GetPage[library.RuleView](t, w.e, w.csMember, "/api/gzzd", url.Values{"blurry": {q}})
		if total != want || len(rows) != want {
			t.Errorf("search %q: %d", q, total)
		}
	}
}

func TestPreviewTokenExpiryAndTampering(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	fid := w.upload(t, w.csPub, "表格.docx", "PK\x03\x04 not really a docx")
	d := apptest.DoJSON[library.DocView](t, w.e, 201, "POST", "/api/wjxz", w.csPub, map[string]any{"orgId": w.cs, "category": "1", "title": "表格", "fileId": fid})
	preview := func() library.Preview {
		return apptest.DoJSON[library.Preview](t, w.e, 200, "GET", fmt.Sprintf("/api/wjxz/%d/preview", d.ID), w.csMember, nil)
	}
	if p := preview(); p.Mode != library.ModeDownload {
		t.Errorf("no preview server: %+v", p)
	}
	setting(t, w.e, library.CfgPreviewURL, "https://preview.example.edu.cn/onlinePreview")
	setting(t, w.e, library.CfgPreviewVersion, "v1")
	p := preview()
	u, err := url.Parse(p.URL)
	if p.Mode != library.ModeOffice || err != nil || u.Host != "preview.example.edu.cn" {
		t.Fatalf("v1 preview: %+v", p)
	}
	file, _ := url.Parse(u.Query().Get("url"))
	token := file.Query().Get("token")
	path := "/api/library/preview/file?token=" + url.QueryEscape(token)
	res := w.e.Do("GET", path, "", nil)
	apptest.Expect(t, res, 200)
	if !strings.HasPrefix(string(res.Body), "PK") {
		t.Errorf("preview file: %s", res.Body)
	}
	// Tampered: another file id under the same signature, a changed expiry, a bad signature.
	parts := strings.Split(token, ".")
	for _, bad := range []string{fmt.Sprint(fid+1) + "." + parts[1] + "." + parts[2], parts[0] + ".9999999999." + parts[2], parts[0] + "." + parts[1] + ".00", "x"} {
		apptest.ExpectMessage(t, w.e.Do("GET", "/api/library/preview/file?token="+url.QueryEscape(bad), "", nil), 404, "预览链接无效")
	}
	// Expired: five minutes later (the default lifetime) it is refused.
	w.e.App.Library.SetClock(func() time.Time { return time.Now().Add(5*time.Minute + time.Second) })
	apptest.ExpectMessage(t, w.e.Do("GET", path, "", nil), 404, "预览链接已过期，请重新打开预览")
	w.e.App.Library.SetClock(func() time.Time { return time.Now().UTC() })
	// v2: the address Base64-encoded with the file's name.
	setting(t, w.e, library.CfgPreviewVersion, "v2")
	u, _ = url.Parse(preview().URL)
	if raw := u.Query().Get("url"); strings.Contains(raw, "token=") {
		t.Errorf("v2 not encoded: %s", raw)
	}
	// A PDF opens in the browser from our own route.
	pdf := w.doc(t, w.csPub, w.cs, "报告")
	if p := apptest.DoJSON[library.Preview](t, w.e, 200, "GET", fmt.Sprintf("/api/wjxz/%d/preview", pdf.ID), w.csMember, nil); p.Mode != library.ModePDF {
		t.Errorf("pdf preview: %+v", p)
	}
	res = w.e.Do("GET", fmt.Sprintf("/api/wjxz/%d/view", pdf.ID), w.csMember, nil)
	if res.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(res.Header.Get("Content-Disposition"), "inline") ||
		!strings.Contains(res.Header.Get("Content-Security-Policy"), "sandbox") {
		t.Errorf("pdf view headers: %v", res.Header)
	}
	apptest.ExpectField(t, w.e.Do("PUT", "/api/sysConfig", w.e.AdminTK, configBody(t, w.e, library.CfgPreviewVersion, "v3")), "configValue", "预览服务版本只能是 v1 或 v2")
	apptest.ExpectField(t, w.e.Do("PUT", "/api/sysConfig", w.e.AdminTK, configBody(t, w.e, library.CfgPreviewURL, "javascript:alert(1)")), "configValue",
		"请输入以 http:// 或 https:// 开头的预览服务地址（留空则只提供下载）")
}

func TestFrameAllowlist(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	check := func(raw string) library.FrameCheck {
		return apptest.DoJSON[library.FrameCheck](t, w.e, 200, "GET", "/api/library/frame?url="+url.QueryEscape(raw), w.csMember, nil)
	}
	if c := check("https://www.12371.cn/"); c.Allowed || !strings.Contains(c.Message, "不在系统允许") {
		t.Errorf("empty allowlist: %+v", c)
	}
	for _, bad := range []string{"https://www.12371.cn/a", "www.12371.cn:80", "https://*.cn", "a.cn;script-src *", "https://a.cn'"} {
		apptest.ExpectField(t, w.e.Do("PUT", "/api/sysConfig", w.e.AdminTK, configBody(t, w.e, system.CfgFrameHosts, bad)), "configValue",
			"只能填写域名（如 www.12371.cn），多个以空格或逗号分隔，不超过50个，不含 http://、路径或端口")
	}
	setting(t, w.e, system.CfgFrameHosts, "www.12371.cn, news.example.edu.cn")
	for raw, ok := range map[string]bool{"https://www.12371.cn/2024/x.shtml": true, "http://news.example.edu.cn/": true,
		"https://evil.12371.cn.attacker.com/": false, "https://www.12371.cn:8443/": false, "javascript:alert(1)": false,
		"https://user@www.12371.cn/": false, "": false} {
		if c := check(raw); c.Allowed != ok || (!ok && c.Message == "") {
			t.Errorf("%q: %+v", raw, c)
		}
	}
	// The allowed hosts may be framed by the app's pages.
	csp := w.e.Do("GET", "/web/library/wjxz", "", nil).Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "frame-src 'self' https://www.12371.cn http://www.12371.cn") {
		t.Errorf("csp: %s", csp)
	}
}

func TestHelpSectionsForTheCallersRoles(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	members, _ := w.e.Sys.RoleIDOf(t.Context(), w.e.DB, system.RoleMember)
	secretaries, _ := w.e.Sys.RoleIDOf(t.Context(), w.e.DB, system.RoleBranchSecretary)
	for i, s := range []struct {
		title string
		roles []int64
	}{{"总览", nil}, {"党员指南", []int64{members}}, {"书记指南", []int64{secretaries}}} {
		apptest.Expect(t, w.e.Do("POST", "/api/bzwd", w.odTK, map[string]any{"title": s.title, "sort": i, "roleIds": s.roles,
			"body": `<h2>` + s.title + `</h2><img src=x onerror="alert(1)">`}), 201)
	}
	w.e.GrantRole(t, w.csMemberID, system.RoleMember)
	mine := apptest.DoJSON[[]library.HelpSection](t, w.e, 200, "GET", "/api/bzwd/mine", w.csMember, nil)
	var titles []string
	for _, s := range mine {
		titles = append(titles, s.Title)
		if strings.Contains(s.Body, "onerror") {
			t.Errorf("unsafe body: %s", s.Body)
		}
	}
	if strings.Join(titles, ",") != "总览,党员指南" {
		t.Errorf("member's manual: %v", titles)
	}
	apptest.ExpectField(t, w.e.Do("POST", "/api/bzwd", w.odTK, map[string]any{"title": "空", "body": "<p> </p>"}), "body", "请输入内容")
}

// setting sets a setting as the admin.
func setting(t testing.TB, e *apptest.Env, key, value string) {
	t.Helper()
	apptest.Expect(t, e.Do("PUT", "/api/sysConfig", e.AdminTK, configBody(t, e, key, value)), 204)
}

func configBody(t testing.TB, e *apptest.Env, key, value string) map[string]any {
	t.Helper()
	var c system.Config
	if err := e.DB.NewSelect().Model(&c).Where("config_key = ?", key).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	return map[string]any{"id": c.ID, "configKey": c.Key, "configValue": value, "configName": c.Name, "configGroup": c.Group,
		"valueKind": c.Kind, "remark": c.Remark}
}

func TestSeedDemoOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	res, err := w.e.App.Library.SeedDemo(t.Context())
	if err != nil || res.Rules != 8 || res.Docs != 4 || res.Sections != 5 {
		t.Fatalf("demo: %+v %v", res, err)
	}
	again, err := w.e.App.Library.SeedDemo(t.Context())
	if err != nil || again.Rules != 0 {
		t.Errorf("second demo: %+v %v", again, err)
	}
	rows, _ := apptest.GetPage[library.RuleView](t, w.e, w.csMember, "/api/gzzd", url.Values{"blurry": {"中国共产党章程"}})
	status := map[string]string{}
	for _, r := range rows {
		status[r.Title] = r.StatusLabel
	}
	if status["中国共产党章程"] != "现行有效" || status["中国共产党章程（2017年修正）"] != "已修订" {
		t.Errorf("constitution versions: %v", status)
	}
	if got := visible(t, w, w.mathMember); len(got) != 4 {
		t.Errorf("school-wide documents seen by a member: %v", got)
	}
}
