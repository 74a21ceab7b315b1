package system

import (
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

func (s *Service) userRoutes(rs *httpx.Routes) {
	rs.Query("/api/users/list", "user:list", s.listUsers(nil))
	rs.Query("/api/users/listWeakPasswordPeople", "user:list", s.listUsers(func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("u.pwd_state <> ''").Where("u.activated = ?", true)
	}))
	rs.Query("/api/users/listNoEnterUser", "user:list", s.listUsers(func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("u.activated = ?", false)
	}))
	rs.Query("/api/users/listHasLeftUser", "user:list", s.listUsers(func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("u.has_left = ?", true).Where("u.enabled = ?", true)
	}))
	rs.Post("/api/users", "user:add", s.handleCreateUser)
	rs.Put("/api/users", "user:edit", s.handleUpdateUser)
	rs.Delete("/api/users", "user:del", s.idsAction(s.DeleteUsers))
	rs.Put("/api/users/updateState", "user:edit", s.handleUpdateState)
	rs.Post("/api/users/unLock", "user:edit", s.idsAction(s.Unlock))
	rs.Post("/api/users/registerNoEnterUser", "user:edit", s.idsAction(s.Activate))
	rs.Post("/api/users/disabledUser", "user:edit", s.idsAction(func(ctx ctxT, ids []int64) error {
		return s.SetEnabled(ctx, ids, false)
	}))
	rs.Put("/api/users/center", httpx.SignedIn, s.handleCenter)
	rs.Post("/api/users/updatePass", httpx.SignedIn, s.handleUpdatePass)
	rs.Post("/api/users/updatePassByAdmin", "user:pass", s.handleUpdatePassByAdmin)
	rs.Post("/api/users/managerResetPass/", "user:pass", s.handleManagerReset)
	rs.Get("/api/users/check", httpx.SignedIn, func(w http.ResponseWriter, r *http.Request) error {
		c, err := s.CheckOwnPassword(r.Context())
		if err != nil {
			return err
		}
		return httpx.OK(w, c)
	})
	rs.Post("/api/users/updateAvatar", httpx.SignedIn, s.handleUpdateAvatar)
	rs.Get("/api/users/template", "user:add", s.handleUserTemplate)
	rs.Post("/api/users/import", "user:add", s.handleUserImport)
	rs.Get("/api/users/export", "user:list", s.handleUserExport)
}

// listUsers serves a paged, scoped user list; extra narrows it further.
func (s *Service) listUsers(extra func(*bun.SelectQuery) *bun.SelectQuery) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		filters, err := httpx.BodyFilters(r)
		if err != nil {
			return err
		}
		page, err := s.userPage(r, filters, extra)
		if err != nil {
			return err
		}
		return httpx.OK(w, page)
	}
}

func (s *Service) scopedUserQuery(r *http.Request, extra func(*bun.SelectQuery) *bun.SelectQuery) (*bun.SelectQuery, error) {
	scope, err := s.DeptScopeOf(r.Context())
	if err != nil {
		return nil, httpx.Internal(err)
	}
	q := scope.whereUsersInScope(s.userQuery(), rbac.From(r.Context()).UserID)
	if !rbac.From(r.Context()).IsAdmin() {
		q = q.Where("u.is_admin = ?", false)
	}
	if extra != nil {
		q = extra(q)
	}
	return q, nil
}

func (s *Service) userPage(r *http.Request, filters map[string]any, extra func(*bun.SelectQuery) *bun.SelectQuery) (httpx.PageResult[UserView], error) {
	q, err := s.scopedUserQuery(r, extra)
	if err != nil {
		return httpx.PageResult[UserView]{}, err
	}
	var rows []userRow
	total, err := httpx.List(r, q, userListSpec, filters, &rows)
	if err != nil {
		return httpx.PageResult[UserView]{}, err
	}
	views, err := s.views(r.Context(), rows)
	if err != nil {
		return httpx.PageResult[UserView]{}, httpx.Internal(err)
	}
	return httpx.NewPage(views, total), nil
}

func (s *Service) handleCreateUser(w http.ResponseWriter, r *http.Request) error {
	var in UserInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	u, err := s.CreateUser(r.Context(), in)
	if err != nil {
		return err
	}
	view, err := s.CurrentUserView(r.Context(), u.ID)
	if err != nil {
		return err
	}
	view.Roles = nil
	return httpx.Created(w, view)
}

func (s *Service) handleUpdateUser(w http.ResponseWriter, r *http.Request) error {
	var in UserInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if err := s.UpdateUser(r.Context(), in); err != nil {
		return err
	}
	return httpx.NoContent(w)
}

func (s *Service) handleUpdateState(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		IDs     []int64 `json:"ids"`
		Enabled *bool   `json:"enabled"`
	}
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if len(in.IDs) == 0 || in.Enabled == nil {
		return httpx.BadRequest("请选择用户并指定启用或停用")
	}
	if err := s.SetEnabled(r.Context(), in.IDs, *in.Enabled); err != nil {
		return err
	}
	return httpx.NoContent(w)
}

func (s *Service) handleCenter(w http.ResponseWriter, r *http.Request) error {
	var in UserInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if err := s.UpdateProfile(r.Context(), in); err != nil {
		return err
	}
	return httpx.NoContent(w)
}

func (s *Service) handleUpdatePass(w http.ResponseWriter, r *http.Request) error {
	var in struct{ OldPass, NewPass string }
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if err := s.ChangeOwnPassword(r.Context(), in.OldPass, in.NewPass); err != nil {
		return err
	}
	return httpx.NoContent(w)
}

func (s *Service) handleUpdatePassByAdmin(w http.ResponseWriter, r *http.Request) error {
	var in struct{ Username, NewPass string }
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if err := s.AdminSetPassword(r.Context(), in.Username, in.NewPass); err != nil {
		return err
	}
	return httpx.NoContent(w)
}

func (s *Service) handleManagerReset(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		ID int64 `json:"id"`
	}
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if in.ID == 0 {
		return httpx.BadRequest("请选择用户")
	}
	if err := s.ResetToInitial(r.Context(), in.ID); err != nil {
		return err
	}
	return httpx.NoContent(w)
}

// idsAction adapts a service call on a list of ids to a handler answering 204.
func (s *Service) idsAction(fn func(ctx ctxT, ids []int64) error) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		ids, err := httpx.IDs(r)
		if err != nil {
			return err
		}
		if err := fn(r.Context(), ids); err != nil {
			return err
		}
		return httpx.NoContent(w)
	}
}
