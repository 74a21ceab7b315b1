package app_test

import (
	"slices"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/system"
)

// A caller grants only what it holds (system.grant): a 二级党委 opens members'
// accounts (党员) and sets branch secretaries (党支部书记), the 组织部 does both
// and sets committees. So every permission a module grants to a role below
// must also be granted to the roles above it, or those grants fail with 403
// the day the module lands (seen: txbd:fill granted to members only).
func TestSeededRolesHoldWhatTheyGrant(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	perms := func(code string) []string {
		var got []string
		if err := e.DB.NewSelect().TableExpr("sys_role_menu AS rm").ColumnExpr("DISTINCT m.permission").
			Join("JOIN sys_menu AS m ON m.id = rm.menu_id").Join("JOIN sys_role AS r ON r.id = rm.role_id").
			Where("r.code = ?", code).Where("m.permission <> ''").Scan(t.Context(), &got); err != nil {
			t.Fatal(err)
		}
		return got
	}
	grants := map[string][]string{
		system.RoleOrgDept:         {system.RoleCommittee, system.RoleBranchSecretary, system.RoleMember},
		system.RoleCommittee:       {system.RoleBranchSecretary, system.RoleMember},
		system.RoleBranchSecretary: {system.RoleMember},
	}
	for above, belows := range grants {
		held := perms(above)
		for _, below := range belows {
			for _, p := range perms(below) {
				if !slices.Contains(held, p) {
					t.Errorf("%s grants %s but lacks its %s", above, below, p)
				}
			}
		}
	}
}
