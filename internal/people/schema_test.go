package people_test

import (
	"slices"
	"testing"

	"zhdj/internal/apptest"
)

func TestMenusGrantsAndDictionaries(t *testing.T) {
	e := apptest.New(t)
	ctx := t.Context()
	var components []string
	err := e.DB.NewSelect().TableExpr("sys_menu AS m").ColumnExpr("m.component").
		Join("JOIN sys_menu AS d ON d.id = m.pid").Where("d.path = ?", "/people").Where("m.hidden = ?", false).
		OrderExpr("m.sort").Scan(ctx, &components)
	if err != nil || !slices.Equal(components, []string{"people/xsjbxx", "people/jsjbxx", "people/bj"}) {
		t.Fatalf("pages %v %v", components, err)
	}
	for role, want := range map[string][]string{
		"组织部管理员":  {"ry:list", "ry:add", "ry:edit", "ry:del", "ry:unmask", "ry:import"},
		"二级党委管理员": {"ry:list", "ry:add", "ry:edit", "ry:import"},
		"党支部书记":   {"ry:list"},
		"党员":      nil,
	} {
		var got []string
		err := e.DB.NewSelect().TableExpr("sys_role_menu AS rm").ColumnExpr("m.permission").
			Join("JOIN sys_menu AS m ON m.id = rm.menu_id").Join("JOIN sys_role AS r ON r.id = rm.role_id").
			Where("r.name = ?", role).Where("m.permission LIKE 'ry:%'").OrderExpr("m.sort").Scan(ctx, &got)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s holds %v, want %v", role, got, want)
		}
	}
	opts, err := e.Sys.DictOptions(ctx, []string{"XS_ZT", "JS_ZT", "XS_PYCC"})
	if err != nil {
		t.Fatal(err)
	}
	if len(opts["XS_ZT"]) != 4 || len(opts["JS_ZT"]) != 3 || len(opts["XS_PYCC"]) != 4 {
		t.Fatalf("dictionaries %+v", opts)
	}
}
