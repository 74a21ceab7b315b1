package exam_test

import (
	"strings"
	"testing"

	"zhdj/internal/pschool/exam"
	"zhdj/internal/system"
)

// An examinee's answers never reach the operation log: the autosave and
// the submission are logged with who, when and the attempt, and without
// the body (a refused late save neither), as a ballot's cast is.
func TestAnswersStayOutOfTheOperationLog(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	x := w.examOf(t, w.fixedPaper(t).ID, exam.ExamInput{})
	v := w.start(t, w.a, x.ID)
	const secret = "考生的简答：全心全意为人民服务，立党为公"
	w.save(t, w.a, v.ID, 5, secret, 200)
	w.save(t, w.a, v.ID, 3, fillAnswer("井冈山"), 400) // a judge answer that is not T/F: refused, logged without it
	w.e.Do("POST", path("attempt", v.ID, "submit"), w.a.tk, nil)
	w.save(t, w.a, v.ID, 5, secret+"（交卷后）", 409)

	var rows []system.OperLog
	if err := w.e.DB.NewSelect().Model(&rows).Where("path LIKE ?", path("attempt", v.ID, "")+"/%").OrderExpr("id").
		Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		action string
		status int
	}{{"保存答案", 200}, {"保存答案", 400}, {"交卷", 200}, {"保存答案", 409}}
	if len(rows) != len(want) {
		t.Fatalf("%d log rows of the attempt, want %d: %+v", len(rows), len(want), rows)
	}
	for i, r := range rows {
		if r.Action != want[i].action || r.Status != want[i].status || r.UserID == nil || *r.UserID != w.a.account ||
			r.Target != fmtI(v.ID) || r.CreatedAt.IsZero() {
			t.Errorf("log row %d: %s %d by %v on %q at %v, want %s %d by %d on the attempt", i, r.Action, r.Status, r.UserID,
				r.Target, r.CreatedAt, want[i].action, want[i].status, w.a.account)
		}
		all := strings.Join([]string{r.Body, r.Query, r.TargetName, r.Message, r.Path}, "|")
		if r.Body != "" || strings.Contains(all, "为人民服务") || strings.Contains(all, "井冈山") {
			t.Errorf("log row %d (%s) holds the answer: %q", i, r.Action, all)
		}
	}
}
