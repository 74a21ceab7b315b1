package org_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/org"
)

// BenchmarkBuildTree1000: GET /api/dzzxx/buildtree through the whole HTTP
// stack over 1,000 organisations (a committee, 30 secondary committees, 600
// branches and 369 party groups), every branch and group holding members.
// Target (issue 4): ≤ 50 ms.
func BenchmarkBuildTree1000(b *testing.B) {
	e := apptest.New(b)
	fake := newFake()
	e.App.Orgs.SetMembers(fake)
	ids := seedOrgs(b, e.DB, 30, 20, 1000)
	for i, id := range ids[31:] {
		fake.set(id, 10+i%40, 8+i%30)
	}
	if len(ids) != 1000 {
		b.Fatalf("seeded %d", len(ids))
	}
	res := e.Do("GET", "/api/dzzxx/buildtree", e.AdminTK, nil)
	if res.Status != 200 || len(res.Body) < 100_000 {
		b.Fatalf("%d %d bytes", res.Status, len(res.Body))
	}
	b.ResetTimer()
	for b.Loop() {
		if res := e.Do("GET", "/api/dzzxx/buildtree", e.AdminTK, nil); res.Status != 200 {
			b.Fatal(res.Status)
		}
	}
}

// seedOrgs inserts a committee, secondary committees with branches each, and
// party groups under the first branches until total organisations exist.
func seedOrgs(b testing.TB, database *bun.DB, secondaries, branchesEach, total int) []int64 {
	ctx := context.Background()
	now := time.Now().UTC()
	var ids []int64
	err := database.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		insert := func(parent *org.Org, name, typ string) (*org.Org, error) {
			o := &org.Org{Code: fmt.Sprintf("B%04d", len(ids)+1), Name: name, Type: typ, Status: org.StatusNormal,
				TermYears: org.DefaultTermYears(typ), TermStart: "2024-09-01", TermEnd: "2027-09-01", CreatedAt: now, UpdatedAt: now}
			if parent != nil {
				o.PID = &parent.ID
			}
			if _, err := tx.NewInsert().Model(o).Returning("id").Exec(ctx); err != nil {
				return nil, err
			}
			o.Path = fmt.Sprintf("/%d/", o.ID)
			if parent != nil {
				o.Path = fmt.Sprintf("%s%d/", parent.Path, o.ID)
			}
			if _, err := tx.NewUpdate().Model(o).Column("path").WherePK().Exec(ctx); err != nil {
				return nil, err
			}
			ids = append(ids, o.ID)
			return o, nil
		}
		root, err := insert(nil, "中共基准大学委员会", org.TypeCommittee)
		if err != nil {
			return err
		}
		var sec, branches []*org.Org
		for i := 0; i < secondaries; i++ {
			s, err := insert(root, fmt.Sprintf("第%d学院党委", i+1), org.TypeSecondaryCommittee)
			if err != nil {
				return err
			}
			sec = append(sec, s)
		}
		for _, s := range sec {
			for j := 0; j < branchesEach; j++ {
				br, err := insert(s, fmt.Sprintf("%s第%d党支部", s.Name, j+1), org.TypeBranch)
				if err != nil {
					return err
				}
				branches = append(branches, br)
			}
		}
		for i := 0; len(ids) < total; i++ {
			br := branches[i%len(branches)]
			if _, err := insert(br, fmt.Sprintf("%s第%d党小组", br.Name, i/len(branches)+1), org.TypeGroup); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return ids
}

// The same tree seen by a 二级党委 administrator (scope: one secondary
// committee's subtree, resolved through the path index).
func BenchmarkBuildTree1000SecondaryAdmin(b *testing.B) {
	e := &env{Env: apptest.New(b), fake: newFake()}
	e.App.Orgs.SetMembers(e.fake)
	ids := seedOrgs(b, e.DB, 30, 20, 1000)
	_, uid := e.UserWith("LEVEL_AND_BELOW", 0, org.PermList)
	if _, err := e.DB.ExecContext(context.Background(), "UPDATE sys_user SET org_id = ? WHERE id = ?", ids[1], uid); err != nil {
		b.Fatal(err)
	}
	var name string
	e.DB.NewSelect().Table("sys_user").Column("username").Where("id = ?", uid).Scan(context.Background(), &name) //nolint:errcheck
	tok := e.Login(name, "Test@12345")
	b.ResetTimer()
	for b.Loop() {
		if res := e.Do("GET", "/api/dzzxx/buildtree", tok, nil); res.Status != 200 {
			b.Fatal(res.Status)
		}
	}
}
