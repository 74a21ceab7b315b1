package system_test

import (
	"context"
	"strings"
	"testing"

	"zhdj/internal/apptest"
)

// deptTree makes 学院A and 学院B under the root, and 系A1 under 学院A.
func deptTree(t *testing.T, e *apptest.Env) (a, b, a1 int64) {
	t.Helper()
	var root int64
	e.DB.NewSelect().Table("sys_dept").Column("id").Where("pid IS NULL").Limit(1).Scan(context.Background(), &root) //nolint:errcheck
	mk := func(name string, pid int64) int64 {
		res := e.Do("POST", "/api/dept", e.AdminTK, map[string]any{"name": name, "pid": pid})
		apptest.Expect(t, res, 201)
		return int64(res.Map(t)["id"].(float64))
	}
	a = mk("学院A", root)
	b = mk("学院B", root)
	a1 = mk("系A1", a)
	return
}

func TestDataScopeOnUsers(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	a, b, a1 := deptTree(t, e)
	_, inA := e.UserWith("SELF", a)
	_, inA1 := e.UserWith("SELF", a1)
	_, inB := e.UserWith("SELF", b)

	level, _ := e.UserWith("LEVEL", a, "user:list", "user:edit", "dept:list")
	below, _ := e.UserWith("LEVEL_AND_BELOW", a, "user:list", "user:edit")
	self, selfID := e.UserWith("SELF", b, "user:list")

	ids := func(tok string) map[int64]bool {
		res := e.Do("POST", "/api/users/list?size=100", tok, nil)
		apptest.Expect(t, res, 200)
		out := map[int64]bool{}
		for _, u := range apptest.Content[struct{ ID int64 }](t, res) {
			out[u.ID] = true
		}
		return out
	}
	if got := ids(level); !got[inA] || got[inA1] || got[inB] {
		t.Errorf("LEVEL sees %v", got)
	}
	if got := ids(below); !got[inA] || !got[inA1] || got[inB] {
		t.Errorf("LEVEL_AND_BELOW sees %v", got)
	}
	if got := ids(self); len(got) != 1 || !got[selfID] {
		t.Errorf("SELF sees %v", got)
	}
	if got := ids(e.AdminTK); !got[inA] || !got[inA1] || !got[inB] {
		t.Errorf("admin sees %v", got)
	}
	// Acting on a user outside the scope is 404, not 403: no existence leak.
	res := e.Do("POST", "/api/users/unLock", level, []int64{inB})
	if res.Status != 404 {
		t.Fatalf("out-of-scope unlock: %d %s", res.Status, res.Body)
	}
	res = e.Do("PUT", "/api/users/updateState", below, map[string]any{"ids": []int64{inB}, "enabled": false})
	if res.Status != 404 {
		t.Fatalf("out-of-scope disable: %d %s", res.Status, res.Body)
	}
	apptest.Expect(t, e.Do("PUT", "/api/users/updateState", below, map[string]any{"ids": []int64{inA1}, "enabled": false}), 204)
	// Department list follows the scope too.
	deptRes := e.Do("GET", "/api/dept", level, nil)
	if strings.Contains(string(deptRes.Body), "学院B") || !strings.Contains(string(deptRes.Body), "学院A") {
		t.Fatalf("dept scope: %s", deptRes.Body)
	}
}

func TestRoleEditorsCannotEscalate(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	editor, editorID := e.UserWith("ALL", 0, "role:list", "role:edit", "role:add")
	// The seeded system administrator role (level 1) is above the test role (level 3).
	var sysRole int64
	e.DB.NewSelect().Table("sys_role").Column("id").Where("name = '系统管理员'").Scan(context.Background(), &sysRole) //nolint:errcheck
	res := e.Do("PUT", "/api/roles/menu", editor, map[string]any{"id": sysRole, "menuIds": []int64{}})
	if res.Status != 403 {
		t.Fatalf("edit a more powerful role: %d %s", res.Status, res.Body)
	}
	res = e.Do("POST", "/api/roles", editor, map[string]any{"name": "超级", "level": 1, "dataScope": "ALL"})
	if res.Status != 403 {
		t.Fatalf("create a more powerful role: %d %s", res.Status, res.Body)
	}
	// Own role: may not grant a menu the editor lacks (user:del).
	var ownRole, delMenu int64
	e.DB.NewSelect().Table("sys_user_role").Column("role_id").Where("user_id = ?", editorID).Scan(context.Background(), &ownRole) //nolint:errcheck
	e.DB.NewSelect().Table("sys_menu").Column("id").Where("permission = 'user:del'").Scan(context.Background(), &delMenu)         //nolint:errcheck
	res = e.Do("PUT", "/api/roles/menu", editor, map[string]any{"id": ownRole, "menuIds": []int64{delMenu}})
	if res.Status != 403 {
		t.Fatalf("self-escalation: %d %s", res.Status, res.Body)
	}
}

func TestPermissionChangesApplyToSignedInUsers(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	tok, id := e.UserWith("ALL", 0, "user:list")
	apptest.Expect(t, e.Do("POST", "/api/users/list", tok, nil), 200)
	var role int64
	e.DB.NewSelect().Table("sys_user_role").Column("role_id").Where("user_id = ?", id).Scan(context.Background(), &role) //nolint:errcheck
	apptest.Expect(t, e.Do("PUT", "/api/roles/menu", e.AdminTK, map[string]any{"id": role, "menuIds": []int64{}}), 204)
	apptest.Expect(t, e.Do("POST", "/api/users/list", tok, nil), 403) // no re-login needed
}

func TestMyTreeFollowsGrantedMenus(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	res := e.Do("GET", "/api/menus/myTree", e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	var tree []struct {
		Path, Component string
		Hidden          bool
		Meta            struct{ Title string }
		Children        []struct{ Path, Component string }
	}
	res.JSON(t, &tree)
	if len(tree) < 2 || tree[0].Path != "/system" || tree[0].Component != "Layout" || tree[0].Children[0].Component != "system/user" {
		t.Fatalf("admin tree %s", res.Body)
	}
	for _, n := range tree {
		if n.Path == "/workbench-switch" {
			t.Fatal("a directory with only buttons is shown")
		}
	}
	// A user granted only the user page (and its list button) sees only that.
	tok, id := e.UserWith("ALL", 0, "user:list")
	var role, page int64
	e.DB.NewSelect().Table("sys_user_role").Column("role_id").Where("user_id = ?", id).Scan(context.Background(), &role) //nolint:errcheck
	e.DB.NewSelect().Table("sys_menu").Column("id").Where("component = 'system/user'").Scan(context.Background(), &page) //nolint:errcheck
	if _, err := e.DB.ExecContext(context.Background(), "INSERT INTO sys_role_menu (role_id, menu_id) VALUES (?, ?)", role, page); err != nil {
		t.Fatal(err)
	}
	res = e.Do("GET", "/api/menus/myTree", tok, nil)
	tree = nil
	res.JSON(t, &tree)
	if len(tree) != 1 || len(tree[0].Children) != 1 || tree[0].Children[0].Path != "user" {
		t.Fatalf("user tree %s", res.Body)
	}
	nobody, _ := e.UserWith("SELF", 0)
	if res := e.Do("GET", "/api/menus/myTree", nobody, nil); string(res.Body) != "[]\n" {
		t.Fatalf("empty tree: %q", res.Body)
	}
}

func TestMenuValidationAndTree(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	bad := []map[string]any{
		{"type": 1, "title": "页面", "path": "x", "component": "a"},                  // top level must be a directory
		{"type": 0, "title": "<img src=x onerror=alert(1)>", "path": "/x"},         // markup in a title
		{"type": 2, "title": "按钮", "pid": 1, "permission": "a b"},                  // bad permission
		{"type": 0, "title": "外链", "path": "/x", "extpath": "javascript:alert(1)"}, // script URL
		{"type": 9, "title": "类型", "path": "/x"},                                   // bad type
	}
	for _, m := range bad {
		if res := e.Do("POST", "/api/menus", e.AdminTK, m); res.Status != 400 {
			t.Errorf("%v: %d %s", m, res.Status, res.Body)
		}
	}
	res := e.Do("POST", "/api/menus", e.AdminTK, map[string]any{"type": 0, "title": "党建", "path": "party", "workbench": "party"})
	apptest.Expect(t, res, 201)
	dir := int64(res.Map(t)["id"].(float64))
	res = e.Do("POST", "/api/menus", e.AdminTK, map[string]any{"type": 1, "title": "党员", "path": "member", "component": "party/member", "pid": dir})
	apptest.Expect(t, res, 201)
	child := int64(res.Map(t)["id"].(float64))
	// A directory cannot move below its own child.
	res = e.Do("PUT", "/api/menus", e.AdminTK, map[string]any{"id": dir, "type": 0, "title": "党建", "path": "/party", "pid": child})
	if res.Status != 400 {
		t.Fatalf("cycle: %d %s", res.Status, res.Body)
	}
	apptest.Expect(t, e.Do("DELETE", "/api/menus", e.AdminTK, []int64{dir}), 204)
	n, _ := e.DB.NewSelect().Table("sys_menu").Where("id IN (?, ?)", dir, child).Count(context.Background())
	if n != 0 {
		t.Fatal("subtree not deleted")
	}
}

func TestRoleCRUD(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	res := e.Do("POST", "/api/roles", e.AdminTK, map[string]any{"name": "学院管理员", "level": 2, "dataScope": "CUSTOM"})
	if res.Status != 400 {
		t.Fatalf("custom scope without departments: %d", res.Status)
	}
	res = e.Do("POST", "/api/roles", e.AdminTK, map[string]any{"name": "学院管理员", "level": 2, "dataScope": "LEVEL"})
	apptest.Expect(t, res, 201)
	id := int64(res.Map(t)["id"].(float64))
	if res := e.Do("POST", "/api/roles", e.AdminTK, map[string]any{"name": "学院管理员", "level": 2, "dataScope": "LEVEL"}); res.Status != 409 {
		t.Fatalf("duplicate: %d", res.Status)
	}
	res = e.Do("GET", "/api/roles?blurry=学院", e.AdminTK, nil)
	if !strings.Contains(string(res.Body), `"dataScopeLabel":"本级"`) {
		t.Fatalf("list %s", res.Body)
	}
	// A role a user holds cannot be deleted.
	e.Do("POST", "/api/users", e.AdminTK, map[string]any{"username": "holder", "nickName": "持有人", "roleIds": []int64{id}})
	if res := e.Do("DELETE", "/api/roles", e.AdminTK, []int64{id}); res.Status != 400 {
		t.Fatalf("delete held role: %d %s", res.Status, res.Body)
	}
}

// The role list a user editor assigns from is readable with the user editing
// permissions, not only role:list; anything else is still 403.
func TestRoleChoicesForUserEditors(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	for _, perm := range []string{"role:list", "user:add", "user:edit"} {
		tok, _ := e.UserWith("ALL", 0, perm)
		res := e.Do("GET", "/api/roles/all", tok, nil)
		apptest.Expect(t, res, 200)
		var roles []map[string]any
		res.JSON(t, &roles)
		if len(roles) == 0 || roles[0]["name"] == nil {
			t.Fatalf("%s: %s", perm, res.Body)
		}
	}
	tok, _ := e.UserWith("ALL", 0, "user:list", "dict:list")
	apptest.Expect(t, e.Do("GET", "/api/roles/all", tok, nil), 403)
	// The alternatives do not open the role editor's own routes.
	tok, _ = e.UserWith("ALL", 0, "user:edit")
	apptest.Expect(t, e.Do("GET", "/api/roles", tok, nil), 403)
}
