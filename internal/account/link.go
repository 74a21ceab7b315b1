package account

import (
	"context"
	"errors"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// LinkInput is the body of POST /api/dyjbxx/{id}/account: the account to
// link (one the caller manages), or none to link or make the account the
// member's number names, as the batch does for one member.
type LinkInput struct {
	UserID *int64 `json:"userId"`
}

// Link gives member id (of the caller's scope) an account: the one chosen,
// or, as the batch does, the account the member's number names or a new
// one (whose initial password the answer carries, this once). The account
// gets the 党员 role, and the member's organisation when it has none.
func (s *Service) Link(ctx context.Context, id int64, in LinkInput) (Outcome, error) {
	h, err := s.members.Holder(ctx, s.db, id)
	if err != nil {
		return Outcome{}, err
	}
	if h.UserID != nil {
		return Outcome{}, httpx.Conflict("党员“%s”已关联账号 %s，请先解除关联", h.Name, h.Username)
	}
	is, err := s.issuer(ctx, system.RoleMember)
	if err != nil {
		return Outcome{}, err
	}
	var chosen *found
	if in.UserID != nil {
		a, err := is.accounts.ByID(ctx, *in.UserID)
		if err != nil {
			var he *httpx.Error
			if errors.As(err, &he) && he.Status == 404 {
				return Outcome{}, httpx.Invalid("userId", "所选账号不存在")
			}
			return Outcome{}, err
		}
		linked, err := s.members.LinkedTo(ctx, s.db, []int64{a.ID})
		if err != nil {
			return Outcome{}, err
		}
		chosen = &found{Account: a, linkedTo: linked[a.ID]}
	} else {
		existing, err := is.lookup(ctx, s.db, []member.Holder{h})
		if err != nil {
			return Outcome{}, err
		}
		chosen = named(existing, h)
	}
	var out Outcome
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		out, err = is.issue(ctx, tx, h, h.OrgID, false, chosen)
		return err
	})
	return out, httpx.AsError(err)
}

// Unlink parts member id (of the caller's scope) from its account; the
// account itself stays as it is (disable or delete it in 用户管理).
func (s *Service) Unlink(ctx context.Context, id int64, _ struct{}) (struct{}, error) {
	h, err := s.members.Holder(ctx, s.db, id)
	if err != nil {
		return struct{}{}, err
	}
	if h.UserID == nil {
		return struct{}{}, httpx.BadRequest("党员“%s”没有关联账号", h.Name)
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		return s.members.SetAccount(ctx, tx, id, nil)
	})
	return struct{}{}, httpx.AsError(err)
}
