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

// Routes registers the resource's endpoints under base (e.g. /api/txth),
// each with its permission: GET base (the list), base/export (when the
// export declares columns), base/{id}; POST base (create), PUT base (the
// merging update), DELETE base (ids); and with a trail GET base/trail (across
// the scope), base/{id}/trail and POST base/trail/restore.
func (res *Resource[M, V]) Routes(rs *httpx.Routes, base string, p Perms) {
	rs.Get(base, p.List, httpx.ReadList(res.List))
	if len(res.Export.Columns) > 0 {
		rs.Get(base+"/export", p.Export, res.handleExport)
	}
	if res.Trail != nil {
		rs.Get(base+"/trail", p.List, httpx.ReadList(res.Across))
	}
	rs.Get(base+"/{id}", p.List, httpx.ReadID(res.notFound, func(r *http.Request, id int64) (V, error) {
		return res.Detail(r.Context(), id)
	}))
	if res.Trail != nil {
		rs.Get(base+"/{id}/trail", p.List, httpx.ListUnder(res.notFound, res.TrailPage))
	}
	rs.Post(base, p.Add, httpx.Create(res.Create))
	rs.Put(base, p.Edit, httpx.Merged("缺少"+res.Noun+"编号", res.Current, res.Update))
	rs.Delete(base, p.Del, httpx.IDsAction(res.Delete))
	if res.Trail != nil {
		rs.Post(base+"/trail/restore", p.Edit, httpx.Action(res.Restore))
	}
}
