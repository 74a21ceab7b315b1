package exam

import (
	"sync"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/jobs"
	"zhdj/internal/platform/module"
	"zhdj/internal/pschool/question"
	"zhdj/internal/pschool/school"
	"zhdj/internal/system"
)

// Service is the papers and exams' domain.
type Service struct {
	db      *bun.DB
	sys     *system.Service
	orgs    *org.Service
	members *member.Service
	bank    *question.Service
	now     func() time.Time
	papers  sync.Map // locked paper id → []PaperQuestion
}

// New builds the service; now nil is the wall clock.
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service, bank *question.Service, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: database, sys: sys, orgs: orgs, members: members, bank: bank, now: now}
}

// SetClock sets the service's clock (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// clock is the server's time in UTC to the second: a deadline is kept to
// the second, and an act within its second is in time.
func (s *Service) clock() time.Time { return second(s.now()) }

// Module describes 在线考试 to internal/app.
func (s *Service) Module() module.Module {
	m := module.Module{Name: "exam", Migrations: Migrations(), Routes: s.Routes, Menus: menus(), Trail: PaperTrailModule}
	if s != nil {
		m.Jobs = []jobs.Job{{Name: "exam.closeExpired", Title: "考试超时自动收卷", Cron: "* * * * *", Timeout: 5 * time.Minute,
			Run: s.CloseExpired}}
	}
	return m
}

// Routes registers the exams' endpoints.
//
//	GET    /api/ks/paper               papers of the scope (ks:list)
//	GET    /api/ks/paper/{id}          one, with its questions and keys (ks:list)
//	POST   /api/ks/paper               composed and stored (ks:add)
//	PUT    /api/ks/paper/{id}          recomposed, unless a published exam uses it (ks:edit)
//	DELETE /api/ks/paper               papers no exam uses (ks:del)
//	POST   /api/ks/paper/preview       a composition not stored: the random draw with its seed (ks:edit)
//	GET    /api/ks/bank                the questions a paper of orgId may use (ks:edit)
//	GET    /api/ks/exam                exams of the scope (ks:list)
//	GET    /api/ks/exam/{id}           one (ks:list)
//	POST   /api/ks/exam                a draft (ks:add)
//	PUT    /api/ks/exam/{id}           changed (ks:edit)
//	DELETE /api/ks/exam                drafts (ks:del)
//	POST   /api/ks/exam/{id}/publish   draft → published (ks:edit)
//	POST   /api/ks/exam/{id}/finish    published → finished, after its closing (ks:edit)
//	GET    /api/ks/exam/{id}/examinees the examinees, paged (ks:list)
//	PUT    /api/ks/exam/{id}/examinees replaced by members' accounts (ks:edit)
//	GET    /api/ks/exam/{id}/graders   the graders (ks:list)
//	PUT    /api/ks/exam/{id}/graders   replaced by members' accounts (ks:edit)
//	GET    /api/ks/exam/{id}/results   results, paged (ks:list)
//	GET    /api/ks/exam/{id}/stats     statistics per question (ks:list)
//	GET    /api/ks/exam/{id}/export    results as a workbook (ks:export)
//	GET    /api/ks/grading             the exams the caller grades (ks:grade)
//	GET    /api/ks/grading/{id}        their short-answer questions (ks:grade)
//	GET    /api/ks/grading/{id}/answers  a question's answers, anonymised, paged (ks:grade)
//	PUT    /api/ks/grading/{id}/answers  one answer scored (ks:grade)
//
// and the examinee's, each on the caller's own attempts (dx:learn):
//
//	GET    /api/ks/my                  my exams
//	POST   /api/ks/my/{id}/start       an attempt begun (or the open one resumed)
//	GET    /api/ks/attempt/{id}        the attempt: questions in my order, saved answers, seconds left
//	PUT    /api/ks/attempt/{id}/answer one answer autosaved
//	POST   /api/ks/attempt/{id}/submit submitted and graded
func (s *Service) Routes(rs *httpx.Routes) {
	r := rs.In("在线考试")
	const base = "/api/ks"
	r.Get(base+"/paper", PermList, "查询试卷", httpx.ReadList(s.Papers))
	r.Get(base+"/paper/{id}", PermList, "查看试卷", httpx.ReadOn(errNoPaper, s.PaperDetail))
	r.Post(base+"/paper", PermAdd, "新增试卷", httpx.Create(s.CreatePaper))
	r.Put(base+"/paper/{id}", PermEdit, "修改试卷", httpx.ChangeOn(errNoPaper, s.UpdatePaper))
	r.Delete(base+"/paper", PermDel, "删除试卷", httpx.IDsAction(s.DeletePaper))
	papers := s.paperTrailOf()
	r.Get(base+"/paper/trail", PermList, "查询试卷变动轨迹", httpx.ReadList(papers.Across))
	r.Get(base+"/paper/{id}/trail", PermList, "查看试卷变动轨迹", httpx.ListUnder(errNoPaper, papers.Page))
	r.Query(base+"/paper/preview", PermEdit, "预览组卷", httpx.Action(s.PreviewPaper))
	r.Get(base+"/bank", PermEdit, "选择试题", httpx.ReadList(s.Bank))
	r.Get(base+"/exam", PermList, "查询考试", httpx.ReadList(s.Exams))
	r.Get(base+"/exam/{id}", PermList, "查看考试", httpx.ReadOn(errNoExam, s.ExamDetail))
	r.Post(base+"/exam", PermAdd, "新增考试", httpx.Create(s.CreateExam))
	r.Put(base+"/exam/{id}", PermEdit, "修改考试", httpx.ChangeOn(errNoExam, s.UpdateExam))
	r.Delete(base+"/exam", PermDel, "删除考试", httpx.IDsAction(s.DeleteExams))
	exams := s.examTrailOf()
	r.Get(base+"/exam/trail", PermList, "查询考试变动轨迹", httpx.ReadList(exams.Across))
	r.Get(base+"/exam/{id}/trail", PermList, "查看考试变动轨迹", httpx.ListUnder(errNoExam, exams.Page))
	r.Post(base+"/exam/{id}/publish", PermEdit, "发布考试", httpx.ReadOn(errNoExam, s.PublishExam))
	r.Post(base+"/exam/{id}/finish", PermEdit, "结束考试", httpx.ReadOn(errNoExam, s.FinishExam))
	r.Get(base+"/exam/{id}/examinees", PermList, "查看考生", httpx.ListUnder(errNoExam, s.Examinees))
	r.Put(base+"/exam/{id}/examinees", PermEdit, "设置考生", httpx.ChangeOn(errNoExam, s.SetExamExaminees))
	r.Get(base+"/exam/{id}/graders", PermList, "查看阅卷人", httpx.ReadOn(errNoExam, s.Graders))
	r.Put(base+"/exam/{id}/graders", PermEdit, "设置阅卷人", httpx.ChangeOn(errNoExam, s.SetGraders))
	r.Get(base+"/exam/{id}/results", PermList, "查看成绩", httpx.ListUnder(errNoExam, s.Results))
	r.Get(base+"/exam/{id}/stats", PermList, "试题分析", httpx.ReadOn(errNoExam, s.Stats))
	r.Get(base+"/exam/{id}/export", PermExport, "导出成绩", httpx.WriteID(errNoExam, s.export))
	r.Get(base+"/grading", PermGrade, "阅卷列表", httpx.Read(s.GradingExams))
	r.Get(base+"/grading/{id}", PermGrade, "阅卷试题", httpx.ReadOn(errNoExam, s.GradingQuestions))
	r.Get(base+"/grading/{id}/answers", PermGrade, "查看答案", httpx.ListUnder(errNoExam, s.GradingAnswers))
	r.Put(base+"/grading/{id}/answers", PermGrade, "评分", httpx.ChangeOn(errNoExam, s.Mark))

	l := rs.In("我的考试")
	l.Get(base+"/my", school.PermLearn, "查看我的考试", httpx.Read(s.MyExams))
	l.Post(base+"/my/{id}/start", school.PermLearn, "开始考试", httpx.ActionOn(errNoExam, s.Start))
	l.Get(base+"/attempt/{id}", school.PermLearn, "查看作答", httpx.ReadOn(errNoAttempt, s.MyAttempt))
	// An examinee's answers stay out of the operation log (who saved or
	// submitted, and when, is logged): the log's readers are not graders.
	l.SecretPut(base+"/attempt/{id}/answer", school.PermLearn, "保存答案", httpx.ChangeOn(errNoAttempt, s.Save))
	l.Secret(base+"/attempt/{id}/submit", school.PermLearn, "交卷", httpx.ReadOn(errNoAttempt, s.Submit))
}
