package hours_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"zhdj/internal/benchkit"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/pschool/course"
)

// BenchmarkHoursTable50k is issue 27's 学时 target on the whole server
// (the database of ZHDJ_TEST_DB): the demo university at 50,000 members,
// a year of progress (20 nodes credited to each member, 1,000,000 ledger
// rows) and two approved offline records each; it prints p50/p99 of the
// university's table (a row per 二级党委, every member's year summed;
// target ≤ 500 ms) and of a branch's page of members.
// Run it alone: go test -run '^$' -bench HoursTable50k ./internal/pschool/hours/
func BenchmarkHoursTable50k(b *testing.B) {
	const members, nodes = 50_000, 20
	w := benchkit.NewWorld(b, members)
	e := w.Env
	ctx := b.Context()
	year := time.Now().In(date.China).Year()
	now := time.Now().UTC()
	// Every member an account (the ledger is per account), then a year of
	// credits and offline study, in a few statements.
	if _, err := e.DB.ExecContext(ctx, `INSERT INTO sys_user (id, username, nick_name, password_hash, created_at, updated_at)
		SELECT 50000000 + m.id, 'bench' || m.id, m.name, '-', ?, ? FROM dyjbxx AS m WHERE m.user_id IS NULL`, now, now); err != nil {
		b.Fatal(err)
	}
	if _, err := e.DB.ExecContext(ctx, "UPDATE dyjbxx SET user_id = 50000000 + id WHERE user_id IS NULL"); err != nil {
		b.Fatal(err)
	}
	for k := 1; k <= nodes; k++ {
		day := date.MustParse(fmt.Sprintf("%04d-%02d-%02d", year, (k-1)%11+1, k))
		if _, err := e.DB.ExecContext(ctx, `INSERT INTO dx_hours (user_id, source, ref_id, tenths, credited_on, year, created_at)
			SELECT m.user_id, 'node', ?, 10 + (m.id + ?) % 15, ?, ?, ? FROM dyjbxx AS m`, 9_000_000+k, k, day, year, now); err != nil {
			b.Fatal(err)
		}
	}
	// The ledger was loaded in bulk, not credit by credit: its yearly totals from it.
	if err := course.RebuildYearTotals(ctx, e.DB); err != nil {
		b.Fatal(err)
	}
	for k, state := range []int{1, 1, 0} {
		day := date.MustParse(fmt.Sprintf("%04d-%02d-15", year, k+3))
		if _, err := e.DB.ExecContext(ctx, `INSERT INTO dx_offline_hours (member_id, org_id, studied_on, year, title, form, tenths,
			note, state, reason, entered_by, created_at, updated_at)
			SELECT m.id, m.org_id, ?, ?, '专题学习', 1, 40, '', ?, '', 1, ?, ? FROM dyjbxx AS m`, day, year, state, now, now); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := e.DB.ExecContext(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	var branch int64
	if err := e.DB.NewSelect().Model((*org.Org)(nil)).Column("id").Where("type = ?", org.TypeBranch).OrderExpr("id").Limit(1).
		Scan(ctx, &branch); err != nil {
		b.Fatal(err)
	}
	get := func(tb testing.TB, path string) {
		res := e.Do("GET", path, e.AdminTK, nil)
		if res.Status != 200 || !strings.Contains(string(res.Body), `"content"`) {
			tb.Fatalf("%s: %d %s", path, res.Status, res.Body)
		}
	}
	b.Run("university", func(b *testing.B) {
		s := benchkit.Loop(b, func(tb testing.TB, _ int) { get(tb, fmt.Sprintf("/api/xssb/committees?year=%d", year)) })
		s.Target("hours university table 50k", 500*time.Millisecond)
	})
	b.Run("branch", func(b *testing.B) {
		s := benchkit.Loop(b, func(tb testing.TB, i int) {
			get(tb, fmt.Sprintf("/api/xssb/members?year=%d&orgId=%d&page=%d&size=20&behind=%v", year, branch, i%2, i%3 == 0))
		})
		s.Target("hours branch page 50k", 0)
	})
}
