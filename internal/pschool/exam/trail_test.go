package exam_test

import (
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/audit"
	"zhdj/internal/pschool/exam"
)

// A paper's change trail: its creation, a recompose listing only what
// changed (the pass mark, the questions dropped), nothing for a save that
// changes nothing; a deleted paper stays in the trail across the school's
// scope only; the trail routes answer 401, 403 and out of scope 404.
func TestPaperTrail(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.fixedPaper(t)
	in := exam.PaperInput{Title: p.Title, OrgID: w.cs, Mode: exam.ModeFixed, PassMark: 60,
		Picks: []exam.Pick{{QuestionID: w.single, Points: 10}, {QuestionID: w.multi, Points: 10}, {QuestionID: w.judge, Points: 10},
			{QuestionID: w.fill, Points: 20}, {QuestionID: w.short, Points: 50}}}
	apptest.Expect(t, w.e.Do("PUT", path("paper", p.ID, ""), w.csTK, in), 200) // the same paper: no entry
	in.PassMark, in.Picks = 30, in.Picks[:4]
	apptest.Expect(t, w.e.Do("PUT", path("paper", p.ID, ""), w.csTK, in), 200)
	var trail struct {
		Content []audit.Labelled `json:"content"`
	}
	w.e.Do("GET", path("paper", p.ID, "trail"), w.csTK, nil).JSON(t, &trail)
	if len(trail.Content) != 2 || trail.Content[1].Type != audit.TypeAdd || trail.Content[0].Type != audit.TypeUpdate || trail.Content[0].OperatorName == "" {
		t.Fatalf("trail %+v", trail.Content)
	}
	changes := map[string]audit.Change{}
	for _, c := range trail.Content[0].Changes {
		changes[c.Field] = c
	}
	if c := changes["passMark"]; c.Old != "60" || c.New != "30" || c.Label != "及格分" {
		t.Errorf("pass mark: %+v", c)
	}
	if c := changes["total"]; c.Old != "100" || c.New != "50" {
		t.Errorf("total: %+v", c)
	}
	if c := changes["questions"]; !strings.Contains(c.Old, "5. ") || strings.Contains(c.New, "5. ") {
		t.Errorf("questions: %+v", c)
	}
	if _, ok := changes["title"]; ok || len(changes) != 3 {
		t.Errorf("only what changed: %+v", trail.Content[0].Changes)
	}
	apptest.Expect(t, w.e.Do("GET", path("paper", p.ID, "trail"), w.mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", path("paper", p.ID, "trail"), w.noTK, nil), 403)
	apptest.Expect(t, w.e.Do("GET", path("paper", p.ID, "trail"), "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", "/api/ks/paper/trail", w.noTK, nil), 403)
	apptest.Expect(t, w.e.Do("GET", "/api/ks/paper/trail", "", nil), 401)
	// A deleted paper keeps its last state, seen across the school's scope only.
	apptest.Expect(t, w.e.Do("DELETE", "/api/ks/paper", w.csTK, []int64{p.ID}), 204)
	gone, _ := apptest.GetPage[audit.NamedEntry](t, w.e, w.csTK, "/api/ks/paper/trail?type=3", nil)
	if len(gone) != 1 || gone[0].RecordID != p.ID || gone[0].RecordName != p.Title {
		t.Fatalf("the deleted paper across the scope: %+v", gone)
	}
	if other, _ := apptest.GetPage[audit.NamedEntry](t, w.e, w.mathTK, "/api/ks/paper/trail", nil); len(other) != 0 {
		t.Fatalf("another committee sees the paper's trail: %+v", other)
	}
}

// An exam's change trail: its creation, publishing as a change of 状态, an
// edit listing only what changed (the title, the duration), a deleted draft
// kept across the school's scope only; 401, 403 and out of scope 404.
func TestExamTrail(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.fixedPaper(t)
	x := w.examOf(t, p.ID, exam.ExamInput{})
	in := exam.ExamInput{Title: "党史知识考试（补考）", OrgID: w.cs, PaperID: p.ID, OpensAt: x.OpensAt, ClosesAt: x.ClosesAt,
		Duration: 45, Attempts: x.Attempts, ShuffleQuestions: x.ShuffleQuestions, ShuffleOptions: x.ShuffleOptions}
	apptest.Expect(t, w.e.Do("PUT", path("exam", x.ID, ""), w.csTK, in), 200)
	var trail struct {
		Content []audit.Labelled `json:"content"`
	}
	w.e.Do("GET", path("exam", x.ID, "trail"), w.csTK, nil).JSON(t, &trail)
	if len(trail.Content) != 3 || trail.Content[2].Type != audit.TypeAdd {
		t.Fatalf("trail %+v", trail.Content)
	}
	published := trail.Content[1].Changes
	if len(published) != 1 || published[0].Field != "state" || published[0].Old != "草稿" || published[0].New != "已发布" {
		t.Errorf("publishing: %+v", published)
	}
	edit := map[string]audit.Change{}
	for _, c := range trail.Content[0].Changes {
		edit[c.Field] = c
	}
	if len(edit) != 2 || edit["title"].New != "党史知识考试（补考）" || edit["duration"].Old != "30" || edit["duration"].New != "45" {
		t.Errorf("the edit: %+v", trail.Content[0].Changes)
	}
	apptest.Expect(t, w.e.Do("GET", path("exam", x.ID, "trail"), w.mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", path("exam", x.ID, "trail"), w.noTK, nil), 403)
	apptest.Expect(t, w.e.Do("GET", path("exam", x.ID, "trail"), "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", "/api/ks/exam/trail", w.noTK, nil), 403)
	// A deleted draft keeps its last state, across the school's scope only.
	in.Title = "草稿考试"
	draft := apptest.DoJSON[exam.ExamView](t, w.e, 201, "POST", "/api/ks/exam", w.csTK, in)
	apptest.Expect(t, w.e.Do("DELETE", "/api/ks/exam", w.csTK, []int64{draft.ID}), 204)
	gone, _ := apptest.GetPage[audit.NamedEntry](t, w.e, w.csTK, "/api/ks/exam/trail?type=3", nil)
	if len(gone) != 1 || gone[0].RecordID != draft.ID || gone[0].RecordName != "草稿考试" {
		t.Fatalf("the deleted draft across the scope: %+v", gone)
	}
	if other, _ := apptest.GetPage[audit.NamedEntry](t, w.e, w.mathTK, "/api/ks/exam/trail", nil); len(other) != 0 {
		t.Fatalf("another committee sees the exams' trail: %+v", other)
	}
}
