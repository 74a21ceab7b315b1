package exam_test

import (
	"net/url"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/pschool/exam"
	"zhdj/internal/pschool/question"
)

func TestPaperCopiesItsQuestionsAndKeepsToTheScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.fixedPaper(t)
	if p.Total != 100 || p.QuestionCount != 5 || p.Questions[0].Answer != "B" || len(p.Questions[0].Options) != 4 {
		t.Fatalf("paper %+v", p)
	}
	// A later edit of the bank changes nothing in the paper.
	if _, err := w.e.DB.NewUpdate().Model((*question.Question)(nil)).Set("stem = ?", "改过的题干").Set("answer = ?", "D").
		Where("id = ?", w.single).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	got := apptest.DoJSON[exam.PaperDetail](t, w.e, 200, "GET", path("paper", p.ID, ""), w.csTK, nil)
	if got.Questions[0].Stem == "改过的题干" || got.Questions[0].Answer != "B" {
		t.Fatalf("the paper followed the bank: %+v", got.Questions[0])
	}
	// Out of scope 404, no permission 403, no token 401.
	apptest.Expect(t, w.e.Do("GET", path("paper", p.ID, ""), w.mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", path("paper", p.ID, ""), w.noTK, nil), 403)
	apptest.Expect(t, w.e.Do("GET", path("paper", p.ID, ""), "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", "/api/ks/paper", w.noTK, nil), 403)
	if list, _ := apptest.GetPage[exam.PaperView](t, w.e, w.mathTK, "/api/ks/paper", nil); len(list) != 0 {
		t.Fatalf("数学 sees 计算机's papers: %+v", list)
	}
	// A pass mark above the total, a question of another school's bank.
	bad := exam.PaperInput{Title: "卷", OrgID: w.cs, Mode: exam.ModeFixed, PassMark: 11, Picks: []exam.Pick{{QuestionID: w.single, Points: 10}}}
	apptest.ExpectField(t, w.e.Do("POST", "/api/ks/paper", w.csTK, bad), "passMark", "及格分应为0至10分（试卷总分）")
	bad.PassMark, bad.Picks = 0, []exam.Pick{{QuestionID: w.mathQ, Points: 10}}
	apptest.ExpectField(t, w.e.Do("POST", "/api/ks/paper", w.csTK, bad), "picks", "第1题不在本党校及上级党校的题库中，或已停用")
	bad.OrgID = w.math
	apptest.ExpectField(t, w.e.Do("POST", "/api/ks/paper", w.csTK, bad), "orgId", "所选党组织不存在")
	// The picker lists the school's bank and the university's, not 数学's.
	rows, total := apptest.GetPage[exam.BankRow](t, w.e, w.csTK, "/api/ks/bank", url.Values{"orgId": {itoa(w.cs)}})
	if total != 5 || len(rows) != 5 {
		t.Fatalf("picker %d rows: %+v", total, rows)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/ks/bank?orgId="+itoa(w.math), w.csTK, nil), 400)
	// A published exam locks its paper.
	x := w.examOf(t, p.ID, exam.ExamInput{})
	in := exam.PaperInput{Title: "改", OrgID: w.cs, Mode: exam.ModeFixed, Picks: []exam.Pick{{QuestionID: w.single, Points: 10}}}
	apptest.Expect(t, w.e.Do("PUT", path("paper", p.ID, ""), w.csTK, in), 409)
	apptest.Expect(t, w.e.Do("DELETE", "/api/ks/paper", w.csTK, []int64{p.ID}), 409)
	apptest.Expect(t, w.e.Do("DELETE", "/api/ks/exam", w.csTK, []int64{x.ID}), 409)
	// A paper no exam uses is deleted by its school (an id named twice
	// counts once), never by another school's.
	spare := apptest.DoJSON[exam.PaperDetail](t, w.e, 201, "POST", "/api/ks/paper", w.csTK, in)
	apptest.Expect(t, w.e.Do("DELETE", "/api/ks/paper", w.mathTK, []int64{spare.ID}), 404)
	apptest.Expect(t, w.e.Do("DELETE", "/api/ks/paper", w.csTK, []int64{spare.ID, p.ID}), 409)
	apptest.Expect(t, w.e.Do("DELETE", "/api/ks/paper", w.csTK, []int64{spare.ID, spare.ID}), 204)
	apptest.Expect(t, w.e.Do("GET", path("paper", spare.ID, ""), w.csTK, nil), 404)
}

func TestRandomPaperIsReproducibleFromItsSeed(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i := range 6 { // more single choices to draw from
		w.bankQuestion(t, w.root, question.TypeSingle, []question.Option{{Key: "A", Text: "是"}, {Key: "B", Text: "否"}}, "A", "党")
		_ = i
	}
	in := exam.PaperInput{Title: "随机卷", OrgID: w.cs, Mode: exam.ModeRandom, PassMark: 6, Rules: []exam.PaperRule{
		{Rule: question.Rule{Type: question.TypeSingle, Count: 3}, Points: 2},
		{Rule: question.Rule{Type: question.TypeJudge, Tag: "史", Count: 1}, Points: 4}}}
	p := apptest.DoJSON[exam.PaperDetail](t, w.e, 201, "POST", "/api/ks/paper", w.csTK, in)
	if p.Total != 10 || p.QuestionCount != 4 || p.Seed == 0 {
		t.Fatalf("random paper %+v", p.Paper)
	}
	in.Seed = itoa(p.Seed)
	again := apptest.DoJSON[exam.PaperDetail](t, w.e, 200, "POST", "/api/ks/paper/preview", w.csTK, in)
	twice := apptest.DoJSON[exam.PaperDetail](t, w.e, 201, "POST", "/api/ks/paper", w.csTK, in)
	for i, q := range p.Questions {
		if again.Questions[i].QuestionID != q.QuestionID || twice.Questions[i].QuestionID != q.QuestionID {
			t.Fatalf("seed %d drew %d, then %d and %d", p.Seed, q.QuestionID, again.Questions[i].QuestionID, twice.Questions[i].QuestionID)
		}
	}
	in.Rules[0].Count = 50
	apptest.ExpectField(t, w.e.Do("POST", "/api/ks/paper/preview", w.csTK, in), "rules[0]", "题库中符合条件（单选题）的题目只有7道，不足50道")
}

// A whole attempt of every type, options shuffled: right answers by text
// score full marks whatever the examinee's keys; the short answer waits
// for its grader, then the result is final.
func TestWholeAttemptGradesEveryType(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.fixedPaper(t)
	x := w.examOf(t, p.ID, exam.ExamInput{ShuffleQuestions: true, ShuffleOptions: true})
	v := w.start(t, w.a, x.ID)
	if len(v.Questions) != 5 || v.Remaining != 30*60 || v.Total != 100 {
		t.Fatalf("attempt %+v", v)
	}
	for _, q := range v.Questions {
		if q.Answer != "" || q.Score != nil {
			t.Fatalf("a new attempt shows %+v", q)
		}
	}
	w.save(t, w.a, v.ID, 1, shownKey(t, v, 1, "乙"), 200)
	w.save(t, w.a, v.ID, 2, shownKey(t, v, 2, "甲", "丙"), 200)
	w.save(t, w.a, v.ID, 3, question.JudgeTrue, 200)
	w.save(t, w.a, v.ID, 4, fillAnswer("井冈山根据地", "１９２７"), 200)
	w.save(t, w.a, v.ID, 5, "全心全意为人民服务", 200)
	// Bad answers are refused with the field named, nothing stored.
	apptest.ExpectField(t, w.save(t, w.a, v.ID, 1, "AB", 400), "answer", "单选题只能选一个选项")
	apptest.ExpectField(t, w.save(t, w.a, v.ID, 3, "对", 400), "answer", "判断题只能答“正确”或“错误”")
	apptest.ExpectField(t, w.save(t, w.a, v.ID, 9, "A", 400), "seq", "试题不存在")
	// b answers half wrong: a 多选 missing one key scores 0, one blank of two half.
	vb := w.start(t, w.b, x.ID)
	w.save(t, w.b, vb.ID, 2, shownKey(t, vb, 2, "甲"), 200)
	w.save(t, w.b, vb.ID, 4, fillAnswer("井冈山", "1928"), 200)
	w.save(t, w.b, vb.ID, 3, question.JudgeFalse, 200)
	// Someone else's attempt is not found.
	apptest.Expect(t, w.e.Do("GET", path("attempt", v.ID, ""), w.b.tk, nil), 404)
	apptest.Expect(t, w.e.Do("PUT", path("attempt", v.ID, "answer"), w.b.tk, exam.AnswerInput{Seq: 1, Answer: "A"}), 404)

	done := apptest.DoJSON[exam.AttemptView](t, w.e, 200, "POST", path("attempt", v.ID, "submit"), w.a.tk, nil)
	if done.State != exam.AttemptSubmitted || done.Score != 50 || done.Pending != 1 {
		t.Fatalf("submitted %+v", done.Attempt)
	}
	if q := shown(t, done, 1); q.Answer != shownKey(t, v, 1, "乙") || q.Score == nil || *q.Score != 10 {
		t.Fatalf("question 1 after submission %+v", q)
	}
	doneB := apptest.DoJSON[exam.AttemptView](t, w.e, 200, "POST", path("attempt", vb.ID, "submit"), w.b.tk, nil)
	if doneB.Score != 10 || doneB.Pending != 0 {
		t.Fatalf("b's %+v", doneB.Attempt)
	}
	out, err := w.e.App.Exams.Outcomes(t.Context(), x.ID, []int64{w.a.account, w.b.account})
	if err != nil || out[w.a.account].Graded || out[w.b.account] != (exam.Outcome{Score: 10, Graded: true, Attempts: 1}) {
		t.Fatalf("outcomes %+v %v", out, err)
	}

	// The grader sees the short answer without a name and scores it.
	apptest.Expect(t, w.e.Do("GET", path("grading", x.ID, ""), w.csTK, nil), 404) // not a grader
	qs := apptest.DoJSON[[]exam.GradingQuestion](t, w.e, 200, "GET", path("grading", x.ID, ""), w.g.tk, nil)
	if len(qs) != 1 || qs[0].Seq != 5 || qs[0].Pending != 1 || qs[0].Reference != "为人民服务" {
		t.Fatalf("grading questions %+v", qs)
	}
	answers, _ := apptest.GetPage[exam.GradingAnswer](t, w.e, w.g.tk, path("grading", x.ID, "answers"), url.Values{"seq": {"5"}})
	if len(answers) != 1 || answers[0].Answer != "全心全意为人民服务" || answers[0].Code == "" {
		t.Fatalf("answers %+v", answers)
	}
	apptest.ExpectField(t, w.e.Do("PUT", path("grading", x.ID, "answers"), w.g.tk, exam.MarkInput{Code: answers[0].Code, Seq: 5, Score: 51}),
		"score", "得分应为0至50分")
	apptest.DoJSON[exam.GradingAnswer](t, w.e, 200, "PUT", path("grading", x.ID, "answers"), w.g.tk,
		exam.MarkInput{Code: answers[0].Code, Seq: 5, Score: 40, Comment: "要点齐全"})
	out, _ = w.e.App.Exams.Outcomes(t.Context(), x.ID, []int64{w.a.account})
	if out[w.a.account] != (exam.Outcome{Score: 90, Passed: true, Graded: true, Attempts: 1}) {
		t.Fatalf("after grading %+v", out)
	}
	// Results, statistics, export.
	results, total := apptest.GetPage[exam.Result](t, w.e, w.csTK, path("exam", x.ID, "results"), nil)
	if total != 2 || results[0].Name != "王一" || *results[0].Score != 90 || !results[0].Passed || results[1].Passed {
		t.Fatalf("results %+v", results)
	}
	apptest.Expect(t, w.e.Do("GET", path("exam", x.ID, "results"), w.mathTK, nil), 404)
	stats := apptest.DoJSON[[]exam.QuestionStat](t, w.e, 200, "GET", path("exam", x.ID, "stats"), w.csTK, nil)
	// Question 1: a right (10), b unanswered (0): difficulty 0.5; top 27% of 2 is a, bottom b: discrimination 1.
	if stats[0].Difficulty != 0.5 || stats[0].Discrimination != 1 || stats[0].Answered != 1 {
		t.Fatalf("stats %+v", stats[0])
	}
	f := apptest.Download(t, w.e.Do("GET", path("exam", x.ID, "export"), w.csTK, nil))
	if name, _ := f.GetCellValue("成绩", "B3"); name != "王一" {
		t.Fatalf("export B3 %q", name)
	}
	apptest.Expect(t, w.e.Do("GET", path("exam", x.ID, "export"), w.noTK, nil), 403)
}

// The server's timer: an answer and a submission at the deadline are
// taken, one second later refused whatever the browser says; the attempt
// is then closed with what was saved.
func TestServerTimer(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.fixedPaper(t)
	x := w.examOf(t, p.ID, exam.ExamInput{Duration: 10})
	va := w.start(t, w.a, x.ID)
	vb := w.start(t, w.b, x.ID)
	deadline := base.Add(10 * time.Minute)
	if !va.Deadline.Equal(deadline) {
		t.Fatalf("deadline %v, want %v", va.Deadline, deadline)
	}
	w.clock.Set(deadline)
	w.save(t, w.a, va.ID, 3, question.JudgeTrue, 200)
	w.save(t, w.b, vb.ID, 3, question.JudgeTrue, 200)
	apptest.DoJSON[exam.AttemptView](t, w.e, 200, "POST", path("attempt", va.ID, "submit"), w.a.tk, nil)
	w.clock.Set(deadline.Add(time.Second))
	apptest.ExpectMessage(t, w.save(t, w.b, vb.ID, 1, "A", 409), 409, exam.MsgTimeUp)
	apptest.ExpectMessage(t, w.e.Do("POST", path("attempt", vb.ID, "submit"), w.b.tk, nil), 409, exam.MsgTimeUp)
	// b's attempt closed at its deadline with the answer saved in time.
	got := apptest.DoJSON[exam.AttemptView](t, w.e, 200, "GET", path("attempt", vb.ID, ""), w.b.tk, nil)
	if got.State != exam.AttemptExpired || got.Score != 10 || got.Remaining != 0 || !got.ClosedAt.Equal(deadline) {
		t.Fatalf("late attempt %+v", got.Attempt)
	}
	// The deadline is capped by the exam's closing time.
	w.clock.Set(base.Add(2*time.Hour - 5*time.Minute))
	late := w.examOf(t, p.ID, exam.ExamInput{Title: "补考", Duration: 30})
	if v := w.start(t, w.a, late.ID); !v.Deadline.Equal(base.Add(2*time.Hour)) || v.Remaining != 300 {
		t.Fatalf("capped deadline %v, %d s", v.Deadline, v.Remaining)
	}
	// Before the window and after it, no attempt begins.
	w.clock.Set(base.Add(2 * time.Hour))
	apptest.ExpectMessage(t, w.e.Do("POST", path("my", late.ID, "start"), w.b.tk, nil), 409, "考试已截止")
}

// The job closes and grades the attempts never submitted, once.
func TestJobClosesExpiredAttempts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.fixedPaper(t)
	x := w.examOf(t, p.ID, exam.ExamInput{Duration: 10})
	v := w.start(t, w.a, x.ID)
	w.save(t, w.a, v.ID, 1, shownKey(t, v, 1, "乙"), 200)
	w.clock.Add(11 * time.Minute)
	for range 2 {
		if err := w.e.App.Exams.CloseExpired(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	out, err := w.e.App.Exams.Outcomes(t.Context(), x.ID, []int64{w.a.account})
	if err != nil || out[w.a.account] != (exam.Outcome{Score: 10, Graded: true, Attempts: 1}) {
		t.Fatalf("after the job %+v %v", out, err)
	}
}

// Resume after a lost connection: starting again answers the same attempt
// with the answers saved and the seconds left by the server's clock.
func TestResumeAfterDisconnect(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.fixedPaper(t)
	x := w.examOf(t, p.ID, exam.ExamInput{ShuffleOptions: true, Attempts: 2})
	v := w.start(t, w.a, x.ID)
	key := shownKey(t, v, 2, "甲", "丙")
	w.save(t, w.a, v.ID, 2, key, 200)
	w.save(t, w.a, v.ID, 4, fillAnswer("井冈山"), 200)
	w.clock.Add(7*time.Minute + 30*time.Second)
	again := w.start(t, w.a, x.ID)
	if again.ID != v.ID || again.Remaining != 22*60+30 {
		t.Fatalf("resumed %d with %d s, want %d with %d", again.ID, again.Remaining, v.ID, 22*60+30)
	}
	if shown(t, again, 2).Answer != key || shown(t, again, 4).Answer != fillAnswer("井冈山") {
		t.Fatalf("saved answers lost: %+v", again.Questions)
	}
	for i, q := range again.Questions { // the same order and options
		if q.Seq != v.Questions[i].Seq || len(q.Options) > 0 && q.Options[0] != v.Questions[i].Options[0] {
			t.Fatalf("the order changed on resume: %+v / %+v", q, v.Questions[i])
		}
	}
	got := apptest.DoJSON[exam.AttemptView](t, w.e, 200, "GET", path("attempt", v.ID, ""), w.a.tk, nil)
	if got.Remaining != again.Remaining {
		t.Fatalf("GET says %d s", got.Remaining)
	}
	// Submitted, the second attempt is a new one; a third is refused.
	apptest.DoJSON[exam.AttemptView](t, w.e, 200, "POST", path("attempt", v.ID, "submit"), w.a.tk, nil)
	second := w.start(t, w.a, x.ID)
	if second.ID == v.ID || second.No != 2 {
		t.Fatalf("second attempt %+v", second.Attempt)
	}
	apptest.DoJSON[exam.AttemptView](t, w.e, 200, "POST", path("attempt", second.ID, "submit"), w.a.tk, nil)
	apptest.ExpectMessage(t, w.e.Do("POST", path("my", x.ID, "start"), w.a.tk, nil), 409, "您已用完本场考试的2次作答机会")
	my := apptest.DoJSON[[]exam.MyExam](t, w.e, 200, "GET", "/api/ks/my", w.a.tk, nil)
	if len(my) != 1 || my[0].Status != exam.MyDone || my[0].Used != 2 || my[0].Score == nil || *my[0].Score != 20 {
		t.Fatalf("my exams %+v", my)
	}
}

// Two submissions at once grade once; an answer after submission is refused.
func TestConcurrentSubmitGradesOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.fixedPaper(t)
	x := w.examOf(t, p.ID, exam.ExamInput{})
	v := w.start(t, w.a, x.ID)
	w.save(t, w.a, v.ID, 3, question.JudgeTrue, 200)
	statuses := apptest.Concurrently(6, func(int) int {
		return w.e.Do("POST", path("attempt", v.ID, "submit"), w.a.tk, nil).Status
	})
	apptest.ExpectOneWins(t, statuses, 200, 409)
	n, err := w.e.DB.NewSelect().Model((*exam.Answer)(nil)).Where("attempt_id = ?", v.ID).Count(t.Context())
	if err != nil || n != 5 {
		t.Fatalf("%d answer rows, want one per question (%v)", n, err)
	}
	got := apptest.DoJSON[exam.AttemptView](t, w.e, 200, "GET", path("attempt", v.ID, ""), w.a.tk, nil)
	if got.Score != 10 {
		t.Fatalf("score %d", got.Score)
	}
	apptest.ExpectMessage(t, w.save(t, w.a, v.ID, 1, "A", 409), 409, exam.MsgSubmitted)
}

// The examinee's routes: signed in with dx:learn, on their own exams only.
func TestLearnerRoutesAccess(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.fixedPaper(t)
	x := w.examOf(t, p.ID, exam.ExamInput{})
	apptest.Expect(t, w.e.Do("GET", "/api/ks/my", "", nil), 401)
	apptest.Expect(t, w.e.Do("GET", "/api/ks/my", w.noTK, nil), 403)
	apptest.Expect(t, w.e.Do("POST", path("my", x.ID, "start"), "", nil), 401)
	apptest.Expect(t, w.e.Do("POST", path("my", x.ID, "start"), w.noTK, nil), 403)
	apptest.Expect(t, w.e.Do("POST", path("my", x.ID, "start"), w.g.tk, nil), 403)
	outsider := w.person(t, "钱三", "dx:learn")
	apptest.Expect(t, w.e.Do("POST", path("my", x.ID, "start"), outsider.tk, nil), 404)
	if my := apptest.DoJSON[[]exam.MyExam](t, w.e, 200, "GET", "/api/ks/my", outsider.tk, nil); len(my) != 0 {
		t.Fatalf("an outsider's exams %+v", my)
	}
	my := apptest.DoJSON[[]exam.MyExam](t, w.e, 200, "GET", "/api/ks/my", w.a.tk, nil)
	if len(my) != 1 || my[0].Status != exam.MyOpen || my[0].Total != 100 {
		t.Fatalf("my exams %+v", my)
	}
	apptest.Expect(t, w.e.Do("GET", path("attempt", 999999, ""), w.a.tk, nil), 404)
	apptest.Expect(t, w.e.Do("POST", path("attempt", 1, "submit"), "", nil), 401)
	apptest.Expect(t, w.e.Do("PUT", path("attempt", 1, "answer"), w.noTK, exam.AnswerInput{}), 403)
	// Staff routes: 403 without the permission, 404 out of scope.
	apptest.Expect(t, w.e.Do("GET", path("exam", x.ID, ""), w.mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", path("exam", x.ID, ""), w.noTK, nil), 403)
	apptest.Expect(t, w.e.Do("POST", path("exam", x.ID, "finish"), w.mathTK, nil), 404)
	apptest.Expect(t, w.e.Do("PUT", path("exam", x.ID, "examinees"), w.mathTK, exam.PeopleInput{}), 404)
	apptest.Expect(t, w.e.Do("GET", "/api/ks/grading", w.a.tk, nil), 403)
}

func itoa(n int64) string { return fmtI(n) }

// Examinees are added to those there, or replace them.
func TestExamineesAddOrReplace(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	p := w.fixedPaper(t)
	x := apptest.DoJSON[exam.ExamView](t, w.e, 201, "POST", "/api/ks/exam", w.csTK, exam.ExamInput{Title: "考", OrgID: w.cs, PaperID: p.ID,
		OpensAt: base, ClosesAt: base.Add(time.Hour), Duration: 30, Attempts: 1})
	apptest.ExpectMessage(t, w.e.Do("POST", path("exam", x.ID, "publish"), w.csTK, nil), 409, "请先设置考生")
	v := apptest.DoJSON[exam.ExamView](t, w.e, 200, "PUT", path("exam", x.ID, "examinees"), w.csTK, exam.PeopleInput{MemberIDs: []int64{w.a.member}})
	v = apptest.DoJSON[exam.ExamView](t, w.e, 200, "PUT", path("exam", x.ID, "examinees"), w.csTK, exam.PeopleInput{MemberIDs: []int64{w.b.member, w.a.member}, Add: true})
	if v.Examinees != 2 {
		t.Fatalf("after adding: %d examinees", v.Examinees)
	}
	v = apptest.DoJSON[exam.ExamView](t, w.e, 200, "PUT", path("exam", x.ID, "examinees"), w.csTK, exam.PeopleInput{MemberIDs: []int64{w.b.member}})
	if v.Examinees != 1 {
		t.Fatalf("after replacing: %d examinees", v.Examinees)
	}
	apptest.ExpectField(t, w.e.Do("PUT", path("exam", x.ID, "examinees"), w.csTK, exam.PeopleInput{MemberIDs: []int64{999999}}), "memberIds", "所选党员不存在")
}
