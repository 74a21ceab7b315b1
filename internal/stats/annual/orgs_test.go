package annual_test

import (
	"fmt"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/org"
)

// 党组织基本情况 (RULES.md §6) on 31 December 2025 and 2026, hand-counted: the
// organisations founded by then and not revoked by then (one revoked on the
// reporting date no longer counts; one founded after it not yet), by type
// and by branch category; a term that ends on the reporting date is not yet
// due, one that ended before is; the school's committee is the 本级 row above
// the 二级党委, and at branch level the committees and general branches are.
func TestOrgBasics_RULES6(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Campus(t)
	general := e.Org(t, c.CS, org.TypeGeneralBranch, "计算机研究生党总支")
	retired := e.Org(t, general, org.TypeBranch, "计算机离退休党支部")
	student := e.Org(t, c.CS, org.TypeBranch, "计算机本科生党支部")
	direct := e.Org(t, c.Root, org.TypeDirectBranch, "机关联合党支部")
	e.Org(t, c.Branch, org.TypeGroup, "第一党小组")
	m1 := e.Org(t, c.Math, org.TypeBranch, "数学第一党支部")
	m2 := e.Org(t, c.Math, org.TypeBranch, "数学第二党支部")
	m3 := e.Org(t, c.Math, org.TypeBranch, "数学研究生党支部")
	m4 := e.Org(t, c.Math, org.TypeBranch, "数学本科生党支部")
	set := func(id int64, col string, v any) {
		t.Helper()
		if _, err := e.DB.NewUpdate().Table("dzz").Set(col+" = ?", v).Where("id = ?", id).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	for id, cat := range map[int64]string{c.Branch: "1", student: "2", retired: "3", direct: "5", m1: "", m3: "2", m4: "1"} {
		set(id, "category", cat)
	}
	set(m2, "founded_on", "2026-02-01")
	set(m3, "status", org.StatusRevoked)
	set(m3, "revoked_on", "2026-01-10")
	set(m4, "status", org.StatusRevoked)
	set(m4, "revoked_on", "2025-12-31")
	set(c.CS, "term_end", "2025-06-30")
	set(c.Math, "term_end", "2025-12-31")

	w := &changesWorld{e: e}
	e.App.Annual.SetClock(func() time.Time { return china(2027, 3, 1, 9, 0, 0) })
	got := w.table(t, "orgs", "date=2025-12-31")
	want(t, "合计 2025", got.Total.Counts, map[string]int{"total": 10, "school": 1, "second": 2, "general": 1, "branch": 6, "direct": 1,
		"branchStaff": 1, "branchStudent": 2, "branchRetired": 1, "branchOther": 2, "termDue": 1, "group": 1})
	if len(got.Lines.Content) != 3 {
		t.Fatalf("lines: %+v", got.Lines.Content)
	}
	want(t, "计算机", got.Lines.Content[0].Counts, map[string]int{"total": 5, "second": 1, "general": 1, "branch": 3, "group": 1, "termDue": 1})
	want(t, "数学", got.Lines.Content[1].Counts, map[string]int{"total": 3, "second": 1, "branch": 2, "termDue": 0})
	want(t, "机关联合", got.Lines.Content[2].Counts, map[string]int{"total": 1, "branch": 1, "direct": 1})
	want(t, "本级", got.Own, map[string]int{"total": 1, "school": 1, "branch": 0})

	later := w.table(t, "orgs", "date=2026-12-31")
	want(t, "合计 2026", later.Total.Counts, map[string]int{"total": 10, "branchStudent": 1, "branchOther": 3, "termDue": 2})

	byBranch := w.table(t, "orgs", fmt.Sprintf("date=2025-12-31&orgId=%d&level=branch", c.CS))
	want(t, "计算机 by branch", byBranch.Total.Counts, map[string]int{"total": 5, "group": 1})
	want(t, "计算机本级", byBranch.Own, map[string]int{"total": 2, "second": 1, "general": 1})
	if n := len(byBranch.Lines.Content); n != 3 {
		t.Fatalf("branches of 计算机: %+v", byBranch.Lines.Content)
	}
}
