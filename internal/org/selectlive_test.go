package org_test

import (
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/org"
)

func TestSelectLiveLeavesOutPartyGroupsAndClosedOnes(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Campus(t)
	group := e.Org(t, c.Branch, "6", "第一党小组")
	closed := e.Org(t, c.Math, "5", "撤销的支部")
	ctx := t.Context()
	if _, err := e.DB.NewUpdate().Table("dzz").Set("status = ?", org.StatusRevoked).Where("id = ?", closed).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := e.DB.NewUpdate().Table("dzz").Set("committee = ?", `["张三"]`).Where("id = ?", c.Branch).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		ID           int64 `bun:"id"`
		HasCommittee int   `bun:"has_committee"`
	}
	if err := e.DB.NewSelect().TableExpr("(?) AS o", org.SelectLive(e.DB)).Column("o.id", "o.has_committee").OrderExpr("o.id").Scan(ctx, &rows); err != nil {
		t.Fatal(err)
	}
	got := map[int64]int{}
	for _, r := range rows {
		got[r.ID] = r.HasCommittee
	}
	if len(got) != 4 || got[c.Branch] != 1 || got[c.CS] != 0 {
		t.Fatalf("got %v", got)
	}
	if _, ok := got[group]; ok {
		t.Fatal("a party group is listed")
	}
}
