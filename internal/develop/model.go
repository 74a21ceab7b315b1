package develop

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/resource"
)

// Record is one person's development (a row of dev_record): an application
// received on AppliedOn, moving through the steps of its chain (flow
// workflow "develop"). It is linked to the people registry (a student or a
// teacher: PersonKind and PersonID) and kept per party branch (OrgID). The
// name, number, gender and birth date are copied from the registry when the
// record is created (the lists sort and search on them without joining two
// tables); personal numbers stay in the registry.
type Record struct {
	bun.BaseModel `bun:"table:dev_record,alias:r"`
	resource.Base

	PersonKind string    `bun:"person_kind" json:"personKind"` // "student" | "teacher"
	PersonID   int64     `bun:"person_id" json:"personId"`
	PersonNo   string    `bun:"person_no" json:"personNo"` // 学号 / 工号
	Name       string    `bun:"name" json:"name"`
	Gender     string    `bun:"gender" json:"gender"` // DJ_COMM_XB
	BirthDate  date.Date `bun:"birth_date" json:"birthDate"`
	OrgID      int64     `bun:"org_id" json:"orgId"` // the branch (党支部 or 直属党支部)
	// Stage mirrors the flow state (StageApplicant …); the lists filter on it.
	Stage string `bun:"stage" json:"stage"`
	// Step is the step the record waits at ("" once ended or done).
	Step          string `bun:"step" json:"step"`
	ConfigVersion int    `bun:"config_version" json:"configVersion"`
	// LeavingOn is when the person is expected to leave the school
	// (graduation, end of contract): a target leaving within
	// Rules.LeavingMonths is not admitted.
	LeavingOn date.Date `bun:"leaving_on" json:"leavingOn"`

	// The dates of the decisive steps, kept here for the lists, rules,
	// reminders and reports (each step's own record is a dev_step row).
	AppliedOn       date.Date `bun:"applied_on" json:"appliedOn"`              // ①
	TalkedOn        date.Date `bun:"talked_on" json:"talkedOn"`                // ②
	ActivistOn      date.Date `bun:"activist_on" json:"activistOn"`            // ③
	TargetOn        date.Date `bun:"target_on" json:"targetOn"`                // ⑦
	AdmittedOn      date.Date `bun:"admitted_on" json:"admittedOn"`            // ⑮ branch meeting: probation starts
	ApprovedOn      date.Date `bun:"approved_on" json:"approvedOn"`            // ⑰ 接收预备党员 approved
	ProbationEndsOn date.Date `bun:"probation_ends_on" json:"probationEndsOn"` // admitted + probation (+ extensions)
	FullOn          date.Date `bun:"full_on" json:"fullOn"`                    // ㉔ 转正 (= the probation's end)
	// Extensions counts the extensions of the probation approved at ㉔
	// (细则第三十二条: one at most).
	Extensions int `bun:"extensions" json:"extensions"`
	// ExtendedOn is the date the higher committee approved the extension
	// (㉔ with the meeting's DecisionExtend): the statistics count the
	// extension in its year. The ㉔ step row that held it is replaced when
	// ㉔ is done again after the extended probation.
	ExtendedOn  date.Date `bun:"extended_on" json:"extendedOn"`
	EndedOn     date.Date `bun:"ended_on" json:"endedOn"`
	EndedReason string    `bun:"ended_reason" json:"endedReason"`
	// DueOn is when the current step is due (config DueDays or a rule's
	// deadline); "" when none. The lists highlight due and overdue records.
	DueOn date.Date `bun:"due_on" json:"dueOn"`
	// VolunteerNo is the 入党志愿书 number allocated at ⑭ (unique).
	VolunteerNo *string `bun:"volunteer_no" json:"volunteerNo"`
	// MemberID is the member record created on 接收预备党员 (⑰).
	MemberID *int64 `bun:"member_id" json:"memberId"`
	// Flags are rule exceptions accepted with a reason (e.g. a late talk),
	// a JSON array of {step, rule, reason}.
	Flags  string `bun:"flags" json:"flags"`
	Remark string `bun:"remark" json:"remark"`
}

// StepRow is a step done (a row of dev_step): its date, the fields of its
// form as sent (votes, sponsors, hours …), who recorded it. A step redone
// after a return replaces its row.
type StepRow struct {
	bun.BaseModel `bun:"table:dev_step,alias:ds"`

	ID       int64     `bun:"id,pk,autoincrement" json:"id"`
	RecordID int64     `bun:"record_id" json:"recordId"`
	Step     string    `bun:"step" json:"step"`
	DoneOn   date.Date `bun:"done_on" json:"doneOn"`
	Data     string    `bun:"data" json:"data"` // the step form's JSON
	UserID   *int64    `bun:"user_id" json:"userId"`
	UserName string    `bun:"user_name" json:"userName"`
	At       time.Time `bun:"at" json:"at"`
}

// Review is one review of an activist (培养考察, every 6 months) or of a
// probationary member (继续教育考察).
type Review struct {
	bun.BaseModel `bun:"table:dev_review,alias:rv"`
	resource.Base

	RecordID   int64     `bun:"record_id" json:"recordId"`
	Kind       string    `bun:"kind" json:"kind"` // "activist" | "probation"
	ReviewedOn date.Date `bun:"reviewed_on" json:"reviewedOn"`
	Result     string    `bun:"result" json:"result"` // DEV_REVIEW_RESULT: 1 优秀 2 合格 3 基本合格 4 不合格
	Content    string    `bun:"content" json:"content"`
	Reviewer   string    `bun:"reviewer" json:"reviewer"`
}

// Training is a training the person attended (hours and dates); party-school
// batch type (spec §4): APPLY 1, ACTIVE 2, DEVELOP 3, PREPARE 4. ⑪ counts the
// DEVELOP ones. A batch's completion in the party school writes one
// (RecordTraining, SourceBatch set), which is then refused to hand edits.
type Training struct {
	bun.BaseModel `bun:"table:dev_training,alias:tr"`
	resource.Base

	RecordID      int64     `bun:"record_id" json:"recordId"`
	BatchType     int       `bun:"batch_type" json:"batchType"`
	Title         string    `bun:"title" json:"title"`
	StartOn       date.Date `bun:"start_on" json:"startOn"`
	EndOn         date.Date `bun:"end_on" json:"endOn"`
	Hours         int       `bun:"hours" json:"hours"`
	Days          int       `bun:"days" json:"days"`
	CertificateNo string    `bun:"certificate_no" json:"certificateNo"`
	Passed        bool      `bun:"passed" json:"passed"`
	// SourceBatch is the party-school batch whose completion wrote this
	// training (RecordTraining); nil for one typed by hand. One training a
	// (record, batch): a unique index refuses a second.
	SourceBatch *int64 `bun:"source_batch" json:"sourceBatch"`
}

// Notice is a public notice (公示) before 确定发展对象, 接收预备党员 or 转正, of
// one organisation, listing records (dev_notice_item).
type Notice struct {
	bun.BaseModel `bun:"table:dev_notice,alias:n"`
	resource.Base

	Kind    string    `bun:"kind" json:"kind"` // NoticeTarget | NoticeAdmit | NoticeFull
	OrgID   int64     `bun:"org_id" json:"orgId"`
	Title   string    `bun:"title" json:"title"`
	StartOn date.Date `bun:"start_on" json:"startOn"`
	EndOn   date.Date `bun:"end_on" json:"endOn"`
	Contact string    `bun:"contact" json:"contact"` // who receives objections (phone or office), shown on the notice
	Content string    `bun:"content" json:"content"`
}

// Notice kinds: the step each notice precedes.
const (
	NoticeTarget = "target" // before ⑦ 确定发展对象
	NoticeAdmit  = "admit"  // before ⑮ 支部大会讨论接收预备党员 (after ⑬ 预审)
	NoticeFull   = "full"   // before ㉓ 支部大会讨论转正
)

// NoticeItem puts a record on a notice.
type NoticeItem struct {
	bun.BaseModel `bun:"table:dev_notice_item,alias:ni"`

	NoticeID int64 `bun:"notice_id,pk" json:"noticeId"`
	RecordID int64 `bun:"record_id,pk" json:"recordId"`
}

// NumberRange is a range of 入党志愿书 numbers the organisation department
// received (per year, optionally reserved to one secondary committee).
// Next is the next number to hand out; a number is handed out by one
// conditional UPDATE, so never twice.
type NumberRange struct {
	bun.BaseModel `bun:"table:dev_number_range,alias:nr"`
	resource.Base

	Year   int    `bun:"year" json:"year"`
	OrgID  *int64 `bun:"org_id" json:"orgId"` // a secondary committee, or nil: any
	Prefix string `bun:"prefix" json:"prefix"`
	First  int64  `bun:"first_no" json:"first"`
	Last   int64  `bun:"last_no" json:"last"`
	Next   int64  `bun:"next_no" json:"next"`
	Width  int    `bun:"width" json:"width"` // digits, zero-padded
}

// Plan is a secondary committee's development quota (发展计划) for a year:
// how many may be made 发展对象 (列入发展计划). Used grows by one conditional
// UPDATE at ⑦ and shrinks when a target's record ends or is returned.
type Plan struct {
	bun.BaseModel `bun:"table:dev_plan,alias:p"`
	resource.Base

	Year   int    `bun:"year" json:"year"`
	OrgID  int64  `bun:"org_id" json:"orgId"` // a secondary committee (二级党委/党总支) or a 直属党支部
	Quota  int    `bun:"quota" json:"quota"`
	Used   int    `bun:"used" json:"used"`
	Remark string `bun:"remark" json:"remark"`
}

// ConfigVersion is one saved version of the configuration.
type ConfigVersion struct {
	bun.BaseModel `bun:"table:dev_config,alias:dc"`

	Version   int       `bun:"version,pk" json:"version"`
	Data      string    `bun:"data" json:"-"` // Config as JSON
	Note      string    `bun:"note" json:"note"`
	UserName  string    `bun:"user_name" json:"userName"`
	CreatedAt time.Time `bun:"created_at" json:"createTime"`
}
