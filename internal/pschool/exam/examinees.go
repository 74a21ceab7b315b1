package exam

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
)

// An examinee row holds two sources: by_hand (the exam page names the
// account) and by_batch (the account is a trainee of a training batch whose
// exam this is). Each side sets and clears only its own flag, and a row
// with neither is deleted, so the page's replace never drops a batch's
// trainee and a withdrawal never drops someone the page named. The
// attempts made stay whatever happens to the row.

// AddBatchExaminees makes userIDs examinees of exam examID on a training
// batch's behalf, through idb (the batch's transaction); idempotent.
func (s *Service) AddBatchExaminees(ctx context.Context, idb bun.IDB, examID int64, userIDs []int64) error {
	userIDs = uniq.Of(userIDs)
	if len(userIDs) == 0 {
		return nil
	}
	return changeExaminees(ctx, idb, examID, "examId", func() error { return upsertExaminees(ctx, idb, examID, userIDs, "by_batch") })
}

// RemoveBatchExaminees takes back what AddBatchExaminees gave userIDs in
// exam examID, through idb: an account also named on the exam page stays
// an examinee; idempotent.
func (s *Service) RemoveBatchExaminees(ctx context.Context, idb bun.IDB, examID int64, userIDs []int64) error {
	userIDs = uniq.Of(userIDs)
	if len(userIDs) == 0 {
		return nil
	}
	return changeExaminees(ctx, idb, examID, "examId", func() error {
		for start := 0; start < len(userIDs); start += 500 {
			part := userIDs[start:min(start+500, len(userIDs))]
			if _, err := idb.NewUpdate().Model((*examinee)(nil)).Set("by_batch = ?", false).
				Where("exam_id = ?", examID).Where("user_id IN (?)", bun.In(part)).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
		}
		return nil
	})
}

// changeExaminees runs change on exam examID's examinee rows under the
// exam's row lock (FOR UPDATE on PostgreSQL, SQLite's write lock), deletes
// the rows left with no source and recounts the examinees in one statement:
// two changes of the same exam count one after the other, never from a
// stale read. More than MaxExaminees is refused (400 naming field).
func changeExaminees(ctx context.Context, idb bun.IDB, examID int64, field string, change func() error) error {
	lock := idb.NewSelect().Model((*Exam)(nil)).Column("x.id").Where("x.id = ?", examID)
	if db.IsPostgres(idb) {
		lock = lock.For("UPDATE")
	}
	var id int64
	if err := lock.Scan(ctx, &id); err != nil {
		if isNoRows(err) {
			return errNoExam()
		}
		return httpx.Internal(err)
	}
	if err := change(); err != nil {
		return err
	}
	if _, err := idb.NewDelete().Model((*examinee)(nil)).Where("exam_id = ?", examID).
		Where("by_hand = ?", false).Where("by_batch = ?", false).Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	var n int
	if err := idb.NewRaw("UPDATE ks_exam SET examinees = (SELECT COUNT(*) FROM ks_examinee WHERE exam_id = ?) WHERE id = ? RETURNING examinees",
		examID, examID).Scan(ctx, &n); err != nil {
		return httpx.Internal(err)
	}
	if n > MaxExaminees {
		return httpx.Invalid(field, "一场考试最多%d名考生", MaxExaminees)
	}
	return nil
}

// upsertExaminees sets flag (by_hand or by_batch, never input) on
// userIDs' rows of exam examID, adding the rows missing.
func upsertExaminees(ctx context.Context, idb bun.IDB, examID int64, userIDs []int64, flag string) error {
	for start := 0; start < len(userIDs); start += 500 {
		part := userIDs[start:min(start+500, len(userIDs))]
		rows := make([]examinee, len(part))
		for i, u := range part {
			rows[i] = examinee{ExamID: examID, UserID: u, ByHand: flag == "by_hand", ByBatch: flag == "by_batch"}
		}
		if _, err := idb.NewInsert().Model(&rows).On("CONFLICT (exam_id, user_id) DO UPDATE").
			Set("? = ?", bun.Ident(flag), true).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
	}
	return nil
}
