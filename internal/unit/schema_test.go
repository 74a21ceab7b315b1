package unit_test

import (
	"testing"

	"zhdj/internal/apptest"
)

// The migrations add the directory with its pages (seeded hidden, shown once
// built) and buttons, grant them by role name, and seed the dictionaries.
func TestMenusGrantsAndDictionaries(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := t.Context()
	var pages []struct {
		Title     string `bun:"title"`
		Component string `bun:"component"`
		Hidden    bool   `bun:"hidden"`
	}
	err := e.DB.NewSelect().TableExpr("sys_menu AS m").ColumnExpr("m.title, m.component, m.hidden").
		Join("JOIN sys_menu AS d ON d.id = m.pid").Where("d.path = ?", "/unit").Where("d.title = ?", "单位信息库").
		OrderExpr("m.sort").Scan(ctx, &pages)
	if err != nil || len(pages) != 2 || pages[0].Component != "unit/dwxx" || pages[1].Component != "unit/trail" || pages[0].Hidden || pages[1].Hidden {
		t.Fatalf("pages %+v %v", pages, err)
	}
	e.ExpectGrants(t, "dw:", map[string][]string{
		"组织部管理员":  {"dw:list", "dw:add", "dw:edit", "dw:del", "dw:import"},
		"二级党委管理员": {"dw:list", "dw:add", "dw:edit", "dw:import"},
		"党支部书记":   {"dw:list"},
		"党员":      nil,
	})
	opts, err := e.Sys.DictOptions(ctx, []string{"DW_LX", "DW_ZT", "DW_LDBZ_LX"})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(opts["DW_LX"]); n != 5 || opts["DW_LX"][n-1].Label != "其他" || len(opts["DW_ZT"]) != 2 || len(opts["DW_LDBZ_LX"]) != 3 {
		t.Fatalf("dictionaries %+v", opts)
	}
}
