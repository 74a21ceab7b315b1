package pschool_test

import (
	"context"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/demo"
	"zhdj/internal/develop"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/pschool"
	"zhdj/internal/pschool/exam"
	"zhdj/internal/pschool/school"
)

// The demo party school, seeded as zhdj seed --demo does after the
// development records, the bank, the courses and the exam: the university
// school and two branch schools, one open 入党积极分子 batch with the demo
// courses and exam, and a dozen 积极分子 enrolled with their 学员 accounts
// opened, which makes them the exam's examinees, so that the exam can be
// published; a second run leaves the schools alone.
func TestSeedDemo(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := context.Background()
	cipher, err := crypto.LoadOrCreate(e.App.Config.KeyDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := demo.Seed(ctx, e.DB, cipher, demo.Options{Members: 1000, Seed: 7}); err != nil {
		t.Fatal(err)
	}
	// 1,000 members give some 47 积极分子, enough for the dozen enrolled.
	if _, err := e.App.Develop.SeedDemo(ctx, develop.DemoOptions{Seed: 7}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.App.Questions.SeedDemo(ctx); err != nil {
		t.Fatal(err)
	}
	courses, err := e.App.Course.SeedDemo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	exams, err := e.App.Exams.SeedDemo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.App.PSchool.SeedDemo(ctx, pschool.DemoInput{CourseIDs: courses.CourseIDs, ExamID: exams.ExamID})
	if err != nil {
		t.Fatal(err)
	}
	if res.Schools != 3 || res.Batches != 1 || res.Trainees < 10 || res.Trainees > 12 {
		t.Fatalf("demo schools %+v", res)
	}
	tk, _ := e.UserWith("ALL", 0, pschool.BatchPerms.List, pschool.SchoolPerms.List)
	if _, n := apptest.GetPage[pschool.SchoolView](t, e, tk, "/api/dx/schools", nil); n != 3 {
		t.Fatalf("%d schools", n)
	}
	batches, _ := apptest.GetPage[pschool.BatchView](t, e, tk, "/api/dx/batches", nil)
	if len(batches) != 1 {
		t.Fatalf("batches %+v", batches)
	}
	b := batches[0]
	if b.Type != school.BatchActive || b.State != pschool.StateOpen || len(b.CourseIDs) != 2 || b.ExamID == nil ||
		*b.ExamID != *exams.ExamID || b.Enrolled != res.Trainees {
		t.Fatalf("batch %+v", b)
	}
	if res.Accounts != res.Trainees {
		t.Fatalf("%d accounts opened for %d trainees", res.Accounts, res.Trainees)
	}
	if published, err := e.App.Exams.PublishDemo(ctx, *exams.ExamID); err != nil || !published {
		t.Fatalf("the demo exam was not published: %v", err)
	}
	x, err := e.App.Exams.ExamDetail(rbac.With(ctx, &rbac.Principal{Perms: map[string]bool{rbac.Admin: true}}), *exams.ExamID)
	if err != nil || x.State != exam.StatePublished || x.Examinees != res.Trainees {
		t.Fatalf("demo exam %+v %v", x, err)
	}
	again, err := e.App.PSchool.SeedDemo(ctx, pschool.DemoInput{CourseIDs: courses.CourseIDs, ExamID: exams.ExamID})
	if err != nil || again.Schools+again.Batches+again.Trainees != 0 {
		t.Fatalf("second run %+v %v", again, err)
	}
}
