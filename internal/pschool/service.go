// Package pschool is the party schools (分党校管理) and their training
// batches (培训班, spec §4 batch types): the university party school kept
// by the organisation department and a branch school at each secondary
// committee; a batch of a school trains the people of one development
// stage (enrolled from 发展党员's records), counts their attendance, and on
// completion (结业) writes the training onto the development record once,
// so that ⑪'s training rule is fed by the school, and numbers a
// certificate. Courses and exams are other modules: their evidence (online
// hours, exam results) comes through the Evidence interface.
package pschool

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// ExamOutcome is a trainee's result in the batch's exam.
type ExamOutcome struct {
	Score  float64 `json:"score"`
	Passed bool    `json:"passed"`
	// Graded is false while the paper waits for marking (or was not sat).
	Graded bool `json:"graded"`
}

// Evidence is what the course and exam modules know of a batch's trainees
// (the integrator wires it to them): the class hours each account studied
// online in the courses between from and to, and each account's outcome in
// an exam (an account absent from the answer has not sat it).
type Evidence interface {
	OnlineHours(ctx context.Context, userIDs []int64, courseIDs []int64, from, to date.Date) (map[int64]float64, error)
	ExamPassed(ctx context.Context, examID int64, userIDs []int64) (map[int64]ExamOutcome, error)
	// CheckLinks refuses (a 400 naming courseIds or examId) courses that
	// are not published and an exam outside the caller's scope.
	CheckLinks(ctx context.Context, courseIDs []int64, examID *int64) error
	// JoinExam makes accounts examinees of exam examID on a batch's
	// behalf, LeaveExam takes that back (an account the exam page named
	// stays); both through idb, the batch's transaction, and idempotent.
	JoinExam(ctx context.Context, idb bun.IDB, examID int64, userIDs []int64) error
	LeaveExam(ctx context.Context, idb bun.IDB, examID int64, userIDs []int64) error
}

// Service is the party schools and their batches.
type Service struct {
	db       *bun.DB
	sys      *system.Service
	orgs     *org.Service
	members  *member.Service
	develop  *develop.Service
	evidence Evidence
	now      func() time.Time
	schools  *resource.Resource[School, SchoolView]
	batches  *resource.Resource[Batch, BatchView]
}

// New builds the service; evidence is the course and exam modules
// (internal/app wires them).
func New(database *bun.DB, sys *system.Service, orgs *org.Service, members *member.Service, dev *develop.Service,
	evidence Evidence) *Service {
	s := &Service{db: database, sys: sys, orgs: orgs, members: members, develop: dev, evidence: evidence,
		now: func() time.Time { return time.Now().UTC() }}
	s.schools = s.schoolResource()
	s.batches = s.batchResource()
	return s
}

// WithClock answers a copy of the service reading the time from now (tests
// move the day a completion is dated).
func (s *Service) WithClock(now func() time.Time) *Service {
	c := *s
	c.now = now
	c.schools = c.schoolResource()
	c.batches = c.batchResource()
	return &c
}

// Module describes the schools and batches to internal/app; it works on a
// nil service.
func (s *Service) Module() module.Module {
	return module.Module{Name: "pschool", Migrations: Migrations(), Routes: s.Routes, Menus: menus(),
		Imports: []module.ImportKind{s.importKind()}, Trail: BatchTrailModule}
}

// Routes registers the schools' and batches' endpoints.
func (s *Service) Routes(rs *httpx.Routes) {
	s.schools.Routes(rs.In("分党校管理"), "/api/dx/schools", SchoolPerms)
	rs = rs.In("培训班")
	s.batchRoutes(rs)
	s.traineeRoutes(rs)
	s.completionRoutes(rs)
	s.mineRoutes(rs)
	s.accountRoutes(rs)
}

// today is the date in China.
func (s *Service) today() date.Date { return date.Of(s.now().In(date.China)) }
