package member_test

import (
	"slices"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
)

// The migrations add the page under the information-base directory (seeded
// hidden, shown once its page was built), with its buttons, and grant them by role name.
func TestMenusAndGrants(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := t.Context()
	var page struct {
		ID        int64  `bun:"id"`
		Title     string `bun:"title"`
		Name      string `bun:"name"`
		Component string `bun:"component"`
		Hidden    bool   `bun:"hidden"`
		DirPath   string `bun:"dir_path"`
	}
	err := e.DB.NewSelect().TableExpr("sys_menu AS m").ColumnExpr("m.id, m.title, m.name, m.component, m.hidden, d.path AS dir_path").
		Join("JOIN sys_menu AS d ON d.id = m.pid").Where("m.path = ?", "dyjbxx").Scan(ctx, &page)
	if err != nil {
		t.Fatal(err)
	}
	if page.Title != "党员信息" || page.Name != "Dyjbxx" || page.Component != "party/dyjbxx" || page.Hidden || page.DirPath != "/party" {
		t.Fatalf("page %+v", page)
	}
	var buttons []string
	if err := e.DB.NewSelect().Table("sys_menu").Column("permission").Where("pid = ?", page.ID).OrderExpr("sort").Scan(ctx, &buttons); err != nil {
		t.Fatal(err)
	}
	// dy:account (members' accounts) is seeded by internal/account, for the two administrator roles.
	all := []string{"dy:list", "dy:add", "dy:edit", "dy:del", "dy:export", "dy:unmask", "dy:import", "dy:account"}
	if !slices.Equal(buttons, all) {
		t.Fatalf("buttons %v", buttons)
	}
	for role, want := range map[string][]string{
		"组织部管理员":  all,
		"二级党委管理员": all,
		"党支部书记":   {"dy:list", "dy:add", "dy:edit", "dy:export", "dy:import"},
		"党员":      nil,
	} {
		var got []string
		err := e.DB.NewSelect().TableExpr("sys_role_menu AS rm").ColumnExpr("m.permission").
			Join("JOIN sys_menu AS m ON m.id = rm.menu_id").Join("JOIN sys_role AS r ON r.id = rm.role_id").
			Where("r.name = ?", role).Where("m.permission LIKE 'dy:%'").Where("m.pid = ?", page.ID).OrderExpr("m.sort").Scan(ctx, &got)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s holds %v, want %v", role, got, want)
		}
		var pageGranted int64
		pageGranted, _ = e.DB.NewSelect().TableExpr("sys_role_menu AS rm").Join("JOIN sys_role AS r ON r.id = rm.role_id").
			Where("r.name = ?", role).Where("rm.menu_id = ?", page.ID).Count(ctx)
		if (pageGranted == 1) != (want != nil) {
			t.Errorf("%s page granted %d", role, pageGranted)
		}
	}
}

// The trail pages follow the information pages in the party directory and
// go to every seeded role that lists organisations and members.
func TestTrailPagesInThePartyDirectory(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := t.Context()
	// Pages other modules add to the directory (换届选举, 党代表选举) come after these.
	components := e.Pages(t, "/party")
	if want := []string{"party/dzz", "party/dyjbxx", "party/dzztrail", "party/dytrail"}; len(components) < len(want) ||
		!slices.Equal(components[:len(want)], want) {
		t.Fatalf("party directory %v, want %v", components, want)
	}
	for role, want := range map[string]int64{"组织部管理员": 2, "二级党委管理员": 2, "党支部书记": 2, "党员": 0} {
		n, err := e.DB.NewSelect().TableExpr("sys_role_menu AS rm").Join("JOIN sys_menu AS m ON m.id = rm.menu_id").
			Join("JOIN sys_role AS r ON r.id = rm.role_id").Where("r.name = ?", role).
			Where("m.component IN (?)", bun.In([]string{"party/dzztrail", "party/dytrail"})).Count(ctx)
		if err != nil || n != want {
			t.Errorf("%s holds %d trail pages, want %d (%v)", role, n, want, err)
		}
	}
}
