package pschool

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/develop"
	"zhdj/internal/platform/docx"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/seq"
	"zhdj/internal/platform/uniq"
	"zhdj/internal/pschool/school"
)

// CompletionRow is a trainee with what they met of the batch's
// requirements: attendance (days, as a share of the batch's days), class
// hours (offline entered + online from the batch's courses) and the exam.
type CompletionRow struct {
	TraineeView
	OnlineHours float64      `json:"onlineHours"`
	TotalHours  float64      `json:"totalHours"`
	AttendPct   int          `json:"attendPct"` // days attended, percent of the batch's days
	Attendance  bool         `json:"attendanceMet"`
	HoursMet    bool         `json:"hoursMet"`
	Exam        *ExamOutcome `json:"exam"` // nil: no exam, or not sat
	ExamMet     bool         `json:"examMet"`
	Eligible    bool         `json:"eligible"`
	// Reasons say in Chinese what is not met (empty when eligible).
	Reasons []string `json:"reasons"`
}

func (s *Service) completionRoutes(rs *httpx.Routes) {
	const base = "/api/dx/batches/{id}"
	rs.Get(base+"/completion", PermComplete, "查看结业条件", httpx.ListUnder(errNoBatch, s.Completion))
	rs.Post(base+"/complete", PermComplete, "结业", httpx.ChangeOn(errNoBatch, s.Complete))
	rs.Post(base+"/fail", PermComplete, "评定不合格", httpx.ChangeOn(errNoBatch, s.Fail))
	rs.Get(base+"/certificates", PermComplete, "下载结业证书", httpx.WriteID(errNoBatch, s.sendCertificates))
	rs.Get(base+"/trainees/{tid}/certificate", PermComplete, "下载结业证书", httpx.WriteID(errNoBatch, s.sendCertificate))
}

// Completion pages the batch's trainees (those withdrawn left out) with
// what they met.
func (s *Service) Completion(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[CompletionRow], error) {
	b, err := s.batchOf(ctx, s.db, id)
	if err != nil {
		return httpx.PageResult[CompletionRow]{}, err
	}
	q := s.traineeSelect(s.db, id, (*TraineeView)(nil)).Where("t.state <> ?", TraineeWithdrawn)
	page, err := httpx.Paged[TraineeView](ctx, q, traineeSpec, lq)
	if err != nil {
		return httpx.PageResult[CompletionRow]{}, err
	}
	rows, err := s.assess(ctx, b, page.Content)
	return httpx.WithContent(page, rows), err
}

// assess answers what each trainee met of batch b's requirements.
func (s *Service) assess(ctx context.Context, b *Batch, trainees []TraineeView) ([]CompletionRow, error) {
	var users []int64
	for _, t := range trainees {
		if t.UserID != nil {
			users = append(users, *t.UserID)
		}
	}
	users = uniq.Of(users)
	online := map[int64]float64{}
	exams := map[int64]ExamOutcome{}
	if len(users) > 0 {
		var err error
		if len(b.CourseIDs) > 0 {
			if online, err = s.evidence.OnlineHours(ctx, users, b.CourseIDs, b.StartOn, b.EndOn); err != nil {
				return nil, httpx.Internal(err)
			}
		}
		if b.ExamID != nil {
			if exams, err = s.evidence.ExamPassed(ctx, *b.ExamID, users); err != nil {
				return nil, httpx.Internal(err)
			}
		}
	}
	out := make([]CompletionRow, len(trainees))
	for i, t := range trainees {
		t.StateName = TraineeStateNames[t.State]
		r := CompletionRow{TraineeView: t, Reasons: []string{}}
		if t.UserID != nil {
			r.OnlineHours = online[*t.UserID]
		}
		r.TotalHours = t.HoursAttended + r.OnlineHours
		if b.Days > 0 {
			r.AttendPct = t.DaysAttended * 100 / b.Days
		}
		r.Attendance = t.DaysAttended*100 >= b.AttendPct*b.Days
		if !r.Attendance {
			r.Reasons = append(r.Reasons, fmt.Sprintf("出勤 %d/%d 天（%d%%），未达到 %d%%", t.DaysAttended, b.Days, r.AttendPct, b.AttendPct))
		}
		r.HoursMet = r.TotalHours >= float64(b.Hours)
		if !r.HoursMet {
			r.Reasons = append(r.Reasons, fmt.Sprintf("学时 %g（线下 %g + 线上 %g），未达到 %d 学时", r.TotalHours, t.HoursAttended, r.OnlineHours, b.Hours))
		}
		r.ExamMet = b.ExamID == nil
		switch {
		case r.ExamMet:
		case t.UserID == nil:
			r.Reasons = append(r.Reasons, "没有登录账号，无法读取考试成绩")
		default:
			if o, ok := exams[*t.UserID]; !ok {
				r.Reasons = append(r.Reasons, "未参加考试")
			} else {
				r.Exam = &o
				switch {
				case !o.Graded:
					r.Reasons = append(r.Reasons, "考试尚未阅卷")
				case !o.Passed:
					r.Reasons = append(r.Reasons, fmt.Sprintf("考试未通过（%g 分）", o.Score))
				default:
					r.ExamMet = true
				}
			}
		}
		if t.State != TraineeEnrolled {
			r.Reasons = append([]string{"学员" + TraineeStateNames[t.State]}, r.Reasons...)
		}
		r.Eligible = t.State == TraineeEnrolled && r.Attendance && r.HoursMet && r.ExamMet
		if r.Eligible {
			r.Reasons = []string{}
		}
		out[i] = r
	}
	return out, nil
}

// CompleteInput names the trainees to complete, or all who meet the
// requirements.
type CompleteInput struct {
	TraineeIDs []int64 `json:"traineeIds"`
	All        bool    `json:"all"`
}

// Completed is a trainee completed, with their certificate's number.
type Completed struct {
	TraineeID     int64  `json:"traineeId"`
	Name          string `json:"name"`
	CertificateNo string `json:"certificateNo"`
}

// Refused is a trainee not completed, and why.
type Refused struct {
	TraineeID int64    `json:"traineeId"`
	Name      string   `json:"name"`
	Reasons   []string `json:"reasons"`
}

// CompleteResult is what a completion did.
type CompleteResult struct {
	Completed []Completed `json:"completed"`
	Refused   []Refused   `json:"refused"`
}

// Complete completes the trainees of open batch id who meet its
// requirements (those named, or every enrolled one with All), in one
// transaction: each gets a certificate number of the school's year and
// their training is written onto their development record (once: a
// trainee completed already, or by a completion racing this one, is
// refused, never written twice). Those not meeting them are answered with
// the reasons.
func (s *Service) Complete(ctx context.Context, id int64, in CompleteInput) (CompleteResult, error) {
	out := CompleteResult{Completed: []Completed{}, Refused: []Refused{}}
	b, sc, err := s.batchAndSchool(ctx, id)
	if err != nil {
		return out, err
	}
	if b.State != StateOpen {
		return out, httpx.Conflict("只有进行中的培训班可以结业")
	}
	ids := uniq.Of(in.TraineeIDs)
	if !in.All && (len(ids) == 0 || len(ids) > maxTraineesOfOne) {
		return out, httpx.Invalid("traineeIds", "请选择结业的学员")
	}
	q := s.traineeSelect(s.db, id, (*TraineeView)(nil)).OrderExpr("t.person_no, t.id")
	if in.All {
		q = q.Where("t.state = ?", TraineeEnrolled)
	} else {
		q = q.Where("t.id IN (?)", bun.In(ids))
	}
	var trainees []TraineeView
	if err := q.Limit(maxTraineesOfOne).Scan(ctx, &trainees); err != nil {
		return out, httpx.Internal(err)
	}
	if !in.All && len(trainees) != len(ids) {
		return out, httpx.Invalid("traineeIds", "所选学员不在本培训班")
	}
	rows, err := s.assess(ctx, b, trainees)
	if err != nil {
		return out, err
	}
	today := s.today()
	err = s.inTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		out = CompleteResult{Completed: []Completed{}, Refused: []Refused{}}
		if err := s.lockOpen(ctx, tx, id, "结业"); err != nil {
			return err
		}
		for _, r := range rows {
			if !r.Eligible {
				out.Refused = append(out.Refused, Refused{TraineeID: r.ID, Name: r.Name, Reasons: r.Reasons})
				continue
			}
			res, err := tx.NewUpdate().Model((*Trainee)(nil)).Set("state = ?", TraineeCompleted).Set("completed_on = ?", today).
				Set("updated_at = ?", s.now()).Where("id = ?", r.ID).Where("state = ?", TraineeEnrolled).Exec(ctx)
			if err != nil {
				return httpx.Internal(err)
			}
			if n, _ := res.RowsAffected(); n != 1 { // completed meanwhile
				out.Refused = append(out.Refused, Refused{TraineeID: r.ID, Name: r.Name, Reasons: []string{"学员已结业"}})
				continue
			}
			no, err := seq.Next(ctx, tx, fmt.Sprintf("pschool.cert.%d", sc.ID), today.Time().Year())
			if err != nil {
				return httpx.Internal(err)
			}
			certNo := fmt.Sprintf("%s结业〔%d〕%03d", certPrefix(sc), today.Time().Year(), no)
			if _, err := tx.NewUpdate().Model((*Trainee)(nil)).Set("certificate_no = ?", certNo).Where("id = ?", r.ID).Exec(ctx); err != nil {
				return httpx.Internal(err)
			}
			if _, err := s.develop.RecordTraining(ctx, tx, r.RecordID, trainingOf(b, &r, true, certNo)); err != nil {
				return err
			}
			out.Completed = append(out.Completed, Completed{TraineeID: r.ID, Name: r.Name, CertificateNo: certNo})
		}
		return nil
	})
	return out, err
}

// certPrefix is what a school's certificate numbers begin with: 党校 for
// the university's, the committee's name for a branch school's (党校 names
// are unique per organisation, so numbers of two schools never collide).
func certPrefix(sc *School) string {
	if sc.Kind == KindUniversity {
		return "党校"
	}
	return strings.TrimSuffix(sc.Name, "分党校") + "分党校"
}

// trainingOf is the training a trainee's completion (passed) or failure
// writes onto the development record: the batch's type, title and dates
// with the days attended and the class hours (offline + online, in whole
// hours, at most maxHoursPerDay a day attended, as 发展党员 counts them).
func trainingOf(b *Batch, r *CompletionRow, passed bool, certNo string) develop.TrainingInput {
	days := min(r.DaysAttended, b.Days)
	hours := min(int(math.Floor(r.TotalHours)), max(days, 1)*maxHoursPerDay)
	return develop.TrainingInput{BatchID: b.ID, BatchType: b.Type, Title: b.Title, StartOn: b.StartOn, EndOn: b.EndOn,
		Hours: hours, Days: days, Passed: passed, CertificateNo: certNo}
}

// FailInput names the trainees found not qualified (不合格) and why.
type FailInput struct {
	TraineeIDs []int64 `json:"traineeIds"`
	Reason     string  `json:"reason"`
}

// Fail records enrolled trainees of open batch id as not qualified, in one
// transaction: the training is written onto their development records as
// not passed (it does not count for ⑪), once.
func (s *Service) Fail(ctx context.Context, id int64, in FailInput) (EnrolResult, error) {
	b, err := s.batchOf(ctx, s.db, id)
	if err != nil {
		return EnrolResult{}, err
	}
	if b.State != StateOpen {
		return EnrolResult{}, httpx.Conflict("只有进行中的培训班可以评定结业")
	}
	ids := uniq.Of(in.TraineeIDs)
	reason := strings.TrimSpace(in.Reason)
	if len(ids) == 0 || len(ids) > maxTraineesOfOne {
		return EnrolResult{}, httpx.Invalid("traineeIds", "请选择评定为不合格的学员")
	}
	if err := record.Required("reason", "不合格原因", reason, 200); err != nil {
		return EnrolResult{}, err
	}
	var trainees []TraineeView
	if err := s.traineeSelect(s.db, id, (*TraineeView)(nil)).Where("t.id IN (?)", bun.In(ids)).Scan(ctx, &trainees); err != nil {
		return EnrolResult{}, httpx.Internal(err)
	}
	if len(trainees) != len(ids) {
		return EnrolResult{}, httpx.Invalid("traineeIds", "所选学员不在本培训班")
	}
	rows, err := s.assess(ctx, b, trainees)
	if err != nil {
		return EnrolResult{}, err
	}
	err = s.inTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.lockOpen(ctx, tx, id, "评定结业"); err != nil {
			return err
		}
		for _, r := range rows {
			res, err := tx.NewUpdate().Model((*Trainee)(nil)).Set("state = ?", TraineeFailed).Set("reason = ?", reason).
				Set("updated_at = ?", s.now()).Where("id = ?", r.ID).Where("state = ?", TraineeEnrolled).Exec(ctx)
			if err := record.Conditional(res, err, 1, httpx.Invalid("traineeIds", "%s 已结业、评定或退学", r.Name)); err != nil {
				return err
			}
			if _, err := s.develop.RecordTraining(ctx, tx, r.RecordID, trainingOf(b, &r, false, "")); err != nil {
				return err
			}
		}
		return nil
	})
	return EnrolResult{Enrolled: len(ids)}, err
}

// certificate is the paragraphs of trainee t's certificate of batch b.
func certificate(b *Batch, sc *School, t *TraineeView) []string {
	no := t.PersonNo
	if no != "" {
		no = "（学号/工号 " + no + "）"
	}
	return []string{docx.Title("结 业 证 书", 52), docx.Right("编号：" + t.CertificateNo), docx.Plain(""),
		docx.Para(fmt.Sprintf("%s同志%s于 %s 至 %s 参加%s举办的%s「%s」，完成规定的培训内容（%d 学时、%d 天），经考核合格，准予结业。",
			t.Name, no, b.StartOn.Chinese(), b.EndOn.Chinese(), sc.Name, school.BatchTypeNames[b.Type], b.Title, b.Hours, b.Days)),
		docx.Plain(""), docx.Right(sc.Name), docx.Right(t.CompletedOn.Chinese())}
}

// pageBreak starts a new page (one certificate a page).
const pageBreak = `<w:p><w:r><w:br w:type="page"/></w:r></w:p>`

// sendCertificate sends the certificate of one completed trainee.
func (s *Service) sendCertificate(w http.ResponseWriter, r *http.Request, id int64) error {
	tid, err := httpx.PathID(r, "tid", httpx.NotFound("学员不存在"))
	if err != nil {
		return err
	}
	return s.sendCertificatesOf(w, r, id, &tid)
}

// sendCertificates sends every certificate of the batch, one a page.
func (s *Service) sendCertificates(w http.ResponseWriter, r *http.Request, id int64) error {
	return s.sendCertificatesOf(w, r, id, nil)
}

func (s *Service) sendCertificatesOf(w http.ResponseWriter, r *http.Request, id int64, one *int64) error {
	ctx := r.Context()
	b, sc, err := s.batchAndSchool(ctx, id)
	if err != nil {
		return err
	}
	q := s.traineeSelect(s.db, id, (*TraineeView)(nil)).Where("t.state = ?", TraineeCompleted).OrderExpr("t.certificate_no")
	if one != nil {
		q = q.Where("t.id = ?", *one)
	}
	var list []TraineeView
	if err := q.Limit(maxTraineesOfOne).Scan(ctx, &list); err != nil {
		return httpx.Internal(err)
	}
	if len(list) == 0 {
		if one != nil {
			return httpx.NotFound("该学员尚未结业，没有结业证书")
		}
		return httpx.NotFound("本培训班尚无结业学员")
	}
	name := b.Title + "结业证书.docx"
	if one != nil {
		name = list[0].Name + "结业证书.docx"
	}
	return s.writeCertificates(w, b, sc, list, name)
}

// writeCertificates sends the certificates of list (completed trainees of
// batch b of school sc), one a page, as a Word document named name.
func (s *Service) writeCertificates(w http.ResponseWriter, b *Batch, sc *School, list []TraineeView, name string) error {
	var paras []string
	for i := range list {
		if i > 0 {
			paras = append(paras, pageBreak)
		}
		paras = append(paras, certificate(b, sc, &list[i])...)
	}
	doc, err := docx.Build(paras...)
	if err != nil {
		return httpx.Internal(err)
	}
	httpx.SetDownload(w, name, "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
	_, err = w.Write(doc)
	return err
}
