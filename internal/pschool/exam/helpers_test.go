package exam_test

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/pschool/exam"
	"zhdj/internal/pschool/question"
	"zhdj/internal/pschool/school"
)

// world: the campus (学校党委 above 计算机 and 数学); csTK runs exams at
// 计算机 (every ks permission), mathTK at 数学, noTK at 计算机 without any.
// a and b are members of the 计算机 branch with accounts holding dx:learn;
// g grades. The bank holds one question of each type at the school (the
// 计算机 school's papers may use it) and one single choice at 数学.
type world struct {
	e                    *apptest.Env
	root, cs, math, csb  int64
	csTK, mathTK, noTK   string
	a, b, g              person
	clock                *clock
	single, multi, judge int64
	fill, short, mathQ   int64
}

type person struct {
	member, account int64
	tk              string
}

// clock is the server's clock in a test: it stands still until moved.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Set(t time.Time)     { c.mu.Lock(); c.t = t; c.mu.Unlock() }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// base is the test's "now" when the world is made.
var base = time.Date(2026, 12, 1, 1, 0, 0, 0, time.UTC)

var manager = []string{exam.PermList, exam.PermAdd, exam.PermEdit, exam.PermDel, exam.PermGrade, exam.PermExport}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, clock: &clock{t: base}}
	e.App.Exams.SetClock(w.clock.Now)
	c := e.Campus(t)
	w.root, w.cs, w.math, w.csb = c.Root, c.CS, c.Math, c.Branch
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, manager...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, manager...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	w.a = w.person(t, "王一", school.PermLearn)
	w.b = w.person(t, "李二", school.PermLearn)
	w.g = w.person(t, "赵老师", exam.PermGrade)
	opts := []question.Option{{Key: "A", Text: "甲"}, {Key: "B", Text: "乙"}, {Key: "C", Text: "丙"}, {Key: "D", Text: "丁"}}
	w.single = w.bankQuestion(t, w.root, question.TypeSingle, opts, "B", "党")
	w.multi = w.bankQuestion(t, w.root, question.TypeMultiple, opts, "AC", "党")
	w.judge = w.bankQuestion(t, w.root, question.TypeJudge, nil, question.JudgeTrue, "史")
	w.fill = w.bankQuestion(t, w.cs, question.TypeFill, nil, `[["井冈山","井冈山根据地"],["1927"]]`, "史")
	w.short = w.bankQuestion(t, w.cs, question.TypeShort, nil, "为人民服务", "党")
	w.mathQ = w.bankQuestion(t, w.math, question.TypeSingle, opts, "A", "党")
	return w
}

// person adds a member of the 计算机 branch with an account holding perms.
func (w *world) person(t testing.TB, name string, perms ...string) person {
	t.Helper()
	id := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, w.csb, "gender", member.GenderMale))
	tk, uid := w.e.UserAt(t, "LEVEL_AND_BELOW", w.csb, perms...)
	if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("user_id = ?", uid).Where("id = ?", id).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return person{member: id, account: uid, tk: tk}
}

// bankQuestion stores a question of the bank (its pages are another module's).
func (w *world) bankQuestion(t testing.TB, orgID int64, typ int, opts []question.Option, key, tag string) int64 {
	t.Helper()
	q := &question.Question{OrgID: orgID, Type: typ, Stem: fmt.Sprintf("%s第%d题", question.TypeNames[typ], typ), Options: opts,
		Answer: key, Tags: tag, Difficulty: 3, Enabled: true}
	q.CreatedAt, q.UpdatedAt = base, base
	if err := q.Encode(); err != nil {
		t.Fatal(err)
	}
	if _, err := w.e.DB.NewInsert().Model(q).Returning("id").Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, err := w.e.DB.NewInsert().Model(&question.Tag{QuestionID: q.ID, Tag: tag}).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return q.ID
}

// fixedPaper composes a paper of every type at 计算机: 单选 10, 多选 10,
// 判断 10, 填空 20, 简答 50 (total 100, pass 60).
func (w *world) fixedPaper(t testing.TB) exam.PaperDetail {
	t.Helper()
	return apptest.DoJSON[exam.PaperDetail](t, w.e, 201, "POST", "/api/ks/paper", w.csTK, exam.PaperInput{
		Title: "党史测试卷", OrgID: w.cs, Mode: exam.ModeFixed, PassMark: 60,
		Picks: []exam.Pick{{QuestionID: w.single, Points: 10}, {QuestionID: w.multi, Points: 10}, {QuestionID: w.judge, Points: 10},
			{QuestionID: w.fill, Points: 20}, {QuestionID: w.short, Points: 50}}})
}

// examOf makes an exam of paper open from an hour before base to two hours
// after, 30 minutes long, for a and b, graded by g, and publishes it.
func (w *world) examOf(t testing.TB, paperID int64, in exam.ExamInput) exam.ExamView {
	t.Helper()
	if in.Title == "" {
		in.Title = "党史知识考试"
	}
	in.OrgID, in.PaperID = w.cs, paperID
	if in.OpensAt.IsZero() {
		in.OpensAt, in.ClosesAt = base.Add(-time.Hour), base.Add(2*time.Hour)
	}
	if in.Duration == 0 {
		in.Duration = 30
	}
	if in.Attempts == 0 {
		in.Attempts = 1
	}
	x := apptest.DoJSON[exam.ExamView](t, w.e, 201, "POST", "/api/ks/exam", w.csTK, in)
	apptest.DoJSON[exam.ExamView](t, w.e, 200, "PUT", path("exam", x.ID, "examinees"), w.csTK, exam.PeopleInput{MemberIDs: []int64{w.a.member, w.b.member}})
	apptest.DoJSON[[]exam.Person](t, w.e, 200, "PUT", path("exam", x.ID, "graders"), w.csTK, exam.PeopleInput{MemberIDs: []int64{w.g.member}})
	return apptest.DoJSON[exam.ExamView](t, w.e, 200, "POST", path("exam", x.ID, "publish"), w.csTK, nil)
}

func path(kind string, id int64, action string) string {
	if action == "" {
		return fmt.Sprintf("/api/ks/%s/%d", kind, id)
	}
	return fmt.Sprintf("/api/ks/%s/%d/%s", kind, id, action)
}

// start begins p's attempt of exam id.
func (w *world) start(t testing.TB, p person, id int64) exam.AttemptView {
	t.Helper()
	return apptest.DoJSON[exam.AttemptView](t, w.e, 200, "POST", path("my", id, "start"), p.tk, exam.StartInput{Terminal: school.TerminalMobile})
}

// shownKey is the key attempt v shows the option of text under, in question seq.
func shownKey(t testing.TB, v exam.AttemptView, seq int, texts ...string) string {
	t.Helper()
	q := shown(t, v, seq)
	out := ""
	for _, o := range q.Options {
		for _, text := range texts {
			if o.Text == text {
				out += o.Key
			}
		}
	}
	if len(out) != len(texts) {
		t.Fatalf("question %d shows %v, not %v", seq, q.Options, texts)
	}
	return out
}

func shown(t testing.TB, v exam.AttemptView, seq int) exam.ShownQuestion {
	t.Helper()
	for _, q := range v.Questions {
		if q.Seq == seq {
			return q
		}
	}
	t.Fatalf("attempt %d has no question %d", v.ID, seq)
	return exam.ShownQuestion{}
}

// save autosaves an answer of attempt id and expects status.
func (w *world) save(t testing.TB, p person, id int64, seq int, answer string, status int) *apptest.Response {
	t.Helper()
	res := w.e.Do("PUT", path("attempt", id, "answer"), p.tk, exam.AnswerInput{Seq: seq, Answer: answer})
	apptest.Expect(t, res, status)
	return res
}

func fillAnswer(texts ...string) string {
	b, _ := json.Marshal(texts)
	return string(b)
}

func fmtI(n int64) string { return fmt.Sprint(n) }
