package pschool_test

import (
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/pschool"
	"zhdj/internal/pschool/school"
)

// A learner sees their own batches with the requirements and their
// progress, and downloads their own certificate only.
func TestMyBatches(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sc := w.school(t)
	b := w.batch(t, sc, school.BatchActive, "2026-05-10", 3, 24)
	li := w.record(t, w.c.Branch, "李明", develop.StageActivist, "")
	wang := w.record(t, w.c.Branch, "王芳", develop.StageActivist, "")
	w.enrol(t, b, li, wang)
	liTK, liUser := w.e.UserAt(t, "SELF", w.c.Branch, school.PermLearn)
	wangTK, wangUser := w.e.UserAt(t, "SELF", w.c.Branch, school.PermLearn)
	trs := w.trainees(t, b)
	for rec, user := range map[int64]int64{li: liUser, wang: wangUser} {
		if _, err := w.e.DB.NewUpdate().Model((*pschool.Trainee)(nil)).Set("user_id = ?", user).Where("id = ?", trs[rec].ID).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	w.attend(t, b, li, 3, 24)
	w.attend(t, b, wang, 1, 8)
	w.complete(t, b, map[string]any{"all": true})

	apptest.Expect(t, w.e.Do("GET", "/api/dx/my/batches", "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", "/api/dx/my/batches", w.noTK, nil), 403)
	mine := apptest.DoJSON[[]pschool.MyBatch](t, w.e, 200, "GET", "/api/dx/my/batches", liTK, nil)
	if len(mine) != 1 || mine[0].Batch.Title != "第2期培训班" || mine[0].Batch.Hours != 24 || mine[0].Progress.Name != "李明" ||
		mine[0].Progress.State != pschool.TraineeCompleted || mine[0].Progress.CertificateNo == "" {
		t.Fatalf("mine: %+v", mine)
	}
	theirs := apptest.DoJSON[[]pschool.MyBatch](t, w.e, 200, "GET", "/api/dx/my/batches", wangTK, nil)
	if len(theirs) != 1 || theirs[0].Progress.Eligible || len(theirs[0].Progress.Reasons) != 2 {
		t.Fatalf("theirs: %+v", theirs)
	}
	cert := fmt.Sprintf("/api/dx/my/batches/%d/certificate", b)
	res := w.e.Do("GET", cert, liTK, nil)
	apptest.Expect(t, res, 200)
	if text := documentText(t, res.Body); !strings.Contains(text, "李明同志") {
		t.Fatalf("certificate: %s", text)
	}
	apptest.ExpectMessage(t, w.e.Do("GET", cert, wangTK, nil), 404, "没有该培训班的结业证书")
	apptest.Expect(t, w.e.Do("GET", cert, "", nil), 401)
}
