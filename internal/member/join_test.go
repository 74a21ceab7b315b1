package member_test

import (
	"context"
	"slices"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/rbac"
)

// Another module's queries reach the members through Select, Join and
// LeftJoin (as m) and read Facts in bulk whatever the caller's scope:
// FactsOf those it names, Serving those in normal status, full or
// probationary.
func TestQueriesOfOtherModules(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	full := w.create(t, w.e.AdminTK, body("甲", w.branchA, ""))
	probation := w.create(t, w.e.AdminTK, apptest.With(body("乙", w.branchB, ""), "partyStatus", member.PartyProbation, "fullOn", ""))
	gone := w.create(t, w.e.AdminTK, apptest.With(body("丙", w.branchA, ""), "memberStatus", "2")) // 已转出
	// A branch secretary of C sees none of them: the bulk reads ignore the scope.
	_, uid := w.anchored(t, "LEVEL", w.branchC, member.PermList)
	ctx := rbac.With(context.Background(), &rbac.Principal{UserID: uid, OrgID: &w.branchC})

	facts, err := w.e.App.Members.FactsOf(ctx, w.e.DB, []int64{gone.ID, full.ID, 999999})
	if err != nil || len(facts) != 2 || facts[0].ID != full.ID || facts[1].ID != gone.ID {
		t.Fatalf("FactsOf %+v %v", facts, err)
	}
	if f := facts[0]; f.Name != "甲" || f.OrgID != w.branchA || f.PersonType != "1" || f.PersonCategory != "1" || f.JoinedOn != "2013-06-30" {
		t.Fatalf("facts %+v", f)
	}
	serving, err := w.e.App.Members.Serving(ctx, w.e.DB)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, f := range serving {
		ids = append(ids, f.ID)
	}
	if !slices.Equal(ids, []int64{full.ID, probation.ID}) {
		t.Fatalf("serving %v, want %d and %d", ids, full.ID, probation.ID)
	}

	var names []string
	if err := member.Select(w.e.DB).Column("m.name").Where("m.org_id = ?", w.branchA).OrderExpr("m.id").Scan(ctx, &names); err != nil ||
		!slices.Equal(names, []string{"甲", "丙"}) {
		t.Fatalf("Select %v %v", names, err)
	}
	// A record pointing at a member (here, a list of ids standing in for one).
	rows := func() *bun.SelectQuery {
		return w.e.DB.NewSelect().TableExpr("(SELECT ? AS member_id UNION ALL SELECT ?) AS r", probation.ID, 999999).
			ColumnExpr("r.member_id, m.name").OrderExpr("r.member_id")
	}
	var joined []struct {
		MemberID int64   `bun:"member_id"`
		Name     *string `bun:"name"`
	}
	if err := member.LeftJoin("r.member_id")(rows()).Scan(ctx, &joined); err != nil || len(joined) != 2 || *joined[0].Name != "乙" ||
		joined[1].Name != nil {
		t.Fatalf("LeftJoin %+v %v", joined, err)
	}
	joined = nil
	if err := member.Join("r.member_id")(rows()).Scan(ctx, &joined); err != nil || len(joined) != 1 || *joined[0].Name != "乙" {
		t.Fatalf("Join %+v %v", joined, err)
	}
}
