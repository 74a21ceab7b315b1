package member_test

import (
	"errors"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// Other domains read members through the member API: Record within the
// caller's scope (404 outside it), Briefs, BriefOf and SelectBriefs
// whatever the scope, LinkedID as a sub-query of an account's own record,
// ProfileOf labelled for a document.
func TestReadsForOtherDomains(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ms := w.e.App.Members
	_, userID := w.anchored(t, "LEVEL", w.branchA, member.PermList)
	a := w.create(t, w.e.AdminTK, apptest.With(body("读取甲", w.branchA, apptest.IDNumber("110101", "19900307", 451)), "userId", userID))
	c := w.create(t, w.e.AdminTK, body("读取丙", w.branchC, ""))
	ctx := rbac.With(t.Context(), &rbac.Principal{UserID: userID, OrgID: &w.branchA})

	if m, err := ms.Record(ctx, w.e.DB, a.ID); err != nil || m.ID != a.ID || m.IDNumberEnc == "" || m.OrgID != w.branchA {
		t.Fatalf("Record in scope: %+v %v", m, err)
	}
	if _, err := ms.Record(ctx, w.e.DB, c.ID); httpxStatus(err) != 404 {
		t.Fatalf("Record out of scope: %v", err)
	}

	briefs, err := ms.Briefs(ctx, w.e.DB, []int64{c.ID, a.ID, 999999})
	if err != nil || len(briefs) != 2 || briefs[0].ID != a.ID || briefs[1].Name != "读取丙" || briefs[1].OrgID != w.branchC ||
		briefs[1].MemberStatus != member.StatusNormal {
		t.Fatalf("Briefs: %+v %v", briefs, err)
	}
	if lost, err := ms.Briefs(ctx, w.e.DB, []int64{a.ID, c.ID}, member.StatusLost); err != nil || len(lost) != 0 {
		t.Fatalf("Briefs of lost members: %+v %v", lost, err)
	}
	if _, err := ms.BriefOf(ctx, w.e.DB, 999999); httpxStatus(err) != 404 {
		t.Fatalf("BriefOf a missing member: %v", err)
	}
	var joined []member.Brief
	if err := w.e.DB.NewSelect().TableExpr("(?) AS m", ms.SelectBriefs(w.e.DB, member.StatusNormal)).ColumnExpr("m.*").
		Where("m.id = ?", c.ID).Scan(t.Context(), &joined); err != nil || len(joined) != 1 || joined[0].Name != "读取丙" {
		t.Fatalf("SelectBriefs as a sub-query: %+v %v", joined, err)
	}

	var linked []int64
	if err := w.e.DB.NewSelect().TableExpr("dyjbxx AS m").Column("m.id").Where("m.id IN (?)", ms.LinkedID(userID)).
		Scan(t.Context(), &linked); err != nil || len(linked) != 1 || linked[0] != a.ID {
		t.Fatalf("LinkedID: %v %v", linked, err)
	}

	p, err := ms.ProfileOf(ctx, w.e.DB, a.ID)
	if err != nil || p == nil || p.Name != "读取甲" || p.Gender != "男" || p.Ethnicity != "汉族" || p.PartyStatus != "正式党员" ||
		p.BirthDate != "1990-03-07" || p.IDNumberEnc == "" {
		t.Fatalf("ProfileOf: %+v %v", p, err)
	}
	if p, err := ms.ProfileOf(ctx, w.e.DB, 999999); err != nil || p != nil {
		t.Fatalf("ProfileOf a missing member: %+v %v", p, err)
	}
}

func httpxStatus(err error) int {
	var he *httpx.Error
	if errors.As(err, &he) {
		return he.Status
	}
	return 0
}
