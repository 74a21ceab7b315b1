package app

import (
	"context"

	"zhdj/internal/platform/date"
	"zhdj/internal/pschool"
	"zhdj/internal/pschool/course"
	"zhdj/internal/pschool/exam"
)

// schoolEvidence answers what a training batch's completion asks of the
// other party-school modules through their Go APIs: the class hours its
// trainees were credited in the batch's courses (course.HoursOf) and their
// results in the batch's exam (exam.Outcomes).
type schoolEvidence struct {
	courses *course.Service
	exams   *exam.Service
}

func (e schoolEvidence) OnlineHours(ctx context.Context, userIDs, courseIDs []int64, from, to date.Date) (map[int64]float64, error) {
	return e.courses.HoursOf(ctx, userIDs, courseIDs, from, to)
}

func (e schoolEvidence) ExamPassed(ctx context.Context, examID int64, userIDs []int64) (map[int64]pschool.ExamOutcome, error) {
	got, err := e.exams.Outcomes(ctx, examID, userIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]pschool.ExamOutcome, len(got))
	for id, o := range got {
		out[id] = pschool.ExamOutcome{Score: float64(o.Score), Passed: o.Passed, Graded: o.Graded}
	}
	return out, nil
}
