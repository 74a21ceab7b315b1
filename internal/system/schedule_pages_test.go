package system_test

import (
	"slices"
	"testing"

	"zhdj/internal/apptest"
)

// 定时任务 joins 系统监控 for the system administrators; 工作日历 and 智能提醒
// join 系统管理 for them and the organisation department; nobody else holds
// their buttons.
func TestSchedulePagesAndGrants(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	if pages := e.Pages(t, "/monitor"); !slices.Equal(pages, []string{"monitor/online", "monitor/log", "monitor/loginLog", "monitor/job", "monitor/apidoc", "monitor/server"}) {
		t.Errorf("系统监控 pages %v", pages)
	}
	if pages := e.Pages(t, "/system"); !slices.Contains(pages, "system/calendar") || !slices.Contains(pages, "system/remind") {
		t.Errorf("系统管理 pages %v", pages)
	}
	e.ExpectGrants(t, "job:", map[string][]string{"系统管理员": {"job:list", "job:edit", "job:run"}, "组织部管理员": nil})
	for _, prefix := range []string{"calendar:", "remind:"} {
		want := []string{prefix + "list", prefix + "edit"}
		if prefix == "remind:" {
			want = append(want, "remind:run")
		}
		e.ExpectGrants(t, prefix, map[string][]string{"系统管理员": want, "组织部管理员": want, "二级党委管理员": nil, "党支部书记": nil, "党员": nil})
	}
}
