package pschool

import (
	"context"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/pschool/school"
)

// Batch states: a draft is being prepared (enrolment open to the staff),
// an open batch runs (enrolment, attendance, completion), a finished one
// is closed (its trainees may join another batch of the type).
const (
	StateDraft    = "draft"
	StateOpen     = "open"
	StateFinished = "finished"
)

// StateNames name the batch states.
var StateNames = map[string]string{StateDraft: "筹备中", StateOpen: "进行中", StateFinished: "已结束"}

// Batch is a training batch of a school (a row of dx_batch). Its JSON form
// is also the body of create and update (the state changes by its own
// routes).
type Batch struct {
	bun.BaseModel `bun:"table:dx_batch,alias:b"`
	resource.Base

	SchoolID int64     `bun:"school_id" json:"schoolId"`
	Type     int       `bun:"type" json:"type"` // school.BatchTypes
	Title    string    `bun:"title" json:"title"`
	StartOn  date.Date `bun:"start_on" json:"startOn"`
	EndOn    date.Date `bun:"end_on" json:"endOn"`
	// Hours and Days are what a trainee must attend: the class hours
	// (offline and online together) and the days of the concentrated
	// training, whose share AttendPct (percent) must be attended.
	Hours int `bun:"hours" json:"hours"`
	Days  int `bun:"days" json:"days"`
	// CourseIDs are the courses studied online (the course module's ids)
	// and ExamID the exam to pass (the exam module's), if any.
	CourseIDs []int64 `bun:"course_ids" json:"courseIds"`
	ExamID    *int64  `bun:"exam_id" json:"examId"`
	AttendPct int     `bun:"attend_pct" json:"attendPct"`
	State     string  `bun:"state" json:"state"`
	Remark    string  `bun:"remark" json:"remark"`
}

// BatchView is a batch as the API shows it.
type BatchView struct {
	Batch      `bun:",extend"`
	SchoolName string `bun:"school_name,scanonly" json:"schoolName"`
	OrgID      int64  `bun:"school_org_id,scanonly" json:"orgId"`
	TypeName   string `bun:"-" json:"typeName"`
	StateName  string `bun:"-" json:"stateName"`
	Enrolled   int    `bun:"enrolled,scanonly" json:"enrolled"`
	Completed  int    `bun:"completed,scanonly" json:"completed"`
}

// Bounds of a batch.
const (
	maxBatchDays      = 366
	maxHoursPerDay    = 8 // as 发展党员 counts a training day (develop's maxTrainingHoursPerDay)
	maxCourses        = 50
	defaultAttendPct  = 80
	maxTraineesOfOne  = 2000
	traineeStateInput = 16
)

// typeDefaults are a new batch's hours and days by type when the form
// leaves them out (a 发展对象 batch takes 发展党员's configured minimum).
var typeDefaults = map[int][2]int{school.BatchApply: {16, 2}, school.BatchActive: {24, 3}, school.BatchPrepare: {16, 2}}

var batchSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":   {Columns: []string{"b.title"}, Match: httpx.Like},
		"type":     {Columns: []string{"b.type"}, Match: httpx.In, Kind: httpx.Int},
		"state":    {Columns: []string{"b.state"}, Match: httpx.In},
		"schoolId": {Columns: []string{"b.school_id"}, Match: httpx.Eq, Kind: httpx.Int},
		"startOn":  {Columns: []string{"b.start_on"}, Match: httpx.Range, Kind: httpx.Date},
	},
	Sorts:       map[string]string{"startOn": "b.start_on", "title": "b.title", "createTime": "b.created_at"},
	DefaultSort: "b.start_on DESC, b.id DESC",
	Key:         "b.id",
}

func errNoBatch() *httpx.Error { return httpx.NotFound("培训班不存在") }

// batchScope restricts a select of batches (alias b) to the schools of the
// caller's organisation scope.
func (s *Service) batchScope(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
	return s.schoolScoped("b.school_id")(ctx)
}

// schoolScoped restricts a select to the rows whose column holds a school
// of the caller's organisation scope (a batch by its school; a deleted
// batch's trail entry by the school it was anchored to).
func (s *Service) schoolScoped(column string) record.Restriction {
	return func(ctx context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
		scope, err := s.orgs.Scoped("ss.org_id")(ctx)
		if err != nil {
			return nil, err
		}
		sub := scope(s.db.NewSelect().TableExpr("dx_school AS ss").Column("ss.id"))
		return func(q *bun.SelectQuery) *bun.SelectQuery { return q.Where("? IN (?)", bun.Ident(column), sub) }, nil
	}
}

func (s *Service) batchResource() *resource.Resource[Batch, BatchView] {
	return &resource.Resource[Batch, BatchView]{DB: s.db, Noun: "培训班", Spec: batchSpec, Now: s.now, Access: s.sys.LogAccess,
		Scope: s.batchScope,
		Join: func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.ColumnExpr("bs.name AS school_name, bs.org_id AS school_org_id").Join("JOIN dx_school AS bs ON bs.id = b.school_id").
				ColumnExpr("(SELECT COUNT(*) FROM dx_trainee AS ct WHERE ct.batch_id = b.id AND ct.state <> ?) AS enrolled", TraineeWithdrawn).
				ColumnExpr("(SELECT COUNT(*) FROM dx_trainee AS ct WHERE ct.batch_id = b.id AND ct.state = ?) AS completed", TraineeCompleted)
		},
		Record: func(v *BatchView) *Batch { return &v.Batch },
		Labels: func(ctx context.Context) (audit.Labeller, error) {
			return func(string, string) string { return "" }, nil
		},
		Show: func(v *BatchView, _ audit.Labeller) {
			v.TypeName, v.StateName = school.BatchTypeNames[v.Type], StateNames[v.State]
			if v.CourseIDs == nil {
				v.CourseIDs = []int64{}
			}
		},
		Check: s.checkBatch,
		BeforeUpdate: func(ctx context.Context, tx bun.IDB, cur *BatchView, m *Batch) error {
			if cur.State == StateFinished {
				return httpx.Conflict("培训班已结束，不能修改")
			}
			return s.moveExaminees(ctx, tx, cur.ID, cur.ExamID, m.ExamID)
		},
		BeforeDelete: s.beforeDeleteBatches,
		Trail:        batchTrail, TrailName: "b.title", TrailView: batchFields.TrailView,
		Anchor: "school_id", AnchorScope: s.schoolScoped,
		Export: resource.Export[BatchView]{Title: "培训班", Columns: []resource.Column[BatchView]{
			{Header: "培训班", Width: 30, Cell: func(v *BatchView) any { return v.Title }},
			{Header: "类型", Width: 18, Cell: func(v *BatchView) any { return v.TypeName }},
			{Header: "党校", Width: 24, Cell: func(v *BatchView) any { return v.SchoolName }},
			{Header: "开始日期", Width: 12, Cell: func(v *BatchView) any { return string(v.StartOn) }},
			{Header: "结束日期", Width: 12, Cell: func(v *BatchView) any { return string(v.EndOn) }},
			{Header: "学时", Width: 8, Cell: func(v *BatchView) any { return v.Hours }},
			{Header: "天数", Width: 8, Cell: func(v *BatchView) any { return v.Days }},
			{Header: "状态", Width: 10, Cell: func(v *BatchView) any { return v.StateName }},
			{Header: "学员", Width: 8, Cell: func(v *BatchView) any { return v.Enrolled }},
			{Header: "已结业", Width: 8, Cell: func(v *BatchView) any { return v.Completed }},
		}},
	}
}

// checkBatch checks a batch's body into the row to write (cur nil: a new
// batch, a draft). The school and type are kept once set: the trainees
// were enrolled from the stage the type names.
func (s *Service) checkBatch(ctx context.Context, in Batch, cur *BatchView) (Batch, error) {
	var c httpx.Checks
	m := in
	if cur != nil {
		m.SchoolID, m.Type, m.State = cur.SchoolID, cur.Type, cur.State
	} else {
		m.State = StateDraft
		if _, err := s.schoolOf(ctx, s.db, in.SchoolID); err != nil {
			c.Add(httpx.Invalid("schoolId", "所选党校不存在"))
		}
		if !slices.Contains(school.BatchTypes, in.Type) {
			c.Add(httpx.Invalid("type", "请选择培训班类型"))
		}
	}
	m.Title, m.Remark = strings.TrimSpace(m.Title), strings.TrimSpace(m.Remark)
	c.Add(record.Required("title", "培训班名称", m.Title, 100), record.MaxLen("remark", "备注", m.Remark, 500))
	start, startErr := record.Date("startOn", "开始日期", string(m.StartOn))
	end, endErr := record.Date("endOn", "结束日期", string(m.EndOn))
	c.Add(record.Chosen("startOn", "开始日期", !m.StartOn.IsZero()), startErr, record.Chosen("endOn", "结束日期", !m.EndOn.IsZero()), endErr)
	span := 0
	if !c.Failed("startOn") && !c.Failed("endOn") {
		m.StartOn, m.EndOn = start, end
		switch span = calendarDays(start, end); {
		case end.Before(start):
			c.Add(httpx.Invalid("endOn", "结束日期不能早于开始日期"))
		case span > maxBatchDays:
			c.Add(httpx.Invalid("endOn", "培训班至多 %d 天", maxBatchDays))
		}
	}
	if c.Failed("startOn") || c.Failed("endOn") || c.Failed("type") {
		return m, c.Err()
	}
	minHours, minDays, err := s.minimumOf(ctx, m.Type)
	if err != nil {
		return m, err
	}
	if m.Days == 0 {
		m.Days = min(minDays, span)
	}
	if m.Hours == 0 {
		m.Hours = min(minHours, m.Days*maxHoursPerDay)
	}
	switch {
	case m.Days < 1 || m.Days > span:
		c.Add(httpx.Invalid("days", "%s 至 %s 共 %d 天，培训天数应在 1 到 %d 天之间", start, end, span, span))
	case m.Hours < 1 || m.Hours > m.Days*maxHoursPerDay:
		c.Add(httpx.Invalid("hours", "%d 天的培训应为 1 到 %d 学时（每天不超过 %d 学时）", m.Days, m.Days*maxHoursPerDay, maxHoursPerDay))
	case m.Type == school.BatchDevelop && m.Hours < minHours && m.Days < minDays:
		// 细则第二十条 (RULES.md §2 ⑪): the batch may ask more, never less.
		c.Add(httpx.Invalid("days", "发展对象培训班须不少于 %d 天或 %d 学时（发展党员配置的集中培训要求）", minDays, minHours))
	}
	if m.AttendPct == 0 {
		m.AttendPct = defaultAttendPct
	}
	if m.AttendPct < 1 || m.AttendPct > 100 {
		c.Add(httpx.Invalid("attendPct", "出勤率要求应在 1%% 到 100%% 之间"))
	}
	slices.Sort(m.CourseIDs)
	m.CourseIDs = slices.Compact(m.CourseIDs)
	if len(m.CourseIDs) > maxCourses || (len(m.CourseIDs) > 0 && m.CourseIDs[0] <= 0) {
		c.Add(httpx.Invalid("courseIds", "课程至多 %d 门", maxCourses))
	}
	if m.ExamID != nil && *m.ExamID <= 0 {
		c.Add(httpx.Invalid("examId", "所选考试不存在"))
	}
	if err := c.Err(); err != nil {
		return m, err
	}
	return m, s.evidence.CheckLinks(ctx, m.CourseIDs, m.ExamID)
}

// minimumOf is the default hours and days of a batch of type t; for a
// 发展对象 batch, 发展党员's configured training minimum (⑪).
func (s *Service) minimumOf(ctx context.Context, t int) (hours, days int, err error) {
	if t == school.BatchDevelop {
		return s.develop.TrainingMinimum(ctx)
	}
	d := typeDefaults[t]
	return d[0], d[1], nil
}

// calendarDays is the number of days from start to end, both counted.
func calendarDays(start, end date.Date) int {
	return int(end.Time().Sub(start.Time()).Hours()/24) + 1
}

// beforeDeleteBatches refuses to delete a batch with a trainee completed
// or failed (their training is on their development record), and takes
// the trainees of the batches deleted out of their exams.
func (s *Service) beforeDeleteBatches(ctx context.Context, tx bun.IDB, ids []int64) error {
	n, err := tx.NewSelect().Model((*Trainee)(nil)).Where("t.batch_id IN (?)", bun.In(ids)).
		Where("t.state IN (?)", bun.In([]string{TraineeCompleted, TraineeFailed})).Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n > 0 {
		return httpx.Conflict("培训班已有 %d 名学员结业或评定不合格，不能删除", n)
	}
	// The trainees of a batch deleted are no longer its exam's examinees.
	for _, id := range ids {
		exam, err := s.batchExam(ctx, tx, id)
		if err != nil {
			return err
		}
		users, err := traineeUsers(ctx, tx, id, nil)
		if err != nil {
			return err
		}
		if err := s.leaveExam(ctx, tx, exam, id, users); err != nil {
			return err
		}
	}
	return nil
}

// batchRoutes registers the batches' list, export, detail, create, update
// and delete, and the state changes.
func (s *Service) batchRoutes(rs *httpx.Routes) {
	s.batches.Routes(rs, "/api/dx/batches", BatchPerms)
	rs.Post("/api/dx/batches/{id}/open", BatchPerms.Edit, "开班", httpx.DoOn(errNoBatch, s.Open))
	rs.Post("/api/dx/batches/{id}/finish", BatchPerms.Edit, "结束培训班", httpx.DoOn(errNoBatch, s.Finish))
}

// batchOf reads batch id of the caller's scope through idb (404 outside).
func (s *Service) batchOf(ctx context.Context, idb bun.IDB, id int64) (*Batch, error) {
	return record.FindScoped[Batch](ctx, idb, s.batchScope, "b", id, errNoBatch)
}

// Open opens draft batch id.
func (s *Service) Open(ctx context.Context, id int64) error {
	b, err := s.batchOf(ctx, s.db, id)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b.State, b.UpdatedAt = StateOpen, s.now()
		res, err := tx.NewUpdate().Model((*Batch)(nil)).Set("state = ?", b.State).Set("updated_at = ?", b.UpdatedAt).
			Where("id = ?", id).Where("state = ?", StateDraft).Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("只有筹备中的培训班可以开班")); err != nil {
			return err
		}
		return recordState(ctx, tx, b, StateDraft)
	})
}

// Finish finishes open batch id: its enrolled trainees who did not
// complete are free to join another batch of the type, in one transaction.
func (s *Service) Finish(ctx context.Context, id int64) error {
	b, err := s.batchOf(ctx, s.db, id)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b.State, b.UpdatedAt = StateFinished, s.now()
		res, err := tx.NewUpdate().Model((*Batch)(nil)).Set("state = ?", b.State).Set("updated_at = ?", b.UpdatedAt).
			Where("id = ?", id).Where("state = ?", StateOpen).Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("只有进行中的培训班可以结束")); err != nil {
			return err
		}
		if err := recordState(ctx, tx, b, StateOpen); err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Model((*Trainee)(nil)).Set("busy_type = NULL").Where("batch_id = ?", id).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		return nil
	})
}

// TypeName names batch type t (培训班 of its stage).
func TypeName(t int) string { return school.BatchTypeNames[t] }

// batchNamed reads batch id whatever the caller's scope (a learner's own
// batch, found through their trainee row).
func (s *Service) batchNamed(ctx context.Context, id int64) (*Batch, error) {
	return record.Find[Batch](ctx, s.db, "b", id, errNoBatch)
}
