package pschool_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/pschool"
	"zhdj/internal/pschool/exam"
	"zhdj/internal/pschool/school"
)

// learnTK is a 计算机 committee's staff who also holds dx:learn: they may
// grant the 学员 role (a caller grants only what it holds); csTK may not.
func (w *world) learnTK(t testing.TB) string {
	t.Helper()
	tk, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, append(slices.Clone(staffPerms), school.PermLearn)...)
	return tk
}

// exam stores a draft exam at the 计算机 committee (a paper of no questions:
// the examinees are what these tests look at).
func (w *world) exam(t testing.TB, title string) int64 {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Second)
	p := &exam.Paper{OrgID: w.c.CS, Title: title + "试卷", Mode: 1, RulesJSON: "[]"}
	p.CreatedAt, p.UpdatedAt = now, now
	if _, err := w.e.DB.NewInsert().Model(p).Returning("id").Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	x := &exam.Exam{OrgID: w.c.CS, PaperID: p.ID, Title: title, OpensAt: now, ClosesAt: now.Add(24 * time.Hour), Duration: 60, Attempts: 1}
	x.CreatedAt, x.UpdatedAt = now, now
	if _, err := w.e.DB.NewInsert().Model(x).Returning("id").Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return x.ID
}

// examinees are exam id's examinee accounts, and the count the exam keeps
// (which must agree).
func (w *world) examinees(t testing.TB, id int64) []int64 {
	t.Helper()
	var users []int64
	if err := w.e.DB.NewSelect().Table("ks_examinee").Column("user_id").Where("exam_id = ?", id).OrderExpr("user_id").
		Scan(t.Context(), &users); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := w.e.DB.NewSelect().Table("ks_exam").Column("examinees").Where("id = ?", id).Scan(t.Context(), &n); err != nil {
		t.Fatal(err)
	}
	if n != len(users) {
		t.Fatalf("exam %d counts %d examinees, has %d rows", id, n, len(users))
	}
	return users
}

func (w *world) openAccounts(t testing.TB, tk string, batch int64, trainees ...int64) pschool.AccountsResult {
	t.Helper()
	return apptest.DoJSON[pschool.AccountsResult](t, w.e, 200, "POST", fmt.Sprintf("/api/dx/batches/%d/accounts", batch), tk,
		map[string]any{"traineeIds": trainees})
}

// A batch's trainees are its exam's examinees: an account opened joins it,
// a withdrawal leaves it, the exam page's replace touches only the rows it
// named, and changing or clearing the batch's exam moves them.
func TestBatchTraineesAreTheExamsExaminees(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	learn := w.learnTK(t)
	first, second := w.exam(t, "第一次结业考试"), w.exam(t, "补考")
	b := w.batch(t, w.school(t), school.BatchActive, "2026-05-10", 3, 24, "examId", first)
	li := w.person(t, "李明", develop.StageActivist)
	wang := w.person(t, "王芳", develop.StageActivist)
	w.enrol(t, b, li, wang)
	if got := w.examinees(t, first); len(got) != 0 {
		t.Fatalf("trainees without accounts are no examinees: %v", got)
	}
	trs := w.trainees(t, b)
	opened := w.openAccounts(t, learn, b, trs[li].ID, trs[wang].ID)
	if len(opened.Accounts) != 2 {
		t.Fatalf("accounts: %+v", opened)
	}
	trs = w.trainees(t, b)
	liUser, wangUser := *trs[li].UserID, *trs[wang].UserID
	if got := w.examinees(t, first); !slices.Equal(got, sorted(liUser, wangUser)) {
		t.Fatalf("after the accounts: %v", got)
	}
	// The exam page names a 学员 (no member record) by their account's name.
	named, err := w.e.App.Exams.Examinees(w.adminCtx(t), first, httpxPage())
	if err != nil || named.TotalElements != 2 || !slices.ContainsFunc(named.Content, func(p exam.Person) bool { return p.Name == "李明" }) {
		t.Fatalf("the examinees named: %+v %v", named, err)
	}
	// The exam page's replace names its own examinees; the batch's stay.
	exams := w.e.App.Exams
	const handPicked = int64(990001)
	if err := exams.SetExaminees(t.Context(), w.e.DB, first, []int64{handPicked}); err != nil {
		t.Fatal(err)
	}
	if got := w.examinees(t, first); !slices.Equal(got, sorted(liUser, wangUser, handPicked)) {
		t.Fatalf("hand-picked beside the batch's: %v", got)
	}
	if err := exams.SetExaminees(t.Context(), w.e.DB, first, nil); err != nil {
		t.Fatal(err)
	}
	if got := w.examinees(t, first); !slices.Equal(got, sorted(liUser, wangUser)) {
		t.Fatalf("emptied by hand, the batch's stay: %v", got)
	}
	// Adding again is idempotent.
	if err := exams.AddBatchExaminees(t.Context(), w.e.DB, first, []int64{liUser, liUser}); err != nil {
		t.Fatal(err)
	}
	// 王芳 is also named by hand: withdrawn from the batch she stays; 李明 leaves.
	if err := exams.SetExaminees(t.Context(), w.e.DB, first, []int64{wangUser}); err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dx/batches/%d/withdraw", b), w.csTK,
		map[string]any{"traineeIds": []int64{trs[li].ID, trs[wang].ID}, "reason": "工作调动"}), 200)
	if got := w.examinees(t, first); !slices.Equal(got, []int64{wangUser}) {
		t.Fatalf("after the withdrawal: %v", got)
	}
	// Enrolled again, they take their accounts back and rejoin.
	w.enrol(t, b, li, wang)
	if got := w.examinees(t, first); !slices.Equal(got, sorted(liUser, wangUser)) {
		t.Fatalf("enrolled again: %v", got)
	}
	// The batch's exam changed: they move; 王芳 stays in the first by hand.
	batchPath := fmt.Sprintf("/api/dx/batches/%d", b)
	body := apptest.DoJSON[pschool.BatchView](t, w.e, 200, "GET", batchPath, w.csTK, nil).Batch
	body.ExamID = &second
	apptest.Expect(t, w.e.Do("PUT", "/api/dx/batches", w.csTK, body), 200)
	if got := w.examinees(t, first); !slices.Equal(got, []int64{wangUser}) {
		t.Fatalf("the first exam after the move: %v", got)
	}
	if got := w.examinees(t, second); !slices.Equal(got, sorted(liUser, wangUser)) {
		t.Fatalf("the second exam after the move: %v", got)
	}
	// Cleared: nobody is the second exam's examinee any more.
	body = apptest.DoJSON[pschool.BatchView](t, w.e, 200, "GET", batchPath, w.csTK, nil).Batch
	body.ExamID = nil
	apptest.Expect(t, w.e.Do("PUT", "/api/dx/batches", w.csTK, body), 200)
	if got := w.examinees(t, second); len(got) != 0 {
		t.Fatalf("the exam cleared: %v", got)
	}
}

// Two batches sharing an exam: a trainee withdrawn from one stays an
// examinee while a trainee of the other.
func TestSharedExamKeepsTheOtherBatchsTrainee(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	learn := w.learnTK(t)
	x := w.exam(t, "入党积极分子结业考试")
	sc := w.school(t)
	apply := w.batch(t, sc, school.BatchApply, "2026-05-10", 2, 16, "examId", x)
	active := w.batch(t, sc, school.BatchActive, "2026-06-10", 3, 24, "examId", x)
	rec := w.person(t, "赵刚", develop.StageActivist)
	w.enrol(t, active, rec)
	w.openAccounts(t, learn, active, w.trainees(t, active)[rec].ID)
	user := *w.trainees(t, active)[rec].UserID
	// The same person's trainee row in the other batch takes the account.
	if _, err := w.e.DB.NewInsert().Model(&pschool.Trainee{BatchID: apply, RecordID: rec, PersonNo: "x", Name: "赵刚", OrgID: w.c.Branch,
		UserID: &user, State: pschool.TraineeEnrolled}).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	tr := w.trainees(t, active)[rec]
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dx/batches/%d/withdraw", active), w.csTK,
		map[string]any{"traineeIds": []int64{tr.ID}}), 200)
	if got := w.examinees(t, x); !slices.Equal(got, []int64{user}) {
		t.Fatalf("still a trainee of the other batch: %v", got)
	}
}

// person is w.record of a student of the registry (in the first unit),
// as 发展党员 names the people it develops: an account opened for them is
// placed in their unit.
func (w *world) person(t testing.TB, name, stage string) int64 {
	t.Helper()
	rec := w.record(t, w.c.Branch, name, stage, "")
	ctx := t.Context()
	var no string
	var unit int64
	if err := w.e.DB.NewSelect().Table("dev_record").Column("person_no").Where("id = ?", rec).Scan(ctx, &no); err != nil {
		t.Fatal(err)
	}
	if err := w.e.DB.NewSelect().Table("sys_dept").Column("id").OrderExpr("id").Limit(1).Scan(ctx, &unit); err != nil {
		t.Fatal(err)
	}
	var student int64
	now := time.Now().UTC()
	if err := w.e.DB.NewRaw("INSERT INTO xsjbxx (student_no, name, gender, unit_dept_id, created_at, updated_at) VALUES (?, ?, '1', ?, ?, ?) RETURNING id",
		no, name, unit, now, now).Scan(ctx, &student); err != nil {
		t.Fatal(err)
	}
	if _, err := w.e.DB.NewUpdate().Table("dev_record").Set("person_id = ?", student).Where("id = ?", rec).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	return rec
}

func httpxPage() httpx.ListQuery { return httpx.ListQuery{Page: httpx.Page{Size: 20}} }

func sorted(ids ...int64) []int64 {
	slices.Sort(ids)
	return ids
}

// Batches and the exam page changing one exam's examinees at once: each
// change counts under the exam's row lock, so the count the exam keeps is
// the rows it has (w.examinees checks), whatever the interleaving.
func TestExamineeCountUnderConcurrentChanges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	x := w.exam(t, "并发考试")
	exams := w.e.App.Exams
	const n = 8
	errs := apptest.Concurrently(n, func(i int) error {
		return db.InTx(t.Context(), w.e.DB, func(ctx context.Context, tx bun.Tx) error {
			users := []int64{int64(980000 + 2*i), int64(980001 + 2*i)}
			if i%4 == 3 {
				return exams.SetExaminees(ctx, tx, x, users)
			}
			if err := exams.AddBatchExaminees(ctx, tx, x, users); err != nil {
				return err
			}
			return exams.RemoveBatchExaminees(ctx, tx, x, users[1:])
		})
	})
	for i, err := range errs {
		if err != nil {
			t.Fatalf("change %d: %v", i, err)
		}
	}
	// Six batch changes keep one account each; the two hand replaces leave
	// the last one's two accounts.
	if got := w.examinees(t, x); len(got) != 6+2 {
		t.Fatalf("%d examinees: %v", len(got), got)
	}
}
