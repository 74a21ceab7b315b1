package account

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

// Self-service accounts: a party member in good standing whose record has
// no account makes one, proven by the phone on their record (SMS
// registration) or by the campus sign-on naming their staff or student
// number (an account made at the first CAS sign-in). Both are settings the
// school turns on (internal/signon); nobody signed in is calling, so the
// steps run as the system, but they can do only this: the account's
// username is the member's number, its role 党员, its place the member's
// organisation and unit, all from the record, none from the request.

// errNotRegistrable is every refusal of a registration, whatever the reason
// (no such member, one with an account already, several on one phone), so
// that the answer tells nothing about the registry.
func errNotRegistrable() *httpx.Error {
	return httpx.Invalid("phone", "该手机号未登记在可自助注册的党员信息中，请联系所在党支部")
}

// asRegistration is ctx acting as the system for who (the trail's operator).
func asRegistration(ctx context.Context, who string) context.Context {
	return rbac.WithMemo(rbac.With(ctx, &rbac.Principal{Username: who, Perms: map[string]bool{rbac.Admin: true}}))
}

// registrant is the one member of holders who may make an account: without
// one, with a number no account uses yet.
func (s *Service) registrant(ctx context.Context, holders []member.Holder) (member.Holder, bool, error) {
	var free []member.Holder
	for _, h := range holders {
		if h.UserID == nil && strings.TrimSpace(h.StaffOrStudentNo) != "" {
			free = append(free, h)
		}
	}
	if len(free) != 1 {
		return member.Holder{}, false, nil
	}
	taken, err := s.sys.AccountExists(ctx, free[0].StaffOrStudentNo)
	if err != nil {
		return member.Holder{}, false, httpx.Internal(err)
	}
	return free[0], !taken, nil
}

// Registrable tells whether phone is on the record of exactly one member
// who may register.
func (s *Service) Registrable(ctx context.Context, phone string) (bool, error) {
	ctx = asRegistration(ctx, "短信自助注册")
	holders, err := s.members.HoldersByPhone(ctx, phone)
	if err != nil {
		return false, err
	}
	_, ok, err := s.registrant(ctx, holders)
	return ok, err
}

// Register makes the account of the member whose record holds phone, with
// the password the member chose, and answers its username.
func (s *Service) Register(ctx context.Context, phone, password string) (string, error) {
	ctx = asRegistration(ctx, "短信自助注册")
	holders, err := s.members.HoldersByPhone(ctx, phone)
	if err != nil {
		return "", err
	}
	return s.register(ctx, holders, phone, password)
}

// RegisterNumber makes the account of the member whose number is no (the
// campus sign-on vouched for it) with a random password never shown: the
// account signs in through the sign-on, or sets a password by SMS reset.
func (s *Service) RegisterNumber(ctx context.Context, no string) (string, error) {
	ctx = asRegistration(ctx, "统一身份认证开通")
	holders, err := s.members.HoldersByNumber(ctx, strings.TrimSpace(no))
	if err != nil {
		return "", err
	}
	return s.register(ctx, holders, "", "")
}

// register makes the account of the one registrant among holders, with the
// phone the registration proved (none from CAS) and the password chosen.
func (s *Service) register(ctx context.Context, holders []member.Holder, phone, password string) (string, error) {
	h, ok, err := s.registrant(ctx, holders)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", errNotRegistrable()
	}
	is, err := s.issuer(ctx, system.RoleMember)
	if err != nil {
		return "", err
	}
	var username string
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		ip, err := is.accounts.Create(ctx, tx, system.NewMemberAccount{Username: h.StaffOrStudentNo, NickName: h.Name,
			DeptID: h.UnitDeptID, OrgID: h.OrgID, RoleID: is.role.ID, Password: password, Phone: phone})
		if err != nil {
			return err
		}
		username = ip.Username
		return s.members.SetAccount(ctx, tx, h.ID, &ip.ID)
	})
	if err != nil {
		return "", httpx.AsError(err)
	}
	return username, nil
}
