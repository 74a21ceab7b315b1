package standard_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/fee/standard"
	"zhdj/internal/member"
	"zhdj/internal/platform/resource"
)

// seedDueMembers inserts n members of the branch (a third students without
// a base, the rest with a base, some with two in the year) and returns their ids.
func seedDueMembers(tb testing.TB, w *world, n int) []int64 {
	tb.Helper()
	ctx := context.Background()
	now := time.Now().UTC()
	ids := make([]int64, 0, n)
	for start := 0; start < n; start += 1000 {
		ms := make([]member.Member, 0, 1000)
		for i := start; i < min(start+1000, n); i++ {
			pt := []string{"1", "2", "3"}[i%3]
			ms = append(ms, member.Member{Name: fmt.Sprintf("党员%05d", i), PartyStatus: member.PartyFull, MemberStatus: member.StatusNormal,
				PersonType: pt, OrgID: w.branch, StaffOrStudentNo: fmt.Sprintf("P%05d", i), CreatedAt: now, UpdatedAt: now})
		}
		if _, err := w.e.DB.NewInsert().Model(&ms).Returning("id").Exec(ctx); err != nil {
			tb.Fatal(err)
		}
		var rows []standard.BaseRow
		for i, m := range ms {
			ids = append(ids, m.ID)
			fen := int64(200000 + (start+i)*97%1500000)
			items, _ := json.Marshal(map[string]int64{"postPay": fen})
			base := func(from int, category, items string, includedFen, baseFen int64) {
				rows = append(rows, standard.BaseRow{MemberID: m.ID, Year: 2026, FromMonth: from, Category: category, Items: items,
					IncludedFen: includedFen, BaseFen: baseFen, Base: resource.Base{CreatedAt: now, UpdatedAt: now}})
			}
			switch m.PersonType {
			case "1":
				base(1, "salaried", string(items), fen, fen)
				if i%2 == 0 {
					base(6, "salaried", string(items), fen+10000, fen+10000)
				}
			case "3":
				base(1, "retired", `{}`, 0, fen)
			}
		}
		if _, err := w.e.DB.NewInsert().Model(&rows).Exec(ctx); err != nil {
			tb.Fatal(err)
		}
	}
	return ids
}

// statementCounter counts the statements run through a bun.DB.
type statementCounter struct{ n atomic.Int64 }

func (c *statementCounter) BeforeQuery(ctx context.Context, _ *bun.QueryEvent) context.Context {
	c.n.Add(1)
	return ctx
}

func (c *statementCounter) AfterQuery(context.Context, *bun.QueryEvent) {}

// MonthlyDues for 3,000 members runs a few set-wise statements, not one
// per member: the guard against the blow-up that made it slow (a query per
// member), independent of the machine's speed. The time at 20,000 members
// is BenchmarkMonthlyDuesTwentyThousand's (make bench).
func TestMonthlyDuesRunsFewStatements(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	const n = 3000
	ids := seedDueMembers(t, w, n)
	counter := &statementCounter{}
	counted := bun.NewDB(w.e.DB.DB, w.e.DB.Dialect()) // the same pool, with a hook of its own (never closed)
	counted.AddQueryHook(counter)
	d, err := w.e.App.FeeStandard.MonthlyDues(context.Background(), counted, 2026, 7, ids)
	if err != nil {
		t.Fatal(err)
	}
	if len(d) != n {
		t.Fatalf("%d dues for %d members", len(d), n)
	}
	if got := counter.n.Load(); got == 0 || got > n/100 {
		t.Fatalf("MonthlyDues ran %d statements for %d members", got, n)
	}
}

// BenchmarkMonthlyDuesTwentyThousand times MonthlyDues for 20,000 members
// (~0.3 s on a quiet machine; it was a test failing above 2 s of wall time).
//
//	go test -run '^$' -bench MonthlyDues ./internal/fee/standard/
func BenchmarkMonthlyDuesTwentyThousand(b *testing.B) {
	w := newWorld(b)
	const n = 20000
	ids := seedDueMembers(b, w, n)
	ctx := context.Background()
	for b.Loop() {
		d, err := w.e.App.FeeStandard.MonthlyDues(ctx, w.e.DB, 2026, 7, ids)
		if err != nil {
			b.Fatal(err)
		}
		if len(d) != n {
			b.Fatalf("%d dues for %d members", len(d), n)
		}
	}
}
