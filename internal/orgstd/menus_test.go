package orgstd_test

import (
	"slices"
	"testing"

	"zhdj/internal/apptest"
)

// 党组织建设 sits under 组织生活 after 会议统计 and 软弱涣散党组织, right before 书记述职评议,
// and 会议类型 comes later (民主评议党员 may sit between); each role holds
// what it acts with, and a granter holds all its grantees hold (the 二级党委
// grants 党支部书记).
func TestMenu_PageAndGrants(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	pages := e.Pages(t, "/orglife")
	order := []int{slices.Index(pages, "orglife/compliance"), slices.Index(pages, "orglife/weak"),
		slices.Index(pages, "orglife/construction"), slices.Index(pages, "orglife/review"), slices.Index(pages, "orglife/types")}
	if order[0] < 0 || !slices.IsSorted(order) || order[3]-order[0] != 3 {
		t.Fatalf("pages %v", pages)
	}
	e.ExpectGrants(t, "dzzjs:", map[string][]string{
		"组织部管理员":  {"dzzjs:list", "dzzjs:config", "dzzjs:assess", "dzzjs:review", "dzzjs:mark", "dzzjs:export"},
		"二级党委管理员": {"dzzjs:list", "dzzjs:assess", "dzzjs:review", "dzzjs:export"},
		"党支部书记":   {"dzzjs:list", "dzzjs:assess", "dzzjs:export"},
		"党员":      nil,
	})
}
