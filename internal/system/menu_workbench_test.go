package system_test

import (
	"encoding/json"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/system"
)

type routeNode struct {
	Path string `json:"path"`
	Meta struct {
		Title          string `json:"title"`
		Workbench      string `json:"workbench"`
		WorkbenchTitle string `json:"workbenchTitle"`
	} `json:"meta"`
	Children []routeNode `json:"children"`
}

func myTree(t *testing.T, e *apptest.Env, token string) map[string]routeNode {
	t.Helper()
	var tree []routeNode
	e.Do("GET", "/api/menus/myTree", token, nil).JSON(t, &tree)
	byPath := map[string]routeNode{}
	for _, n := range tree {
		byPath[n.Path] = n
	}
	return byPath
}

// menuByPath finds a first-level menu (or, with parent, its child) in 菜单管理's tree.
func menuByPath(t *testing.T, e *apptest.Env, path, child string) map[string]any {
	t.Helper()
	var tree []map[string]any
	e.Do("GET", "/api/menus/tree", e.AdminTK, nil).JSON(t, &tree)
	for _, m := range tree {
		if m["path"] != path {
			continue
		}
		if child == "" {
			return m
		}
		for _, c := range m["children"].([]any) {
			if c := c.(map[string]any); c["path"] == child {
				return c
			}
		}
	}
	t.Fatalf("no menu %s %s", path, child)
	return nil
}

// The first-level menus that existed before the workbench column got one
// (the migration), and the user's tree serves it with its name on the
// first level only.
func TestMenuTreeServesWorkbench(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	tree := myTree(t, e, e.AdminTK)
	for path, want := range map[string]string{"/system": "system", "/monitor": "system", "/party": "party",
		"/develop": "party", "/zzgx": "party", "/orglife": "party", "/people": "party"} {
		n, ok := tree[path]
		if !ok {
			t.Fatalf("no first-level menu %s in %v", path, tree)
		}
		if n.Meta.Workbench != want || n.Meta.WorkbenchTitle == "" {
			t.Errorf("%s: workbench %q (%q), want %q", path, n.Meta.Workbench, n.Meta.WorkbenchTitle, want)
		}
		for _, c := range n.Children {
			if c.Meta.Workbench != "" {
				t.Errorf("%s/%s carries workbench %q below the first level", path, c.Path, c.Meta.Workbench)
			}
		}
	}
	if got := tree["/system"].Meta.WorkbenchTitle; got != "系统" {
		t.Errorf("system workbench title %q", got)
	}
}

// 菜单管理 changes a first-level menu's workbench; it must be one of the
// workbenches, is cleared below the first level, and needs menu:edit.
func TestMenuWorkbenchIsEditable(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	apptest.Expect(t, e.Do("GET", "/api/menus/workbenches", "", nil), 401)
	lister, _ := e.UserWith("ALL", 0, "menu:list")
	var options []struct{ Value, Label string }
	e.Do("GET", "/api/menus/workbenches", lister, nil).JSON(t, &options)
	if len(options) != 3 || options[0].Value != system.WorkbenchParty || options[0].Label != "党建" {
		t.Fatalf("workbenches %+v", options)
	}
	nobody, _ := e.UserWith("ALL", 0)
	apptest.Expect(t, e.Do("GET", "/api/menus/workbenches", nobody, nil), 403)

	transfer := menuByPath(t, e, "/zzgx", "")
	if transfer["workbench"] != system.WorkbenchParty {
		t.Fatalf("转接 %v", transfer["workbench"])
	}
	apptest.Expect(t, e.Do("PUT", "/api/menus", lister, apptest.With(transfer, "workbench", system.WorkbenchCadre)), 403)
	for _, bad := range []string{"", "bogus"} {
		apptest.ExpectField(t, e.Do("PUT", "/api/menus", e.AdminTK, apptest.With(transfer, "workbench", bad)), "workbench", "请选择一级菜单所属的工作台")
	}
	if got := menuByPath(t, e, "/zzgx", "")["workbench"]; got != system.WorkbenchParty {
		t.Fatalf("a refused change changed it: %v", got)
	}
	apptest.Expect(t, e.Do("PUT", "/api/menus", e.AdminTK, apptest.With(transfer, "workbench", system.WorkbenchCadre)), 204)
	if n := myTree(t, e, e.AdminTK)["/zzgx"]; n.Meta.Workbench != system.WorkbenchCadre || n.Meta.WorkbenchTitle != "干部" {
		t.Fatalf("after the change: %+v", n.Meta)
	}

	// Below the first level the entry has none, whatever is sent.
	role := menuByPath(t, e, "/system", "role")
	apptest.Expect(t, e.Do("PUT", "/api/menus", e.AdminTK, apptest.With(role, "workbench", system.WorkbenchSystem)), 204)
	if got := menuByPath(t, e, "/system", "role")["workbench"]; got != "" {
		t.Fatalf("a second-level menu kept workbench %v", got)
	}
	// A new first-level directory names its workbench.
	dir := map[string]any{"type": system.MenuDir, "title": "干部管理", "path": "/cadre-test", "workbench": system.WorkbenchCadre}
	res := e.Do("POST", "/api/menus", e.AdminTK, dir)
	apptest.Expect(t, res, 201)
	var created map[string]any
	if err := json.Unmarshal(res.Body, &created); err != nil || created["workbench"] != system.WorkbenchCadre {
		t.Fatalf("created %s", res.Body)
	}
	apptest.ExpectField(t, e.Do("POST", "/api/menus", e.AdminTK, apptest.With(dir, "workbench", nil, "path", "/cadre-test2")), "workbench", "请选择一级菜单所属的工作台")
}
