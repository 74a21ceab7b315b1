package system_test

import (
	"slices"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/system"
)

// An account's view, in the user list and as the signed-in user, shows what
// the other domains keep of it — the party organisation's name, the member
// linked to it, whether a cadre's record names it — and its roles in their
// order, all read with the account in one statement (their sub-queries come
// from the domains over the bus). An account with none of them shows none.
func TestUserViewShowsWhatOtherDomainsKeep(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Campus(t)
	tok, id := e.UserAt(t, "SELF", c.Branch)
	e.GrantRole(t, id, system.RoleBranchSecretary)
	e.GrantRole(t, id, system.RoleMember)
	m := apptest.DoJSON[member.MemberView](t, e, 201, "POST", "/api/dyjbxx", e.AdminTK,
		apptest.FullMember("视图党员", c.Branch, "gender", member.GenderMale, "userId", id))
	cadre := e.Cadre(t, "视图干部", e.Unit(t, "视图学院", c.CS), "1970-03-01", "院长", "3", "2")
	if _, err := e.DB.NewUpdate().Table("gb_jbxx").Set("user_id = ?", id).Where("id = ?", cadre).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	var branch string
	if err := e.DB.NewSelect().Table("dzz").Column("name").Where("id = ?", c.Branch).Scan(t.Context(), &branch); err != nil {
		t.Fatal(err)
	}
	check := func(where string, v system.UserView) {
		t.Helper()
		var roles []string
		for _, r := range v.RoleList {
			roles = append(roles, r.Name)
		}
		if v.Org == nil || v.Org.ID != c.Branch || v.Org.Name != branch || v.Member == nil || *v.Member != (system.IDName{ID: m.ID, Name: "视图党员"}) ||
			!v.CadreLinked || len(roles) != 3 || slices.Index(roles, "党支部书记") > slices.Index(roles, "党员") || slices.Index(roles, "党支部书记") < 0 {
			t.Errorf("%s: org %+v member %+v cadre %v roles %v", where, v.Org, v.Member, v.CadreLinked, roles)
		}
	}
	check("/auth/info", apptest.DoJSON[system.UserView](t, e, 200, "GET", "/auth/info", tok, nil))
	rows := apptest.DoJSON[struct{ Content []system.UserView }](t, e, 200, "POST", "/api/users/list", e.AdminTK,
		map[string]string{"blurry": e.Username(id)}).Content
	if len(rows) != 1 {
		t.Fatalf("list %+v", rows)
	}
	check("the user list", rows[0])

	admin := apptest.DoJSON[system.UserView](t, e, 200, "GET", "/auth/info", e.AdminTK, nil)
	if admin.Member != nil || admin.CadreLinked || admin.Org != nil || admin.RoleList == nil || len(admin.RoleList) != 0 {
		t.Errorf("the administrator: %+v", admin)
	}
}

// A page of users is read in two steps (the ids in the page's order, then
// their views by one statement): the views come back in the page's order,
// whichever way it sorts, and the count is the filters'.
func TestUserPageKeepsItsOrder(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	var names []string
	for range 5 {
		_, id := e.UserWith("ALL", 0)
		names = append(names, e.Username(id))
	}
	slices.Sort(names)
	for _, dir := range []string{"asc", "desc"} {
		page := apptest.DoJSON[struct {
			Content       []system.UserView
			TotalElements int
		}](t, e, 200, "POST", "/api/users/list?page=0&size=3&sort=username,"+dir, e.AdminTK, map[string]string{"blurry": "u"})
		want := slices.Clone(names)
		if dir == "desc" {
			slices.Reverse(want)
		}
		var got []string
		for _, v := range page.Content {
			got = append(got, v.Username)
			if len(v.RoleList) != 1 {
				t.Errorf("%s: roles %+v", v.Username, v.RoleList)
			}
		}
		if !slices.Equal(got, want[:3]) || page.TotalElements != 5 {
			t.Errorf("%s: %v of %d, want a page of %v", dir, got, page.TotalElements, want)
		}
	}
}
