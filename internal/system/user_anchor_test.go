package system_test

import (
	"testing"

	"zhdj/internal/apptest"
)

// 所在党组织 of an account (its data scope anchor): the user editor may place
// an account only in a party organisation of its own scope (else a 400 on
// orgId, and nothing is written), and the user list shows and filters by it.
func TestUserAnchorIsScopedAndListed(t *testing.T) {
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
