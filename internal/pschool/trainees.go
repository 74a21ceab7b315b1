package pschool

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/develop"
	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/uniq"
	"zhdj/internal/platform/zh"
	"zhdj/internal/pschool/school"
)

// Trainee states.
const (
	TraineeEnrolled  = "enrolled"
	TraineeCompleted = "completed" // 结业
	TraineeFailed    = "failed"    // 不合格
	TraineeWithdrawn = "withdrawn" // 退学
)

// TraineeStateNames name the trainee states.
var TraineeStateNames = map[string]string{TraineeEnrolled: "在读", TraineeCompleted: "已结业", TraineeFailed: "不合格", TraineeWithdrawn: "已退学"}

// StageOf is the development stage whose records a batch of each type
// enrols.
var StageOf = map[int]string{school.BatchApply: develop.StageApplicant, school.BatchActive: develop.StageActivist,
	school.BatchDevelop: develop.StageTarget, school.BatchPrepare: develop.StageProbationary}

// Trainee is a person of a batch (a row of dx_trainee), enrolled from
// their development record; name, number and branch are copied from it.
type Trainee struct {
	bun.BaseModel `bun:"table:dx_trainee,alias:t"`
	resource.Base

	BatchID  int64 `bun:"batch_id" json:"batchId"`
	RecordID int64 `bun:"record_id" json:"recordId"`
	// BusyType is the batch's type while the trainee holds a place in an
	// unfinished batch (a unique index with RecordID), nil otherwise.
	BusyType *int   `bun:"busy_type" json:"-"`
	PersonNo string `bun:"person_no" json:"personNo"`
	Name     string `bun:"name" json:"name"`
	OrgID    int64  `bun:"org_id" json:"orgId"`
	// UserID is the account the person signs in with (a member's linked
	// account), nil when they have none: online hours are read by it.
	UserID        *int64    `bun:"user_id" json:"userId"`
	State         string    `bun:"state" json:"state"`
	DaysAttended  int       `bun:"days_attended" json:"daysAttended"`
	HoursAttended float64   `bun:"hours_attended" json:"hoursAttended"`
	CertificateNo string    `bun:"certificate_no" json:"certificateNo"`
	CompletedOn   date.Date `bun:"completed_on" json:"completedOn"`
	// Reason is why the trainee withdrew or failed.
	Reason string `bun:"reason" json:"reason"`
}

// TraineeView is a trainee as the lists show them.
type TraineeView struct {
	Trainee   `bun:",extend"`
	OrgName   string `bun:"org_name,scanonly" json:"orgName"`
	StateName string `bun:"-" json:"stateName"`
}

var traineeSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": {Columns: []string{"t.name", "t.person_no"}, Match: httpx.Like},
		"state":  {Columns: []string{"t.state"}, Match: httpx.In},
	},
	Sorts:       map[string]string{"name": zh.Name("t.name"), "personNo": "t.person_no", "orgName": zh.Name(org.NameColumn)},
	DefaultSort: "t.person_no, t.id",
	Key:         "t.id",
}

func (s *Service) traineeRoutes(rs *httpx.Routes) {
	const base = "/api/dx/batches/{id}"
	rs.Get(base+"/trainees", BatchPerms.List, "查询学员", httpx.ListUnder(errNoBatch, s.Trainees))
	rs.Get(base+"/trainees/export", BatchPerms.Export, "导出学员名单", httpx.WriteID(errNoBatch, s.exportTrainees))
	rs.Get(base+"/candidates", PermEnrol, "选择报名人员", httpx.ListUnder(errNoBatch, s.Candidates))
	rs.Post(base+"/trainees", PermEnrol, "报名", httpx.ChangeOn(errNoBatch, s.Enrol))
	rs.Put(base+"/attendance", PermEnrol, "登记考勤", httpx.ChangeOn(errNoBatch, s.SetAttendance))
	rs.Post(base+"/withdraw", PermEnrol, "退学", httpx.ChangeOn(errNoBatch, s.Withdraw))
}

// traineeSelect selects the trainees of batch id with their branch's name.
func (s *Service) traineeSelect(idb bun.IDB, batchID int64, rows any) *bun.SelectQuery {
	return org.NameJoin("t.org_id")(idb.NewSelect().Model(rows).ColumnExpr("t.*")).Where("t.batch_id = ?", batchID)
}

// Trainees pages the trainees of batch id of the caller's scope.
func (s *Service) Trainees(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[TraineeView], error) {
	if _, err := s.batchOf(ctx, s.db, id); err != nil {
		return httpx.PageResult[TraineeView]{}, err
	}
	return httpx.PagedEach(ctx, s.traineeSelect(s.db, id, (*TraineeView)(nil)), traineeSpec, lq, func(v *TraineeView) {
		v.StateName = TraineeStateNames[v.State]
	})
}

// exportTrainees sends the trainee list of batch id (its filters as the
// list's) as a workbook.
func (s *Service) exportTrainees(w http.ResponseWriter, r *http.Request, id int64) error {
	ctx := r.Context()
	b, err := s.batchOf(ctx, s.db, id)
	if err != nil {
		return err
	}
	lq, err := httpx.ReadListQuery(r)
	if err != nil {
		return err
	}
	q, err := traineeSpec.Query(s.traineeSelect(s.db, id, (*TraineeView)(nil)), lq)
	if err != nil {
		return err
	}
	n, err := excel.Export(ctx, w, s.db, q, []string{"序号", "学号/工号", "姓名", "党支部", "状态", "出勤天数", "线下学时", "结业证书编号", "结业日期"},
		[]float64{6, 16, 12, 28, 10, 10, 10, 28, 12}, b.Title+"学员名单", func(n int, v *TraineeView) []any {
			return []any{n, v.PersonNo, v.Name, v.OrgName, TraineeStateNames[v.State], v.DaysAttended, v.HoursAttended, v.CertificateNo, string(v.CompletedOn)}
		})
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出培训班「%s」学员名单 %d 人", b.Title, n))
	return err
}

// Candidates pages the development records a batch may enrol: those of the
// stage of its type, under the school's organisation, in the caller's scope,
// not in the batch nor in another unfinished batch of its type.
func (s *Service) Candidates(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[develop.StageRecord], error) {
	b, sc, err := s.batchAndSchool(ctx, id)
	if err != nil {
		return httpx.PageResult[develop.StageRecord]{}, err
	}
	blurry, _ := lq.Filters["blurry"].(string)
	// Left out: the people of this batch (whatever their state: a record
	// joins a batch once) and those in another unfinished batch of the type,
	// whom Enrol would refuse.
	busy := s.db.NewSelect().Model((*Trainee)(nil)).Column("t.record_id").
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("t.batch_id = ?", b.ID).WhereOr("t.busy_type = ?", b.Type)
		})
	return s.develop.StageRecords(ctx, develop.StageQuery{Stage: StageOf[b.Type], Under: sc.OrgID, Blurry: blurry,
		Except: busy, Page: lq.Page})
}

// batchAndSchool reads batch id of the caller's scope and its school.
func (s *Service) batchAndSchool(ctx context.Context, id int64) (*Batch, *School, error) {
	b, err := s.batchOf(ctx, s.db, id)
	if err != nil {
		return nil, nil, err
	}
	sc, err := s.schoolNamed(ctx, s.db, b.SchoolID)
	return b, sc, err
}

// EnrolInput names the development records to enrol.
type EnrolInput struct {
	RecordIDs []int64 `json:"recordIds"`
}

// EnrolResult is how many were enrolled.
type EnrolResult struct {
	Enrolled int `json:"enrolled"`
}

// Enrol enrols records into batch id (a draft or open batch), all or
// none: each must be a record of the batch type's stage under the school's
// organisation in the caller's scope, not already in the batch nor in
// another unfinished batch of the type.
func (s *Service) Enrol(ctx context.Context, id int64, in EnrolInput) (EnrolResult, error) {
	ids := uniq.Of(in.RecordIDs)
	if len(ids) == 0 {
		return EnrolResult{}, httpx.Invalid("recordIds", "请选择报名人员")
	}
	if len(ids) > 500 {
		return EnrolResult{}, httpx.Invalid("recordIds", "一次至多报名 %d 人", 500)
	}
	b, sc, err := s.batchAndSchool(ctx, id)
	if err != nil {
		return EnrolResult{}, err
	}
	page, err := s.develop.StageRecords(ctx, develop.StageQuery{Stage: StageOf[b.Type], Under: sc.OrgID, IDs: ids,
		Page: httpx.Page{Size: len(ids)}})
	if err != nil {
		return EnrolResult{}, err
	}
	if len(page.Content) != len(ids) {
		return EnrolResult{}, httpx.Invalid("recordIds", "所选人员中有 %d 人不是本党校范围内的%s", len(ids)-len(page.Content),
			develop.StageNames[StageOf[b.Type]])
	}
	accounts, err := s.accountsOf(ctx, page.Content)
	if err != nil {
		return EnrolResult{}, err
	}
	err = s.enrolRecords(ctx, b, page.Content, accounts)
	return EnrolResult{Enrolled: len(ids)}, err
}

// accountsOf are the accounts of the records' people who are members (a
// 预备党员's record names the member): member id → account.
func (s *Service) accountsOf(ctx context.Context, recs []develop.StageRecord) (map[int64]*int64, error) {
	var memberIDs []int64
	for _, r := range recs {
		if r.MemberID != nil {
			memberIDs = append(memberIDs, *r.MemberID)
		}
	}
	holders, err := s.members.HoldersOf(ctx, memberIDs)
	out := map[int64]*int64{}
	for id, h := range holders {
		out[id] = h.UserID
	}
	return out, err
}

// enrolRecords writes the trainees of recs into batch b in one
// transaction, under the batch's state (locked on PostgreSQL).
func (s *Service) enrolRecords(ctx context.Context, b *Batch, recs []develop.StageRecord, accounts map[int64]*int64) error {
	return s.inTx(ctx, func(ctx context.Context, tx bun.Tx) error { return s.enrolIn(ctx, tx, b, recs, accounts) })
}

// enrolIn is enrolRecords in the caller's transaction (an import's commit).
func (s *Service) enrolIn(ctx context.Context, tx bun.Tx, b *Batch, recs []develop.StageRecord, accounts map[int64]*int64) error {
	{
		if err := s.lockOpen(ctx, tx, b.ID, "报名"); err != nil {
			return err
		}
		ids := make([]int64, len(recs))
		for i, r := range recs {
			ids[i] = r.ID
		}
		if err := s.refuseBusy(ctx, tx, b, ids); err != nil {
			return err
		}
		n, err := tx.NewSelect().Model((*Trainee)(nil)).Where("t.batch_id = ?", b.ID).Where("t.state <> ?", TraineeWithdrawn).Count(ctx)
		if err != nil {
			return httpx.Internal(err)
		}
		if int(n)+len(recs) > maxTraineesOfOne {
			return httpx.Invalid("recordIds", "一个培训班至多 %d 名学员", maxTraineesOfOne)
		}
		now := s.now()
		typ := b.Type
		opened, err := openedAccounts(ctx, tx, ids)
		if err != nil {
			return err
		}
		for _, r := range recs {
			var user *int64
			if r.MemberID != nil {
				user = accounts[*r.MemberID]
			} else if u, ok := opened[r.ID]; ok {
				user = &u
			}
			// A withdrawn trainee enrolled again takes their row back.
			res, err := tx.NewUpdate().Model((*Trainee)(nil)).Set("state = ?", TraineeEnrolled).Set("busy_type = ?", typ).
				Set("reason = ''").Set("user_id = ?", user).Set("updated_at = ?", now).
				Where("batch_id = ?", b.ID).Where("record_id = ?", r.ID).Where("state = ?", TraineeWithdrawn).Exec(ctx)
			if err != nil {
				return enrolError(err)
			}
			if n, _ := res.RowsAffected(); n == 1 {
				continue
			}
			t := &Trainee{BatchID: b.ID, RecordID: r.ID, BusyType: &typ, PersonNo: db.Clip(r.PersonNo, 30), Name: db.Clip(r.Name, 50),
				OrgID: r.OrgID, UserID: user, State: TraineeEnrolled}
			t.CreatedAt, t.UpdatedAt = now, now
			if _, err := tx.NewInsert().Model(t).Exec(ctx); err != nil {
				return enrolError(err)
			}
		}
		var users []int64
		if err := tx.NewSelect().Model((*Trainee)(nil)).Column("t.user_id").Where("t.batch_id = ?", b.ID).
			Where("t.record_id IN (?)", bun.In(ids)).Where("t.user_id IS NOT NULL").Scan(ctx, &users); err != nil {
			return httpx.Internal(err)
		}
		exam, err := s.batchExam(ctx, tx, b.ID)
		if err != nil {
			return err
		}
		return s.joinExam(ctx, tx, exam, users)
	}
}

// enrolError answers a unique index broken by a concurrent enrolment.
func enrolError(err error) error {
	return record.WriteError(err, "所选人员已在本班或另一个未结束的同类培训班中", "")
}

// refuseBusy refuses records already in batch b or in another unfinished
// batch of its type, naming them.
func (s *Service) refuseBusy(ctx context.Context, tx bun.IDB, b *Batch, ids []int64) error {
	var busy []Trainee
	if err := tx.NewSelect().Model(&busy).Column("t.name", "t.batch_id").Where("t.record_id IN (?)", bun.In(ids)).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("t.busy_type = ?", b.Type).WhereOr("t.batch_id = ? AND t.state <> ?", b.ID, TraineeWithdrawn)
		}).OrderExpr("t.person_no").Limit(10).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	if len(busy) == 0 {
		return nil
	}
	var here, elsewhere []string
	for _, t := range busy {
		if t.BatchID == b.ID {
			here = append(here, t.Name)
		} else {
			elsewhere = append(elsewhere, t.Name)
		}
	}
	if len(here) > 0 {
		return httpx.Invalid("recordIds", "%s 已在本培训班", strings.Join(here, "、"))
	}
	return httpx.Invalid("recordIds", "%s 已在另一个未结束的%s中，同类培训班不能同时参加", strings.Join(elsewhere, "、"),
		school.BatchTypeNames[b.Type])
}

// lockOpen reads batch id's state in tx (FOR UPDATE on PostgreSQL: an
// enrolment or completion waits for a finish under way) and refuses what
// would change a finished batch.
func (s *Service) lockOpen(ctx context.Context, tx bun.Tx, id int64, what string) error {
	q := tx.NewSelect().Model((*Batch)(nil)).Column("b.state").Where("b.id = ?", id)
	if db.IsPostgres(tx) {
		q = q.For("UPDATE")
	}
	var state string
	if err := q.Scan(ctx, &state); err != nil {
		return httpx.Internal(err)
	}
	if state == StateFinished {
		return httpx.Conflict("培训班已结束，不能%s", what)
	}
	return nil
}

// AttendanceRow is one trainee's attendance as entered.
type AttendanceRow struct {
	TraineeID     int64   `json:"traineeId"`
	DaysAttended  int     `json:"daysAttended"`
	HoursAttended float64 `json:"hoursAttended"`
}

// AttendanceInput is the attendance of some trainees of a batch.
type AttendanceInput struct {
	Rows []AttendanceRow `json:"rows"`
}

// SetAttendance writes the attendance of trainees of batch id (enrolled
// ones: a completed trainee's attendance is what their training was
// recorded with), all or none.
func (s *Service) SetAttendance(ctx context.Context, id int64, in AttendanceInput) (EnrolResult, error) {
	b, err := s.batchOf(ctx, s.db, id)
	if err != nil {
		return EnrolResult{}, err
	}
	if len(in.Rows) == 0 || len(in.Rows) > maxTraineesOfOne {
		return EnrolResult{}, httpx.Invalid("rows", "请填写 1 到 %d 名学员的考勤", maxTraineesOfOne)
	}
	maxHours := float64(b.Days * maxHoursPerDay)
	for i, r := range in.Rows {
		if r.DaysAttended < 0 || r.DaysAttended > b.Days {
			return EnrolResult{}, httpx.Invalid("rows", "第 %d 行：出勤天数应在 0 到 %d 之间", i+1, b.Days)
		}
		if r.HoursAttended < 0 || r.HoursAttended > maxHours || r.HoursAttended*2 != float64(int(r.HoursAttended*2)) {
			return EnrolResult{}, httpx.Invalid("rows", "第 %d 行：线下学时应在 0 到 %g 之间（以 0.5 学时计）", i+1, maxHours)
		}
	}
	err = s.inTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.lockOpen(ctx, tx, id, "登记考勤"); err != nil {
			return err
		}
		now := s.now()
		for i, r := range in.Rows {
			res, err := tx.NewUpdate().Model((*Trainee)(nil)).Set("days_attended = ?", r.DaysAttended).
				Set("hours_attended = ?", r.HoursAttended).Set("updated_at = ?", now).
				Where("id = ?", r.TraineeID).Where("batch_id = ?", id).Where("state = ?", TraineeEnrolled).Exec(ctx)
			if err := record.Conditional(res, err, 1, httpx.Invalid("rows", "第 %d 行：学员不在本班或已结业、退学", i+1)); err != nil {
				return err
			}
		}
		return nil
	})
	return EnrolResult{Enrolled: len(in.Rows)}, err
}

// WithdrawInput names the trainees who withdraw and why.
type WithdrawInput struct {
	TraineeIDs []int64 `json:"traineeIds"`
	Reason     string  `json:"reason"`
}

// Withdraw withdraws enrolled trainees of batch id, all or none: they free
// their place (and may join another batch of the type) and leave the
// batch's exam.
func (s *Service) Withdraw(ctx context.Context, id int64, in WithdrawInput) (EnrolResult, error) {
	if _, err := s.batchOf(ctx, s.db, id); err != nil {
		return EnrolResult{}, err
	}
	ids := uniq.Of(in.TraineeIDs)
	reason := strings.TrimSpace(in.Reason)
	if len(ids) == 0 || len(ids) > maxTraineesOfOne {
		return EnrolResult{}, httpx.Invalid("traineeIds", "请选择退学的学员")
	}
	if err := record.MaxLen("reason", "退学原因", reason, 200); err != nil {
		return EnrolResult{}, err
	}
	err := s.inTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.lockOpen(ctx, tx, id, "退学"); err != nil {
			return err
		}
		users, err := traineeUsers(ctx, tx, id, ids)
		if err != nil {
			return err
		}
		res, err := tx.NewUpdate().Model((*Trainee)(nil)).Set("state = ?", TraineeWithdrawn).Set("busy_type = NULL").
			Set("reason = ?", reason).Set("updated_at = ?", s.now()).
			Where("batch_id = ?", id).Where("id IN (?)", bun.In(ids)).Where("state = ?", TraineeEnrolled).Exec(ctx)
		if err := record.Conditional(res, err, int64(len(ids)), httpx.Invalid("traineeIds", "所选学员不在本班或已结业、退学")); err != nil {
			return err
		}
		// They leave the batch's exam; the attempts they made stay.
		exam, err := s.batchExam(ctx, tx, id)
		if err != nil {
			return err
		}
		return s.leaveExam(ctx, tx, exam, id, users)
	})
	return EnrolResult{Enrolled: len(ids)}, err
}

// inTx runs fn in a transaction (joining the context's).
func (s *Service) inTx(ctx context.Context, fn func(ctx context.Context, tx bun.Tx) error) error {
	return db.InTx(ctx, s.db, fn)
}
