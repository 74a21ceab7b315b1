package httpx

import (
	"context"
	"net/http"
	"sort"
)

// Permission values with a special meaning; every other value is a permission
// string such as "user:list".
const (
	Public   = "<public>"    // no session needed
	SignedIn = "<signed-in>" // any valid session
)

// HandlerFunc is a handler that returns its error to the single mapper.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Route is one endpoint with the permission it requires and its title: the
// module and the action in Chinese ("党员信息", "新增"), which name it in
// the operation log.
type Route struct {
	Method  string
	Pattern string
	Perm    string
	Module  string
	Action  string
	Handler HandlerFunc
	// ReadOnly marks a POST that only reads (a list with a filter body); it is
	// not written to the operation log.
	ReadOnly bool
	// Secret marks a POST or PUT whose body and answer never reach the
	// operation log (a ballot, an exam answer): the log records who called
	// it and when, not what.
	Secret bool
}

// Title is the route's module and action as people read them: "党员信息·新增".
func (rt Route) Title() string { return rt.Module + "·" + rt.Action }

// Routes collects a domain's endpoints. Registration requires a permission
// and a title (a module named with In, an action per route), so a route
// without either cannot exist. The zero value is the root collection; In
// returns a registrar sharing it.
type Routes struct {
	list   *[]Route
	module string
}

func (rs *Routes) shared() *[]Route {
	if rs.list == nil {
		rs.list = new([]Route)
	}
	return rs.list
}

// In is the registrar of module's routes (its Chinese name, e.g. "党员信息"):
// what it registers shares rs's list and carries the module in its title.
func (rs *Routes) In(module string) *Routes {
	if module == "" {
		panic("httpx: a route module needs a name")
	}
	return &Routes{list: rs.shared(), module: module}
}

// Handle registers method+pattern guarded by perm, titled action (in
// Chinese: "新增", "导出花名册") within the registrar's module.
func (rs *Routes) Handle(method, pattern, perm, action string, h HandlerFunc) {
	name := method + " " + pattern
	switch {
	case perm == "":
		panic("route " + name + " declares no permission")
	case rs.module == "":
		panic("route " + name + " is registered outside a module (use Routes.In)")
	case action == "":
		panic("route " + name + " declares no title")
	}
	list := rs.shared()
	*list = append(*list, Route{Method: method, Pattern: pattern, Perm: perm, Module: rs.module, Action: action, Handler: h})
}

// Query registers a POST that reads (paged lists whose filters travel in the body).
func (rs *Routes) Query(p, perm, action string, h HandlerFunc) {
	rs.Handle(http.MethodPost, p, perm, action, h)
	list := *rs.list
	list[len(list)-1].ReadOnly = true
}

// Secret registers a POST whose body and answer are not logged (a ballot
// cast: the log says who voted, never how).
func (rs *Routes) Secret(p, perm, action string, h HandlerFunc) {
	rs.Handle(http.MethodPost, p, perm, action, h)
	list := *rs.list
	list[len(list)-1].Secret = true
}

// SecretPut registers a PUT whose body and answer are not logged (an
// examinee's autosaved answer: the log says who saved and when, never what).
func (rs *Routes) SecretPut(p, perm, action string, h HandlerFunc) {
	rs.Handle(http.MethodPut, p, perm, action, h)
	list := *rs.list
	list[len(list)-1].Secret = true
}

func (rs *Routes) Get(p, perm, action string, h HandlerFunc) {
	rs.Handle(http.MethodGet, p, perm, action, h)
}
func (rs *Routes) Post(p, perm, action string, h HandlerFunc) {
	rs.Handle(http.MethodPost, p, perm, action, h)
}
func (rs *Routes) Put(p, perm, action string, h HandlerFunc) {
	rs.Handle(http.MethodPut, p, perm, action, h)
}
func (rs *Routes) Delete(p, perm, action string, h HandlerFunc) {
	rs.Handle(http.MethodDelete, p, perm, action, h)
}

// All returns the routes sorted by pattern and method (stable for tests and docs).
func (rs *Routes) All() []Route {
	out := append([]Route(nil), *rs.shared()...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Pattern != out[j].Pattern {
			return out[i].Pattern < out[j].Pattern
		}
		return out[i].Method < out[j].Method
	})
	return out
}

type routeKey struct{}

// WithRoute marks ctx as serving rt, so that what logs the request later (an
// export's access line) names it by its title.
func WithRoute(ctx context.Context, rt Route) context.Context {
	return context.WithValue(ctx, routeKey{}, rt)
}

// RouteOf is the route ctx serves (WithRoute); false outside one.
func RouteOf(ctx context.Context) (Route, bool) {
	rt, ok := ctx.Value(routeKey{}).(Route)
	return rt, ok
}
