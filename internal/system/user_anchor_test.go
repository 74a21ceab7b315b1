package system_test

import (
	"testing"

	"zhdj/internal/apptest"
)

// 所在党组织 of an account (its data scope anchor): the user editor may place
// an account only in a party organisation of its own scope (else a 400 on
// orgId, and nothing is written), and the user list shows and filters by it.
func TestUserAnchorIsScopedAndListed(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	c := w.college
	res := w.e.Do("POST", "/api/users", c.tok, body{"username": "anchor_b1", "nickName": "越界", "deptId": w.dA1, "orgId": w.oB1})
	apptest.ExpectMessage(t, res, 400, "所选党组织不存在")
	if f := res.Map(t)["field"]; f != "orgId" {
		t.Fatalf("field %v", f)
	}
	if n, _ := w.e.DB.NewSelect().Table("sys_user").Where("username = ?", "anchor_b1").Count(t.Context()); n != 0 {
		t.Fatal("a refused account was written")
	}
	res = w.e.Do("PUT", "/api/users", c.tok, body{"id": w.uA1, "username": "in_a1", "nickName": "in_a1", "deptId": w.dA1,
		"orgId": w.oB1, "roleIds": []int64{w.sys["党员"]}})
	apptest.ExpectMessage(t, res, 400, "所选党组织不存在")
	id := apptest.DoJSON[struct{ ID int64 }](t, w.e, 201, "POST", "/api/users", c.tok,
		body{"username": "anchor_a2", "nickName": "二支部", "deptId": w.dA1, "orgId": w.oA2}).ID

	var page struct {
		Content []struct {
			ID  int64
			Org *struct {
				ID   int64
				Name string
			}
		}
		TotalElements int
	}
	res = w.e.Do("POST", "/api/users/list?size=50", c.tok, body{"orgId": w.oA2})
	apptest.Expect(t, res, 200)
	res.JSON(t, &page)
	if page.TotalElements != 1 || page.Content[0].ID != id || page.Content[0].Org == nil || page.Content[0].Org.Name != "A2党支部" {
		t.Fatalf("filtered by 所在党组织: %+v", page)
	}
}

// 所在党组织 in the user list matches the accounts anchored at the
// organisation or at any organisation below it (a college lists its
// branches' and party groups' accounts too), within the caller's scope; a
// branch lists its groups but not its sibling branch.
func TestUserListOrgFilterTakesTheSubtree(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	c := w.college
	made := map[string]int64{}
	for name, orgID := range map[string]int64{"at_a": w.oA, "at_a1": w.oA1, "at_g1": w.oG1, "at_a2": w.oA2} {
		made[name] = apptest.DoJSON[struct{ ID int64 }](t, w.e, 201, "POST", "/api/users", c.tok,
			body{"username": name, "nickName": name, "deptId": w.dA1, "orgId": orgID}).ID
	}
	made["at_b1"] = apptest.DoJSON[struct{ ID int64 }](t, w.e, 201, "POST", "/api/users", w.e.AdminTK,
		body{"username": "at_b1", "nickName": "at_b1", "deptId": w.dA1, "orgId": w.oB1}).ID
	listed := func(token string, orgID int64) map[int64]bool {
		t.Helper()
		var page struct{ Content []struct{ ID int64 } }
		res := w.e.Do("POST", "/api/users/list?size=100", token, body{"orgId": orgID})
		apptest.Expect(t, res, 200)
		res.JSON(t, &page)
		out := map[int64]bool{}
		for _, u := range page.Content {
			out[u.ID] = true
		}
		return out
	}
	expect := func(got map[int64]bool, in []string, out []string) {
		t.Helper()
		for _, n := range in {
			if !got[made[n]] {
				t.Errorf("%s missing", n)
			}
		}
		for _, n := range out {
			if got[made[n]] {
				t.Errorf("%s listed", n)
			}
		}
	}
	expect(listed(c.tok, w.oA), []string{"at_a", "at_a1", "at_g1", "at_a2"}, []string{"at_b1"})
	expect(listed(c.tok, w.oA1), []string{"at_a1", "at_g1"}, []string{"at_a", "at_a2", "at_b1"})
	expect(listed(c.tok, w.oG1), []string{"at_g1"}, []string{"at_a1"})
	// The whole university, and another college, as the admin.
	expect(listed(w.e.AdminTK, w.oU), []string{"at_a", "at_a1", "at_g1", "at_a2", "at_b1"}, nil)
	expect(listed(w.e.AdminTK, w.oB), []string{"at_b1"}, []string{"at_a"})
	if got := listed(c.tok, 999999); len(got) != 0 {
		t.Fatalf("an organisation that does not exist lists %v", got)
	}
}
