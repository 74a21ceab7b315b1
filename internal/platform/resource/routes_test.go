package resource_test

import (
	"fmt"
	"net/http"
	"testing"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
)

// Options leave out, retitle or replace single routes; a route the
// resource does not have cannot be changed.
func TestRouteOptions(t *testing.T) {
	t.Parallel()
	res, _ := notes(t)
	routes := func(opts ...resource.Option) map[string]httpx.Route {
		rs := &httpx.Routes{}
		res.Routes(rs.In("便签"), "/api/note", resource.PermsFor("note"), opts...)
		out := map[string]httpx.Route{}
		for _, rt := range rs.All() {
			out[rt.Method+" "+rt.Pattern] = rt
		}
		return out
	}
	if all := routes(); len(all) != 8 || all["PUT /api/note"].Action != "修改" || all["GET /api/note/trail"].Perm != "note:list" {
		t.Fatalf("every route: %v", all)
	}
	mine := func(http.ResponseWriter, *http.Request) error { return nil }
	got := routes(resource.Without(resource.AcrossRoute, resource.RestoreRoute), resource.Replace(resource.DetailRoute, "查看", nil),
		resource.Replace(resource.CreateRoute, "递交", mine))
	if len(got) != 6 || got["GET /api/note/{id}"].Action != "查看" || got["POST /api/note"].Action != "递交" ||
		got["POST /api/note"].Perm != "note:add" || fmt.Sprint(got["POST /api/note"].Handler) != fmt.Sprint(httpx.HandlerFunc(mine)) {
		t.Fatalf("with options: %v", got)
	}
	if _, ok := got["GET /api/note/trail"]; ok {
		t.Fatal("a route left out is registered")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("retitled a route the resource does not have")
		}
	}()
	routes(resource.Replace(resource.ExportRoute, "导出", nil))
}
