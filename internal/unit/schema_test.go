package unit_test

import (
	"context"
	"slices"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
)

// grantsOf lists the permissions of prefix a role holds (sorted by menu order).
func grantsOf(ctx context.Context, t *testing.T, idb bun.IDB, role, prefix string) []string {
	t.Helper()
	var got []string
	err := idb.NewSelect().TableExpr("sys_role_menu AS rm").ColumnExpr("m.permission").
		Join("JOIN sys_menu AS m ON m.id = rm.menu_id").Join("JOIN sys_role AS r ON r.id = rm.role_id").
		Where("r.name = ?", role).Where("m.permission LIKE ?", prefix+"%").OrderExpr("m.sort").Scan(ctx, &got)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// The migrations add the directory with its pages (seeded hidden, shown once
// built) and buttons, grant them by role name, and seed the dictionaries.
func TestMenusGrantsAndDictionaries(t *testing.T) {
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
	all := []string{"dw:list", "dw:add", "dw:edit", "dw:del", "dw:import"}
	for role, want := range map[string][]string{
		"组织部管理员":  all,
		"二级党委管理员": {"dw:list", "dw:add", "dw:edit", "dw:import"},
		"党支部书记":   {"dw:list"},
		"党员":      nil,
	} {
		if got := grantsOf(ctx, t, e.DB, role, "dw:"); !slices.Equal(got, want) {
			t.Errorf("%s holds %v, want %v", role, got, want)
		}
	}
	opts, err := e.Sys.DictOptions(ctx, []string{"DW_LX", "DW_ZT", "DW_LDBZ_LX"})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(opts["DW_LX"]); n != 5 || opts["DW_LX"][n-1].Label != "其他" || len(opts["DW_ZT"]) != 2 || len(opts["DW_LDBZ_LX"]) != 3 {
		t.Fatalf("dictionaries %+v", opts)
	}
}
