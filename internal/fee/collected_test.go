package fee_test

import (
	"context"
	"testing"

	"zhdj/internal/fee"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

func TestCollectedOverTheScopesMonths(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	mine := w.student(t, w.c.Branch, "甲")
	other := w.student(t, w.math, "乙")
	for _, d := range []struct {
		month     string
		member    int64
		org       int64
		due, paid int64
	}{{"2026-01", mine, w.c.Branch, 1000, 1000}, {"2026-02", mine, w.c.Branch, 1000, 500}, {"2026-03", mine, w.c.Branch, 1000, 0},
		{"2026-02", other, w.math, 5000, 0}} {
		b := &fee.Batch{Month: d.month, State: fee.BatchOpen}
		if _, err := w.e.DB.NewInsert().Model(b).On("CONFLICT (month) DO UPDATE").Set("state = EXCLUDED.state").Returning("id").Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
		due := &fee.Due{BatchID: b.ID, Month: d.month, MemberID: d.member, MemberName: "党员", OrgID: d.org, OrgPath: "/", DueFen: d.due, PaidFen: d.paid}
		if _, err := w.e.DB.NewInsert().Model(due).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	_, uid := w.e.UserAt(t, system.ScopeLevelAndBelow, w.c.CS, fee.PermList)
	ctx := rbac.With(context.Background(), &rbac.Principal{UserID: uid, OrgID: &w.c.CS})
	got, err := w.e.App.Fee.Collected(ctx, "2026-01", "2026-02")
	if err != nil {
		t.Fatal(err)
	}
	if got.Members != 1 || got.Months != 2 || got.UnpaidMonths != 1 || got.DueFen != 2000 || got.PaidFen != 1500 || got.RateBP != 7500 || got.PeopleRateBP != 5000 {
		t.Fatalf("got %+v", got)
	}
}
