package duty

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/resource"
)

// Kinds of a reporting task (what is reported), in the page's order.
const (
	KindDebrief = "debrief" // 述职报告
	KindDuty    = "duty"    // 值班报告
	KindSummary = "summary" // 工作总结
	KindSpecial = "special" // 专项报告
)

// Kinds and their names.
var (
	Kinds     = []string{KindDebrief, KindDuty, KindSummary, KindSpecial}
	KindNames = map[string]string{KindDebrief: "述职报告", KindDuty: "值班报告", KindSummary: "工作总结", KindSpecial: "专项报告"}
)

// Targets of a task: who must submit.
const (
	// TargetUnit: the organisations directly under the organiser, each
	// submitting one report written by those who manage it.
	TargetUnit = "unit"
	// TargetSecretary: the secretaries of the organisations in the
	// organiser's subtree, each submitting their own.
	TargetSecretary = "secretary"
	// TargetMember: every serving member of the organiser's subtree.
	TargetMember = "member"
)

// Targets and their names.
var (
	Targets     = []string{TargetUnit, TargetSecretary, TargetMember}
	TargetNames = map[string]string{TargetUnit: "下级党组织", TargetSecretary: "党组织书记", TargetMember: "全体党员"}
)

// Report states: listed when the task is declared, submitted, then passed
// or returned for rework (and submitted again).
const (
	StateMissing   = 1 // 未提交
	StateSubmitted = 2 // 已提交, waiting for review
	StateReturned  = 3 // 退回修改
	StatePassed    = 4 // 已通过
)

// States in order and their names.
var (
	States     = []int{StateMissing, StateSubmitted, StateReturned, StatePassed}
	StateNames = map[int]string{StateMissing: "未提交", StateSubmitted: "已提交", StateReturned: "退回修改", StatePassed: "已通过"}
)

// Bounds of the texts.
const (
	MaxTitle   = 100
	MaxPeriod  = 50
	MaxContent = 200000 // the report's HTML, characters, after sanitising
	MaxComment = 1000
	MaxReason  = 500
	// MaxObligated bounds one task's list (a school's members).
	MaxObligated = 20000
)

// Task is one reporting task declared by an organisation (duty_task).
type Task struct {
	bun.BaseModel `bun:"table:duty_task,alias:t"`
	resource.Base

	Title     string    `bun:"title" json:"title"`
	Kind      string    `bun:"kind" json:"kind"`
	Target    string    `bun:"target" json:"target"`
	OrgID     int64     `bun:"org_id" json:"orgId"` // the organiser, who reviews
	Period    string    `bun:"period" json:"period"`
	DueOn     date.Date `bun:"due_on" json:"dueOn"`
	CreatedBy string    `bun:"created_by" json:"createdBy"`
}

// TaskView is a task as the list shows it, with its progress among the
// reports the caller sees.
type TaskView struct {
	Task       `bun:",extend"`
	OrgName    string `bun:"org_name,scanonly" json:"orgName"`
	KindName   string `bun:"-" json:"kindName"`
	TargetName string `bun:"-" json:"targetName"`
	Total      int    `bun:"total,scanonly" json:"total"`
	Submitted  int    `bun:"submitted,scanonly" json:"submitted"` // submitted or passed
	Missing    int    `bun:"missing,scanonly" json:"missing"`     // not submitted, or returned
	Late       int    `bun:"late,scanonly" json:"late"`
	Passed     int    `bun:"passed,scanonly" json:"passed"`
	// CanReview: the organiser lies in the caller's scope and it holds zbgz:review.
	CanReview bool `bun:"-" json:"canReview"`
}

// Report is one obligated person's or unit's report in a task (duty_report).
type Report struct {
	bun.BaseModel `bun:"table:duty_report,alias:p"`
	resource.Base

	TaskID       int64      `bun:"task_id" json:"taskId"`
	OrgID        int64      `bun:"org_id" json:"orgId"`    // the unit, or the person's organisation
	MemberID     *int64     `bun:"member_id" json:"-"`     // the person (nil: a unit's report)
	Name         string     `bun:"name" json:"name"`       // the unit or the person as listed
	State        int        `bun:"state" json:"state"`     //
	Content      string     `bun:"content" json:"content"` // sanitised HTML
	SubmittedAt  *time.Time `bun:"submitted_at" json:"submittedAt"`
	Late         bool       `bun:"late" json:"late"` // the first submission came after the due day (China)
	Comment      string     `bun:"comment" json:"comment"`
	ReturnReason string     `bun:"return_reason" json:"returnReason"`
	Reviewer     string     `bun:"reviewer" json:"reviewer"`
	ReviewedAt   *time.Time `bun:"reviewed_at" json:"reviewedAt"`
}

// ReportView is a report as the lists and the detail show it.
type ReportView struct {
	Report    `bun:",extend"`
	OrgName   string    `bun:"org_name,scanonly" json:"orgName"`
	TaskTitle string    `bun:"task_title,scanonly" json:"taskTitle"`
	TaskKind  string    `bun:"task_kind,scanonly" json:"taskKind"`
	DueOn     date.Date `bun:"due_on,scanonly" json:"dueOn"`
	Organiser int64     `bun:"organiser_id,scanonly" json:"-"`
	StateName string    `bun:"-" json:"stateName"`
	// Mine: the caller writes this report (its person, or a manager of its unit).
	Mine bool `bun:"-" json:"mine"`
	// CanReview: the caller reviews it (see TaskView.CanReview).
	CanReview bool `bun:"-" json:"canReview"`
}

// TaskInput is the body of declaring a task.
type TaskInput struct {
	Title  string    `json:"title"`
	Kind   string    `json:"kind"`
	Target string    `json:"target"`
	OrgID  int64     `json:"orgId"`
	Period string    `json:"period"`
	DueOn  date.Date `json:"dueOn"`
}

// ReportInput is the body of saving or submitting a report: the HTML and
// the version the form read (changed meanwhile: 409).
type ReportInput struct {
	Content    string     `json:"content"`
	UpdateTime *time.Time `json:"updateTime"`
}

// ReviewInput is the body of a review: passed with a comment, or returned
// with a reason.
type ReviewInput struct {
	Comment string `json:"comment"`
	Reason  string `json:"reason"`
}
