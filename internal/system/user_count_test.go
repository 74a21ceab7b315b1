package system_test

import (
	"context"
	"fmt"
	"testing"

	"zhdj/internal/apptest"
)

// The user list's total, issue 34: unfiltered, for a caller who sees every
// account, it is read from the tally kept by triggers; a filter, a narrower
// scope or a list with a condition of its own (未激活用户) counts its rows.
// The test skews the tally to see which lists read it.
func TestUserListTotalIsReadOnlyWhenNothingNarrows(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := context.Background()
	a, _, _ := deptTree(t, e)
	allTK, _ := e.UserWith("ALL", 0, "user:list")
	levelTK, _ := e.UserWith("LEVEL", a, "user:list")
	_, other := e.UserWith("SELF", a)

	count := func(where string) int {
		t.Helper()
		n, err := e.DB.NewSelect().Table("sys_user").Where(where).Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return int(n)
	}
	total := func(tk, path string, filters any) int {
		t.Helper()
		return apptest.DoJSON[struct{ TotalElements int }](t, e, 200, "POST", path+"?page=0&size=2", tk, filters).TotalElements
	}
	const list = "/api/users/list"
	check := func(what string, got, want int) {
		t.Helper()
		if got != want {
			t.Errorf("%s: total %d, want %d", what, got, want)
		}
	}
	accounts, admins := count("1 = 1"), count("is_admin = TRUE")
	if admins == 0 {
		t.Fatal("the test database has no administrator")
	}
	check("the admin's whole list", total(e.AdminTK, list, nil), accounts)
	check("a full scope hides the administrators", total(allTK, list, nil), accounts-admins)

	res := e.Do("POST", "/api/users", e.AdminTK, map[string]any{"username": "tally_new", "nickName": "计数", "deptId": a})
	apptest.Expect(t, res, 201)
	check("after a new account", total(e.AdminTK, list, nil), accounts+1)
	var id int64
	if err := e.DB.NewSelect().Table("sys_user").Column("id").Where("username = 'tally_new'").Scan(ctx, &id); err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, e.Do("DELETE", "/api/users", e.AdminTK, []int64{id}), 204)
	check("after its deletion", total(e.AdminTK, list, nil), accounts)

	if _, err := e.DB.NewRaw("UPDATE sys_tally SET n = n + 1000 WHERE tbl = 'sys_user' AND slot = 0").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	check("unfiltered, admin (read)", total(e.AdminTK, list, nil), accounts+1000)
	check("unfiltered, full scope (read)", total(allTK, list, nil), accounts-admins+1000)
	check("an empty filter narrows nothing (read)", total(e.AdminTK, list, map[string]string{"blurry": " "}), accounts+1000)
	check("filtered (counted)", total(e.AdminTK, list, map[string]string{"blurry": e.Username(other)}), 1)
	check("a narrower scope (counted)", total(levelTK, list, nil), count(fmt.Sprintf("dept_id = %d", a)))
	check("未激活用户 (counted)", total(e.AdminTK, "/api/users/listNoEnterUser", nil), count("activated = FALSE"))
}
