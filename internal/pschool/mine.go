package pschool

import (
	"context"
	"net/http"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/pschool/school"
)

// MyBatch is one of the caller's batches as the learner sees it: the
// batch's requirements and their own progress (what they met, why not,
// their certificate's number once completed).
type MyBatch struct {
	Batch      BatchView     `json:"batch"`
	Progress   CompletionRow `json:"progress"`
	SchoolName string        `json:"schoolName"`
}

// maxMyBatches bounds the learner's list (a person joins a few batches in
// their development; the list is the whole history).
const maxMyBatches = 100

func (s *Service) mineRoutes(rs *httpx.Routes) {
	rs.Get("/api/dx/my/batches", school.PermLearn, "我的培训班", httpx.Read(s.MyBatches))
	rs.Get("/api/dx/my/batches/{id}/certificate", school.PermLearn, "下载我的结业证书", httpx.WriteID(errNoBatch, s.sendMyCertificate))
}

// MyBatches are the batches the caller's account is a trainee of (not
// withdrawn), newest first, with their progress. Only the caller's own
// rows are read: the trainee's account is the caller's.
func (s *Service) MyBatches(ctx context.Context) ([]MyBatch, error) {
	out := []MyBatch{}
	user := rbac.UserID(ctx)
	if user == 0 {
		return out, nil
	}
	var mine []TraineeView
	if err := s.db.NewSelect().Model(&mine).ColumnExpr("t.*").Where("t.user_id = ?", user).Where("t.state <> ?", TraineeWithdrawn).
		OrderExpr("t.id DESC").Limit(maxMyBatches).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	for _, t := range mine {
		var b BatchView
		if err := s.batches.Join(s.db.NewSelect().Model(&b).ColumnExpr("b.*")).Where("b.id = ?", t.BatchID).Scan(ctx); err != nil {
			return nil, httpx.Internal(err)
		}
		b.TypeName, b.StateName = school.BatchTypeNames[b.Type], StateNames[b.State]
		if b.CourseIDs == nil {
			b.CourseIDs = []int64{}
		}
		rows, err := s.assess(ctx, &b.Batch, []TraineeView{t})
		if err != nil {
			return nil, err
		}
		out = append(out, MyBatch{Batch: b, Progress: rows[0], SchoolName: b.SchoolName})
	}
	return out, nil
}

// sendMyCertificate sends the caller's own certificate of batch id (404
// when they did not complete it).
func (s *Service) sendMyCertificate(w http.ResponseWriter, r *http.Request, id int64) error {
	ctx := r.Context()
	user := rbac.UserID(ctx)
	var t Trainee
	err := s.db.NewSelect().Model(&t).Where("t.batch_id = ?", id).Where("t.user_id = ?", user).Where("t.state = ?", TraineeCompleted).
		Limit(1).Scan(ctx)
	if err != nil || user == 0 {
		return httpx.NotFound("没有该培训班的结业证书")
	}
	b, err := s.batchNamed(ctx, id)
	if err != nil {
		return err
	}
	sc, err := s.schoolNamed(ctx, s.db, b.SchoolID)
	if err != nil {
		return err
	}
	return s.writeCertificates(w, b, sc, []TraineeView{{Trainee: t}}, t.Name+"结业证书.docx")
}
