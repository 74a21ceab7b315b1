package oversight_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/date"
	"zhdj/internal/transfer"
	"zhdj/internal/transfer/oversight"
)

// statsWorld is a year of known transfers: one completed move of every
// kind in 2025 (the year's first and last days included), and transfers
// that must not count (the years around it, one under way).
func statsWorld(t *testing.T) *world {
	w := newWorld(t)
	m, _ := w.member(t, "统计甲", w.csStaff)
	done := func(kind, sub string, org int64, to *int64, on date.Date) {
		w.transfer(t, transfer.Transfer{Kind: kind, SubKind: sub, MemberID: &m, OrgID: org, ToOrgID: to, DoneOn: on})
	}
	done(transfer.KindIn, "", w.csStudent, nil, "2025-03-01")
	done(transfer.KindOut, transfer.OutProvince, w.csStaff, nil, "2025-05-01")
	done(transfer.KindOut, transfer.OutOutside, w.mathB, nil, "2025-06-01")
	done(transfer.KindOut, transfer.OutSystem, w.direct, nil, "2025-12-31")
	done(transfer.KindInside, "", w.csStaff, ptr(w.mathB), "2025-01-01")
	done(transfer.KindAbroad, "", w.csStudent, nil, "2025-07-01")
	done(transfer.KindFlowOut, "", w.mathB, nil, "2025-08-01")
	done(transfer.KindFlowIn, "", w.csStaff, nil, "2025-08-02")
	done(transfer.KindReturn, "", w.csStudent, nil, "2025-09-01")
	done(transfer.KindSuspend, "", w.csStaff, nil, "2025-10-01")
	done(transfer.KindLost, "", w.mathB, nil, "2025-10-02")
	done(transfer.KindLeave, transfer.LeaveDeath, w.direct, nil, "2025-10-03")
	// Not of 2025, or not completed.
	done(transfer.KindOut, transfer.OutProvince, w.csStaff, nil, "2024-12-31")
	done(transfer.KindOut, transfer.OutProvince, w.csStaff, nil, "2026-01-01")
	w.transfer(t, transfer.Transfer{Kind: transfer.KindOut, SubKind: transfer.OutProvince, State: transfer.StateDept, MemberID: &m, OrgID: w.csStaff})
	w.transfer(t, transfer.Transfer{Kind: transfer.KindOut, SubKind: transfer.OutProvince, State: transfer.StateRejected, MemberID: &m, OrgID: w.csStaff})
	return w
}

func cells(cs []oversight.Cell) map[string]int {
	out := map[string]int{}
	for _, c := range cs {
		out[c.Key] = c.Count
	}
	return out
}

func expectCells(t *testing.T, what string, got []oversight.Cell, want map[string]int) {
	t.Helper()
	g := cells(got)
	for k, n := range want {
		if g[k] != n {
			t.Errorf("%s %s = %d, want %d (%v)", what, k, g[k], n, g)
		}
	}
	for k, n := range g {
		if _, ok := want[k]; !ok && n != 0 {
			t.Errorf("%s %s = %d, want 0", what, k, n)
		}
	}
}

// The yearly tables count the year's completed transfers in SQL: by kind
// (each transfer once), moves in by where from and out by destination, and
// per secondary committee — a 校内转接 is a move out at the sending
// committee and in at the receiving one; the 直属党支部 is its own row.
func TestYearlyTablesCountTheYearsCompletedTransfers(t *testing.T) {
	t.Parallel()
	w := statsWorld(t)
	e := w.e
	st := apptest.DoJSON[oversight.Stats](t, e, 200, "GET", "/api/zzgx/stats?year=2025", e.AdminTK, nil)
	expectCells(t, "kinds", st.Kinds, map[string]int{"in": 1, "out": 3, "inside": 1, "abroad": 1, "return": 1,
		"flow_out": 1, "flow_in": 1, "suspend": 1, "lost": 1, "leave": 1})
	expectCells(t, "in", st.In, map[string]int{"in_outside": 1, "in_inside": 1, "in_flow": 1, "in_return": 1})
	t.Run("RULES §6 党员数量变化: 出国（境）暂留 is not 转出", func(t *testing.T) {
		expectCells(t, "out", st.Out, map[string]int{"out_province": 1, "out_outside": 1, "out_system": 1, "out_inside": 1,
			"out_flow": 1})
		expectCells(t, "abroad", st.Abroad, map[string]int{"abroad": 1})
		if st.TotalIn != 4 || st.TotalOut != 5 || st.TotalAbroad != 1 || len(st.Kinds) != len(transfer.Kinds) {
			t.Errorf("totals in %d out %d abroad %d, %d kinds", st.TotalIn, st.TotalOut, st.TotalAbroad, len(st.Kinds))
		}
	})
	rows := map[int64]oversight.CommitteeRow{}
	for _, r := range st.Committees {
		rows[r.OrgID] = r
	}
	cs, math, direct := rows[w.cs], rows[w.math], rows[w.direct]
	if len(rows) != 3 || cs.OrgName != "计算机学院党委" || cs.In != 3 || cs.Out != 2 || cs.Abroad != 1 || cs.Counts["out_inside"] != 1 ||
		math.In != 1 || math.Out != 2 || math.Counts["in_inside"] != 1 || direct.OrgName != "机关直属党支部" ||
		direct.Out != 1 || direct.Counts["out_system"] != 1 {
		t.Errorf("committees %+v", st.Committees)
	}

	// Another year: nothing.
	none := apptest.DoJSON[oversight.Stats](t, e, 200, "GET", "/api/zzgx/stats?year=2023", e.AdminTK, nil)
	if none.TotalIn+none.TotalOut != 0 || len(none.Committees) != 0 || cells(none.Kinds)["out"] != 0 {
		t.Errorf("2023: %+v", none)
	}
	// An organisation's subtree.
	sub := apptest.DoJSON[oversight.Stats](t, e, 200, "GET", fmt.Sprintf("/api/zzgx/stats?year=2025&orgId=%d", w.math), e.AdminTK, nil)
	if sub.TotalIn != 1 || sub.TotalOut != 2 || len(sub.Committees) != 1 || cells(sub.Kinds)["inside"] != 1 || cells(sub.Kinds)["in"] != 0 {
		t.Errorf("the maths subtree: %+v", sub)
	}
}

// A committee's manager counts the moves at the organisations of their
// scope; another committee's organisation is a 404, a missing or bad year
// a 400 naming it; the routes want a signed-in caller with zzgx:stats.
func TestYearlyTablesScopeAndRefusals(t *testing.T) {
	t.Parallel()
	w := statsWorld(t)
	e := w.e
	csTK, _ := e.UserAt(t, "LEVEL_AND_BELOW", w.cs, oversight.PermStats)
	noPerm, _ := e.UserAt(t, "LEVEL_AND_BELOW", w.cs)
	st := apptest.DoJSON[oversight.Stats](t, e, 200, "GET", "/api/zzgx/stats?year=2025", csTK, nil)
	expectCells(t, "cs in", st.In, map[string]int{"in_outside": 1, "in_flow": 1, "in_return": 1})
	expectCells(t, "cs out", st.Out, map[string]int{"out_province": 1, "out_inside": 1})
	expectCells(t, "cs abroad", st.Abroad, map[string]int{"abroad": 1})
	if len(st.Committees) != 1 || st.Committees[0].OrgID != w.cs || cells(st.Kinds)["inside"] != 1 || cells(st.Kinds)["lost"] != 0 {
		t.Errorf("the committee's tables: %+v", st)
	}
	mathOrg := fmt.Sprintf("/api/zzgx/stats?year=2025&orgId=%d", w.math)
	e.ExpectCalls(t, []apptest.Call{
		{"GET", "/api/zzgx/stats?year=2025", "", nil, 401},
		{"GET", "/api/zzgx/stats/export?year=2025", "", nil, 401},
		{"GET", "/api/zzgx/stats?year=2025", noPerm, nil, 403},
		{"GET", "/api/zzgx/stats/export?year=2025", noPerm, nil, 403},
		{"GET", mathOrg, csTK, nil, 404},
		{"GET", fmt.Sprintf("/api/zzgx/stats/export?year=2025&orgId=%d", w.math), csTK, nil, 404},
		{"GET", "/api/zzgx/stats?year=2025&orgId=999999", e.AdminTK, nil, 404},
	})
	apptest.ExpectMessage(t, e.Do("GET", "/api/zzgx/stats", csTK, nil), 400, "请选择统计年度（如 "+fmt.Sprint(date.Today().Time().Year())+"）")
	apptest.Expect(t, e.Do("GET", "/api/zzgx/stats?year=20x5", csTK, nil), 400)
	apptest.Expect(t, e.Do("GET", "/api/zzgx/stats?year=1920", csTK, nil), 400)
	apptest.Expect(t, e.Do("GET", "/api/zzgx/stats?year=1921", csTK, nil), 200)
	apptest.Expect(t, e.Do("GET", "/api/zzgx/stats?year=2025&orgId=x", csTK, nil), 400)
}

// The export is the same counts as a workbook: a row per committee, the
// total, then the kinds.
func TestYearlyTablesExport(t *testing.T) {
	t.Parallel()
	w := statsWorld(t)
	res := w.e.Do("GET", "/api/zzgx/stats/export?year=2025", w.e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	book := apptest.Download(t, res)
	rows, err := book.GetRows(book.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) < 6 || rows[0][0] != "二级党委" || rows[0][1] != "校外转入" || rows[0][len(rows[0])-2] != "转出合计" ||
		rows[0][len(rows[0])-1] != "出国（境）暂留" {
		t.Fatalf("header %v", rows[0])
	}
	var total, outs []string
	for _, r := range rows {
		if len(r) > 0 && r[0] == "合计" {
			total = r
		}
		if len(r) > 1 && r[0] == "转出" {
			outs = r
		}
	}
	// RULES §6: 出国（境）暂留 is its own column, not in 转出合计.
	if total == nil || total[len(total)-3] != "4" || total[len(total)-2] != "5" || total[len(total)-1] != "1" || outs == nil || outs[1] != "3" {
		t.Errorf("total %v, 转出 %v", total, outs)
	}
}
