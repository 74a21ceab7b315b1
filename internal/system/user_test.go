package system_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"zhdj/internal/apptest"
)

func TestUserCRUDAndValidation(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	bad := []struct {
		body map[string]any
		msg  string
	}{
		{map[string]any{"username": "a", "nickName": "张三"}, "用户名须为2-64位字母、数字或 _ . @ -"},
		{map[string]any{"username": "zhang san", "nickName": "张三"}, "用户名须为2-64位字母、数字或 _ . @ -"},
		{map[string]any{"username": "zhangsan"}, "请输入姓名（不超过32个字）"},
		{map[string]any{"username": "zhangsan", "nickName": "张三", "phone": "12345678901"}, "请输入正确的手机号码"},
		{map[string]any{"username": "zhangsan", "nickName": "张三", "email": "a@b"}, "请输入正确的邮箱地址"},
		{map[string]any{"username": "zhangsan", "nickName": "张三", "deptId": 9999}, "所选部门不存在"},
		{map[string]any{"username": "zhangsan", "nickName": "张三", "roleIds": []int{9999}}, "所选角色不存在"},
	}
	for _, c := range bad {
		res := e.Do("POST", "/api/users", e.AdminTK, c.body)
		if res.Status != 400 || res.Message() != c.msg {
			t.Errorf("%v: %d %s", c.body, res.Status, res.Body)
		}
	}
	if n, _ := e.DB.NewSelect().Table("sys_user").Where("username = 'zhangsan'").Count(context.Background()); n != 0 {
		t.Fatal("a refused user was written")
	}
	res := e.Do("POST", "/api/users", e.AdminTK, map[string]any{"username": "zhangsan", "nickName": "张三", "phone": "13800138000", "gender": "1"})
	apptest.Expect(t, res, 201)
	created := res.Map(t)
	id := int64(created["id"].(float64))
	initial, _ := created["initialPassword"].(string)
	if res := e.Do("POST", "/api/users", e.AdminTK, map[string]any{"username": "zhangsan", "nickName": "重名"}); res.Status != 409 {
		t.Fatalf("duplicate: %d %s", res.Status, res.Body)
	}
	// The new account signs in with the initial password and must change it.
	tok := e.Login("zhangsan", initial)
	if res := e.Do("GET", "/api/users/check", tok, nil); !strings.Contains(string(res.Body), `"reason":"initial"`) {
		t.Fatalf("check %s", res.Body)
	}
	apptest.Expect(t, e.Do("PUT", "/api/users", e.AdminTK, map[string]any{"id": id, "username": "zhangsan", "nickName": "张三丰", "hasLeft": true}), 204)
	res = e.Do("POST", "/api/users/listHasLeftUser", e.AdminTK, nil)
	if !strings.Contains(string(res.Body), "张三丰") {
		t.Fatalf("has-left list %s", res.Body)
	}
	apptest.Expect(t, e.Do("POST", "/api/users/disabledUser", e.AdminTK, []int64{id}), 204)
	apptest.Expect(t, e.Do("GET", "/auth/info", tok, nil), 401)
	// Own profile through the personal centre.
	apptest.Expect(t, e.Do("PUT", "/api/users/center", e.AdminTK, map[string]any{"nickName": "管理员", "phone": "13900139000"}), 204)
	if res := e.Do("GET", "/auth/info", e.AdminTK, nil); !strings.Contains(string(res.Body), `"nickName":"管理员"`) {
		t.Fatalf("center: %s", res.Body)
	}
	if res := e.Do("PUT", "/api/users/center", e.AdminTK, map[string]any{"nickName": ""}); res.Status != 400 {
		t.Fatalf("empty name: %d", res.Status)
	}
	apptest.Expect(t, e.Do("DELETE", "/api/users", e.AdminTK, []int64{id}), 204)
	var adminID int64
	e.DB.NewSelect().Table("sys_user").Column("id").Where("username = 'admin'").Scan(context.Background(), &adminID) //nolint:errcheck
	if res := e.Do("DELETE", "/api/users", e.AdminTK, []int64{adminID}); res.Status != 400 {
		t.Fatalf("self delete: %d", res.Status)
	}
	if res := e.Do("DELETE", "/api/users", e.AdminTK, []int64{}); res.Status != 400 {
		t.Fatalf("empty ids: %d", res.Status)
	}
}

func workbook(t *testing.T, rows [][]string) []byte {
	t.Helper()
	f := excelize.NewFile()
	for i, row := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		vals := make([]any, len(row))
		for j, v := range row {
			vals[j] = v
		}
		if err := f.SetSheetRow("Sheet1", cell, &vals); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// The user import is the staged import's "user" kind: a file with errors
// writes nothing, every problem is shown on its row and column, and a new
// account's initial password is answered once by the commit.
func TestUserImportIsAllOrNothing(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	res := e.Do("GET", "/api/import/user/template", e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	if !strings.Contains(res.Header.Get("Content-Disposition"), "filename*=UTF-8''") {
		t.Fatalf("template headers %v", res.Header)
	}
	tmpl, err := excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	header, _ := tmpl.GetRows(tmpl.GetSheetList()[0])
	// The product's own address of the template (GET /api/users/template) serves the same
	// columns, under the same permission.
	again := e.Do("GET", "/api/users/template", e.AdminTK, nil)
	apptest.Expect(t, again, 200)
	if alias, err := excelize.OpenReader(bytes.NewReader(again.Body)); err != nil {
		t.Fatal(err)
	} else if h, _ := alias.GetRows(alias.GetSheetList()[0]); strings.Join(h[0], ",") != strings.Join(header[0], ",") {
		t.Errorf("/api/users/template header %v, want %v", h[0], header[0])
	}
	apptest.Expect(t, e.Do("GET", "/api/users/template", "", nil), 401)
	viewer, _ := e.UserWith("ALL", 0, "user:list")
	apptest.Expect(t, e.Do("GET", "/api/users/template", viewer, nil), 403)
	rows := [][]string{header[0][1:], // after 序号
		{"li4", "李四", "男", "13800138001", "li4@example.edu.cn", "学校", "党员", "否"},
		{"wang5", "王五", "未知", "123", "", "不存在的部门", "不存在的角色", "也许"},
		{"li4", "李四重复", "", "", "", "", "", ""},
	}
	b := e.Stage(t, "user", e.AdminTK, rows)
	got := e.ImportRows(t, "user", e.AdminTK, b.ID)
	problems := 0
	for _, r := range got {
		problems += len(r.Errors)
	}
	if b.InvalidCount != 2 || problems < 6 || got[2].Status != "new" || got[3].Status != "invalid" || got[4].Status != "invalid" {
		t.Fatalf("batch %+v rows %+v", b, got)
	}
	want := map[string]string{"gender": "性别只能填", "phone": "请输入正确的手机号码", "dept": "部门“不存在的部门”不存在",
		"roles": "角色“不存在的角色”不存在", "hasLeft": "只能填"}
	for col, msg := range want {
		if m := apptest.CellErrors(got[3])[col]; !strings.HasPrefix(m, msg) {
			t.Errorf("row 3 %s: %q, want %q…", col, m, msg)
		}
	}
	if m := apptest.CellErrors(got[4])["username"]; m != "与第 2 行的用户名重复" {
		t.Errorf("row 4: %q", m)
	}
	res = e.Do("POST", fmt.Sprintf("/api/import/user/batches/%d/commit", b.ID), e.AdminTK, nil)
	if res.Status != 400 || !strings.Contains(res.Message(), "仍有 2 行数据有误") {
		t.Fatalf("commit of a file with errors: %d %s", res.Status, res.Body)
	}
	if n, _ := e.DB.NewSelect().Table("sys_user").Where("username = 'li4'").Count(context.Background()); n != 0 {
		t.Fatal("a row was written although the file had errors")
	}
	// Fixed file: one new account, not activated until registerNoEnterUser.
	b = e.Stage(t, "user", e.AdminTK, rows[:2])
	b = e.Commit(t, "user", e.AdminTK, b.ID, false)
	var imported struct {
		Result struct {
			Passwords []struct{ Username, InitialPassword string }
		}
	}
	raw, _ := json.Marshal(b)
	if err := json.Unmarshal(raw, &imported); err != nil {
		t.Fatal(err)
	}
	if b.NewCount != 1 || len(imported.Result.Passwords) != 1 || imported.Result.Passwords[0].Username != "li4" {
		t.Fatalf("import %s", raw)
	}
	if m := login(e, "li4", imported.Result.Passwords[0].InitialPassword, nil).Message(); m != "账号未激活，请联系管理员" {
		t.Fatalf("imported account: %s", m)
	}
	// Importing again updates instead of duplicating, and hands out no password.
	rows[1][1] = "李四改"
	b = e.Stage(t, "user", e.AdminTK, rows[:2])
	if b.ChangedCount != 1 || b.NewCount != 0 {
		t.Fatalf("re-import %+v", b)
	}
	b = e.Commit(t, "user", e.AdminTK, b.ID, false)
	if raw, _ := json.Marshal(b); strings.Contains(string(raw), "initialPassword") {
		t.Fatalf("re-import answered a password: %s", raw)
	}
	var nick string
	if err := e.DB.NewSelect().Table("sys_user").Column("nick_name").Where("username = 'li4'").Scan(context.Background(), &nick); err != nil || nick != "李四改" {
		t.Fatalf("re-import wrote %q %v", nick, err)
	}
	// Not an xlsx, wrong header.
	up := func(name string, body []byte) *apptest.Response {
		return e.Upload("/api/import/user/batches", e.AdminTK, "file", name, body, nil)
	}
	if res := up("users.csv", []byte("a,b")); res.Status != 400 {
		t.Fatalf("csv: %d", res.Status)
	}
	if res := up("users.xlsx", []byte("not a zip")); res.Status != 400 {
		t.Fatalf("garbage: %d", res.Status)
	}
	if res := up("users.xlsx", workbook(t, [][]string{{"x", "y"}, {"a", "b"}})); res.Status != 400 || !strings.Contains(res.Message(), "表头") {
		t.Fatalf("header: %d %s", res.Status, res.Body)
	}
}

func TestUserExportFollowsFilters(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	e.Do("POST", "/api/users", e.AdminTK, map[string]any{"username": "export1", "nickName": "导出一"})
	e.Do("POST", "/api/users", e.AdminTK, map[string]any{"username": "other2", "nickName": "其他二"})
	res := e.Do("GET", "/api/users/export?blurry=export", e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	f, err := excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := f.GetRows("Sheet1")
	if len(rows) != 2 || rows[1][0] != "export1" {
		t.Fatalf("export rows %v", rows)
	}
	if res := e.Do("GET", "/api/users/export?password_hash=x", e.AdminTK, nil); res.Status != 400 {
		t.Fatalf("bad filter: %d", res.Status)
	}
}

func TestAvatarUpload(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")
	res := e.Upload("/api/users/updateAvatar", e.AdminTK, "avatar", "me.png", png, nil)
	apptest.Expect(t, res, 200)
	url := res.Map(t)["avatar"].(string)
	if !strings.HasPrefix(url, "/api/file/public/") {
		t.Fatalf("avatar url %q", url)
	}
	if res := e.Do("GET", url, "", nil); res.Status != 200 || !bytes.Equal(res.Body, png) {
		t.Fatalf("avatar fetch %d", res.Status)
	}
	if res := e.Upload("/api/users/updateAvatar", e.AdminTK, "avatar", "me.html", []byte("<html>"), nil); res.Status != 400 {
		t.Fatalf("html avatar: %d", res.Status)
	}
}
