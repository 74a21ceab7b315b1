package account

import (
	"context"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// issuer makes or links members' accounts with one role, reading what the
// checks need once per request.
type issuer struct {
	s        *Service
	accounts *system.MemberAccounts
	role     system.Role
}

func (s *Service) issuer(ctx context.Context, roleCode string) (*issuer, error) {
	accounts, err := s.sys.MemberAccounts(ctx)
	if err != nil {
		return nil, err
	}
	role, err := accounts.Role(ctx, roleCode)
	if err != nil {
		return nil, err
	}
	return &issuer{s: s, accounts: accounts, role: role}, nil
}

// Outcome is what happened to one member's account.
type Outcome struct {
	MemberID int64  `json:"memberId"`
	Name     string `json:"name"`
	Username string `json:"username"`
	// InitialPassword is set for a new account only: answered once, stored
	// only as a hash, changed at first sign-in.
	InitialPassword string `json:"initialPassword,omitempty"`
	Created         bool   `json:"created"`
}

// found is an existing account a member's number names, with the member
// (whatever the caller's scope) it is linked to already.
type found struct {
	system.Account
	linkedTo string
}

// lookup reads the accounts the numbers of holders name, with who holds them.
func (is *issuer) lookup(ctx context.Context, idb bun.IDB, holders []member.Holder) (map[string]found, error) {
	names := make([]string, 0, len(holders))
	for _, h := range holders {
		if no := strings.TrimSpace(h.StaffOrStudentNo); no != "" {
			names = append(names, no)
		}
	}
	byName, err := is.accounts.ByUsername(ctx, idb, names)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(byName))
	for _, a := range byName {
		ids = append(ids, a.ID)
	}
	linked, err := is.s.members.LinkedTo(ctx, idb, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]found, len(byName))
	for name, a := range byName {
		out[name] = found{Account: a, linkedTo: linked[a.ID]}
	}
	return out, nil
}

// named is the account of existing (lookup's) that h's number names, if any.
func named(existing map[string]found, h member.Holder) *found {
	if a, ok := existing[strings.TrimSpace(h.StaffOrStudentNo)]; ok {
		return &a
	}
	return nil
}

// issue gives member h an account inside tx: the existing account a (the
// one its number names, or one chosen), linked and given the role (placed at
// anchor when move, or when it has no organisation), or when a is nil a new
// one (username = the number, placed at anchor). A refusal names the reason
// in the member's terms (4xx).
func (is *issuer) issue(ctx context.Context, tx bun.Tx, h member.Holder, anchor int64, move bool, a *found) (Outcome, error) {
	out := Outcome{MemberID: h.ID, Name: h.Name}
	if a != nil {
		if a.linkedTo != "" {
			return out, httpx.Conflict("账号 %s 已关联党员“%s”", a.Username, a.linkedTo)
		}
		at := &anchor
		if !move && a.OrgID != nil {
			at = nil
		}
		if err := is.accounts.Grant(ctx, tx, a.ID, is.role.ID, at); err != nil {
			return out, inTermsOfAccount(err, a.Username)
		}
		out.Username = a.Username
		return out, is.s.members.SetAccount(ctx, tx, h.ID, &a.ID)
	}
	ip, err := is.accounts.Create(ctx, tx, system.NewMemberAccount{Username: h.StaffOrStudentNo, NickName: h.Name, DeptID: h.UnitDeptID,
		OrgID: anchor, RoleID: is.role.ID})
	if err != nil {
		return out, err
	}
	out.Username, out.InitialPassword, out.Created = ip.Username, ip.InitialPassword, true
	return out, is.s.members.SetAccount(ctx, tx, h.ID, &ip.ID)
}

// inTermsOfAccount says which account a refusal of the user editor's rules is about.
func inTermsOfAccount(err error, username string) error {
	var he *httpx.Error
	if errors.As(err, &he) && he.Status == 404 {
		return httpx.Conflict("用户名 %s 已被您管理范围以外的账号使用", username)
	}
	if errors.As(err, &he) && he.Status < 500 {
		return httpx.E(he.Status, "账号 %s：%s", username, he.Message)
	}
	return err
}
