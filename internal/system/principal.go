package system

import (
	"context"
	"database/sql"
	"errors"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// PrincipalOf is the principal of account userID as a request of theirs
// would carry it, without a session: the big screen acts as the account
// that signed it, with that account's permissions and scope as they are
// now (a role or an account changed since the signing narrows it at once).
// A missing, disabled or departed account is 401.
func (s *Service) PrincipalOf(ctx context.Context, userID int64) (*rbac.Principal, error) {
	u := new(User)
	err := s.db.NewSelect().Model(u).Column("id", "username", "dept_id", "org_id", "is_admin", "enabled", "has_left").
		Where("id = ?", userID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, httpx.Unauthorized
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	if !u.Enabled || u.HasLeft {
		return nil, httpx.Unauthorized
	}
	perms, err := s.permissions(ctx, u.ID, u.IsAdmin)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return &rbac.Principal{UserID: u.ID, Username: u.Username, DeptID: u.DeptID, OrgID: u.OrgID, Perms: perms}, nil
}
