package standard_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fee/standard"
	"zhdj/internal/member"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
)

// world: a school committee, two secondary committees (计算机, 数学) and a
// branch under 计算机; csTK keeps bases of 计算机 and below, mathTK of 数学,
// noTK holds no fee permission.
type world struct {
	e                      *apptest.Env
	root, cs, math, branch int64
	csTK, mathTK, noTK     string
	mathAll                string // every permission of the module, scope 数学
}

var basePerms = []string{standard.PermBaseList, standard.PermBaseEdit, standard.PermStandardList}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	c := e.Campus(t)
	w.root, w.cs, w.math, w.branch = c.Root, c.CS, c.Math, c.Branch
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, basePerms...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, basePerms...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	w.mathAll, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, standard.PermStandardList, standard.PermStandardEdit,
		standard.PermStandardState, standard.PermBaseList, standard.PermBaseEdit, standard.PermHardshipList, standard.PermBranch,
		standard.PermCommittee)
	return w
}

// member adds a normal member of type personType (1 教工, 2 学生, 3 离退休)
// in orgID, admitted on joined ("" = unknown).
func (w *world) member(t testing.TB, orgID int64, name, personType string, joined date.Date) int64 {
	t.Helper()
	now := time.Now().UTC()
	m := &member.Member{Name: name, PartyStatus: member.PartyFull, MemberStatus: member.StatusNormal, PersonType: personType,
		OrgID: orgID, JoinedOn: joined, StaffOrStudentNo: fmt.Sprintf("N%d", now.UnixNano()%1e9), CreatedAt: now, UpdatedAt: now}
	if _, err := w.e.DB.NewInsert().Model(m).Returning("id").Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	return m.ID
}

// base saves a base through the API as the admin (who may set 免交 and
// 困难减免, with the reason given here).
func (w *world) base(t testing.TB, memberID int64, year, from int, cat string, items map[string]string) standard.BaseView {
	t.Helper()
	return apptest.DoJSON[standard.BaseView](t, w.e, 201, "POST", "/api/dfjs", w.e.AdminTK,
		map[string]any{"memberId": memberID, "year": year, "fromMonth": from, "category": cat, "items": items, "reason": "组织部核定"})
}

func (w *world) dues(t testing.TB, year, month int, ids ...int64) map[int64]standard.Due {
	t.Helper()
	d, err := w.e.App.FeeStandard.MonthlyDues(context.Background(), w.e.DB, year, month, ids)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// changesOf shows an entry's changes as "label: old→new" in order.
func changesOf(e audit.Entry) []string {
	out := []string{}
	for _, c := range e.Changes {
		out = append(out, fmt.Sprintf("%s: %s→%s", c.Label, c.Old, c.New))
	}
	return out
}

// trailOf is base id's trail, newest first, read from the table (a deleted
// base's too).
func (w *world) trailOf(t testing.TB, id int64) []audit.Entry {
	t.Helper()
	list, _, err := audit.List(context.Background(), w.e.DB, standard.BaseTrailModule, id, 50, 0)
	if err != nil {
		t.Fatal(err)
	}
	return list
}
