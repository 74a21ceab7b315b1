package apptest

import (
	"slices"
	"testing"
)

// The seeded menus and grants, as the schema tests of the domains check them.

// Grants lists the permissions starting with prefix that the role named role
// holds, in menu order (the directories granted with them carry none).
func (e *Env) Grants(t testing.TB, role, prefix string) []string {
	t.Helper()
	var got []string
	err := e.DB.NewSelect().TableExpr("sys_role_menu AS rm").ColumnExpr("m.permission").
		Join("JOIN sys_menu AS m ON m.id = rm.menu_id").Join("JOIN sys_role AS r ON r.id = rm.role_id").
		Where("r.name = ?", role).Where("m.permission LIKE ?", prefix+"%").Where("m.permission <> ''").OrderExpr("m.sort, m.id").Scan(t.Context(), &got)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// ExpectGrants checks that every role named in want holds exactly the
// permissions starting with prefix listed for it, in menu order.
func (e *Env) ExpectGrants(t testing.TB, prefix string, want map[string][]string) {
	t.Helper()
	for role, perms := range want {
		if got := e.Grants(t, role, prefix); !slices.Equal(got, perms) {
			t.Errorf("%s holds %v, want %v", role, got, perms)
		}
	}
}

// Pages lists the components of the visible pages in the menu directory
// whose path is dir, in menu order.
func (e *Env) Pages(t testing.TB, dir string) []string {
	t.Helper()
	var got []string
	err := e.DB.NewSelect().TableExpr("sys_menu AS m").ColumnExpr("m.component").
		Join("JOIN sys_menu AS d ON d.id = m.pid").Where("d.path = ?", dir).Where("m.hidden = ?", false).
		OrderExpr("m.sort, m.id").Scan(t.Context(), &got)
	if err != nil {
		t.Fatal(err)
	}
	return got
}
