package exam

import (
	"context"
	"fmt"
	"time"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/pschool/question"
)

// The demo's exam (zhdj seed --demo, after the question bank's demo): a
// fixed paper of the university's bank — the first questions of each
// machine-graded type, 100 points — and an exam of it open from the seed
// time for demoWindowDays, pass mark 60 %. The exam is written as a draft:
// the demo's training batch makes its trainees the examinees, and
// PublishDemo then publishes it. Written once: a root that has papers is
// left alone.

// demoPicks are the paper's parts: how many questions of a type, at how
// many points each (10×3 + 5×4 + 10×3 + 5×4 = 100).
var demoPicks = []struct{ typ, count, points int }{
	{question.TypeSingle, 10, 3},
	{question.TypeMultiple, 5, 4},
	{question.TypeJudge, 10, 3},
	{question.TypeFill, 5, 4},
}

// Demo exam settings.
const (
	demoWindowDays = 30
	demoDuration   = 60 // minutes
	demoAttempts   = 2
	demoPassPct    = 60
)

// DemoResult is what SeedDemo wrote.
type DemoResult struct {
	Papers, Questions, Exams int
	// ExamID is the exam, for the demo's training batch (nil when none written).
	ExamID *int64
}

// SeedDemo writes the demo paper and exam of the university's (the first
// live root 党委's) through the staff's paper and exam paths, as the
// system. A root without questions of a type, or that already has papers,
// is left alone.
func (s *Service) SeedDemo(ctx context.Context) (*DemoResult, error) {
	ctx = rbac.AsSystem(ctx)
	res := &DemoResult{}
	root, err := s.orgs.LiveRoot(ctx, s.db)
	if err != nil {
		return nil, err
	}
	if root == nil {
		return res, nil
	}
	if n, err := s.db.NewSelect().Model((*Paper)(nil)).Where("org_id = ?", root.ID).Count(ctx); err != nil || n > 0 {
		return res, err
	}
	in := PaperInput{Title: "入党积极分子培训结业考试试卷", OrgID: root.ID, Mode: ModeFixed}
	for _, part := range demoPicks {
		page, err := s.Bank(ctx, httpx.ListQuery{Page: httpx.Page{Size: part.count},
			Filters: map[string]any{"orgId": root.ID, "type": fmt.Sprint(part.typ)}})
		if err != nil {
			return nil, err
		}
		if len(page.Content) < part.count {
			return res, nil // no demo bank: nothing to compose
		}
		for _, q := range page.Content {
			in.Picks = append(in.Picks, Pick{QuestionID: q.ID, Points: part.points})
		}
	}
	total := 0
	for _, p := range in.Picks {
		total += p.Points
	}
	in.PassMark = total * demoPassPct / 100
	p, err := s.CreatePaper(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("demo paper: %w", err)
	}
	res.Papers, res.Questions = 1, len(p.Questions)
	opens := s.clock()
	x, err := s.CreateExam(ctx, ExamInput{Title: "入党积极分子培训结业考试", OrgID: root.ID, PaperID: p.ID, OpensAt: opens,
		ClosesAt: opens.Add(demoWindowDays * 24 * time.Hour), Duration: demoDuration, Attempts: demoAttempts,
		ShuffleQuestions: true, ShuffleOptions: true})
	if err != nil {
		return nil, fmt.Errorf("demo exam: %w", err)
	}
	res.Exams, res.ExamID = 1, &x.ID
	return res, nil
}

// PublishDemo publishes the demo's exam id once the demo's batch has made
// its trainees examinees (as the system); an exam without examinees stays
// a draft (false).
func (s *Service) PublishDemo(ctx context.Context, id int64) (bool, error) {
	ctx = rbac.AsSystem(ctx)
	x, err := s.exam(ctx, s.db, id)
	if err != nil || x.Examinees == 0 {
		return false, err
	}
	if _, err := s.PublishExam(ctx, id); err != nil {
		return false, fmt.Errorf("publishing the demo exam: %w", err)
	}
	return true, nil
}
