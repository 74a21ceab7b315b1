package app

import (
	"context"
	"errors"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
	"zhdj/internal/pschool"
	"zhdj/internal/pschool/course"
	"zhdj/internal/pschool/exam"
)

// schoolEvidence answers what a training batch's completion asks of the
// other party-school modules through their Go APIs: the class hours its
// trainees were credited in the batch's courses (course.HoursOf) and their
// results in the batch's exam (exam.Outcomes); and it keeps the batch's
// trainees examinees of its exam (exam.AddBatchExaminees and
// RemoveBatchExaminees).
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

func (e schoolEvidence) JoinExam(ctx context.Context, idb bun.IDB, examID int64, userIDs []int64) error {
	return e.exams.AddBatchExaminees(ctx, idb, examID, userIDs)
}

func (e schoolEvidence) LeaveExam(ctx context.Context, idb bun.IDB, examID int64, userIDs []int64) error {
	return e.exams.RemoveBatchExaminees(ctx, idb, examID, userIDs)
}

// CheckLinks keeps a batch to published courses and an exam of the
// caller's scope.
func (e schoolEvidence) CheckLinks(ctx context.Context, courseIDs []int64, examID *int64) error {
	if len(courseIDs) > 0 {
		found, err := e.courses.PublishedCourses(ctx, courseIDs)
		if err != nil {
			return httpx.Internal(err)
		}
		if len(found) != len(uniq.Of(courseIDs)) {
			return httpx.Invalid("courseIds", "所选课程不存在或尚未发布")
		}
	}
	if examID != nil {
		if _, err := e.exams.ExamDetail(ctx, *examID); err != nil {
			var he *httpx.Error
			if errors.As(err, &he) && he.Status == http.StatusNotFound {
				return httpx.Invalid("examId", "所选考试不存在")
			}
			return err
		}
	}
	return nil
}
