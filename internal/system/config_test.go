package system_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/system"
)

// configRow is a setting as the admin lists show it and the edit form sends
// it back: the shape of the body the server reads.
type configRow = system.ConfigInput

func allConfigs(t *testing.T, e *apptest.Env) map[string]configRow {
	t.Helper()
	res := e.Do("GET", "/api/sysConfig/listAll", e.AdminTK, nil)
	apptest.Expect(t, res, http.StatusOK)
	var rows []configRow
	res.JSON(t, &rows)
	return apptest.ByKey(rows, func(r configRow) string { return r.ConfigKey })
}

func configByKey(t *testing.T, e *apptest.Env, key string) configRow {
	t.Helper()
	row, ok := allConfigs(t, e)[key]
	if !ok {
		t.Fatalf("no setting %s", key)
	}
	return row
}

// putConfigValue sends the row back with a new value, as the edit form does.
func putConfigValue(t *testing.T, e *apptest.Env, key, value string) *apptest.Response {
	t.Helper()
	row := configByKey(t, e, key)
	row.ConfigValue = value
	return e.Do("PUT", "/api/sysConfig", e.AdminTK, row)
}

func storedConfig(t *testing.T, e *apptest.Env, key string) string {
	t.Helper()
	var v string
	if err := e.DB.NewSelect().Table("sys_config").Column("config_value").Where("config_key = ?", key).Scan(t.Context(), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func publicConfig(t *testing.T, e *apptest.Env) map[string]string {
	t.Helper()
	res := e.Do("GET", "/api/sysConfig/public", "", nil)
	apptest.Expect(t, res, http.StatusOK)
	var list []struct{ ConfigKey, ConfigValue string }
	res.JSON(t, &list)
	out := map[string]string{}
	for _, c := range list {
		out[c.ConfigKey] = c.ConfigValue
	}
	return out
}

func TestConfigPublicNeverLeaks(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	secretID := created201(t, e.Do("POST", "/api/sysConfig", e.AdminTK, map[string]any{
		"configKey": "smsApiKey", "configValue": "s3cr3t-value", "configName": "短信密钥", "configGroup": "sms", "isSecret": true}))

	pub := publicConfig(t, e)
	for _, k := range []string{"passwordReg", "passwordRegTip", "isDead", "newLogin", "footerHtml", "showFooter", "htmlTitle",
		"isNeedBaiduStatistics", "videoRecordTime", "captchaEnabled", "ssoLogoutUrl", "qaSearchUrl", "filingNumber"} {
		if _, ok := pub[k]; !ok {
			t.Errorf("public config lacks %s", k)
		}
	}
	for _, k := range []string{"smsApiKey", "schoolCode", "lockMaxFailures"} {
		if _, ok := pub[k]; ok {
			t.Errorf("public config includes %s", k)
		}
	}

	// Even a tampered row (public and secret behind the API's back) stays out.
	if _, err := e.DB.NewUpdate().Table("sys_config").Set("is_public = ?", true).
		Where("config_key = ?", "smsApiKey").Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	for k, v := range publicConfig(t, e) {
		if k == "smsApiKey" || strings.Contains(v, "s3cr3t") {
			t.Fatalf("public config leaks %s=%s", k, v)
		}
	}

	// The API refuses to make them public.
	row := configByKey(t, e, "smsApiKey")
	if row.ID != secretID {
		t.Fatalf("id %d, want %d", row.ID, secretID)
	}
	row.IsPublic = true
	apptest.ExpectMessage(t, e.Do("PUT", "/api/sysConfig", e.AdminTK, row), http.StatusBadRequest, "保密配置不能公开")
}

func TestConfigSecretsMasked(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	res := e.Do("POST", "/api/sysConfig", e.AdminTK, map[string]any{
		"configKey": "smsApiKey", "configValue": "s3cr3t-value", "configGroup": "sms", "isSecret": true})
	apptest.Expect(t, res, http.StatusCreated)
	if strings.Contains(string(res.Body), "s3cr3t") {
		t.Fatalf("create answer shows the secret: %s", res.Body)
	}

	for _, path := range []string{"/api/sysConfig?blurry=smsApiKey", "/api/sysConfig/listAll", "/api/sysConfig/group/name?name=sms"} {
		t.Run(path, func(t *testing.T) {
			res := e.Do("GET", path, e.AdminTK, nil)
			apptest.Expect(t, res, http.StatusOK)
			if strings.Contains(string(res.Body), "s3cr3t") || !strings.Contains(string(res.Body), `"configValue":"******"`) {
				t.Fatalf("secret not masked: %s", res.Body)
			}
		})
	}

	// Sent back masked, the stored value stays; a new value replaces it.
	apptest.Expect(t, putConfigValue(t, e, "smsApiKey", system.SecretMask), http.StatusNoContent)
	if v := storedConfig(t, e, "smsApiKey"); v != "s3cr3t-value" {
		t.Fatalf("stored %q after a masked update", v)
	}
	if v := e.Sys.Setting(t.Context(), "smsApiKey"); v != "s3cr3t-value" {
		t.Fatalf("Setting = %q", v)
	}
	apptest.Expect(t, putConfigValue(t, e, "smsApiKey", "n3w-value"), http.StatusNoContent)
	if v := storedConfig(t, e, "smsApiKey"); v != "n3w-value" {
		t.Fatalf("stored %q after a real update", v)
	}
	if v := e.Sys.Setting(t.Context(), "smsApiKey"); v != "n3w-value" {
		t.Fatalf("Setting = %q right after the update", v)
	}
}

func TestConfigFooterSanitised(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	apptest.Expect(t, putConfigValue(t, e, "footerHtml", `<script>alert(1)</script><b>x</b><a href="javascript:alert(2)" onclick="x()">l</a>`), http.StatusNoContent)
	stored := storedConfig(t, e, "footerHtml")
	for name, v := range map[string]string{"stored": stored, "public": publicConfig(t, e)["footerHtml"]} {
		if strings.Contains(v, "<script") || strings.Contains(v, "alert(1)") || strings.Contains(v, "javascript:") ||
			strings.Contains(v, "onclick") || !strings.Contains(v, "<b>x</b>") {
			t.Errorf("%s footer %q", name, v)
		}
	}

	// Cleaned on read as well: a value written behind the API's back.
	if _, err := e.DB.NewUpdate().Table("sys_config").Set("config_value = ?", `<img src=x onerror=alert(1)><i>y</i>`).
		Where("config_key = ?", "footerHtml").Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	if v := publicConfig(t, e)["footerHtml"]; strings.Contains(v, "onerror") || !strings.Contains(v, "<i>y</i>") {
		t.Fatalf("public footer %q", v)
	}
}

func TestConfigValidation(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	cases := []struct {
		key, value string
		want       int
		msg        string
	}{
		{"captchaEnabled", "yes", http.StatusBadRequest, ""},
		{"captchaEnabled", "false", http.StatusNoContent, ""},
		{"lockMinutes", "0", http.StatusBadRequest, ""},
		{"lockMinutes", "-5", http.StatusBadRequest, ""},
		{"lockMinutes", "1.5", http.StatusBadRequest, ""},
		{"lockMinutes", "abc", http.StatusBadRequest, ""},
		{"lockMinutes", "45", http.StatusNoContent, ""},
		{"passwordReg", "^(?=.*[A-Z", http.StatusBadRequest, "正则表达式无效"},
		{"passwordReg", "(", http.StatusBadRequest, "正则表达式无效"},
		{"passwordReg", `^(?=.*[A-Za-z])(?=.*\d).{8,32}$`, http.StatusNoContent, ""},
		{"frameAncestors", "'self'; script-src *", http.StatusBadRequest, "请填写 'self'、'none' 或以空格分隔的 http(s):// 来源地址"},
		{"frameAncestors", "'none' https://a.example", http.StatusBadRequest, ""},
		{"frameAncestors", "javascript:x", http.StatusBadRequest, ""},
		{"frameAncestors", "'self' https://portal.example.edu.cn", http.StatusNoContent, ""},
		{"frameAncestors", "'none'", http.StatusNoContent, ""},
		{"htmlTitle", "测试大学智慧党建", http.StatusNoContent, ""},
		{"ssoLogoutUrl", "javascript:alert(1)", http.StatusBadRequest, "请输入以 http:// 或 https:// 开头的地址"},
		{"qaSearchUrl", "//evil.example/x", http.StatusBadRequest, ""},
		{"qaSearchUrl", "https://qa.example.edu.cn/search?key=", http.StatusNoContent, ""},
		{"ssoLogoutUrl", "", http.StatusNoContent, ""},
	}
	for _, c := range cases {
		t.Run(c.key+"="+c.value, func(t *testing.T) {
			before := storedConfig(t, e, c.key)
			res := putConfigValue(t, e, c.key, c.value)
			apptest.Expect(t, res, c.want)
			if c.msg != "" && res.Message() != c.msg {
				t.Fatalf("message %q, want %q", res.Message(), c.msg)
			}
			after := storedConfig(t, e, c.key)
			if c.want == http.StatusNoContent && after != c.value {
				t.Fatalf("stored %q, want %q", after, c.value)
			}
			if c.want != http.StatusNoContent && after != before {
				t.Fatalf("refused update changed the value to %q", after)
			}
		})
	}

	// The tip comes from the current policy: it tells the rule that failed.
	apptest.Expect(t, putConfigValue(t, e, "passwordRegTip", "至少8位，含字母和数字"), http.StatusNoContent)
	res := e.Do("POST", "/api/users/updatePassByAdmin", e.AdminTK, map[string]string{"username": "admin", "newPass": e.Encrypt("abcdefgh")})
	apptest.ExpectMessage(t, res, http.StatusBadRequest, "至少8位，含字母和数字")

	builtin := configByKey(t, e, "lockMinutes")
	renamed := builtin
	renamed.ConfigKey = "lockMinutes2"
	apptest.Expect(t, e.Do("PUT", "/api/sysConfig", e.AdminTK, renamed), http.StatusBadRequest)
	rekinded := builtin
	rekinded.ValueKind = "text"
	rekinded.ConfigValue = "forever"
	apptest.Expect(t, e.Do("PUT", "/api/sysConfig", e.AdminTK, rekinded), http.StatusBadRequest)

	posts := []struct {
		name string
		body map[string]any
		want int
	}{
		{"no key", map[string]any{"configValue": "x"}, http.StatusBadRequest},
		{"bad key", map[string]any{"configKey": "1abc", "configValue": "x"}, http.StatusBadRequest},
		{"bad kind", map[string]any{"configKey": "k1", "configValue": "x", "valueKind": "sql"}, http.StatusBadRequest},
		{"bad bool", map[string]any{"configKey": "k2", "configValue": "1", "valueKind": "bool"}, http.StatusBadRequest},
		{"bad regex", map[string]any{"configKey": "k3", "configValue": "[", "valueKind": "regex"}, http.StatusBadRequest},
		{"existing key", map[string]any{"configKey": "htmlTitle", "configValue": "x"}, http.StatusConflict},
		{"html cleaned", map[string]any{"configKey": "noticeHtml", "configValue": "<script>x</script><b>y</b>", "valueKind": "html"}, http.StatusCreated},
		{"plain text", map[string]any{"configKey": "k4", "configValue": "hello"}, http.StatusCreated},
	}
	for _, c := range posts {
		t.Run("post "+c.name, func(t *testing.T) {
			apptest.Expect(t, e.Do("POST", "/api/sysConfig", e.AdminTK, c.body), c.want)
		})
	}
	if v := storedConfig(t, e, "noticeHtml"); v != "<b>y</b>" {
		t.Fatalf("html setting stored as %q", v)
	}
}

func TestConfigClearSettingsOnWrite(t *testing.T) {
	e := apptest.New(t)
	ctx := t.Context()
	// Prime the settings cache, then change through the API: the next read
	// must not wait for the cache to expire.
	if e.Sys.Setting(ctx, system.CfgPasswordRegTip) == "" {
		t.Fatal("no seeded tip")
	}
	apptest.Expect(t, putConfigValue(t, e, "passwordRegTip", "新的密码提示"), http.StatusNoContent)
	if v := e.Sys.Setting(ctx, system.CfgPasswordRegTip); v != "新的密码提示" {
		t.Fatalf("Setting = %q after the update", v)
	}
	if v := publicConfig(t, e)["passwordRegTip"]; v != "新的密码提示" {
		t.Fatalf("public tip %q", v)
	}

	id := created201(t, e.Do("POST", "/api/sysConfig", e.AdminTK, map[string]any{"configKey": "fresh", "configValue": "1"}))
	if v := e.Sys.Setting(ctx, "fresh"); v != "1" {
		t.Fatalf("Setting(fresh) = %q after create", v)
	}
	apptest.Expect(t, e.Do("DELETE", "/api/sysConfig/", e.AdminTK, []int64{id}), http.StatusNoContent)
	if v := e.Sys.Setting(ctx, "fresh"); v != "" {
		t.Fatalf("Setting(fresh) = %q after delete", v)
	}
}

func TestConfigBuiltinsCannotBeDeleted(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	all := allConfigs(t, e)
	for _, k := range []string{"passwordReg", "passwordRegTip", "frameAncestors", "isNeedBaiduStatistics", "captchaEnabled", "footerHtml", "schoolCode",
		"lockMaxFailures", "lockWindowMinutes", "lockMinutes", "sessionIdleMinutes", "sessionMaxHours", "uploadMaxMB",
		"uploadAllowedExt", "isDead", "newLogin", "showFooter", "htmlTitle", "ssoLogoutUrl", "qaSearchUrl"} {
		t.Run(k, func(t *testing.T) {
			row, ok := all[k]
			if !ok {
				t.Fatalf("no seeded %s", k)
			}
			apptest.ExpectMessage(t, e.Do("DELETE", "/api/sysConfig", e.AdminTK, []int64{row.ID}), http.StatusBadRequest, "系统内置配置不能删除")
		})
	}

	// A mixed request deletes nothing.
	id := created201(t, e.Do("POST", "/api/sysConfig", e.AdminTK, map[string]any{"configKey": "custom", "configValue": "1"}))
	apptest.Expect(t, e.Do("DELETE", "/api/sysConfig", e.AdminTK, []int64{id, all["htmlTitle"].ID}), http.StatusBadRequest)
	if _, ok := allConfigs(t, e)["custom"]; !ok {
		t.Fatal("custom setting deleted by a refused request")
	}
	apptest.Expect(t, e.Do("DELETE", "/api/sysConfig", e.AdminTK, []int64{id}), http.StatusNoContent)
	if _, ok := allConfigs(t, e)["custom"]; ok {
		t.Fatal("custom setting still there")
	}
	// A setting the code does not read may go.
	apptest.Expect(t, e.Do("DELETE", "/api/sysConfig/", e.AdminTK, []int64{all["filingNumber"].ID}), http.StatusNoContent)
}

func TestConfigListAndPermissions(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	reader, _ := e.UserWith("SELF", 0, "sysConfig:list")

	res := e.Do("GET", "/api/sysConfig?configGroup=security&size=100&sort=configKey,asc", reader, nil)
	apptest.Expect(t, res, http.StatusOK)
	var page struct {
		Content       []configRow
		TotalElements int
	}
	res.JSON(t, &page)
	if page.TotalElements == 0 || page.TotalElements != len(page.Content) {
		t.Fatalf("security group %s", res.Body)
	}
	for i, r := range page.Content {
		if r.ConfigGroup != "security" || (i > 0 && page.Content[i-1].ConfigKey > r.ConfigKey) {
			t.Fatalf("row %+v out of filter or order", r)
		}
	}
	res = e.Do("GET", "/api/sysConfig?blurry="+url.QueryEscape("密码规则"), reader, nil)
	apptest.Expect(t, res, http.StatusOK)
	res.JSON(t, &page)
	if page.TotalElements != 2 { // passwordReg and passwordRegTip, by name
		t.Fatalf("blurry by name %s", res.Body)
	}

	res = e.Do("GET", "/api/sysConfig/group/name?name=display", reader, nil)
	apptest.Expect(t, res, http.StatusOK)
	var group []configRow
	res.JSON(t, &group)
	if len(group) == 0 {
		t.Fatal("display group empty")
	}
	for _, r := range group {
		if r.ConfigGroup != "display" {
			t.Fatalf("row %+v in display group", r)
		}
	}

	for _, q := range []string{"sort=config_value", "sort=configKey;drop", "configValue=x"} {
		apptest.Expect(t, e.Do("GET", "/api/sysConfig?"+q, reader, nil), http.StatusBadRequest)
	}
	apptest.Expect(t, e.Do("GET", "/api/sysConfig/group/name", reader, nil), http.StatusBadRequest)

	apptest.Expect(t, e.Do("POST", "/api/sysConfig", reader, map[string]any{"configKey": "x", "configValue": "1"}), http.StatusForbidden)
	apptest.Expect(t, e.Do("PUT", "/api/sysConfig", reader, configByKey(t, e, "htmlTitle")), http.StatusForbidden)
	apptest.Expect(t, e.Do("DELETE", "/api/sysConfig", reader, []int64{1}), http.StatusForbidden)
	nobody, _ := e.UserWith("SELF", 0)
	apptest.Expect(t, e.Do("GET", "/api/sysConfig/listAll", nobody, nil), http.StatusForbidden)
}
