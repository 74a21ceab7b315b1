package system

import (
	"context"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

func (s *Service) userRoutes(rs *httpx.Routes) {
	rs.Query("/api/users/list", "user:list", "查询", httpx.ReadList(s.ListUsers(nil)))
	rs.Query("/api/users/listWeakPasswordPeople", "user:list", "查询弱密码用户", s.listUsersWhere(func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("u.pwd_state <> ''").Where("u.activated = ?", true)
	}))
	rs.Query("/api/users/listNoEnterUser", "user:list", "查询未激活用户", s.listUsersWhere(func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("u.activated = ?", false)
	}))
	rs.Query("/api/users/listHasLeftUser", "user:list", "查询已离校用户", s.listUsersWhere(func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("u.has_left = ?", true).Where("u.enabled = ?", true)
	}))
	rs.Post("/api/users", "user:add", "新增", s.handleCreateUser)
	rs.Put("/api/users", "user:edit", "修改", httpx.Update(s.UpdateUser))
	rs.Delete("/api/users", "user:del", "删除", httpx.IDsAction(s.DeleteUsers))
	rs.Put("/api/users/updateState", "user:edit", "启用或停用", s.handleUpdateState)
	rs.Post("/api/users/unLock", "user:edit", "解除锁定", httpx.IDsAction(s.Unlock))
	rs.Post("/api/users/registerNoEnterUser", "user:edit", "激活账号", httpx.IDsAction(s.Activate))
	rs.Post("/api/users/disabledUser", "user:edit", "停用账号", httpx.IDsAction(func(ctx ctxT, ids []int64) error {
		return s.SetEnabled(ctx, ids, false)
	}))
	rs.Put("/api/users/center", httpx.SignedIn, "修改个人资料", httpx.Update(s.UpdateProfile))
	rs.Post("/api/users/updatePass", httpx.SignedIn, "修改本人密码", s.limitPasswordChange(httpx.Update(func(ctx ctxT, in ownPasswordInput) error {
		return s.ChangeOwnPassword(ctx, in.OldPass, in.NewPass)
	})))
	rs.Post("/api/users/updatePassByAdmin", "user:pass", "修改用户密码", s.limitPasswordChange(httpx.Update(func(ctx ctxT, in adminPasswordInput) error {
		return s.AdminSetPassword(ctx, in.Username, in.NewPass)
	})))
	rs.Post("/api/users/managerResetPass/", "user:pass", "重置密码", httpx.Action(func(ctx ctxT, in userIDInput) (InitialPassword, error) {
		return s.ResetToInitial(ctx, in.ID)
	}))
	rs.Get("/api/users/check", httpx.SignedIn, "检查本人密码", httpx.Read(s.CheckOwnPassword))
	rs.Post("/api/users/updateAvatar", httpx.SignedIn, "修改头像", s.handleUpdateAvatar)
	rs.Get("/api/users/export", "user:list", "导出", s.handleUserExport)
}

// Bodies of the password routes.
type (
	ownPasswordInput   struct{ OldPass, NewPass string }
	adminPasswordInput struct{ Username, NewPass string }
	userIDInput        struct {
		ID int64 `json:"id"`
	}
)

// listUsersWhere serves a paged, scoped user list narrowed by extra.
func (s *Service) listUsersWhere(extra func(*bun.SelectQuery) *bun.SelectQuery) httpx.HandlerFunc {
	return httpx.ReadList(s.ListUsers(extra))
}

// ListUsers is the paged user list of the caller's department scope,
// narrowed further by extra when it is not nil.
func (s *Service) ListUsers(extra func(*bun.SelectQuery) *bun.SelectQuery) func(context.Context, httpx.ListQuery) (httpx.PageResult[UserView], error) {
	return func(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[UserView], error) {
		return s.userPage(ctx, lq, extra)
	}
}

// scopedUserQuery selects the users of the caller's scope, with their
// views' columns (an export reads them all), narrowed by extra.
func (s *Service) scopedUserQuery(ctx context.Context, extra func(*bun.SelectQuery) *bun.SelectQuery) (*bun.SelectQuery, error) {
	return s.scopedUsers(ctx, s.userQuery(), extra)
}

// scopedUsers restricts q (users, alias u) to the caller's scope.
func (s *Service) scopedUsers(ctx context.Context, q *bun.SelectQuery, extra func(*bun.SelectQuery) *bun.SelectQuery) (*bun.SelectQuery, error) {
	scope, err := s.DeptScopeOf(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	q = scope.whereUsersInScope(q, rbac.From(ctx).UserID)
	if !rbac.From(ctx).IsAdmin() {
		q = q.Where("u.is_admin = ?", false)
	}
	if extra != nil {
		q = extra(q)
	}
	return q, nil
}

// userPage is a page of users in two steps: the page's ids by a short
// statement (filters, order, limit; its count beside it, read from the
// tally when nothing narrows it, or from the same statement when searched:
// httpx.PagedKeys), then their views by one prepared statement
// (usersByID), planned once per connection rather than with its
// sub-queries on every request.
func (s *Service) userPage(ctx context.Context, lq httpx.ListQuery, extra func(*bun.SelectQuery) *bun.SelectQuery) (httpx.PageResult[UserView], error) {
	q, err := s.scopedUsers(ctx, s.db.NewSelect().TableExpr("sys_user AS u").Column("u.id"), extra)
	if err != nil {
		return httpx.PageResult[UserView]{}, err
	}
	spec, err := s.userListSpecFor(ctx, extra)
	if err != nil {
		return httpx.PageResult[UserView]{}, err
	}
	page, err := httpx.PagedKeys(ctx, q, spec, lq)
	if err != nil {
		return httpx.PageResult[UserView]{}, err
	}
	rows, err := s.usersByID(ctx, page.Content)
	if err != nil {
		return httpx.PageResult[UserView]{}, err
	}
	return httpx.WithContent(page, s.views(rows)), nil
}

func (s *Service) handleCreateUser(w http.ResponseWriter, r *http.Request) error {
	var in UserInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	u, plain, err := s.CreateUser(r.Context(), in)
	if err != nil {
		return err
	}
	view, err := s.CurrentUserView(r.Context(), u.ID)
	if err != nil {
		return err
	}
	view.Roles = nil
	// The only time the initial password is shown: the creator hands it over.
	return httpx.Created(w, struct {
		UserView
		InitialPassword string `json:"initialPassword"`
	}{view, plain})
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
