package org_test

import (
	"context"
	"strconv"
	"testing"

	"zhdj/internal/org"
)

// A placement is the path and the 二级党委 of an organisation (none for a
// 党总支 or 直属党支部 under the 党委, nor for the 党委); CommitteeOf with
// more types takes the highest of them on the path; RootOf a path is the
// 党委 at its top.
func TestPlacementsAndCommitteeOf(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	g := e.create("机关党总支", org.TypeGeneralBranch, tr.U)
	g1 := e.create("机关第一党支部", org.TypeBranch, g)
	a3 := e.create("计算机党总支", org.TypeGeneralBranch, tr.A)
	d := e.create("后勤直属党支部", org.TypeDirectBranch, tr.U)
	ctx := context.Background()

	placed, err := e.App.Orgs.Placements(ctx, e.DB, []int64{tr.U, tr.A, tr.G1, tr.B1, g1, a3, d, tr.A1, 999999})
	if err != nil {
		t.Fatal(err)
	}
	committee := map[int64]int64{tr.A: tr.A, tr.G1: tr.A, tr.A1: tr.A, tr.B1: tr.B, a3: tr.A} // the others: none
	if len(placed) != 8 {
		t.Fatalf("placements of %d organisations, want 8 (a missing one has none): %+v", len(placed), placed)
	}
	for id, p := range placed {
		var got int64
		if p.Committee != nil {
			got = *p.Committee
		}
		if got != committee[id] {
			t.Errorf("committee of %d = %d, want %d", id, got, committee[id])
		}
		if want := org.PathIDs(p.Path); len(want) == 0 || want[len(want)-1] != id {
			t.Errorf("path of %d = %q", id, p.Path)
		}
	}

	// 转接统计's committees: a 党总支 or 直属党支部 under the 党委 counts as one.
	// RootOf a path a record froze is the 党委 at its top; PathChild of the
	// 党委's path the organisation below it the path passes through.
	var rows []struct {
		ID        int64  `bun:"id"`
		Committee *int64 `bun:"committee"`
		Root      *int64 `bun:"root"`
		Child     string `bun:"child"`
	}
	err = e.DB.NewSelect().TableExpr("dzz AS z").Column("z.id").
		ColumnExpr("? AS committee", org.CommitteeOf("z.id", org.TypeSecondaryCommittee, org.TypeGeneralBranch, org.TypeDirectBranch)).
		ColumnExpr("? AS root", org.RootOf("z.path")).ColumnExpr("? AS child", org.PathChild(e.DB, placed[tr.U].Path, "z.path")).
		Where("z.path LIKE ?", placed[tr.U].Path+"%").Scan(ctx, &rows)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]int64{tr.A: tr.A, tr.A1: tr.A, tr.G1: tr.A, tr.A2: tr.A, a3: tr.A, tr.B: tr.B, tr.B1: tr.B, g: g, g1: g, d: d}
	if len(rows) != len(want)+1 {
		t.Fatalf("%d organisations under the 党委's path, want %d", len(rows), len(want)+1)
	}
	for _, r := range rows {
		var got int64
		if r.Committee != nil {
			got = *r.Committee
		}
		if got != want[r.ID] {
			t.Errorf("CommitteeOf(%d) = %d, want %d", r.ID, got, want[r.ID])
		}
		if r.Root == nil || *r.Root != tr.U {
			t.Errorf("RootOf(%d) = %v, want %d", r.ID, r.Root, tr.U)
		}
		child := want[r.ID] // here each of those committees lies directly below the 党委
		if want := strconv.FormatInt(child, 10); (child == 0 && r.Child != "") || (child != 0 && r.Child != want) {
			t.Errorf("PathChild(%d) = %q, want %d", r.ID, r.Child, child)
		}
	}
}
