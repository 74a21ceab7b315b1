package system_test

import (
	"bytes"
	"net/http"
	"slices"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/system"
)

// A login path's layout: the default until saved, then what the
// administrator chose, read by anyone; a background picture is served to
// anyone; bad input is refused next to its field and changes nothing; only
// the page's permissions reach the list and the change.
func TestLoginLayoutsPerPath(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	layout := func(variant string) map[string]any {
		res := e.Do("GET", "/api/loginLayout/"+variant, "", nil)
		apptest.Expect(t, res, http.StatusOK)
		return res.Map(t)
	}
	if l := layout("kclogin"); l["style"] != "card" || l["showPassword"] != true || l["showSms"] != true || l["backgroundUrl"] != "" {
		t.Fatalf("default %v", l)
	}
	apptest.Expect(t, e.Do("GET", "/api/loginLayout/evil", "", nil), http.StatusNotFound)
	apptest.Expect(t, e.Do("GET", "/api/loginLayout/kclogin/background", "", nil), http.StatusNotFound)

	png := tinyPNG(t)
	bg := saveTestFile(t, e, "bg.png", png)
	good := map[string]any{"variant": "kclogin", "style": "split", "title": "某某学院党建平台", "subtitle": "不忘初心", "notice": "首次登录请用学号",
		"backgroundFileId": bg.ID, "showPassword": false, "showSms": true, "showCas": true}
	with := func(k string, v any) map[string]any {
		m := map[string]any{}
		for key, val := range good {
			m[key] = val
		}
		m[k] = v
		return m
	}
	for _, c := range []struct {
		body       map[string]any
		field, msg string
	}{
		{with("style", "fancy"), "style", "样式只能是居中卡片或左右分栏"},
		{with("title", strings.Repeat("长", 51)), "title", "标题不能超过50个字"},
		{with("notice", strings.Repeat("长", 501)), "notice", "提示文字不能超过500个字"},
		{with("showSms", false), "", ""}, // filled below
		{with("backgroundFileId", 99999), "backgroundFileId", "背景图片须为已上传的图片文件"},
	} {
		if c.field == "" {
			c.body["showCas"] = false
			c.field, c.msg = "showPassword", "至少显示一种登录方式"
		}
		apptest.ExpectField(t, e.Do("PUT", "/api/loginLayouts", e.AdminTK, c.body), c.field, c.msg)
	}
	if l := layout("kclogin"); l["style"] != "card" {
		t.Fatalf("a refused change was written: %v", l)
	}
	apptest.Expect(t, e.Do("PUT", "/api/loginLayouts", e.AdminTK, good), http.StatusNoContent)
	l := layout("kclogin")
	if l["style"] != "split" || l["title"] != "某某学院党建平台" || l["showPassword"] != false || !strings.HasPrefix(l["backgroundUrl"].(string), "/api/loginLayout/kclogin/background?v=") {
		t.Fatalf("saved %v", l)
	}
	res := e.Do("GET", l["backgroundUrl"].(string), "", nil)
	apptest.Expect(t, res, http.StatusOK)
	if res.Header.Get("Content-Type") != "image/png" || !bytes.Equal(res.Body, png) {
		t.Fatalf("background %q, %d bytes", res.Header.Get("Content-Type"), len(res.Body))
	}
	if other := layout("login"); other["style"] != "card" {
		t.Fatalf("another path changed: %v", other)
	}
	list := apptest.DoJSON[[]system.LoginLayout](t, e, http.StatusOK, "GET", "/api/loginLayouts", e.AdminTK, nil)
	if len(list) != len(system.LoginVariants) || list[2].Variant != "kclogin" || list[2].Style != "split" {
		t.Fatalf("list %+v", list)
	}
	apptest.Expect(t, e.Do("GET", "/api/loginLayouts", "", nil), http.StatusUnauthorized)
	plain, _ := e.UserWith("ALL", 0)
	apptest.Expect(t, e.Do("GET", "/api/loginLayouts", plain, nil), http.StatusForbidden)
	apptest.Expect(t, e.Do("PUT", "/api/loginLayouts", plain, good), http.StatusForbidden)
	// The page joins 系统管理 for the system administrators only.
	if pages := e.Pages(t, "/system"); !slices.Contains(pages, "system/loginLayout") {
		t.Errorf("系统管理 pages %v", pages)
	}
	e.ExpectGrants(t, "loginLayout:", map[string][]string{"系统管理员": {"loginLayout:list", "loginLayout:edit"}, "组织部管理员": nil})
	reader, _ := e.UserWith("ALL", 0, system.PermLoginLayoutList)
	apptest.Expect(t, e.Do("GET", "/api/loginLayouts", reader, nil), http.StatusOK)
	apptest.Expect(t, e.Do("PUT", "/api/loginLayouts", reader, good), http.StatusForbidden)
}
