package weakorg

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/resource"
)

// A case's states. Screening or a hand proposal makes a candidate; the
// 二级党委 recommends it; the 组织部 confirms (认定) or rejects it; a
// confirmed organisation is rectified until the 二级党委 asks to close
// (销号) and the 组织部 approves, or returns it to rectification.
const (
	StateCandidate   = 1 // 待审核: found by screening or proposed by hand
	StateRecommended = 2 // 已推荐: the 二级党委 recommends confirming it
	StateRectifying  = 3 // 整顿中: confirmed (认定), being rectified
	StateRejected    = 4 // 不予认定
	StateClosing     = 5 // 待销号: the 二级党委 asks to close
	StateClosed      = 6 // 已销号
)

// StateNames are the states as users read them.
var StateNames = map[int]string{StateCandidate: "待审核", StateRecommended: "已推荐", StateRectifying: "整顿中",
	StateRejected: "不予认定", StateClosing: "待销号", StateClosed: "已销号"}

// States in order.
var States = []int{StateCandidate, StateRecommended, StateRectifying, StateRejected, StateClosing, StateClosed}

// Where a hit came from.
const (
	SourceData = "data" // screening, from the records
	SourceHand = "hand" // proposed by a committee with its evidence
)

// DictCriterion is the dictionary of the criteria (RULES §4); a school may
// add its own values.
const DictCriterion = "DJ_RSRS_BZ"

// The criteria screening finds in the data (the others are proposed by hand).
const (
	CriterionVacant = "1" // 班子不健全或书记长期缺职
	CriterionLife   = "4" // 组织生活不正常
)

// Case is one organisation's case in one year's screening (a row of rsrs_case).
type Case struct {
	bun.BaseModel `bun:"table:rsrs_case,alias:c"`
	resource.Base

	Year     int    `bun:"year" json:"year"`
	OrgID    int64  `bun:"org_id" json:"orgId"`
	State    int    `bun:"state" json:"state"`
	Criteria string `bun:"criteria" json:"criteria"` // the hits' criteria, comma-separated (the list shows and filters them)

	RecommendOpinion string     `bun:"recommend_opinion" json:"recommendOpinion"`
	RecommendedBy    string     `bun:"recommended_by" json:"recommendedBy"`
	RecommendedAt    *time.Time `bun:"recommended_at" json:"recommendedAt"`
	DecisionReason   string     `bun:"decision_reason" json:"decisionReason"` // why confirmed or rejected
	DecidedBy        string     `bun:"decided_by" json:"decidedBy"`
	DecidedAt        *time.Time `bun:"decided_at" json:"decidedAt"`

	// The rectification plan (整顿方案).
	Leader   string    `bun:"leader" json:"leader"`     // 联系领导
	Deadline date.Date `bun:"deadline" json:"deadline"` // 整顿期限
	Plan     string    `bun:"plan" json:"plan"`

	// The closing review (整顿销号).
	CloseSummary     string     `bun:"close_summary" json:"closeSummary"`
	CloseRequestedBy string     `bun:"close_requested_by" json:"closeRequestedBy"`
	CloseRequestedAt *time.Time `bun:"close_requested_at" json:"closeRequestedAt"`
	Review           string     `bun:"review" json:"review"` // the 组织部's evaluation of the last request
	ReviewedBy       string     `bun:"reviewed_by" json:"reviewedBy"`
	ReviewedAt       *time.Time `bun:"reviewed_at" json:"reviewedAt"`
	ClosedOn         date.Date  `bun:"closed_on" json:"closedOn"`
}

// CaseView is a case as the lists show it.
type CaseView struct {
	Case           `bun:",extend"`
	OrgName        string    `bun:"org_name,scanonly" json:"orgName"`
	ProgressCount  int       `bun:"progress_count,scanonly" json:"progressCount"`
	LastProgressOn date.Date `bun:"last_progress_on,scanonly" json:"lastProgressOn"`
	StateName      string    `bun:"-" json:"stateName"`
	CriteriaNames  string    `bun:"-" json:"criteriaNames"` // the criteria's labels, joined by 、
}

// Hit is one criterion a case meets, with its evidence (a row of rsrs_hit).
type Hit struct {
	bun.BaseModel `bun:"table:rsrs_hit,alias:h"`
	resource.Base

	CaseID    int64  `bun:"case_id" json:"caseId"`
	Criterion string `bun:"criterion" json:"criterion"`
	Source    string `bun:"source" json:"source"` // SourceData, SourceHand
	Evidence  string `bun:"evidence" json:"evidence"`
	Label     string `bun:"-" json:"label"`
}

// Measure is one measure of a rectification plan (a row of rsrs_measure).
type Measure struct {
	bun.BaseModel `bun:"table:rsrs_measure,alias:ms"`
	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	CaseID        int64     `bun:"case_id" json:"-"`
	Content       string    `bun:"content" json:"content"`
	Owner         string    `bun:"owner" json:"owner"`
	DueOn         date.Date `bun:"due_on" json:"dueOn"`
	Done          bool      `bun:"done" json:"done"`
	Sort          int       `bun:"sort" json:"-"`
}

// Progress is one progress report of a case (a row of rsrs_progress).
type Progress struct {
	bun.BaseModel `bun:"table:rsrs_progress,alias:p"`
	resource.Base

	CaseID     int64     `bun:"case_id" json:"caseId"`
	ReportedOn date.Date `bun:"reported_on" json:"reportedOn"`
	Content    string    `bun:"content" json:"content"`
	Reporter   string    `bun:"reporter" json:"reporter"` // the account that reported
}

// Detail is a case with everything its drawer shows.
type Detail struct {
	CaseView
	Hits     []Hit      `json:"hits"`
	Measures []Measure  `json:"measures"`
	Progress []Progress `json:"progress"`
}
