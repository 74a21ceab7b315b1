package points_test

import (
	"cmp"
	"context"
	"fmt"
	"net/url"
	"slices"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/orglife"
	"zhdj/internal/platform/db"
	"zhdj/internal/points"
)

// world: a school committee with two secondary committees (计算机, 数学)
// and a branch under each. csTK is the 计算机 committee (every points
// permission), branchTK the 计算机 branch (it proposes and, wrongly
// granted, holds approve too), mathTK the 数学 committee, noTK nothing.
type world struct {
	e                                    *apptest.Env
	root, cs, math, branch, mathBranch   int64
	csTK, branchTK, mathTK, noTK, lifeTK string
}

var allPerms = []string{points.Perms.List, points.Perms.Export, points.Perms.Propose, points.Perms.Approve, points.Perms.Rule}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	w.root = e.Org(t, 0, "1", "学校党委")
	w.cs = e.Org(t, w.root, "2", "计算机学院党委")
	w.math = e.Org(t, w.root, "2", "数学学院党委")
	w.branch = e.Org(t, w.cs, "5", "计算机教工党支部")
	w.mathBranch = e.Org(t, w.math, "5", "数学教工党支部")
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, allPerms...)
	w.branchTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.branch, allPerms...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, allPerms...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	w.lifeTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, orglife.Perms.List, orglife.Perms.Add, orglife.Perms.Edit)
	return w
}

// member adds a full member of orgID named name and answers its id.
func (w *world) member(t testing.TB, orgID int64, name string) int64 {
	t.Helper()
	return w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, orgID, "gender", member.GenderMale))
}

// publish publishes e as orglife does: inside a transaction, heard after its commit.
func (w *world) publish(t testing.TB, e any) {
	t.Helper()
	if err := db.InTx(context.Background(), w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		return w.e.App.Bus.Publish(ctx, tx, e)
	}); err != nil {
		t.Fatal(err)
	}
}

// attended is meeting mid's attendance record of member id at revision rev.
func attended(mid, id int64, status string, rev int64) orglife.AttendanceRecorded {
	return orglife.AttendanceRecorded{MeetingID: mid, AttendeeID: mid*1000 + id, MemberID: id, Topic: fmt.Sprintf("第%d次支部党员大会", mid),
		HeldOn: "2026-03-10", Status: status, Revision: rev}
}

// ledger is the entries of member id (as csTK sees them), oldest first.
func (w *world) ledger(t testing.TB, token string, id int64) []points.EntryView {
	t.Helper()
	rows, _ := apptest.GetPage[points.EntryView](t, w.e, token, "/api/jf/entries",
		url.Values{"memberId": {fmt.Sprint(id)}, "size": {"100"}})
	slices.SortFunc(rows, func(a, b points.EntryView) int { return cmp.Compare(a.ID, b.ID) })
	return rows
}

func sum(rows []points.EntryView) (n int) {
	for _, r := range rows {
		n += r.Points
	}
	return n
}

// total is member id's total of year as the totals table keeps it.
func (w *world) total(t testing.TB, id int64, year int) (n int) {
	t.Helper()
	if err := w.e.DB.NewSelect().Table("jf_total").ColumnExpr("COALESCE(SUM(points), 0)").Where("member_id = ?", id).
		Where("year = ?", year).Scan(t.Context(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}
