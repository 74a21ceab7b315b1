package httpx

import (
	"net/http"
	"testing"
)

// A route is registered with its permission and its title, or not at all.
func TestRouteRegistrationRequiresPermissionAndTitle(t *testing.T) {
	t.Parallel()
	h := func(http.ResponseWriter, *http.Request) error { return nil }
	panics := func(name string, register func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: registered", name)
			}
		}()
		register()
	}
	var root Routes
	panics("outside a module", func() { root.Get("/a", SignedIn, "查询", h) })
	rs := root.In("党员信息")
	panics("no permission", func() { rs.Get("/a", "", "查询", h) })
	panics("no action", func() { rs.Get("/a", SignedIn, "", h) })

	rs.Delete("/api/dyjbxx", "dy:del", "删除", h)
	root.In("谈心谈话").Query("/api/txth/list", "txth:list", "查询", h)
	all := root.All()
	if len(all) != 2 || all[0].Title() != "党员信息·删除" || all[1].Module != "谈心谈话" || !all[1].ReadOnly {
		t.Fatalf("routes %+v", all)
	}
}
