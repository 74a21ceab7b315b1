package org

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

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
	rs.Get("/api/dzzxx", PermList, httpx.ReadRequest(s.List))
	rs.Get("/api/dzzxx/{id}", PermList, func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r)
		if err != nil {
			return err
		}
		d, err := s.Detail(r.Context(), id)
		if err != nil {
			return err
		}
		return httpx.OK(w, d)
	})
	rs.Get("/api/dzzxx/{id}/trail", PermList, func(w http.ResponseWriter, r *http.Request) error {
		id, err := pathID(r)
		if err != nil {
			return err
		}
		page, err := s.Trail(r, id)
		if err != nil {
			return err
		}
		return httpx.OK(w, page)
	})
	rs.Post("/api/dzzxx", PermAdd, httpx.Create(s.Create))
	rs.Put("/api/dzzxx", PermEdit, httpx.Update(s.Update))
	rs.Delete("/api/dzzxx", PermDel, httpx.IDsAction(s.Delete))
	rs.Post("/api/dzzxx/move", PermMove, httpx.Update(s.Move))
	rs.Post("/api/dzzxx/merge", PermMove, func(w http.ResponseWriter, r *http.Request) error {
		var in MergeInput
		if err := httpx.Decode(r, &in); err != nil {
			return err
		}
		res, err := s.Merge(r.Context(), in)
		if err != nil {
			return err
		}
		return httpx.OK(w, res)
	})
	rs.Post("/api/dzzxx/split", PermMove, httpx.Create(s.Split))
	rs.Post("/api/dzzxx/revoke", PermDel, httpx.Update(s.Revoke))
	rs.Post("/api/dzzxx/trail/restore", PermEdit, httpx.Update(s.Restore))
	rs.Get("/api/dzzxx/roleScope/{id}", "role:list", func(w http.ResponseWriter, r *http.Request) error {
		id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
		if err != nil {
			return httpx.NotFound("角色不存在")
		}
		out, err := s.RoleOrgs(r.Context(), id)
		if err != nil {
			return err
		}
		return httpx.OK(w, out)
	})
	rs.Put("/api/dzzxx/roleScope", "role:edit", httpx.Update(s.SetRoleOrgs))
	rs.Get("/api/common/dzz", httpx.SignedIn, httpx.ReadRequest(s.Picker))
}

// pathID reads {id}; a malformed id is simply not found.
func pathID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, errNotFound()
	}
	return id, nil
}
