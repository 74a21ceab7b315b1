package people

import (
	"encoding/json"
	"net/http"

	"zhdj/internal/platform/httpx"
)

// routes registers a resource's endpoints under base (e.g. /api/xsjbxx):
// its list, export, detail, create, update and delete.
func (res *resource[M, R, V, I]) routes(rs *httpx.Routes, base string) {
	rs.Get(base, PermList, res.handleList)
	rs.Get(base+"/export", PermList, res.handleExport)
	rs.Get(base+"/{id}", PermList, res.handleDetail)
	rs.Post(base, PermAdd, httpx.Create(res.create))
	rs.Put(base, PermEdit, res.handleUpdate)
	rs.Delete(base, PermDel, httpx.IDsAction(res.remove))
}

func (res *resource[M, R, V, I]) handleList(w http.ResponseWriter, r *http.Request) error {
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	page, err := res.list(r.Context(), lq)
	if err != nil {
		return err
	}
	return httpx.OK(w, page)
}

// handleDetail answers one record; a student or teacher in clear with
// ?unmask=true (logged).
func (res *resource[M, R, V, I]) handleDetail(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id", res.notFound())
	if err != nil {
		return err
	}
	unmask := false
	if res.person != nil {
		if unmask, err = httpx.QueryBool(r, "unmask"); err != nil {
			return err
		}
	}
	v, name, err := res.detail(r.Context(), id, unmask)
	if err != nil {
		return err
	}
	if unmask {
		res.s.sys.LogAccess(r.Context(), r, "查看"+res.what+"敏感信息："+name)
	}
	return httpx.OK(w, v)
}

// handleUpdate merges the body onto the current record, so a field left
// out keeps its value.
func (res *resource[M, R, V, I]) handleUpdate(w http.ResponseWriter, r *http.Request) error {
	in, sent, err := httpx.DecodeMerge(r, "缺少"+res.what+"编号", res.inputOf)
	if err != nil {
		return err
	}
	if res.person != nil {
		dropDerived(res.person(&in), sent)
	}
	v, err := res.update(r.Context(), in)
	if err != nil {
		return err
	}
	return httpx.OK(w, v)
}

// dropDerived: a new ID number brings its own birth date and gender, so
// the stored ones must not contradict it unless they are sent too.
func dropDerived(in *PersonInput, sent map[string]json.RawMessage) {
	if _, ok := sent["idNumber"]; !ok {
		return
	}
	if _, ok := sent["birthDate"]; !ok {
		in.BirthDate = ""
	}
	if _, ok := sent["gender"]; !ok {
		in.Gender = ""
	}
}
