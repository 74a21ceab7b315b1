package resource

import (
	"net/http"

	"zhdj/internal/platform/httpx"
)

// Perms are the permissions of a resource's routes: the trail pages need
// List, the restore Edit.
type Perms struct {
	List, Add, Edit, Del, Export, Import string
}

// PermsFor is the usual permission set of a resource whose buttons are
// seeded as prefix:list, prefix:add, … (system.Buttons(prefix, …)).
func PermsFor(prefix string) Perms {
	return Perms{List: prefix + ":list", Add: prefix + ":add", Edit: prefix + ":edit", Del: prefix + ":del",
		Export: prefix + ":export", Import: prefix + ":import"}
}

// Route names one of the routes Routes registers, for an Option.
type Route int

// The routes of a resource.
const (
	ListRoute    Route = iota // GET base
	ExportRoute               // GET base/export (when the export declares columns)
	DetailRoute               // GET base/{id}
	CreateRoute               // POST base
	UpdateRoute               // PUT base (merging)
	DeleteRoute               // DELETE base (ids)
	AcrossRoute               // GET base/trail (with a trail)
	TrailRoute                // GET base/{id}/trail (with a trail)
	RestoreRoute              // POST base/trail/restore (with a trail)
)

// route is one route Routes registers.
type route struct {
	method, pattern, perm, action string
	h                             httpx.HandlerFunc
	replaced                      bool // the module's handler, not the kit's
}

// routeSet is the routes Routes registers, which the options change.
type routeSet map[Route]*route

// Option leaves out or changes routes of Routes, so that a module whose
// record differs in one endpoint declares that one instead of filtering
// the kit's routes.
type Option func(routeSet)

// Without leaves the routes rts out: the module has none, or registers its
// own under another method or path.
func Without(rts ...Route) Option {
	return func(m routeSet) {
		for _, rt := range rts {
			delete(m, rt)
		}
	}
}

// Replace serves route rt (its method, path and permission) with the
// module's handler h (nil: the kit's), titled action: a workflow's create,
// which starts it; "查看" where the kit says "查看详情". A route the resource
// does not have cannot be replaced.
func Replace(rt Route, action string, h httpx.HandlerFunc) Option {
	return func(m routeSet) {
		r := m[rt]
		if r == nil {
			panic("resource: the resource has no such route to replace")
		}
		if r.action = action; h != nil {
			r.h, r.replaced = h, true
		}
	}
}

// Routes registers the resource's endpoints under base (e.g. /api/txth) in
// rs's module (rs.In("谈心谈话")), each with its permission and action: GET base (the list), base/export (when the
// export declares columns), base/{id}; POST base (create), PUT base (the
// merging update), DELETE base (ids); and with a trail GET base/trail (across
// the scope), base/{id}/trail and POST base/trail/restore. Options leave
// out or change single routes.
func (res *Viewed[M, V, I, O]) Routes(rs *httpx.Routes, base string, p Perms, opts ...Option) {
	m := routeSet{
		ListRoute:   {http.MethodGet, base, p.List, "查询", httpx.ReadList(res.List), false},
		DetailRoute: {http.MethodGet, base + "/{id}", p.List, "查看详情", httpx.ReadID(res.notFound, res.readDetail), false},
		CreateRoute: {http.MethodPost, base, p.Add, "新增", httpx.Create(res.Create), false},
		UpdateRoute: {http.MethodPut, base, p.Edit, "修改", res.handleUpdate, false},
		DeleteRoute: {http.MethodDelete, base, p.Del, "删除", httpx.IDsAction(res.Delete), false},
	}
	if len(res.Export.Columns) > 0 {
		m[ExportRoute] = &route{http.MethodGet, base + "/export", p.Export, "导出", res.handleExport, false}
	}
	if res.Trail != nil {
		m[AcrossRoute] = &route{http.MethodGet, base + "/trail", p.List, "查询变动轨迹", httpx.ReadList(res.Across), false}
		m[TrailRoute] = &route{http.MethodGet, base + "/{id}/trail", p.List, "查看变动轨迹", httpx.ListUnder(res.notFound, res.TrailPage), false}
		m[RestoreRoute] = &route{http.MethodPost, base + "/trail/restore", p.Edit, "还原变动", httpx.Action(res.Restore), false}
	}
	for _, o := range opts {
		o(m)
	}
	// A snapshot is a record (M) put back through the input's write (I): the
	// kit's restore needs the two to be one type. Refused at start-up, not by
	// a failing request; a module whose input differs replaces the route.
	if r := m[RestoreRoute]; r != nil && !r.replaced {
		var snap M
		if _, same := any(snap).(I); !same {
			panic("resource " + base + ": the kit's trail restore needs the input type to be the record type; replace RestoreRoute")
		}
	}
	for rt := ListRoute; rt <= RestoreRoute; rt++ {
		if r := m[rt]; r != nil {
			rs.Handle(r.method, r.pattern, r.perm, r.action, r.h)
		}
	}
}

// ListRoutes registers only the list (GET base) and, when the export
// declares columns, its export (GET base/export): a resource whose records
// are written and shown by the module's own endpoints (a workflow's).
func (res *Viewed[M, V, I, O]) ListRoutes(rs *httpx.Routes, base string, p Perms) {
	res.Routes(rs, base, p, Without(DetailRoute, CreateRoute, UpdateRoute, DeleteRoute, AcrossRoute, TrailRoute, RestoreRoute))
}

// readDetail is the detail; in clear with ?unmask=true when the resource
// allows it (Unmask), and then logged.
func (res *Viewed[M, V, I, O]) readDetail(r *http.Request, id int64) (O, error) {
	clear := false
	if res.Unmask != nil {
		var err error
		if clear, err = httpx.QueryBool(r, "unmask"); err != nil {
			var zero O
			return zero, err
		}
	}
	o, v, err := res.detail(r.Context(), id, clear)
	if err == nil && clear {
		res.Access(r.Context(), r, "查看"+res.Noun+"敏感信息："+res.Name(v))
	}
	return o, err
}

// handleUpdate merges the body onto the current record, so a field left
// out keeps its value.
func (res *Viewed[M, V, I, O]) handleUpdate(w http.ResponseWriter, r *http.Request) error {
	in, sent, err := httpx.DecodeMerge(r, "缺少"+res.Noun+"编号", res.Current)
	if err != nil {
		return err
	}
	if res.Merged != nil {
		res.Merged(&in, sent)
	}
	out, err := res.Update(r.Context(), in)
	if err != nil {
		return err
	}
	return httpx.OK(w, out)
}
