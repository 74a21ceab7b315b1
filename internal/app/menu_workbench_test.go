package app_test

import (
	"context"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/module"
)

// Every first-level menu a module declares names a workbench, and the
// migrated database holds that one: the migration that added the column
// set the older menus' to what their seeds declare now.
func TestFirstLevelMenusDeclareTheirWorkbench(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	declared := 0
	for _, m := range e.App.Modules {
		for _, seed := range m.Menus {
			if seed.Type != module.MenuDir || !strings.HasPrefix(seed.Path, "/") {
				continue // pages a module adds under another's directory
			}
			declared++
			if module.WorkbenchTitle(seed.Workbench) == "" {
				t.Errorf("module %s: first-level menu %s declares workbench %q", m.Name, seed.Title, seed.Workbench)
			}
			var stored []string
			if err := e.DB.NewSelect().Table("sys_menu").Column("workbench").Where("pid IS NULL").Where("path = ?", seed.Path).
				Scan(context.Background(), &stored); err != nil || len(stored) == 0 {
				t.Fatalf("module %s: menu %s not stored: %v", m.Name, seed.Path, err)
			}
			for _, w := range stored {
				if w != seed.Workbench {
					t.Errorf("module %s: menu %s stored with workbench %q, declared %q", m.Name, seed.Path, w, seed.Workbench)
				}
			}
		}
	}
	if declared < 8 {
		t.Fatalf("only %d first-level menus declared", declared)
	}
	var missing int
	if err := e.DB.NewSelect().Table("sys_menu").ColumnExpr("COUNT(*)").Where("pid IS NULL").Where("workbench = ''").
		Scan(context.Background(), &missing); err != nil || missing != 0 {
		t.Fatalf("%d first-level menus without a workbench (%v)", missing, err)
	}
}
