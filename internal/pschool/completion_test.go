package pschool_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/platform/date"
	"zhdj/internal/pschool"
	"zhdj/internal/pschool/school"
)

func (w *world) complete(t testing.TB, batch int64, body map[string]any) pschool.CompleteResult {
	t.Helper()
	return apptest.DoJSON[pschool.CompleteResult](t, w.e, 200, "POST", fmt.Sprintf("/api/dx/batches/%d/complete", batch), w.csTK, body)
}

// The completion written onto the development record once: a 发展对象
// batch of 3 days completed feeds ⑪ (develop's rule then accepts), with a
// numbered certificate; completing again writes nothing new.
func TestCompletionWrittenOntoTheDevelopmentRecordOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sc := w.school(t)
	b := w.batch(t, sc, school.BatchDevelop, "2026-05-10", 3, 24)
	rec := w.record(t, w.c.Branch, "李明", develop.StageTarget, "2026-04-01")
	w.enrol(t, b, rec)
	day := date.MustParse("2026-05-20")
	if why, err := w.e.App.Develop.TrainingShortfall(t.Context(), rec, day); err != nil || !strings.Contains(why, "发展对象集中培训不少于三天或二十四学时") {
		t.Fatalf("before completion ⑪ should refuse naming the rule: %q %v", why, err)
	}
	w.attend(t, b, rec, 3, 24)
	got := w.complete(t, b, map[string]any{"all": true})
	year := time.Now().Year()
	want := fmt.Sprintf("计算机学院党委分党校结业〔%d〕001", year)
	if len(got.Completed) != 1 || got.Completed[0].CertificateNo != want || len(got.Refused) != 0 {
		t.Fatalf("completion: %+v", got)
	}
	trs := w.trainings(t, rec)
	if len(trs) != 1 || trs[0].BatchType != school.BatchDevelop || trs[0].Days != 3 || trs[0].Hours != 24 || !trs[0].Passed ||
		trs[0].StartOn != "2026-05-10" || trs[0].EndOn != "2026-05-12" || trs[0].CertificateNo != want || trs[0].SourceBatch == nil || *trs[0].SourceBatch != b {
		t.Fatalf("training written: %+v", trs)
	}
	if why, err := w.e.App.Develop.TrainingShortfall(t.Context(), rec, day); err != nil || why != "" {
		t.Fatalf("⑪ should accept: %q %v", why, err)
	}
	// Again: refused as completed, nothing written.
	tr := w.trainees(t, b)[rec]
	again := w.complete(t, b, map[string]any{"traineeIds": []int64{tr.ID}})
	if len(again.Completed) != 0 || len(again.Refused) != 1 || again.Refused[0].Reasons[0] != "学员已结业" {
		t.Fatalf("again: %+v", again)
	}
	if n := len(w.trainings(t, rec)); n != 1 {
		t.Fatalf("%d trainings after a second completion", n)
	}
	// Written again through develop's API for the same batch: nothing new.
	written, err := w.e.App.Develop.RecordTraining(t.Context(), w.e.DB, rec, develop.TrainingInput{BatchID: b, BatchType: 3, Title: "x",
		StartOn: "2026-05-10", EndOn: "2026-05-12", Hours: 24, Days: 3, Passed: true})
	if err != nil || written || len(w.trainings(t, rec)) != 1 {
		t.Fatalf("RecordTraining again: %v %v", written, err)
	}
	// The certificate, one and the batch's.
	res := w.e.Do("GET", fmt.Sprintf("/api/dx/batches/%d/trainees/%d/certificate", b, tr.ID), w.csTK, nil)
	apptest.Expect(t, res, 200)
	if text := documentText(t, res.Body); !strings.Contains(text, "李明同志") || !strings.Contains(text, want) {
		t.Fatalf("certificate: %s", text)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/dx/batches/%d/certificates", b), w.csTK, nil), 200)
}

// documentText is word/document.xml of a .docx.
func documentText(t testing.TB, b []byte) string {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range z.File {
		if f.Name == "word/document.xml" {
			r, _ := f.Open()
			defer r.Close()
			out, _ := io.ReadAll(r)
			return string(out)
		}
	}
	t.Fatal("no document.xml")
	return ""
}

// A completion of 2 days and 16 class hours (the batch asking 3 days with
// 60% attendance and 16 hours) is written, and ⑪ refuses it naming the
// rule; a batch begun before the record became a 发展对象 is not counted.
func TestTrainingRuleCountsWhatTheSchoolWrote(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sc := w.school(t)
	day := date.MustParse("2026-07-01")
	short := w.batch(t, sc, school.BatchDevelop, "2026-05-10", 3, 16, "attendPct", 60)
	shortRec := w.record(t, w.c.Branch, "王芳", develop.StageTarget, "2026-04-01")
	w.enrol(t, short, shortRec)
	w.attend(t, short, shortRec, 2, 16)
	if got := w.complete(t, short, map[string]any{"all": true}); len(got.Completed) != 1 {
		t.Fatalf("short completion: %+v", got)
	}
	why, err := w.e.App.Develop.TrainingShortfall(t.Context(), shortRec, day)
	if err != nil || !strings.HasPrefix(why, "发展对象集中培训不少于三天或二十四学时：") || !strings.Contains(why, "共 16 学时、2 天") {
		t.Fatalf("2 days and 16 hours: %q %v", why, err)
	}
	early := w.batch(t, sc, school.BatchDevelop, "2026-06-01", 3, 24)
	earlyRec := w.record(t, w.c.Branch, "赵早", develop.StageTarget, "2026-06-02")
	w.enrol(t, early, earlyRec)
	w.attend(t, early, earlyRec, 3, 24)
	if got := w.complete(t, early, map[string]any{"all": true}); len(got.Completed) != 1 {
		t.Fatalf("early completion: %+v", got)
	}
	why, err = w.e.App.Develop.TrainingShortfall(t.Context(), earlyRec, day)
	if err != nil || !strings.Contains(why, "在确定为发展对象之前，不计入") {
		t.Fatalf("a batch begun before 发展对象: %q %v", why, err)
	}
}

// Two completions of one trainee at once: one certificate, one training.
func TestConcurrentCompletionsWriteOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sc := w.school(t)
	b := w.batch(t, sc, school.BatchActive, "2026-05-10", 3, 24)
	rec := w.record(t, w.c.Branch, "李明", develop.StageActivist, "")
	w.enrol(t, b, rec)
	w.attend(t, b, rec, 3, 24)
	results := apptest.Concurrently(4, func(int) *apptest.Response {
		return w.e.Do("POST", fmt.Sprintf("/api/dx/batches/%d/complete", b), w.csTK, map[string]any{"all": true})
	})
	completed := 0
	for _, res := range results {
		if res.Status != 200 {
			t.Fatalf("concurrent completion: %d %s", res.Status, res.Body)
		}
		var out pschool.CompleteResult
		res.JSON(t, &out)
		completed += len(out.Completed)
	}
	if trs := w.trainings(t, rec); completed != 1 || len(trs) != 1 {
		t.Fatalf("completed %d times, %d trainings", completed, len(trs))
	}
}

// A trainee who does not meet the requirements is listed with the reasons
// and not completed; 不合格 is recorded (a training not passed).
func TestRequirementsNotMet(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sc := w.school(t)
	b := w.batch(t, sc, school.BatchApply, "2026-05-10", 2, 16)
	li := w.record(t, w.c.Branch, "李明", develop.StageApplicant, "")
	wang := w.record(t, w.c.Branch, "王芳", develop.StageApplicant, "")
	w.enrol(t, b, li, wang)
	w.attend(t, b, li, 1, 8)
	rows, _ := apptest.GetPage[pschool.CompletionRow](t, w.e, w.csTK, fmt.Sprintf("/api/dx/batches/%d/completion", b), nil)
	byRec := map[int64]pschool.CompletionRow{}
	for _, r := range rows {
		byRec[r.RecordID] = r
	}
	if r := byRec[li]; r.Eligible || r.Attendance || r.HoursMet || len(r.Reasons) != 2 ||
		r.Reasons[0] != "出勤 1/2 天（50%），未达到 80%" || r.Reasons[1] != "学时 8（线下 8 + 线上 0），未达到 16 学时" {
		t.Fatalf("completion row: %+v", r)
	}
	got := w.complete(t, b, map[string]any{"all": true})
	if len(got.Completed) != 0 || len(got.Refused) != 2 {
		t.Fatalf("nobody meets them: %+v", got)
	}
	tr := w.trainees(t, b)[li]
	apptest.ExpectField(t, w.e.Do("POST", fmt.Sprintf("/api/dx/batches/%d/fail", b), w.csTK, map[string]any{"traineeIds": []int64{tr.ID}}),
		"reason", "请输入不合格原因（不超过200个字）")
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dx/batches/%d/fail", b), w.csTK, map[string]any{"traineeIds": []int64{tr.ID}, "reason": "缺勤过多"}), 200)
	if trs := w.trainings(t, li); len(trs) != 1 || trs[0].Passed || trs[0].Days != 1 || trs[0].Hours != 8 {
		t.Fatalf("不合格 written: %+v", trs)
	}
	apptest.ExpectMessage(t, w.e.Do("GET", fmt.Sprintf("/api/dx/batches/%d/trainees/%d/certificate", b, tr.ID), w.csTK, nil), 404, "该学员尚未结业，没有结业证书")
	// A batch with completed or failed trainees is not deleted.
	apptest.ExpectMessage(t, w.e.Do("DELETE", "/api/dx/batches", w.csTK, []int64{b}), 409, "培训班已有 1 名学员结业或评定不合格，不能删除")
}

// evidence is the course and exam modules as a test sets them: online
// hours and exam outcomes by account.
type evidence struct {
	hours map[int64]float64
	exams map[int64]pschool.ExamOutcome
}

func (e evidence) OnlineHours(_ context.Context, users, courses []int64, _, _ date.Date) (map[int64]float64, error) {
	out := map[int64]float64{}
	for _, u := range users {
		if h, ok := e.hours[u]; ok && len(courses) > 0 {
			out[u] = h
		}
	}
	return out, nil
}

func (evidence) CheckLinks(context.Context, []int64, *int64) error { return nil }

// The completion changes no examinees: nothing to join or leave.
func (evidence) JoinExam(context.Context, bun.IDB, int64, []int64) error  { return nil }
func (evidence) LeaveExam(context.Context, bun.IDB, int64, []int64) error { return nil }

func (e evidence) ExamPassed(_ context.Context, _ int64, users []int64) (map[int64]pschool.ExamOutcome, error) {
	out := map[int64]pschool.ExamOutcome{}
	for _, u := range users {
		if o, ok := e.exams[u]; ok {
			out[u] = o
		}
	}
	return out, nil
}

// Online hours from the batch's courses count with the offline ones, and
// the exam must be passed.
func TestOnlineHoursAndExam(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sc := w.school(t)
	b := w.batch(t, sc, school.BatchPrepare, "2026-05-10", 2, 16)
	// The links the in-test evidence answers for (the app's refuses ids of
	// no published course or exam: TestBatchLinksMustExist).
	if _, err := w.e.DB.NewUpdate().Model((*pschool.Batch)(nil)).Set("course_ids = ?", "[7]").Set("exam_id = ?", 5).
		Where("id = ?", b).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	li := w.record(t, w.c.Branch, "李明", develop.StageProbationary, "")
	wang := w.record(t, w.c.Branch, "王芳", develop.StageProbationary, "")
	w.enrol(t, b, li, wang)
	w.attend(t, b, li, 2, 10)
	w.attend(t, b, wang, 2, 10)
	// The trainees' accounts (a 预备党员's member account, linked at enrolment in production).
	trs := w.trainees(t, b)
	for rec, user := range map[int64]int64{li: 501, wang: 502} {
		if _, err := w.e.DB.NewUpdate().Model((*pschool.Trainee)(nil)).Set("user_id = ?", user).Where("id = ?", trs[rec].ID).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	s := pschool.New(w.e.DB, w.e.Sys, w.e.App.Orgs, w.e.App.Members, w.e.App.Develop, evidence{
		hours: map[int64]float64{501: 6, 502: 6},
		exams: map[int64]pschool.ExamOutcome{501: {Score: 85, Passed: true, Graded: true}, 502: {Score: 40, Graded: true}},
	})
	ctx := w.adminCtx(t)
	got, err := s.Complete(ctx, b, pschool.CompleteInput{All: true})
	if err != nil || len(got.Completed) != 1 || got.Completed[0].Name != "李明" || len(got.Refused) != 1 ||
		strings.Join(got.Refused[0].Reasons, "；") != "考试未通过（40 分）" {
		t.Fatalf("with evidence: %+v %v", got, err)
	}
	if trs := w.trainings(t, li); len(trs) != 1 || trs[0].Hours != 16 || trs[0].BatchType != school.BatchPrepare {
		t.Fatalf("training with online hours: %+v", trs)
	}
}

// A batch links only published courses and an exam of the caller's scope
// (the app wires the check to the course and exam modules).
func TestBatchLinksMustExist(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sc := w.school(t)
	body := map[string]any{"schoolId": sc, "type": school.BatchActive, "title": "积极分子培训班", "startOn": "2026-05-10",
		"endOn": "2026-05-11", "days": 2, "hours": 16}
	apptest.ExpectField(t, w.e.Do("POST", "/api/dx/batches", w.csTK, apptest.With(body, "courseIds", []int64{999999})), "courseIds", "所选课程不存在或尚未发布")
	apptest.ExpectField(t, w.e.Do("POST", "/api/dx/batches", w.csTK, apptest.With(body, "examId", 999999)), "examId", "所选考试不存在")
}
