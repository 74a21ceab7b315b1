package org_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// A 二级党委 administrator (LEVEL_AND_BELOW, anchored at A) works on A's
// subtree and meets its sibling B as if it did not exist: every endpoint
// answers 404 for B's ids, and no list, tree or picker shows them.
func TestSecondaryCommitteeAdminIsConfinedToItsSubtree(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	e.fake.set(tr.B1, 5, 5)
	tok := e.userAt("LEVEL_AND_BELOW", tr.A, allPerms...)

	nodes := flatten(e.buildTree(tok, ""))
	if len(nodes) != 4 || nodes[tr.A] == nil || nodes[tr.G1] == nil || nodes[tr.B] != nil || nodes[tr.U] != nil {
		t.Fatalf("tree %v", nodes)
	}
	// The member count reads the visible organisations only; the admin's is one pass over all.
	if got := e.fake.countCalls[len(e.fake.countCalls)-1]; !sameIDs(got, []int64{tr.A, tr.A1, tr.G1, tr.A2}) {
		t.Fatalf("the scoped tree counted the members of %v", got)
	}
	e.buildTree(e.AdminTK, "")
	if got := e.fake.countCalls[len(e.fake.countCalls)-1]; got != nil {
		t.Fatalf("the admin's tree counted the members of %v, want every organisation", got)
	}
	if got := e.listIDs(tok, url.Values{"size": {"100"}}); !sameIDs(got, []int64{tr.A, tr.A1, tr.G1, tr.A2}) {
		t.Fatalf("list %v", got)
	}
	notFound := "党组织不存在"
	for _, id := range []int64{tr.B, tr.B1, tr.U} {
		apptest.ExpectMessage(t, e.Do("GET", fmt.Sprintf("/api/dzzxx/%d", id), tok, nil), 404, notFound)
		apptest.ExpectMessage(t, e.Do("GET", fmt.Sprintf("/api/dzzxx/%d/trail", id), tok, nil), 404, notFound)
	}
	apptest.ExpectMessage(t, e.Do("GET", fmt.Sprintf("/api/dzzxx?subtreeOf=%d", tr.B), tok, nil), 404, notFound)
	apptest.ExpectMessage(t, e.Do("PUT", "/api/dzzxx", tok, body{"id": tr.B, "code": "C006", "name": "改名", "type": org.TypeSecondaryCommittee}), 404, notFound)
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx", tok, body{"code": "N1", "name": "新支部", "type": org.TypeBranch, "pid": tr.B}), 404, "上级党组织不存在")
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx", tok, body{"code": "N1", "name": "新党委", "type": org.TypeCommittee}), 400, "请选择上级党组织")
	// Move: neither a sibling's organisation, nor one of ours under the sibling.
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/move", tok, body{"id": tr.B1, "pid": tr.A}), 404, notFound)
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/move", tok, body{"id": tr.A1, "pid": tr.B}), 404, "上级党组织不存在")
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/merge", tok, body{"sourceIds": []int64{tr.B1}, "targetId": tr.A1}), 404, notFound)
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/merge", tok, body{"sourceIds": []int64{tr.A2}, "targetId": tr.B1}), 404, notFound)
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/split", tok, body{"id": tr.B1, "newOrg": body{"code": "S1", "name": "拆分", "type": org.TypeBranch}}), 404, notFound)
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/revoke", tok, body{"id": tr.B1}), 404, notFound)
	apptest.ExpectMessage(t, e.Do("DELETE", "/api/dzzxx", tok, []int64{tr.B1}), 404, notFound)
	var trailID int64
	e.DB.NewSelect().Table("change_trail").Column("id").Where("record_id = ?", tr.B1).Limit(1).Scan(context.Background(), &trailID) //nolint:errcheck
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/trail/restore", tok, body{"trailId": trailID}), 404, "变动记录不存在")
	// Relations and the picker show only the subtree; B1's members are not counted anywhere.
	res := e.Do("GET", "/api/dzzxx/relations?size=100", tok, nil)
	apptest.Expect(t, res, http.StatusOK)
	var rel struct {
		Content       []struct{ ID, TotalCount int64 }
		TotalElements int
	}
	res.JSON(t, &rel)
	if rel.TotalElements != 4 || rel.Content[0].ID != tr.A {
		t.Fatalf("relations %+v", rel)
	}
	res = e.Do("GET", "/api/common/dzz?size=100", tok, nil)
	res.JSON(t, &rel)
	if rel.TotalElements != 4 {
		t.Fatalf("picker %+v", rel)
	}
	// Inside the subtree the same calls work.
	apptest.Expect(t, e.Do("GET", fmt.Sprintf("/api/dzzxx/%d", tr.A1), tok, nil), 200)
	apptest.Expect(t, e.Do("POST", "/api/dzzxx", tok, body{"code": "N2", "name": "计算机研究生党支部", "type": org.TypeBranch, "pid": tr.A}), 201)
	apptest.Expect(t, e.Do("POST", "/api/dzzxx/move", tok, body{"id": tr.G1, "pid": tr.A2}), 204)
	// The committee above is out of scope, though its name shows as the parent's name.
	if d := e.get(tr.A); d["parentName"] != "中共测试大学委员会" {
		t.Fatalf("%v", d)
	}
}

// A branch secretary with LEVEL sees their own branch only: not the party
// group under it, not the committee above it.
func TestBranchSecretaryWithLevelSeesOnlyTheBranch(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	tok := e.userAt("LEVEL", tr.A1, org.PermList)
	nodes := e.buildTree(tok, "")
	if len(nodes) != 1 || nodes[0].ID != tr.A1 || len(nodes[0].Children) != 0 {
		t.Fatalf("tree %+v", nodes)
	}
	if got := e.listIDs(tok, url.Values{}); !sameIDs(got, []int64{tr.A1}) {
		t.Fatalf("list %v", got)
	}
	apptest.Expect(t, e.Do("GET", fmt.Sprintf("/api/dzzxx/%d", tr.A1), tok, nil), 200)
	for _, id := range []int64{tr.G1, tr.A, tr.A2} {
		apptest.ExpectMessage(t, e.Do("GET", fmt.Sprintf("/api/dzzxx/%d", id), tok, nil), 404, "党组织不存在")
	}
	// The detail's ancestors leave out what the secretary may not see.
	d := e.Do("GET", fmt.Sprintf("/api/dzzxx/%d", tr.A1), tok, nil).Map(t)
	if anc := d["ancestors"].([]any); len(anc) != 0 {
		t.Fatalf("ancestors %v", anc)
	}
	// Without dzz:edit the edit is 403, whatever the scope.
	apptest.Expect(t, e.Do("PUT", "/api/dzzxx", tok, body{"id": tr.A1}), 403)
}

// A role with the CUSTOM scope covers the subtrees its organisations head;
// SELF alone covers no organisation; ALL covers all.
func TestCustomSelfAndAllScopes(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	_, uid := e.UserWith("CUSTOM", 0, org.PermList, "role:edit", "role:list")
	var roleID int64
	if err := e.DB.NewSelect().Table("sys_user_role").Column("role_id").Where("user_id = ?", uid).Scan(context.Background(), &roleID); err != nil {
		t.Fatal(err)
	}
	// The administrator sets the role's organisations.
	apptest.Expect(t, e.Do("PUT", "/api/dzzxx/roleScope", e.AdminTK, body{"roleId": roleID, "dzzIds": []int64{tr.B, tr.A2}}), 204)
	res := e.Do("GET", fmt.Sprintf("/api/dzzxx/roleScope/%d", roleID), e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	var rs struct{ Orgs []struct{ ID int64 } }
	res.JSON(t, &rs)
	if len(rs.Orgs) != 2 {
		t.Fatalf("role scope %s", res.Body)
	}
	var name string
	e.DB.NewSelect().Table("sys_user").Column("username").Where("id = ?", uid).Scan(context.Background(), &name) //nolint:errcheck
	tok := e.Login(name, "Test@12345")
	nodes := flatten(e.buildTree(tok, ""))
	if len(nodes) != 3 || nodes[tr.B] == nil || nodes[tr.B1] == nil || nodes[tr.A2] == nil {
		t.Fatalf("custom tree %v", nodes)
	}
	// The custom role's holder cannot change it at all (it used to be refused
	// only when widening beyond their scope, i.e. they could rewrite it inside).
	apptest.ExpectMessage(t, e.Do("PUT", "/api/dzzxx/roleScope", tok, body{"roleId": roleID, "dzzIds": []int64{tr.U}}), 403, "不能修改自己所持有的角色")
	apptest.ExpectMessage(t, e.Do("PUT", "/api/dzzxx/roleScope", tok, body{"roleId": roleID, "dzzIds": []int64{tr.B1}}), 403, "不能修改自己所持有的角色")
	apptest.ExpectMessage(t, e.Do("GET", "/api/dzzxx/roleScope/999999", e.AdminTK, nil), 404, "角色不存在")

	self := e.userAt("SELF", tr.A, org.PermList)
	if roots := e.buildTree(self, ""); len(roots) != 0 {
		t.Fatalf("SELF tree %+v", roots)
	}
	if got := e.listIDs(self, url.Values{}); len(got) != 0 {
		t.Fatalf("SELF list %v", got)
	}
	all := e.userAt("ALL", tr.A1, org.PermList)
	if got := flatten(e.buildTree(all, "")); len(got) != 7 {
		t.Fatalf("ALL tree %d", len(got))
	}
}

// A user whose role reaches organisations from its own (本级, 本级及下级)
// but whose account belongs to none is told so by every scoped endpoint (403
// with the code NO_ANCHOR), instead of empty lists; a SELF or CUSTOM role
// needs no anchor, and granting stays possible (its organisation scope is empty).
func TestUnanchoredUserIsToldWhy(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	for _, scope := range []string{"LEVEL", "LEVEL_AND_BELOW"} {
		nowhere, _ := e.UserWith(scope, 0, org.PermList, "role:list")
		for _, path := range []string{"/api/dzzxx/buildtree", "/api/dzzxx", "/api/dzzxx/relations", "/api/common/dzz",
			fmt.Sprintf("/api/dzzxx/%d", tr.A), "/api/dzzxx/trail"} {
			res := e.Do("GET", path, nowhere, nil)
			apptest.ExpectMessage(t, res, 403, "您的账号尚未关联党组织，请联系管理员")
			if code := res.Map(t)["code"]; code != httpx.CodeNoAnchor {
				t.Fatalf("%s %s: code %v", scope, path, code)
			}
		}
		// Not a party page: the roles it may grant still list.
		apptest.Expect(t, e.Do("GET", "/api/roles", nowhere, nil), 200)
	}
	self, _ := e.UserWith("SELF", 0, org.PermList)
	if roots := e.buildTree(self, ""); len(roots) != 0 {
		t.Fatalf("unanchored SELF tree %+v", roots)
	}
}

// The service functions other modules use.
func TestServiceLookups(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	ctx := context.Background()
	s := e.App.Orgs
	sub, err := s.Subtree(ctx, []int64{tr.A, tr.A1})
	if err != nil || !sameIDs(sub, []int64{tr.A, tr.A1, tr.G1, tr.A2}) {
		t.Fatalf("Subtree %v %v", sub, err)
	}
	names, err := s.Names(ctx, []int64{tr.A, tr.B1, 999999})
	if err != nil || len(names) != 2 || names[tr.B1] != "物理教工党支部" {
		t.Fatalf("Names %v %v", names, err)
	}
	_, uid := e.UserWith("LEVEL_AND_BELOW", 0, org.PermList)
	pctx := rbac.With(ctx, &rbac.Principal{UserID: uid, OrgID: &tr.A})
	sc, err := s.ScopeOf(pctx)
	if err != nil || sc.All || !sameIDs(sc.OrgIDs, []int64{tr.A, tr.A1, tr.G1, tr.A2}) {
		t.Fatalf("ScopeOf %+v %v", sc, err)
	}
	if ok, err := s.InScope(pctx, tr.A1); !ok || err != nil {
		t.Fatalf("InScope(A1) %v %v", ok, err)
	}
	if ok, _ := s.InScope(pctx, tr.B); ok {
		t.Fatal("B in scope")
	}
	if ok, _ := s.InScope(rbac.With(ctx, &rbac.Principal{UserID: 1, Perms: map[string]bool{rbac.Admin: true}}), 999999); ok {
		t.Fatal("a missing organisation is in the administrator's scope")
	}
	if o, err := s.Find(pctx, tr.A1); err != nil || o.Name != "计算机教工党支部" || o.ParentName != "计算机学院党委" || o.TypeLabel != "党支部" {
		t.Fatalf("Find %+v %v", o, err)
	}
	var he *httpx.Error
	if _, err := s.Find(pctx, tr.B); !errors.As(err, &he) || he.Status != 404 || he.Message != "党组织不存在" {
		t.Fatalf("Find out of scope: %v", err)
	}
}
