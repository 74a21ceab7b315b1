package system_test

import (
	"net/http"
	"testing"

	"zhdj/internal/apptest"
)

// A refused save names the field it is about (the body's "field"), so the
// web form marks that field; the message stays the one users read.
func TestValidationErrorsNameTheirField(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	_, userID := e.UserWith("SELF", 0)
	cases := []struct {
		name, method, path string
		body               any
		field, message     string
	}{
		{"user name", "POST", "/api/users", map[string]any{"username": "x", "nickName": "甲"},
			"username", "用户名须为2-64位字母、数字或 _ . @ -"},
		{"user phone", "PUT", "/api/users", map[string]any{"id": userID, "username": "field_user", "nickName": "甲", "phone": "12"},
			"phone", "请输入正确的手机号码"},
		{"role level", "POST", "/api/roles", map[string]any{"name": "字段角色", "level": 0, "dataScope": "ALL"},
			"level", "角色级别应在 1 到 99 之间"},
		{"menu component", "POST", "/api/menus", map[string]any{"type": 1, "title": "页面", "path": "p", "component": "a b"},
			"component", "请输入组件路径，如 system/user"},
		{"department name", "POST", "/api/dept", map[string]any{"name": ""},
			"name", "请输入部门名称（不超过50个字）"},
		{"dictionary name", "POST", "/api/dict", map[string]any{"name": "1bad"},
			"name", "字典名称须以字母开头，由2-100位字母、数字或下划线组成"},
		{"dictionary value", "POST", "/api/dictDetail", map[string]any{"dictId": 1, "label": "甲"},
			"value", "请输入字典值"},
		{"setting key", "POST", "/api/sysConfig", map[string]any{"configKey": "", "configValue": "1"},
			"configKey", "请输入配置键"},
		{"school code", "POST", "/api/school", map[string]any{"code": "Bad Code", "name": "学校"},
			"code", "学校代码须为1-50位小写字母、数字、下划线或连字符"},
		{"message recipients", "POST", "/api/msgPushHistory", map[string]any{"title": "通知"},
			"userIds", "请选择接收人"},
		{"to-do link", "POST", "/api/msgTodo", map[string]any{"title": "待办", "link": "javascript:alert(1)", "userIds": []int64{userID}},
			"link", "链接须为以 / 开头的站内路径或 http(s) 地址"},
		{"new password", "POST", "/api/users/updatePassByAdmin", map[string]any{"username": "admin", "newPass": ""},
			"newPass", "请输入新密码"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := e.Do(c.method, c.path, e.AdminTK, c.body)
			apptest.Expect(t, res, http.StatusBadRequest)
			var body struct{ Field, Message string }
			res.JSON(t, &body)
			if body.Field != c.field || body.Message != c.message {
				t.Fatalf("field %q message %q, want %q %q", body.Field, body.Message, c.field, c.message)
			}
		})
	}
}
