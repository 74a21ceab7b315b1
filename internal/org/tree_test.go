package org_test

import (
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/org"
)

func TestBuildTreeShapeAndCounts(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	e.fake.set(tr.A1, 10, 8)
	e.fake.set(tr.G1, 3, 2)
	e.fake.set(tr.A2, 20, 5)
	e.fake.set(tr.B1, 7, 7)

	roots := e.buildTree(e.AdminTK, "")
	if len(roots) != 1 || roots[0].ID != tr.U || roots[0].TypeLabel != "党委" || roots[0].PID != nil {
		t.Fatalf("roots %+v", roots)
	}
	u := roots[0]
	if len(u.Children) != 2 || u.Children[0].ID != tr.A || u.Children[1].ID != tr.B {
		t.Fatalf("children of U %+v", u.Children)
	}
	a := u.Children[0]
	if len(a.Children) != 2 || a.Children[0].ID != tr.A1 || a.Children[0].Children[0].ID != tr.G1 {
		t.Fatalf("children of A %+v", a.Children)
	}
	a1 := a.Children[0]
	if a1.MemberCount != 10 || a1.FullCount != 8 || a1.TotalCount != 13 || a1.Category != "1" || a1.Status != "1" ||
		a1.Code != "C003" || a1.TypeLabel != "党支部" || *a1.PID != tr.A {
		t.Fatalf("A1 %+v", a1)
	}
	if a.MemberCount != 0 || a.TotalCount != 33 || u.TotalCount != 40 {
		t.Fatalf("totals A %d U %d", a.TotalCount, u.TotalCount)
	}

	// Revoked organisations are left out unless asked for.
	apptest.Expect(t, e.Do("POST", "/api/dzzxx/revoke", e.AdminTK, body{"id": tr.G1, "revokedOn": todayStr()}), 400) // members
	e.fake.set(tr.G1, 0, 0)
	apptest.Expect(t, e.Do("POST", "/api/dzzxx/revoke", e.AdminTK, body{"id": tr.G1}), 204)
	if n := flatten(e.buildTree(e.AdminTK, "")); n[tr.G1] != nil || len(n) != 6 || n[tr.A1].TotalCount != 10 {
		t.Fatalf("default tree %v", n)
	}
	if n := flatten(e.buildTree(e.AdminTK, "?status=all")); n[tr.G1] == nil || n[tr.G1].Status != "2" {
		t.Fatalf("all statuses %v", n)
	}
	if r := e.buildTree(e.AdminTK, "?status=2"); len(r) != 1 || r[0].ID != tr.G1 {
		t.Fatalf("revoked only %+v", r)
	}
	apptest.ExpectMessage(t, e.Do("GET", "/api/dzzxx/buildtree?status=9", e.AdminTK, nil), 400, "查询条件 status 应为1（正常）或2（撤销）")

	// A name search returns the matches with their ancestors (and the
	// subtree totals stay those of the whole subtree).
	r := e.buildTree(e.AdminTK, "?name="+url.QueryEscape("学生"))
	n := flatten(r)
	if len(n) != 3 || n[tr.U] == nil || n[tr.A] == nil || n[tr.A2] == nil || n[tr.A].TotalCount != 30 || len(n[tr.A].Children) != 1 {
		t.Fatalf("name search %v", n)
	}
	if r := e.buildTree(e.AdminTK, "?name="+url.QueryEscape("不存在")); len(r) != 0 {
		t.Fatalf("no match %+v", r)
	}
}

// The type label comes from the dictionary, so a relabelled type shows its new label.
func TestBuildTreeUsesDictionaryLabels(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	u := e.create("党委", org.TypeCommittee, 0)
	if _, err := e.DB.ExecContext(t.Context(), `UPDATE sys_dict_detail SET label = '学校党委'
		WHERE value = '1' AND dict_id = (SELECT id FROM sys_dict WHERE name = 'DZZ_LX')`); err != nil {
		t.Fatal(err)
	}
	if r := e.buildTree(e.AdminTK, ""); r[0].ID != u || r[0].TypeLabel != "学校党委" {
		t.Fatalf("%+v", r[0])
	}
}
