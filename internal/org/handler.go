package org

import (
	"net/http"

	"zhdj/internal/platform/httpx"
)

// Routes registers the org domain's endpoints, each with its permission;
// every one applies the caller's organisation scope.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("党组织信息")
	rs.Get("/api/dzzxx/buildtree", PermList, "查询组织树", func(w http.ResponseWriter, r *http.Request) error {
		tq, err := ParseTreeQuery(r.URL.Query())
		if err != nil {
			return err
		}
		tree, err := s.BuildTree(r.Context(), tq)
		if err != nil {
			return err
		}
		return httpx.OK(w, tree)
	})
	rs.Get("/api/dzzxx/relations", PermList, "查询隶属关系", func(w http.ResponseWriter, r *http.Request) error {
		rq, err := ParseRelationsQuery(r.URL.Query())
		if err != nil {
			return err
		}
		page, err := s.Relations(r.Context(), rq)
		if err != nil {
			return err
		}
		return httpx.OK(w, page)
	})
	rs.Get("/api/dzzxx", PermList, "查询", httpx.ReadList(s.List))
	rs.Get("/api/dzzxx/export", PermList, "导出", s.handleExport)
	rs.Get("/api/dzzxx/{id}", PermList, "查看详情", httpx.ReadID(errNotFound, func(r *http.Request, id int64) (*Detail, error) {
		return s.Detail(r.Context(), id)
	}))
	rs.Get("/api/dzzxx/trail", PermList, "查询变动轨迹", httpx.ReadList(s.trails().Across))
	rs.Get("/api/dzzxx/{id}/trail", PermList, "查看变动轨迹", httpx.ListUnder(errNotFound, s.trails().Page))
	rs.Post("/api/dzzxx", PermAdd, "新增", httpx.Create(s.Create))
	rs.Put("/api/dzzxx", PermEdit, "修改", httpx.Update(s.Update))
	rs.Delete("/api/dzzxx", PermDel, "删除", httpx.IDsAction(s.Delete))
	rs.Post("/api/dzzxx/move", PermMove, "调整隶属", httpx.Update(s.Move))
	rs.Post("/api/dzzxx/merge", PermMove, "合并", httpx.Action(s.Merge))
	rs.Post("/api/dzzxx/split", PermMove, "拆分", httpx.Create(s.Split))
	rs.Post("/api/dzzxx/revoke", PermDel, "撤销", httpx.Update(s.Revoke))
	rs.Post("/api/dzzxx/trail/restore", PermEdit, "还原变动", httpx.Update(s.Restore))
	rs.Get("/api/dzzxx/roleScope/{id}", "role:list", "查看角色的党组织范围", httpx.ReadID(func() *httpx.Error { return httpx.NotFound("角色不存在") },
		func(r *http.Request, id int64) (*RoleScope, error) { return s.RoleOrgs(r.Context(), id) }))
	rs.Put("/api/dzzxx/roleScope", "role:edit", "设置角色的党组织范围", httpx.Update(s.SetRoleOrgs))
	rs.Get("/api/common/dzz", httpx.SignedIn, "选择党组织", httpx.ReadList(s.Picker))
}
