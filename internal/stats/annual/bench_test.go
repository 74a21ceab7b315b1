package annual_test

import (
	"fmt"
	"net/url"
	"os"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/benchkit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/stats/annual"
	"zhdj/internal/system"
)

// BenchmarkAnnualTables is issue 30's target for 党内统计: every table of
// annual.Tables (the slice, so that a table added later is measured too)
// counted over the demo university's members and their versions, as of the
// last 31 December, through HTTP as the organisation department (scope
// 全部), with a line per 二级党委 and with a line per branch: p99 ≤ 500 ms
// on PostgreSQL and ≤ 1 s on SQLite at 200,000 members. Sizes:
// ZHDJ_BENCH_MEMBERS (as benchkit's; default 20,000 and 200,000).
func BenchmarkAnnualTables(b *testing.B) {
	sizes := benchkit.Sizes(b)
	store, limit := "SQLite", time.Second
	if v := os.Getenv(db.TestDSNEnv); v != "" && v != "sqlite" {
		store, limit = "PostgreSQL", 500*time.Millisecond
	}
	// The statistics are filed as of 31 December: the last one before today.
	day := date.Date(fmt.Sprintf("%d-12-31", time.Now().In(date.China).Year()-1))
	for _, n := range sizes {
		b.Run(fmt.Sprintf("members=%d", n), func(b *testing.B) {
			w := benchkit.NewWorld(b, n)
			target := time.Duration(0)
			if n >= 200_000 {
				target = limit
			}
			dept, _ := w.Env.UserWith(system.ScopeAll, 0, annual.PermList)
			for _, t := range annual.Tables {
				for _, level := range []string{annual.LevelSecond, annual.LevelBranch} {
					path := "/api/dntj/tables/" + t.Key + "?" + url.Values{"date": {string(day)}, "level": {level}}.Encode()
					// What is counted, printed once beside the figures: a table
					// counting nothing would be measured fast for nothing.
					r := apptest.DoJSON[annual.Result](b, w.Env, 200, "GET", path, dept, nil)
					failed := 0
					for _, c := range r.Checks {
						if !c.OK {
							failed++
						}
					}
					fmt.Printf("%s members=%d dntj/%s/%s: %d lines, total %v, %d of %d checks failed\n",
						store, n, t.Key, level, r.Lines.TotalElements, r.Total.Counts[firstLeaf(r.Columns)], failed, len(r.Checks))
					b.Run(t.Key+"/"+level, func(b *testing.B) {
						for b.Loop() { // 20 requests a round: a p99 of its own however short the run
							s := benchkit.Repeat(b, 20, func(tb testing.TB, _ int) {
								apptest.Expect(tb, w.Env.Do("GET", path, dept, nil), 200)
							})
							s.Report(b)
							s.Target(fmt.Sprintf("%s members=%d dntj/%s (%s)/%s", store, n, t.Key, t.Title, level), target)
						}
					})
				}
			}
		})
	}
}

// firstLeaf is the key of the first counted column (the table's total, as
// the tables are drawn).
func firstLeaf(cols []annual.Column) string {
	for _, c := range cols {
		if len(c.Children) == 0 {
			return c.Key
		}
		if k := firstLeaf(c.Children); k != "" {
			return k
		}
	}
	return ""
}
