package account

import (
	"context"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/uniq"
	"zhdj/internal/system"
)

// LeadersInput is the body of PUT /api/dzzxx/{id}/leaders (设置书记/委员).
type LeadersInput struct {
	SecretaryID  *int64  `json:"secretaryId"`  // a member of the organisation (with those below it); null: none
	CommitteeIDs []int64 `json:"committeeIds"` // members of the organisation, in the order shown
	// Account gives the secretary an account with the role of the
	// organisation's level, placed at the organisation: the account they are
	// linked to, the one their number names (linked), or a new one.
	Account bool `json:"account"`
}

// LeadersResult is the organisation's leaders as saved, and the
// secretary's account when one was asked for.
type LeadersResult struct {
	SecretaryName string   `json:"secretaryName"`
	Committee     []string `json:"committee"`
	Account       *Outcome `json:"account,omitempty"`
	Role          string   `json:"role,omitempty"` // the name of the role the account holds now
	// Former is the secretary replaced (or removed), when they have an
	// account: whether it lost the role of the organisation's level.
	Former *Former `json:"former,omitempty"`
}

// Former is a replaced secretary's account: the role of the organisation's
// level, granted for it, is taken (Revoked), or Reason says why it stays.
type Former struct {
	Name     string `json:"name"`
	Username string `json:"username"`
	Revoked  bool   `json:"revoked"`
	Reason   string `json:"reason,omitempty"`
}

// leaderRole is the code of the role a secretary's account gets at an
// organisation of type t: a branch's secretary manages the branch (党支部书记,
// 本级), a general branch's or a committee's its subtree (二级党委管理员,
// 本级及下级). A party group has a leader, not a secretary with an account.
func leaderRole(t string) string {
	switch {
	case org.IsBranch(t):
		return system.RoleBranchSecretary
	case t == org.TypeGroup:
		return ""
	}
	return system.RoleCommittee
}

// SetLeaders makes members the secretary and committee of organisation id
// (live, in the caller's scope) and, when asked, gives the secretary an
// account of the organisation's level anchored there, all in one
// transaction: any refusal leaves everything as it was. The members must be
// of the organisation or those below it, in normal status, in the caller's
// scope; the organisation's trail records the names.
func (s *Service) SetLeaders(ctx context.Context, id int64, in LeadersInput) (LeadersResult, error) {
	o, err := s.orgs.Find(ctx, id)
	if err != nil {
		return LeadersResult{}, err
	}
	if err := checkAccountAsked(ctx, o, in); err != nil {
		return LeadersResult{}, err
	}
	in.CommitteeIDs = uniq.Of(in.CommitteeIDs)
	ids := in.CommitteeIDs
	if in.SecretaryID != nil {
		ids = append([]int64{*in.SecretaryID}, ids...)
	}
	replaced := o.SecretaryMemberID != nil && (in.SecretaryID == nil || *in.SecretaryID != *o.SecretaryMemberID)
	if replaced {
		ids = append(ids, *o.SecretaryMemberID)
	}
	chosen, err := s.members.HoldersOf(ctx, uniq.Of(ids))
	if err != nil {
		return LeadersResult{}, err
	}
	pick := func(field string, id int64) (member.Holder, error) {
		h, ok := chosen[id]
		if !ok || !strings.HasPrefix(h.OrgPath, o.Path) || h.MemberStatus != member.StatusNormal {
			return h, httpx.Invalid(field, "所选党员不是“%s”（含下级组织）的在册党员", o.Name)
		}
		return h, nil
	}
	l := org.Leaders{CommitteeIDs: in.CommitteeIDs, Committee: []string{}}
	var secretary member.Holder
	if in.SecretaryID != nil {
		if secretary, err = pick("secretaryId", *in.SecretaryID); err != nil {
			return LeadersResult{}, err
		}
		l.SecretaryID, l.SecretaryName = in.SecretaryID, secretary.Name
	}
	for _, cid := range in.CommitteeIDs {
		h, err := pick("committeeIds", cid)
		if err != nil {
			return LeadersResult{}, err
		}
		l.Committee = append(l.Committee, h.Name)
	}
	var is *issuer
	var existing map[string]found
	if in.Account {
		if is, existing, err = s.leaderIssuer(ctx, o, secretary); err != nil {
			return LeadersResult{}, err
		}
	}
	// The replaced secretary's account, if the member is still in the
	// caller's scope (one moved out of it is for its new administrators).
	var former *member.Holder
	if h, ok := chosen[ptrOr(o.SecretaryMemberID)]; replaced && ok && h.UserID != nil && leaderRole(o.Type) != "" {
		former = &h
	}
	var accounts *system.MemberAccounts
	if former != nil {
		if accounts, err = s.sys.MemberAccounts(ctx); err != nil {
			return LeadersResult{}, err
		}
	}
	out := LeadersResult{SecretaryName: l.SecretaryName, Committee: l.Committee}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.orgs.SetLeadersTx(ctx, tx, o.ID, l); err != nil {
			return err
		}
		if former != nil {
			if out.Former, err = revokeFormer(ctx, tx, accounts, *former, o); err != nil {
				return err
			}
		}
		if is == nil {
			return nil
		}
		out.Role = is.role.Name
		if secretary.UserID != nil { // their own account: the role and the anchor here
			if err := is.accounts.Grant(ctx, tx, *secretary.UserID, is.role.ID, &o.ID); err != nil {
				return inTermsOfAccount(err, secretary.Username)
			}
			out.Account = &Outcome{MemberID: secretary.ID, Name: secretary.Name, Username: secretary.Username}
			return nil
		}
		a, err := is.issue(ctx, tx, secretary, o.ID, true, named(existing, secretary))
		out.Account = &a
		return err
	})
	return out, httpx.AsError(err)
}

// checkAccountAsked refuses an account asked for without the permission,
// without a secretary, or at a level that has no secretary's role.
func checkAccountAsked(ctx context.Context, o *org.Org, in LeadersInput) error {
	switch {
	case !in.Account:
		return nil
	case !rbac.From(ctx).Has(member.PermAccount):
		return httpx.Forbidden("没有创建或关联党员账号的权限")
	case leaderRole(o.Type) == "":
		return httpx.Invalid("account", "党小组不设书记账号")
	case in.SecretaryID == nil:
		return httpx.Invalid("secretaryId", "请选择书记，再为其创建或关联账号")
	}
	return nil
}

// leaderIssuer reads what giving the secretary an account needs before
// anything is written: the role of the organisation's level, within the
// caller's grants, and the account the secretary's number names.
func (s *Service) leaderIssuer(ctx context.Context, o *org.Org, secretary member.Holder) (*issuer, map[string]found, error) {
	is, err := s.issuer(ctx, leaderRole(o.Type))
	if err != nil {
		return nil, nil, err
	}
	if secretary.UserID != nil {
		return is, nil, nil
	}
	existing, err := is.lookup(ctx, s.db, []member.Holder{secretary})
	return is, existing, err
}

// revokeFormer takes from the replaced secretary's account the role of the
// organisation's level, granted for it (an account placed at another
// organisation since keeps it). An account the caller does not manage, or
// the caller's own, keeps it too, and the answer says so: the leaders are
// saved all the same.
func revokeFormer(ctx context.Context, tx bun.Tx, accounts *system.MemberAccounts, h member.Holder, o *org.Org) (*Former, error) {
	f := &Former{Name: h.Name, Username: h.Username}
	revoked, err := accounts.Revoke(ctx, tx, *h.UserID, leaderRole(o.Type), o.ID)
	var he *httpx.Error
	switch {
	case errors.As(err, &he) && he.Status == 404:
		f.Reason = "该账号不在您的管理范围内，请联系上级管理员收回其角色"
	case errors.As(err, &he) && he.Status == 403:
		f.Reason = "不能修改自己的角色，请联系上级管理员收回"
	case err != nil:
		return nil, err
	}
	f.Revoked = revoked
	return f, nil
}

func ptrOr(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}
