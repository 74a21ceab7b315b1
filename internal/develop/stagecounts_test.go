package develop_test

import (
	"context"
	"testing"

	"zhdj/internal/develop"
	"zhdj/internal/platform/rbac"
)

func TestStageCountsInTheCallersScope(t *testing.T) {
	t.Parallel()
	w := newCampus(t)
	for i, r := range []struct {
		org   int64
		stage string
	}{{w.branch, develop.StageApplicant}, {w.branch, develop.StageApplicant}, {w.branch, develop.StageTarget},
		{w.mathBranch, develop.StageActivist}, {w.branch, develop.StageEnded}, {w.branch, develop.StageFull}} {
		rec := &develop.Record{PersonKind: "student", PersonID: int64(i + 1), PersonNo: "S", Name: "发展", OrgID: r.org, Stage: r.stage, ConfigVersion: 1,
			AppliedOn: "2025-01-01"}
		if _, err := w.e.DB.NewInsert().Model(rec).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	_, uid := w.e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "fzdy:list")
	ctx := rbac.With(context.Background(), &rbac.Principal{UserID: uid, OrgID: &w.cs})
	got, err := w.e.App.Develop.StageCounts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{develop.StageApplicant: 2, develop.StageActivist: 0, develop.StageTarget: 1, develop.StageProbationary: 0}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k, n := range want {
		if got[k] != n {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}
