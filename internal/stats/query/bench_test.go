package query_test

import (
	"fmt"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/benchkit"
	"zhdj/internal/member"
	statsquery "zhdj/internal/stats/query"
)

// BenchmarkQuery3Conditions is issue 30's target: a comprehensive query with
// three conditions (men, aged 30 to 45, full members) over the demo
// university, a page of 20 with its total, p99 ≤ 100 ms at 200,000 members
// on either store. Sizes: ZHDJ_BENCH_MEMBERS (as benchkit's; default
// 20,000 and 200,000).
func BenchmarkQuery3Conditions(b *testing.B) {
	sizes := benchkit.Sizes(b)
	body := request("members", and(cond("gender", "eq", member.GenderMale), cond("age", "between", "30", "45"),
		cond("partyStatus", "eq", member.PartyFull)), "size", 20)
	for _, n := range sizes {
		b.Run(fmt.Sprintf("members=%d", n), func(b *testing.B) {
			w := benchkit.NewWorld(b, n)
			target := time.Duration(0)
			if n >= 200_000 {
				target = 100 * time.Millisecond
			}
			// A college committee's officer: the scope applied on top of the conditions.
			college, _ := w.Env.UserAt(b, "LEVEL_AND_BELOW", w.Scoped, statsquery.PermList)
			for _, who := range []struct{ name, token string }{{"university", w.Env.AdminTK}, {"college", college}} {
				b.Run(who.name, func(b *testing.B) {
					benchkit.Loop(b, func(tb testing.TB, _ int) {
						apptest.Expect(tb, w.Env.Do("POST", "/api/zhcx/run", who.token, body), 200)
					}).Target(fmt.Sprintf("members=%d query/3 conditions/%s", n, who.name), target)
				})
			}
		})
	}
}
