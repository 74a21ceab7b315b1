package orgstd

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/resource"
)

// Assessment states: a branch fills its self-assessment (draft), submits it
// to the committee above (submitted), which reviews it (reviewed) or returns
// it to draft with a reason.
const (
	StateDraft     = 1 // 草稿 (also a returned one: ReturnReason set)
	StateSubmitted = 2 // 已提交，待审核
	StateReviewed  = 3 // 已审核
)

// StateNames are the states as users read them.
var StateNames = map[int]string{StateDraft: "草稿", StateSubmitted: "待审核", StateReviewed: "已审核"}

// Marks the 组织部 gives a reviewed branch for a year: 示范党支部 (the
// province's or school's model branch) or 样板党支部 (the 教育部 "对标争先"
// 全国党建工作样板支部 track); "" none.
const (
	MarkModel  = "model"  // 示范党支部
	MarkSample = "sample" // 样板党支部
)

// Marks are the marks in the order the pages offer them.
var Marks = []string{MarkModel, MarkSample}

// MarkNames are the marks as users read them.
var MarkNames = map[string]string{MarkModel: "示范党支部", MarkSample: "样板党支部"}

// YearSet is one year's indicator set (a row of dzzjs_year): frozen once a
// branch has submitted an assessment of it.
type YearSet struct {
	bun.BaseModel `bun:"table:dzzjs_year,alias:y"`
	resource.Base
	Year   int  `bun:"year" json:"year"`
	Frozen bool `bun:"frozen" json:"frozen"`
}

// Indicator is one indicator of a year's set (a row of dzzjs_indicator):
// its category, what is asked and how it is scored, and its points.
type Indicator struct {
	bun.BaseModel `bun:"table:dzzjs_indicator,alias:i"`
	resource.Base
	Year      int     `bun:"year" json:"year"`
	Category  string  `bun:"category" json:"category"`
	Name      string  `bun:"name" json:"name"`
	Standard  string  `bun:"standard" json:"standard"` // 评分标准
	MaxTenths int     `bun:"max_tenths" json:"-"`      // points × 10: one decimal place, exact
	MaxPoints float64 `bun:"-" json:"maxPoints"`
	Sort      int     `bun:"sort" json:"sort"`
}

// Assessment is one branch's self-assessment of a year (a row of
// dzzjs_assessment) with its review and mark.
type Assessment struct {
	bun.BaseModel `bun:"table:dzzjs_assessment,alias:a"`
	resource.Base
	OrgID         int64      `bun:"org_id" json:"orgId"`
	Year          int        `bun:"year" json:"year"`
	State         int        `bun:"state" json:"state"`
	SelfTenths    int        `bun:"self_tenths" json:"-"`
	ReviewTenths  *int       `bun:"review_tenths" json:"-"`
	ReviewComment string     `bun:"review_comment" json:"reviewComment"`
	ReturnReason  string     `bun:"return_reason" json:"returnReason"`
	SubmittedAt   *time.Time `bun:"submitted_at" json:"submittedAt"`
	SubmittedBy   string     `bun:"submitted_by" json:"submittedBy"` // the account's name
	SubmittedByID *int64     `bun:"submitted_by_id" json:"-"`        // the account: it may not review its own submission
	ReviewedAt    *time.Time `bun:"reviewed_at" json:"reviewedAt"`
	ReviewedBy    string     `bun:"reviewed_by" json:"reviewedBy"`
	Mark          string     `bun:"mark" json:"mark"`
}

// Item is the score of one indicator in an assessment (a row of
// dzzjs_item); its evidence files are attachments of the row.
type Item struct {
	bun.BaseModel `bun:"table:dzzjs_item,alias:it"`
	ID            int64  `bun:"id,pk,autoincrement"`
	AssessmentID  int64  `bun:"assessment_id"`
	IndicatorID   int64  `bun:"indicator_id"`
	SelfTenths    *int   `bun:"self_tenths"`
	Explanation   string `bun:"explanation"`
	ReviewTenths  *int   `bun:"review_tenths"`
	ReviewNote    string `bun:"review_note"`
}

// MarkEntry is one change of a branch's mark (a row of dzzjs_mark): the
// history the 组织部 keeps of 示范/样板.
type MarkEntry struct {
	bun.BaseModel `bun:"table:dzzjs_mark,alias:mk"`
	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	AssessmentID  int64     `bun:"assessment_id" json:"assessmentId"`
	Mark          string    `bun:"mark" json:"mark"`         // the new mark, "" unmarked
	Previous      string    `bun:"previous" json:"previous"` // the mark before
	Reason        string    `bun:"reason" json:"reason"`
	By            string    `bun:"by_name" json:"by"`
	At            time.Time `bun:"created_at" json:"at"`
	MarkName      string    `bun:"-" json:"markName"`
	PreviousName  string    `bun:"-" json:"previousName"`
}

// points is tenths as points (87.5).
func points(tenths int) float64 { return float64(tenths) / 10 }

// pointsOf is optional tenths as optional points.
func pointsOf(tenths *int) *float64 {
	if tenths == nil {
		return nil
	}
	p := points(*tenths)
	return &p
}
