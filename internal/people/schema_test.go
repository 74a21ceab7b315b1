package people_test

import (
	"slices"
	"testing"

	"zhdj/internal/apptest"
)

func TestMenusGrantsAndDictionaries(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := t.Context()
	if pages := e.Pages(t, "/people"); !slices.Equal(pages, []string{"people/xsjbxx", "people/jsjbxx", "people/bj"}) {
		t.Fatalf("pages %v", pages)
	}
	e.ExpectGrants(t, "ry:", map[string][]string{
		"组织部管理员":  {"ry:list", "ry:add", "ry:edit", "ry:del", "ry:unmask", "ry:import"},
		"二级党委管理员": {"ry:list", "ry:add", "ry:edit", "ry:import"},
		"党支部书记":   {"ry:list"},
		"党员":      nil,
	})
	opts, err := e.Sys.DictOptions(ctx, []string{"XS_ZT", "JS_ZT", "XS_PYCC"})
	if err != nil {
		t.Fatal(err)
	}
	if len(opts["XS_ZT"]) != 4 || len(opts["JS_ZT"]) != 3 || len(opts["XS_PYCC"]) != 4 {
		t.Fatalf("dictionaries %+v", opts)
	}
}
