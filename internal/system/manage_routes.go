package system

import "zhdj/internal/platform/httpx"

// manageRoutes mounts the managing side of one resource at base: create,
// update and delete, guarded by perm+":add", ":edit" and ":del". The
// delete also answers at base+"/", the path the old client sends it to.
func manageRoutes(rs *httpx.Routes, base, perm string, create, update, del httpx.HandlerFunc) {
	rs.Post(base, perm+":add", "新增", create)
	rs.Put(base, perm+":edit", "修改", update)
	rs.Delete(base, perm+":del", "删除", del)
	rs.Delete(base+"/", perm+":del", "删除", del)
}
