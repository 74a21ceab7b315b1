package pschool

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// A batch's trainees are the examinees of its exam: an enrolled trainee
// with an account joins it, a withdrawn one leaves it, and changing or
// clearing the batch's exam moves them all (completed and failed trainees
// too: their attempts are in the exam they sat). The exam module keeps
// these rows apart from those named on its own page (exam's by_batch).

// batchExam reads batch id's exam inside tx (after lockOpen: the exam an
// edit of the batch may be changing is the one committed before it).
func (s *Service) batchExam(ctx context.Context, tx bun.IDB, id int64) (*int64, error) {
	var exam *int64
	if err := tx.NewSelect().Model((*Batch)(nil)).Column("b.exam_id").Where("b.id = ?", id).Scan(ctx, &exam); err != nil {
		return nil, httpx.Internal(err)
	}
	return exam, nil
}

// traineeUsers are the accounts of batch id's trainees who have not
// withdrawn, through idb; traineeIDs non-nil keeps only those trainees.
func traineeUsers(ctx context.Context, idb bun.IDB, id int64, traineeIDs []int64) ([]int64, error) {
	q := idb.NewSelect().Model((*Trainee)(nil)).Column("t.user_id").Where("t.batch_id = ?", id).
		Where("t.state <> ?", TraineeWithdrawn).Where("t.user_id IS NOT NULL")
	if traineeIDs != nil {
		q = q.Where("t.id IN (?)", bun.In(append(traineeIDs, 0)))
	}
	var users []int64
	if err := q.OrderExpr("t.user_id").Scan(ctx, &users); err != nil {
		return nil, httpx.Internal(err)
	}
	return users, nil
}

// joinExam makes users examinees of exam (nil: the batch has none).
func (s *Service) joinExam(ctx context.Context, idb bun.IDB, exam *int64, users []int64) error {
	if exam == nil || len(users) == 0 {
		return nil
	}
	return s.evidence.JoinExam(ctx, idb, *exam, users)
}

// leaveExam takes users out of exam on batch's behalf, but not those still
// trainees (not withdrawn) of another batch with the same exam.
func (s *Service) leaveExam(ctx context.Context, idb bun.IDB, exam *int64, batch int64, users []int64) error {
	if exam == nil || len(users) == 0 {
		return nil
	}
	var kept []int64
	if err := idb.NewSelect().Model((*Trainee)(nil)).Column("t.user_id").Join("JOIN dx_batch AS b ON b.id = t.batch_id").
		Where("b.exam_id = ?", *exam).Where("b.id <> ?", batch).Where("t.state <> ?", TraineeWithdrawn).
		Where("t.user_id IN (?)", bun.In(users)).Scan(ctx, &kept); err != nil {
		return httpx.Internal(err)
	}
	held := make(map[int64]bool, len(kept))
	for _, u := range kept {
		held[u] = true
	}
	leaving := make([]int64, 0, len(users))
	for _, u := range users {
		if !held[u] {
			leaving = append(leaving, u)
		}
	}
	if len(leaving) == 0 {
		return nil
	}
	return s.evidence.LeaveExam(ctx, idb, *exam, leaving)
}

// moveExaminees moves batch id's trainees from exam from to exam to (an
// edit of the batch changed or cleared its exam), inside tx.
func (s *Service) moveExaminees(ctx context.Context, tx bun.IDB, id int64, from, to *int64) error {
	if sameExam(from, to) {
		return nil
	}
	users, err := traineeUsers(ctx, tx, id, nil)
	if err != nil {
		return err
	}
	if err := s.leaveExam(ctx, tx, from, id, users); err != nil {
		return err
	}
	return s.joinExam(ctx, tx, to, users)
}

func sameExam(a, b *int64) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}
