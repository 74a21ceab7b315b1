package secreview_test

import (
	"slices"
	"testing"

	"zhdj/internal/apptest"
)

// 书记述职评议 sits under 组织生活 after 会议统计 and before 会议类型; the
// 组织部 and the 二级党委 organise and grade, a branch secretary lists and
// submits.
func TestMenu_PageAndGrants(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	pages := e.Pages(t, "/orglife")
	at := slices.Index(pages, "orglife/review")
	if at < 0 || slices.Index(pages, "orglife/compliance") > at || slices.Index(pages, "orglife/types") < at {
		t.Fatalf("pages %v", pages)
	}
	all := []string{"szpy:list", "szpy:round", "szpy:submit", "szpy:grade", "szpy:export"}
	e.ExpectGrants(t, "szpy:", map[string][]string{"组织部管理员": all, "二级党委管理员": all, "党支部书记": {"szpy:list", "szpy:submit"},
		"党员": nil})
}
