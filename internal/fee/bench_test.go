package fee_test

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/benchkit"
	"zhdj/internal/fee"
	"zhdj/internal/system"
)

// benchWorld seeds n members in bulk: 20 二级党委 of 10 branches each, a
// member in two a student (学生, 0.2 元), the others salaried with a base
// of the year spread over the brackets (RULES §1).
func benchWorld(b *testing.B, n int) (*apptest.Env, []int64) {
	b.Helper()
	ctx := context.Background()
	e := apptest.New(b)
	root := e.Org(b, 0, "1", "学校党委")
	var branches []int64
	for c := range 20 {
		com := e.Org(b, root, "2", fmt.Sprintf("第%d学院党委", c+1))
		for k := range 10 {
			branches = append(branches, e.Org(b, com, "5", fmt.Sprintf("第%d学院第%d党支部", c+1, k+1)))
		}
	}
	now := time.Now().UTC()
	year := time.Now().Year()
	for start := 0; start < n; start += 1000 {
		vals := make([]string, 0, 1000) // bound parameters: 5 a row, within both databases' limits
		args := make([]any, 0, 5000)
		for i := start; i < min(start+1000, n); i++ {
			pt := "1"
			if i%2 == 0 {
				pt = "2"
			}
			vals = append(vals, "(?, '1', '1', ?, ?, '2020-01-01', ?, ?)")
			args = append(args, "党员"+strconv.Itoa(i), pt, branches[i%len(branches)], now, now)
		}
		if _, err := e.DB.ExecContext(ctx, "INSERT INTO dyjbxx (name, party_status, member_status, person_type, org_id, joined_on, created_at, updated_at) VALUES "+
			joinComma(vals), args...); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := e.DB.ExecContext(ctx, `INSERT INTO fee_base (member_id, year, from_month, category, base_fen, created_at, updated_at)
		SELECT id, ?, 1, 'salaried', 200000 + (id * 7919) % 1300000, ?, ? FROM dyjbxx WHERE person_type = '1'`, year, now, now); err != nil {
		b.Fatal(err)
	}
	return e, branches
}

func joinComma(xs []string) string {
	out := ""
	for i, x := range xs {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}

// BenchmarkBatch measures the targets at 20,000 members: starting
// a month's batch (freezing every due) ≤ 5 s, and a branch's month list
// (page of 20, the branch secretary's scope) p99 ≤ 30 ms.
//
//	go test -run '^$' -bench BenchmarkBatch -benchtime 1x ./internal/fee/
func BenchmarkBatch(b *testing.B) {
	const members = 20_000
	e, branches := benchWorld(b, members)
	dept, _ := e.UserAt(b, system.ScopeAll, branches[0], fee.PermList, fee.PermBatch)
	m := month(0)
	for b.Loop() {
		batch := apptest.DoJSON[fee.Batch](b, e, 201, "POST", "/api/dfgl/batch", dept, map[string]any{"month": m, "reason": "补建以前月份"})
		start := time.Now()
		started := apptest.DoJSON[fee.Batch](b, e, 200, "POST", fmt.Sprintf("/api/dfgl/batch/%d/start", batch.ID), dept, nil)
		took := time.Since(start)
		fmt.Printf("target fee/start members=%d: %d dues, %.2f 元 in %.2f s (≤ 5 s), %s\n", members, started.Members,
			float64(started.DueFen)/100, took.Seconds(), benchkit.LoadAverage())
		b.ReportMetric(took.Seconds(), "start-s")
		secretary, _ := e.UserAt(b, system.ScopeLevelAndBelow, branches[7], fee.PermList)
		s := benchkit.Repeat(b, 400, func(tb testing.TB, i int) {
			q := url.Values{"month": {m}, "page": {strconv.Itoa(i % 3)}, "size": {"20"}, "sort": {"memberName,asc"}}
			if i%2 == 1 {
				q.Set("state", "unpaid")
			}
			apptest.Expect(tb, e.Do("GET", "/api/dfgl/due?"+q.Encode(), secretary, nil), 200)
		})
		s.Report(b)
		s.Target(fmt.Sprintf("fee/branch-month-list members=%d", members), 30*time.Millisecond)
		// Again from the start: delete this month's dues and batch.
		for _, t := range []string{"df_due", "df_batch"} {
			if _, err := e.DB.ExecContext(context.Background(), "DELETE FROM "+t); err != nil {
				b.Fatal(err)
			}
		}
	}
}
