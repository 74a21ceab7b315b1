package exam_test

import (
	"context"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/pschool/exam"
)

// The demo exam: with the demo bank written, a fixed paper of the
// university's of 30 machine-graded questions and 100 points, pass mark
// 60, and a draft exam open for 30 days from the seed time; without a
// bank nothing is written, and a second run leaves the papers alone.
func TestSeedDemo(t *testing.T) {
	t.Parallel()
	// A campus of its own: newWorld's questions would keep the demo bank out.
	e := apptest.New(t)
	root := e.Campus(t).Root
	if res, err := e.App.Exams.SeedDemo(t.Context()); err != nil || res.Papers != 0 || res.ExamID != nil {
		t.Fatalf("without a bank %+v %v", res, err)
	}
	if _, err := e.App.Questions.SeedDemo(t.Context()); err != nil {
		t.Fatal(err)
	}
	res, err := e.App.Exams.SeedDemo(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if res.Papers != 1 || res.Questions != 30 || res.Exams != 1 || res.ExamID == nil {
		t.Fatalf("demo exam %+v", res)
	}
	ctx := rbac.WithMemo(rbac.With(context.Background(), &rbac.Principal{Username: "admin", Perms: map[string]bool{rbac.Admin: true}}))
	x, err := e.App.Exams.ExamDetail(ctx, *res.ExamID)
	if err != nil {
		t.Fatal(err)
	}
	if x.OrgID != root || x.Total != 100 || x.PassMark != 60 || x.State != exam.StateDraft ||
		x.ClosesAt.Sub(x.OpensAt) != 30*24*time.Hour || x.OpensAt.After(time.Now()) {
		t.Fatalf("exam %+v", x)
	}
	again, err := e.App.Exams.SeedDemo(t.Context())
	if err != nil || again.Papers != 0 || again.ExamID != nil {
		t.Fatalf("second run %+v %v", again, err)
	}
}
