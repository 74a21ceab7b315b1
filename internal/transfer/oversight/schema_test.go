package oversight_test

import (
	"slices"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/transfer/oversight"
)

// The page 转接统计 closes the directory 组织关系转接: its tables for the
// organisation department, the committees and the branches, its import
// for the organisation department only; the rules' settings are seeded
// with RULES.md §3's numbers.
func TestStatsPageGrantsAndSettings(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	pages := e.Pages(t, "/zzgx")
	if len(pages) == 0 || pages[len(pages)-1] != "zzgx/stats" {
		t.Errorf("pages of 组织关系转接: %v", pages)
	}
	for role, want := range map[string][]string{
		"组织部管理员":  {oversight.PermStats, oversight.PermImport},
		"二级党委管理员": {oversight.PermStats},
		"党支部书记":   {oversight.PermStats},
		"党员":      nil,
	} {
		var got []string
		for _, p := range e.Grants(t, role, "zzgx:") {
			if p == oversight.PermStats || p == oversight.PermImport {
				got = append(got, p)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s holds %v, want %v", role, got, want)
		}
	}
	for key, want := range map[string]string{oversight.CfgLostMonths: "6", oversight.CfgSuspendYears: "2", oversight.CfgAbroadYears: "5"} {
		var v string
		if err := e.DB.NewSelect().Table("sys_config").Column("config_value").Where("config_key = ?", key).Scan(t.Context(), &v); err != nil || v != want {
			t.Errorf("setting %s = %q (%v), want %s", key, v, err, want)
		}
	}
}
