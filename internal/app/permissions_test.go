package app_test

import (
	"context"
	"sort"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/system"
)

// unroutedButtons are seeded button permissions no route names, each with
// why it exists anyway. A button added without a route (or a route renamed
// away from its button) fails the test until it is used or listed here.
var unroutedButtons = map[string]string{
	// The top bar's mode switch (spec §6): the web app shows the switch and
	// its entries by these permissions; they guard no endpoint.
	"workbench:group": "top bar: mode switch",
	// Checked inside the list, detail and export handlers of dy:list and
	// ry:list: ?unmask=true shows ID numbers and phones in clear.
	"dy:unmask": "member lists: personal fields in clear",
	"ry:unmask": "people lists: personal fields in clear",
	// Checked inside the cadre detail (gbjbxx:list, ?unmask=true) and the
	// cadre scope: 查看全部干部 is what 干部管理员 and 组织部 hold.
	"gbjbxx:unmask": "cadre record: personal fields in clear",
	"gbjbxx:all":    "cadre scope: every cadre",
	// Checked inside the writes of dfjs:edit and dfjs:import: the
	// categories 免交 and 困难减免 are the organisation department's.
	"dfjs:waive": "fee bases: the categories 免交 and 困难减免",
}

// Every permission a route names is seeded as a menu or button permission
// (or the route is Public/SignedIn), so an administrator can grant it; and
// every seeded button permission guards a route (or is listed above), so no
// grant is a dead letter. The modules' declared menus are seeded too.
func TestRoutePermissionsAreSeededAndUsed(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	var rows []struct {
		Type       int
		Permission string
	}
	if err := e.DB.NewSelect().Table("sys_menu").Column("type", "permission").Where("permission <> ''").
		Scan(context.Background(), &rows); err != nil {
		t.Fatal(err)
	}
	seeded, buttons := map[string]bool{}, map[string]bool{}
	for _, r := range rows {
		seeded[r.Permission] = true
		if r.Type == system.MenuButton {
			buttons[r.Permission] = true
		}
	}
	used := map[string]bool{}
	for _, rt := range e.App.Routes {
		if rt.Perm == httpx.Public || rt.Perm == httpx.SignedIn {
			continue
		}
		// "a|b": any one of them is enough (rbac.Principal.Has).
		for _, p := range strings.Split(rt.Perm, "|") {
			used[p] = true
			if !seeded[p] {
				t.Errorf("%s %s names %q, which no menu or button seeds", rt.Method, rt.Pattern, p)
			}
		}
	}
	var unused []string
	for p := range buttons {
		if !used[p] && unroutedButtons[p] == "" {
			unused = append(unused, p)
		}
	}
	sort.Strings(unused)
	for _, p := range unused {
		t.Errorf("button permission %q guards no route", p)
	}
	for p := range unroutedButtons {
		if !buttons[p] {
			t.Errorf("listed exception %q is not a seeded button any more: remove it", p)
		} else if used[p] {
			t.Errorf("listed exception %q guards a route now: remove it from the list", p)
		}
	}
	for _, m := range e.App.Modules {
		for _, p := range module.Permissions(m.Menus) {
			if !seeded[p] {
				t.Errorf("module %s declares %q, which its migrations do not seed", m.Name, p)
			}
		}
	}
}
