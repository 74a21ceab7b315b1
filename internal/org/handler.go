package org

import (
	"net/http"

	"zhdj/internal/platform/httpx"
)

// Routes registers the org domain's endpoints, each with its permission;
// every one applies the caller's organisation scope.
func (s *Service) Routes(rs *httpx.Routes) {
	rs.Get("/api/dzzxx/buildtree", PermList, func(w http.ResponseWriter, r *http.Request) error {
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
	rs.Get("/api/dzzxx/relations", PermList, func(w http.ResponseWriter, r *http.Request) error {
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
	rs.Get("/api/dzzxx", PermList, httpx.ReadList(s.List))
	rs.Get("/api/dzzxx/export", PermList, s.handleExport)
	rs.Get("/api/dzzxx/{id}", PermList, httpx.ReadID(errNotFound, func(r *http.Request, id int64) (*Detail, error) {
		return s.Detail(r.Context(), id)
	}))
	rs.Get("/api/dzzxx/trail", PermList, httpx.ReadList(s.trails().Across))
	rs.Get("/api/dzzxx/{id}/trail", PermList, httpx.ListUnder(errNotFound, s.trails().Page))
	rs.Post("/api/dzzxx", PermAdd, httpx.Create(s.Create))
	rs.Put("/api/dzzxx", PermEdit, httpx.Update(s.Update))
	rs.Delete("/api/dzzxx", PermDel, httpx.IDsAction(s.Delete))
	rs.Post("/api/dzzxx/move", PermMove, httpx.Update(s.Move))
	rs.Post("/api/dzzxx/merge", PermMove, httpx.Action(s.Merge))
	rs.Post("/api/dzzxx/split", PermMove, httpx.Create(s.Split))
	rs.Post("/api/dzzxx/revoke", PermDel, httpx.Update(s.Revoke))
	rs.Post("/api/dzzxx/trail/restore", PermEdit, httpx.Update(s.Restore))
	rs.Get("/api/dzzxx/roleScope/{id}", "role:list", httpx.ReadID(func() *httpx.Error { return httpx.NotFound("角色不存在") },
		func(r *http.Request, id int64) (*RoleScope, error) { return s.RoleOrgs(r.Context(), id) }))
	rs.Put("/api/dzzxx/roleScope", "role:edit", httpx.Update(s.SetRoleOrgs))
	rs.Get("/api/common/dzz", httpx.SignedIn, httpx.ReadList(s.Picker))
}
