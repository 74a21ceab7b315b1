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

// Routes registers the resource's endpoints under base (e.g. /api/txth) in
// rs's module (rs.In("谈心谈话")), each with its permission and action: GET base (the list), base/export (when the
// export declares columns), base/{id}; POST base (create), PUT base (the
// merging update), DELETE base (ids); and with a trail GET base/trail (across
// the scope), base/{id}/trail and POST base/trail/restore.
func (res *Viewed[M, V, I, O]) Routes(rs *httpx.Routes, base string, p Perms) {
	res.ListRoutes(rs, base, p)
	if res.Trail != nil {
		rs.Get(base+"/trail", p.List, "查询变动轨迹", httpx.ReadList(res.Across))
	}
	rs.Get(base+"/{id}", p.List, "查看详情", httpx.ReadID(res.notFound, res.readDetail))
	if res.Trail != nil {
		rs.Get(base+"/{id}/trail", p.List, "查看变动轨迹", httpx.ListUnder(res.notFound, res.TrailPage))
	}
	rs.Post(base, p.Add, "新增", httpx.Create(res.Create))
	rs.Put(base, p.Edit, "修改", res.handleUpdate)
	rs.Delete(base, p.Del, "删除", httpx.IDsAction(res.Delete))
	if res.Trail != nil {
		rs.Post(base+"/trail/restore", p.Edit, "还原变动", httpx.Action(res.Restore))
	}
}

// ListRoutes registers only the list (GET base) and, when the export
// declares columns, its export (GET base/export): a resource whose records
// are written and shown by the module's own endpoints (a workflow's).
func (res *Viewed[M, V, I, O]) ListRoutes(rs *httpx.Routes, base string, p Perms) {
	rs.Get(base, p.List, "查询", httpx.ReadList(res.List))
	if len(res.Export.Columns) > 0 {
		rs.Get(base+"/export", p.Export, "导出", res.handleExport)
	}
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
