package system_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// saveTestFile stores a file through the real upload path and returns its row.
func saveTestFile(t *testing.T, e *apptest.Env, name string, content []byte) *system.File {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(content) //nolint:errcheck
	mw.Close()
	req := httptest.NewRequest("POST", "/api/file/upload", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	f, err := e.Sys.SaveUpload(req, system.UploadOptions{Field: "file", Public: true})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func tinyPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.RGBA{R: 200, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// schoolRow is a school as the list shows it and the edit form sends it back.
type schoolRow = system.SchoolInput

func schools(t *testing.T, e *apptest.Env) map[string]schoolRow {
	t.Helper()
	return apptest.ListedBy(e, "/api/school?size=100", e.AdminTK, func(s schoolRow) string { return s.Code })
}

func currentSchool(t *testing.T, e *apptest.Env) map[string]any {
	t.Helper()
	res := e.Do("GET", "/api/school/current", "", nil)
	apptest.Expect(t, res, http.StatusOK)
	return res.Map(t)
}

func TestSchoolCurrentDefault(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	cur := currentSchool(t, e)
	want := map[string]any{"code": "default", "name": "智慧党建", "logoUrl": "/api/school/logo", "footer": "", "titlePrefix": ""}
	for k, v := range want {
		if cur[k] != v {
			t.Errorf("%s = %#v, want %#v", k, cur[k], v)
		}
	}
	if len(cur) != len(want) {
		t.Errorf("fields %v", cur)
	}
}

func TestSchoolLogoDefaultSVG(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	res := e.Do("GET", "/api/school/logo", "", nil)
	apptest.Expect(t, res, http.StatusOK)
	if ct := res.Header.Get("Content-Type"); ct != "image/svg+xml" {
		t.Fatalf("Content-Type %q", ct)
	}
	if csp := res.Header.Get("Content-Security-Policy"); csp != "default-src 'none'; style-src 'unsafe-inline'" {
		t.Fatalf("CSP %q", csp)
	}
	// Asked for by the favicon, the sidebar and the login page on every full page load: reusable for a
	// while, unlike the other API answers (no-store).
	if cc := res.Header.Get("Cache-Control"); cc != "public, max-age=300" {
		t.Fatalf("Cache-Control %q", cc)
	}
	body := string(res.Body)
	if !strings.HasPrefix(body, "<svg") || !strings.Contains(body, "党") || strings.Contains(body, "<script") {
		t.Fatalf("svg %s", body)
	}
}

func TestSchoolLogoUploaded(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	pngBytes := tinyPNG(t)
	logo := saveTestFile(t, e, "logo.png", pngBytes)
	def := schools(t, e)["default"]
	def.LogoFileID = &logo.ID
	apptest.Expect(t, e.Do("PUT", "/api/school", e.AdminTK, def), http.StatusNoContent)

	res := e.Do("GET", "/api/school/logo", "", nil)
	apptest.Expect(t, res, http.StatusOK)
	if ct := res.Header.Get("Content-Type"); ct != "image/png" {
		t.Fatalf("Content-Type %q", ct)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "public, max-age=300" {
		t.Fatalf("Cache-Control %q", cc)
	}
	if !bytes.Equal(res.Body, pngBytes) {
		t.Fatalf("logo bytes differ (%d vs %d)", len(res.Body), len(pngBytes))
	}

	// A row pointing at something that is not an image falls back to the SVG.
	if _, err := e.DB.NewUpdate().Table("sys_file").Set("content_type = ?", "text/html").
		Where("id = ?", logo.ID).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	res = e.Do("GET", "/api/school/logo", "", nil)
	apptest.Expect(t, res, http.StatusOK)
	if ct := res.Header.Get("Content-Type"); ct != "image/svg+xml" {
		t.Fatalf("non-image logo served as %q", ct)
	}
}

func TestSchoolValidation(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	img := saveTestFile(t, e, "ok.png", tinyPNG(t))
	pdf := saveTestFile(t, e, "doc.pdf", []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n"))
	cases := []struct {
		name string
		body map[string]any
		want int
	}{
		{"upper-case code", map[string]any{"code": "ABC", "name": "甲"}, http.StatusBadRequest},
		{"empty code", map[string]any{"code": "", "name": "甲"}, http.StatusBadRequest},
		{"code with space", map[string]any{"code": "a b", "name": "甲"}, http.StatusBadRequest},
		{"code with path", map[string]any{"code": "../x", "name": "甲"}, http.StatusBadRequest},
		{"code 51", map[string]any{"code": strings.Repeat("a", 51), "name": "甲"}, http.StatusBadRequest},
		{"empty name", map[string]any{"code": "s1", "name": " "}, http.StatusBadRequest},
		{"name 101", map[string]any{"code": "s1", "name": strings.Repeat("校", 101)}, http.StatusBadRequest},
		{"missing logo file", map[string]any{"code": "s1", "name": "甲", "logoFileId": 999999}, http.StatusBadRequest},
		{"pdf logo", map[string]any{"code": "s1", "name": "甲", "logoFileId": pdf.ID}, http.StatusBadRequest},
		{"existing code", map[string]any{"code": "default", "name": "甲"}, http.StatusConflict},
		{"valid", map[string]any{"code": "demo-1_x", "name": strings.Repeat("校", 100), "logoFileId": img.ID}, http.StatusCreated},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			apptest.Expect(t, e.Do("POST", "/api/school", e.AdminTK, c.body), c.want)
		})
	}
	if _, ok := schools(t, e)["s1"]; ok {
		t.Fatal("an invalid school was stored")
	}

	lister, _ := e.UserWith("SELF", 0, "school:list")
	apptest.Expect(t, e.Do("GET", "/api/school", lister, nil), http.StatusOK)
	apptest.Expect(t, e.Do("POST", "/api/school", lister, map[string]any{"code": "x", "name": "x"}), http.StatusForbidden)
	apptest.Expect(t, e.Do("GET", "/api/school?sort=footer", e.AdminTK, nil), http.StatusBadRequest)
}

func TestSchoolFooterSanitised(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	def := schools(t, e)["default"]
	def.Footer = `<script>alert(1)</script><b>x</b>`
	def.TitlePrefix = "测试大学"
	apptest.Expect(t, e.Do("PUT", "/api/school", e.AdminTK, def), http.StatusNoContent)
	for name, v := range map[string]string{"stored": schools(t, e)["default"].Footer, "current": currentSchool(t, e)["footer"].(string)} {
		if strings.Contains(v, "<script") || strings.Contains(v, "alert") || !strings.Contains(v, "<b>x</b>") {
			t.Errorf("%s footer %q", name, v)
		}
	}
	if p := currentSchool(t, e)["titlePrefix"]; p != "测试大学" {
		t.Fatalf("titlePrefix %v", p)
	}

	// Cleaned on read too.
	if _, err := e.DB.NewUpdate().Table("sys_school").Set("footer = ?", `<img src=x onerror=alert(1)><i>y</i>`).
		Where("code = ?", "default").Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	if v := currentSchool(t, e)["footer"].(string); strings.Contains(v, "onerror") || !strings.Contains(v, "<i>y</i>") {
		t.Fatalf("current footer %q", v)
	}
}

func TestSchoolCurrentFollowsSetting(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	demoID := created201(t, e.Do("POST", "/api/school", e.AdminTK, map[string]any{"code": "demo", "name": "示例大学"}))
	defID := schools(t, e)["default"].ID
	apptest.ExpectMessage(t, e.Do("DELETE", "/api/school", e.AdminTK, []int64{defID}), http.StatusBadRequest, "不能删除当前使用的学校")

	apptest.Expect(t, putConfigValue(t, e, "schoolCode", "demo"), http.StatusNoContent)
	if cur := currentSchool(t, e); cur["code"] != "demo" || cur["name"] != "示例大学" {
		t.Fatalf("current %v", cur)
	}
	apptest.ExpectMessage(t, e.Do("DELETE", "/api/school", e.AdminTK, []int64{demoID}), http.StatusBadRequest, "不能删除当前使用的学校")
	apptest.Expect(t, e.Do("PUT", "/api/school", e.AdminTK, map[string]any{"id": demoID, "code": "demo2", "name": "示例大学"}), http.StatusBadRequest)

	// A setting naming no school falls back to "default".
	apptest.Expect(t, putConfigValue(t, e, "schoolCode", "nosuch"), http.StatusNoContent)
	if cur := currentSchool(t, e); cur["code"] != "default" {
		t.Fatalf("fallback %v", cur)
	}
	apptest.Expect(t, e.Do("PUT", "/api/school", e.AdminTK, map[string]any{"id": demoID, "code": "demo2", "name": "示例大学二"}), http.StatusNoContent)
	apptest.Expect(t, e.Do("DELETE", "/api/school", e.AdminTK, []int64{demoID}), http.StatusNoContent)
	if _, ok := schools(t, e)["demo2"]; ok {
		t.Fatal("school not deleted")
	}
}

// The routes of this area carry the permissions the contract names.
func TestDictConfigSchoolRoutePermissions(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	want := map[string]string{
		"GET /api/dict": "dict:list", "POST /api/dict": "dict:add", "PUT /api/dict": "dict:edit", "DELETE /api/dict": "dict:del",
		"GET /api/dictDetail": httpx.SignedIn, "GET /api/dictDetail/cache": httpx.SignedIn, "GET /api/dictDetail/map": httpx.SignedIn,
		"POST /api/dictDetail": "dict:add", "PUT /api/dictDetail": "dict:edit", "DELETE /api/dictDetail": "dict:del",
		"DELETE /api/dictDetail/{id}": "dict:del",
		"GET /api/sysConfig/public":   httpx.Public, "GET /api/sysConfig": "sysConfig:list",
		"GET /api/sysConfig/group/name": "sysConfig:list", "GET /api/sysConfig/listAll": "sysConfig:list",
		"POST /api/sysConfig": "sysConfig:add", "PUT /api/sysConfig": "sysConfig:edit",
		"DELETE /api/sysConfig": "sysConfig:del", "DELETE /api/sysConfig/": "sysConfig:del",
		"GET /api/school/current": httpx.Public, "GET /api/school/logo": httpx.Public, "GET /api/school": "school:list",
		"POST /api/school": "school:edit", "PUT /api/school": "school:edit", "DELETE /api/school": "school:edit",
	}
	got := map[string]string{}
	for _, rt := range e.App.Routes {
		got[rt.Method+" "+rt.Pattern] = rt.Perm
	}
	for route, perm := range want {
		if got[route] != perm {
			t.Errorf("%s: permission %q, want %q", route, got[route], perm)
		}
	}
}

// A fresh installation leaves the document title's site part empty, so the
// browser title names the current school (the web app falls back to its
// platform name); the setting is public, for the login page.
func TestHTMLTitleDefaultsToTheSchool(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	var entries []system.ConfigEntry
	e.Do("GET", "/api/sysConfig/public", "", nil).JSON(t, &entries)
	found := false
	for _, c := range entries {
		if c.ConfigKey == system.CfgHTMLTitle {
			found = true
			if c.ConfigValue != "" {
				t.Errorf("htmlTitle %q", c.ConfigValue)
			}
		}
	}
	if !found {
		t.Error("htmlTitle is not a public setting")
	}
}
