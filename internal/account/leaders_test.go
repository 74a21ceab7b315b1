package account_test

import (
	"fmt"
	"slices"
	"testing"

	"zhdj/internal/account"
	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/system"
)

// orgLeaders reads an organisation's leaders as its detail shows them.
type orgLeaders struct {
	SecretaryName      string
	SecretaryMemberID  *int64
	Committee          []string
	CommitteeMemberIDs []int64
}

func (w *world) leaders(t *testing.T, orgID int64) orgLeaders {
	t.Helper()
	return apptest.DoJSON[orgLeaders](t, w.e, 200, "GET", fmt.Sprintf("/api/dzzxx/%d", orgID), w.e.AdminTK, nil)
}

func (w *world) setLeaders(token string, orgID int64, b body) *apptest.Response {
	return w.e.Do("PUT", fmt.Sprintf("/api/dzzxx/%d/leaders", orgID), token, b)
}

// The secretary is set up in one action by the college administrator: the
// branch's 书记 and 委员 chosen among its members, and the secretary's account
// made with the 党支部书记 role anchored at the branch. Signing in with the
// initial password (changed first), the secretary sees the branch's members,
// and none of another branch.
func TestSecretarySetUpSeesItsBranch(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, "张三", w.branch, "T1001", w.dCS)
	li := w.member(t, "李四", w.branch, "T1002", w.dCS)
	wang := w.member(t, "王五", w.branch, "T1003", w.dCS)
	w.member(t, "吴数", w.mathBranch, "T3001", w.dMath)

	got := apptest.DoJSON[account.LeadersResult](t, w.e, 200, "PUT", fmt.Sprintf("/api/dzzxx/%d/leaders", w.branch), w.college,
		body{"secretaryId": zhang, "committeeIds": []int64{li, wang}, "account": true})
	if got.SecretaryName != "张三" || !slices.Equal(got.Committee, []string{"李四", "王五"}) || got.Role != "党支部书记" {
		t.Fatalf("result %+v", got)
	}
	if a := got.Account; a == nil || !a.Created || a.Username != "T1001" || a.InitialPassword == "" {
		t.Fatalf("account %+v", got.Account)
	}
	l := w.leaders(t, w.branch)
	if l.SecretaryName != "张三" || l.SecretaryMemberID == nil || *l.SecretaryMemberID != zhang ||
		!slices.Equal(l.CommitteeMemberIDs, []int64{li, wang}) || !slices.Equal(l.Committee, []string{"李四", "王五"}) {
		t.Fatalf("leaders %+v", l)
	}
	if orgID, codes := w.accountOf(t, "T1001"); orgID != w.branch || !slices.Equal(codes, []string{system.RoleBranchSecretary}) {
		t.Fatalf("account at %d with %v", orgID, codes)
	}
	if _, name := w.linked(t, zhang); name != "T1001" {
		t.Fatalf("张三 linked to %q", name)
	}
	// The organisation's trail records the names.
	if c := w.lastChanges(t, fmt.Sprintf("/api/dzzxx/%d/trail", w.branch)); c["secretaryName"] != "张三" || c["committee"] != "李四、王五" {
		t.Fatalf("trail %+v", c)
	}

	tok := w.firstSignIn(t, "T1001", got.Account.InitialPassword)
	rows, total := apptest.GetPage[member.MemberView](t, w.e, tok, "/api/dyjbxx", nil)
	names := []string{}
	for _, r := range rows {
		names = append(names, r.Name)
	}
	slices.Sort(names)
	if total != 3 || !slices.Equal(names, []string{"张三", "李四", "王五"}) {
		t.Fatalf("the secretary lists %d: %v", total, names)
	}
}

// A committee's secretary gets the committee's role (本级及下级) at the
// committee; a secretary who has an account already keeps it, given the role
// and moved to the organisation.
func TestCommitteeSecretaryAndExistingAccount(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	dean := w.member(t, "院书记", w.branch, "D0001", w.dCS)
	first := w.batch(t, w.e.AdminTK, w.branch) // 院书记 has a 党员 account at the branch
	if len(first.Created) != 1 {
		t.Fatalf("%+v", first)
	}
	got := apptest.DoJSON[account.LeadersResult](t, w.e, 200, "PUT", fmt.Sprintf("/api/dzzxx/%d/leaders", w.cs), w.e.AdminTK,
		body{"secretaryId": dean, "account": true})
	if got.Role != "二级党委管理员" || got.Account == nil || got.Account.Created || got.Account.Username != "D0001" {
		t.Fatalf("result %+v", got)
	}
	if orgID, codes := w.accountOf(t, "D0001"); orgID != w.cs || !slices.Equal(slices.Sorted(slices.Values(codes)), []string{system.RoleCommittee, system.RoleMember}) {
		t.Fatalf("account at %d with %v", orgID, codes)
	}
	// Without an account the choice is the names only.
	plain := apptest.DoJSON[account.LeadersResult](t, w.e, 200, "PUT", fmt.Sprintf("/api/dzzxx/%d/leaders", w.root), w.e.AdminTK,
		body{"secretaryId": dean})
	if plain.Account != nil || w.leaders(t, w.root).SecretaryName != "院书记" {
		t.Fatalf("%+v", plain)
	}
	// A name typed by hand in the organisation form is no longer the member chosen.
	d := apptest.DoJSON[map[string]any](t, w.e, 200, "GET", fmt.Sprintf("/api/dzzxx/%d", w.root), w.e.AdminTK, nil)
	apptest.Expect(t, w.e.Do("PUT", "/api/dzzxx", w.e.AdminTK, body{"id": w.root, "code": d["code"], "name": d["name"], "type": org.TypeCommittee,
		"secretaryName": "另一人"}), 204)
	if l := w.leaders(t, w.root); l.SecretaryName != "另一人" || l.SecretaryMemberID != nil {
		t.Fatalf("after a typed name %+v", l)
	}
}

// What may be chosen, and that a refusal at any step leaves everything as it was.
func TestLeadersRefusals(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, "张三", w.branch, "T1001", w.dCS)
	li := w.member(t, "李四", w.branch, "T1002", w.dCS)
	far := w.member(t, "吴数", w.mathBranch, "T3001", w.dMath)
	apptest.Expect(t, w.setLeaders(w.college, w.branch, body{"secretaryId": li}), 200)

	apptest.ExpectMessage(t, w.setLeaders(w.e.AdminTK, w.branch, body{"secretaryId": far}), 400, "所选党员不是“计算机教工党支部”（含下级组织）的在册党员")
	apptest.ExpectMessage(t, w.setLeaders(w.e.AdminTK, w.branch, body{"secretaryId": zhang, "committeeIds": []int64{far}}), 400,
		"所选党员不是“计算机教工党支部”（含下级组织）的在册党员")
	apptest.ExpectMessage(t, w.setLeaders(w.e.AdminTK, w.group, body{"secretaryId": zhang, "account": true}), 400, "党小组不设书记账号")
	apptest.ExpectMessage(t, w.setLeaders(w.e.AdminTK, w.branch, body{"account": true}), 400, "请选择书记，再为其创建或关联账号")
	// Choosing leaders is the organisation editor's; their accounts need dy:account too.
	editor, _ := w.e.UserAt(t, "ALL", w.root, org.PermEdit, org.PermList)
	apptest.ExpectMessage(t, w.setLeaders(editor, w.branch, body{"secretaryId": zhang, "account": true}), 403, "没有创建或关联党员账号的权限")
	// A role beyond the caller: a user who may link accounts but not give 党支部书记's permissions.
	weak, _ := w.e.UserAt(t, "ALL", w.root, org.PermEdit, org.PermList, member.PermAccount, member.PermList)
	apptest.Expect(t, w.setLeaders(weak, w.branch, body{"secretaryId": zhang, "account": true}), 403)

	// 张三's number names an account that is 吴数's already: refused inside the
	// transaction after the leaders were written, so they are rolled back.
	acc := apptest.DoJSON[struct{ ID int64 }](t, w.e, 201, "POST", "/api/users", w.e.AdminTK,
		body{"username": "T1001", "nickName": "吴数", "deptId": w.dMath, "roleIds": []int64{}}).ID
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dyjbxx/%d/account", far), w.e.AdminTK, body{"userId": acc}), 200)
	orgBefore, rolesBefore := w.accountOf(t, "T1001") // 吴数's branch and the 党员 role the link gave it
	apptest.ExpectMessage(t, w.setLeaders(w.e.AdminTK, w.branch, body{"secretaryId": zhang, "committeeIds": []int64{li}, "account": true}), 409,
		"账号 T1001 已关联党员“吴数”")
	if l := w.leaders(t, w.branch); l.SecretaryName != "李四" || *l.SecretaryMemberID != li || len(l.Committee) != 0 {
		t.Fatalf("leaders after refusals %+v", l)
	}
	if orgID, codes := w.accountOf(t, "T1001"); orgID != orgBefore || orgID != w.mathBranch || !slices.Equal(codes, rolesBefore) {
		t.Fatalf("the refused account changed: at %d with %v", orgID, codes)
	}
}

// Replacing a secretary takes from the former one's account the role of the
// organisation's level granted for it, in the same action: the former
// secretary keeps the 党员 role (and their home) but no longer manages the
// branch. Removing the secretary does the same; an account placed at another
// organisation since keeps what it holds there.
func TestReplacedSecretaryLosesTheRole(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, "张三", w.branch, "T1001", w.dCS)
	li := w.member(t, "李四", w.branch, "T1002", w.dCS)
	wang := w.member(t, "王五", w.branch, "T1003", w.dCS)
	w.batch(t, w.college, w.branch) // everybody has a 党员 account at the branch
	first := apptest.DoJSON[account.LeadersResult](t, w.e, 200, "PUT", fmt.Sprintf("/api/dzzxx/%d/leaders", w.branch), w.college,
		body{"secretaryId": zhang, "account": true})
	if first.Former != nil {
		t.Fatalf("nobody was replaced: %+v", first.Former)
	}
	if _, codes := w.accountOf(t, "T1001"); !slices.Equal(codes, []string{system.RoleBranchSecretary, system.RoleMember}) {
		t.Fatalf("new secretary holds %v", codes)
	}

	// 李四 replaces 张三 (with an account): 张三 loses 党支部书记, keeps 党员.
	got := apptest.DoJSON[account.LeadersResult](t, w.e, 200, "PUT", fmt.Sprintf("/api/dzzxx/%d/leaders", w.branch), w.college,
		body{"secretaryId": li, "committeeIds": []int64{zhang}, "account": true})
	if f := got.Former; f == nil || f.Name != "张三" || f.Username != "T1001" || !f.Revoked || f.Reason != "" {
		t.Fatalf("former %+v", got.Former)
	}
	if orgID, codes := w.accountOf(t, "T1001"); orgID != w.branch || !slices.Equal(codes, []string{system.RoleMember}) {
		t.Fatalf("former secretary at %d with %v", orgID, codes)
	}
	if _, codes := w.accountOf(t, "T1002"); !slices.Equal(codes, []string{system.RoleBranchSecretary, system.RoleMember}) {
		t.Fatalf("new secretary holds %v", codes)
	}
	// Setting the same secretary again replaces nobody.
	again := apptest.DoJSON[account.LeadersResult](t, w.e, 200, "PUT", fmt.Sprintf("/api/dzzxx/%d/leaders", w.branch), w.college,
		body{"secretaryId": li})
	if again.Former != nil {
		t.Fatalf("former %+v", again.Former)
	}
	if _, codes := w.accountOf(t, "T1002"); !slices.Contains(codes, system.RoleBranchSecretary) {
		t.Fatalf("kept secretary holds %v", codes)
	}

	// 李四's account is placed at the college since (another role there): removing
	// 李四 as the branch's secretary leaves that account as it is.
	apptest.Expect(t, w.e.Do("PUT", fmt.Sprintf("/api/dzzxx/%d/leaders", w.branch), w.college, body{"secretaryId": wang, "account": true}), 200)
	apptest.Expect(t, w.e.Do("PUT", fmt.Sprintf("/api/dzzxx/%d/leaders", w.cs), w.e.AdminTK, body{"secretaryId": li, "account": true}), 200)
	removed := apptest.DoJSON[account.LeadersResult](t, w.e, 200, "PUT", fmt.Sprintf("/api/dzzxx/%d/leaders", w.branch), w.e.AdminTK, body{})
	if f := removed.Former; f == nil || f.Name != "王五" || !f.Revoked {
		t.Fatalf("removed %+v", removed.Former)
	}
	if _, codes := w.accountOf(t, "T1003"); !slices.Equal(codes, []string{system.RoleMember}) {
		t.Fatalf("removed secretary holds %v", codes)
	}
	if orgID, codes := w.accountOf(t, "T1002"); orgID != w.cs || !slices.Contains(codes, system.RoleCommittee) {
		t.Fatalf("the college's secretary at %d with %v", orgID, codes)
	}
	if l := w.leaders(t, w.branch); l.SecretaryMemberID != nil || l.SecretaryName != "" {
		t.Fatalf("leaders %+v", l)
	}
}

// A secretary replacing themselves keeps the role (nobody changes their own
// roles but the administrator) and is told so; the leaders are saved.
func TestSecretaryReplacingThemselvesKeepsTheRole(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, "张三", w.branch, "T1001", w.dCS)
	li := w.member(t, "李四", w.branch, "T1002", w.dCS)
	issued := w.batch(t, w.college, w.branch)
	made := apptest.DoJSON[account.LeadersResult](t, w.e, 200, "PUT", fmt.Sprintf("/api/dzzxx/%d/leaders", w.cs), w.e.AdminTK,
		body{"secretaryId": zhang, "account": true}) // 张三 becomes the college's secretary (二级党委管理员 at the college)
	if made.Account == nil || made.Account.Username != "T1001" {
		t.Fatalf("%+v", made)
	}
	tok := w.firstSignIn(t, "T1001", apptest.ByKey(issued.Created, func(o account.Outcome) int64 { return o.MemberID })[zhang].InitialPassword)
	got := apptest.DoJSON[account.LeadersResult](t, w.e, 200, "PUT", fmt.Sprintf("/api/dzzxx/%d/leaders", w.cs), tok, body{"secretaryId": li})
	if f := got.Former; f == nil || f.Revoked || f.Reason != "不能修改自己的角色，请联系上级管理员收回" {
		t.Fatalf("former %+v", got.Former)
	}
	if _, codes := w.accountOf(t, "T1001"); !slices.Contains(codes, system.RoleCommittee) {
		t.Fatalf("holds %v", codes)
	}
	if l := w.leaders(t, w.cs); l.SecretaryName != "李四" {
		t.Fatalf("leaders %+v", l)
	}
}
