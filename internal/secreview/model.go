package secreview

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/resource"
)

// Levels of a round: whose secretaries report, and who grades them.
const (
	// LevelCommittee: the secretaries of the organisations directly under
	// the university's 党委 (二级党委, 党总支), graded by the university
	// committee (the 组织部 acting for it).
	LevelCommittee = "committee"
	// LevelBranch: the branch secretaries (党支部, 直属党支部) of the
	// organiser's subtree, graded by the organiser (a 二级党委, or the 党委
	// for every branch).
	LevelBranch = "branch"
)

// Levels in the order the page offers them, and their names.
var (
	Levels     = []string{LevelCommittee, LevelBranch}
	LevelNames = map[string]string{LevelCommittee: "二级党委书记", LevelBranch: "党支部书记"}
)

// Round states: open (reports submitted and graded) or closed (the
// results stand; nothing changes).
const (
	RoundOpen   = "open"
	RoundClosed = "closed"
)

// RoundStates and their names.
var (
	RoundStates     = []string{RoundOpen, RoundClosed}
	RoundStateNames = map[string]string{RoundOpen: "进行中", RoundClosed: "已结束"}
)

// Report states. A report is listed when its round opens (draft, empty),
// written and saved by the secretary, submitted, then graded by the
// organiser or returned for rework (and submitted again).
const (
	StateDraft     = 1 // 未提交 (a draft or nothing yet)
	StateSubmitted = 2 // 已提交, waiting for the grade
	StateReturned  = 3 // 已退回, to be reworked and submitted again
	StateGraded    = 4 // 已评定
)

// States in order, and their names.
var (
	States     = []int{StateDraft, StateSubmitted, StateReturned, StateGraded}
	StateNames = map[int]string{StateDraft: "未提交", StateSubmitted: "已提交", StateReturned: "已退回", StateGraded: "已评定"}
)

// Grades of a report (好, 较好, 一般, 差): a fixed vocabulary, the one the
// 书记抓党建述职评议 uses everywhere, generated to the web.
const (
	GradeGood    = "good"
	GradeFair    = "fair"
	GradeAverage = "average"
	GradePoor    = "poor"
)

// Grades from best to worst, and their names.
var (
	Grades     = []string{GradeGood, GradeFair, GradeAverage, GradePoor}
	GradeNames = map[string]string{GradeGood: "好", GradeFair: "较好", GradeAverage: "一般", GradePoor: "差"}
)

// Bounds of the texts.
const (
	MaxReport  = 20000 // the 述职报告, plain text, characters
	MaxComment = 1000  // 点评意见
	MaxReason  = 500   // a return's reason
	MaxTitle   = 100
)

// Round is one year's review of one level organised by one organisation
// (a row of szpy_round).
type Round struct {
	bun.BaseModel `bun:"table:szpy_round,alias:r"`
	resource.Base

	Year     int        `bun:"year" json:"year"`
	Level    string     `bun:"level" json:"level"`
	OrgID    int64      `bun:"org_id" json:"orgId"` // the organiser, who grades
	Title    string     `bun:"title" json:"title"`
	DueOn    date.Date  `bun:"due_on" json:"dueOn"`
	State    string     `bun:"state" json:"state"`
	OpenedBy string     `bun:"opened_by" json:"openedBy"`
	ClosedAt *time.Time `bun:"closed_at" json:"closedAt"`
}

// RoundView is a round as the list and the detail show it: the organiser's
// name and the counts of its reports within the caller's scope.
type RoundView struct {
	Round     `bun:",extend"`
	OrgName   string `bun:"org_name,scanonly" json:"orgName"`
	LevelName string `bun:"-" json:"levelName"`
	StateName string `bun:"-" json:"stateName"`
	// Reports of the caller's scope: all, with no secretary, submitted
	// (waiting, graded), late, graded, returned.
	Total     int `bun:"total,scanonly" json:"total"`
	Vacant    int `bun:"vacant,scanonly" json:"vacant"`
	Submitted int `bun:"submitted,scanonly" json:"submitted"`
	Late      int `bun:"late,scanonly" json:"late"`
	Graded    int `bun:"graded,scanonly" json:"graded"`
	Returned  int `bun:"returned,scanonly" json:"returned"`
	// CanGrade: the caller grades this round's reports (the organiser lies
	// in its scope and it holds szpy:grade); CanManage likewise szpy:round.
	CanGrade  bool `bun:"-" json:"canGrade"`
	CanManage bool `bun:"-" json:"canManage"`
}

// Report is one secretary's 述职 in a round (a row of szpy_report): the
// organisation and its secretary as they were when the round opened.
type Report struct {
	bun.BaseModel `bun:"table:szpy_report,alias:p"`
	resource.Base

	RoundID           int64      `bun:"round_id" json:"roundId"`
	Year              int        `bun:"year" json:"year"`
	Level             string     `bun:"level" json:"level"`
	OrgID             int64      `bun:"org_id" json:"orgId"`
	SecretaryMemberID *int64     `bun:"secretary_member_id" json:"-"`
	SecretaryName     string     `bun:"secretary_name" json:"secretaryName"`
	Vacant            bool       `bun:"vacant" json:"vacant"` // 书记空缺: listed, takes no report
	State             int        `bun:"state" json:"state"`
	Content           string     `bun:"content" json:"content"` // plain text
	SavedAt           *time.Time `bun:"saved_at" json:"savedAt"`
	SubmittedAt       *time.Time `bun:"submitted_at" json:"submittedAt"` // the latest submission
	Late              bool       `bun:"late" json:"late"`                // the first submission came after the due day
	Grade             string     `bun:"grade" json:"grade"`
	Comment           string     `bun:"comment" json:"comment"`
	ReturnReason      string     `bun:"return_reason" json:"returnReason"`
	Reviewer          string     `bun:"reviewer" json:"reviewer"`
	ReviewedAt        *time.Time `bun:"reviewed_at" json:"reviewedAt"`
}

// ReportView is a report as the lists and the detail show it.
type ReportView struct {
	Report     `bun:",extend"`
	OrgName    string    `bun:"org_name,scanonly" json:"orgName"`
	RoundTitle string    `bun:"round_title,scanonly" json:"roundTitle"`
	DueOn      date.Date `bun:"due_on,scanonly" json:"dueOn"`
	RoundState string    `bun:"round_state,scanonly" json:"roundState"`
	StateName  string    `bun:"-" json:"stateName"`
	GradeName  string    `bun:"-" json:"gradeName"`
	// Mine: the caller is this report's secretary (may write and submit it).
	Mine bool `bun:"-" json:"mine"`
	// CanGrade: the caller grades it (see RoundView.CanGrade).
	CanGrade bool `bun:"-" json:"canGrade"`
}

// RoundInput is the body of opening a round.
type RoundInput struct {
	Year  int       `json:"year"`
	Level string    `json:"level"`
	OrgID int64     `json:"orgId"`
	Title string    `json:"title"`
	DueOn date.Date `json:"dueOn"`
}

// DueInput is the body of changing a round's due date.
type DueInput struct {
	DueOn date.Date `json:"dueOn"`
}

// ReportInput is the body of saving or submitting a report: the text, and
// the version the form read (a change made meanwhile is a 409).
type ReportInput struct {
	Content    string     `json:"content"`
	UpdateTime *time.Time `json:"updateTime"`
}

// GradeInput is the body of grading a report.
type GradeInput struct {
	Grade   string `json:"grade"`
	Comment string `json:"comment"`
}

// ReturnInput is the body of returning a report for rework.
type ReturnInput struct {
	Reason string `json:"reason"`
}

// Distribution is a round's grades within the caller's scope.
type Distribution struct {
	Grade string `json:"grade"`
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// RoundDetail is a round with its grade distribution.
type RoundDetail struct {
	RoundView
	Grades []Distribution `json:"grades"`
}
