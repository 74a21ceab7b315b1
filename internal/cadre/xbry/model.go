package xbry

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
)

// Steps of a selection, in the order of 《党政领导干部选拔任用工作条例》
// (2019): the 动议 is the record's creation; each later stage is a step of
// the workflow, acted on by the cadre office (干部管理员) or the
// organisation department at the school's party committee.
const (
	StepRecommend = "recommend" // 民主推荐 (第三章)
	StepInspect   = "inspect"   // 考察 (第五章)
	StepDecide    = "decide"    // 讨论决定 (第六章)
	StepPublicize = "publicize" // 任前公示 (第七章 第四十五条)
	StepAppoint   = "appoint"   // 任职 (the 任免文件, 第四十七条)
	StepReview    = "review"    // 试用期满考核 (第五十三条)
)

// Steps are the steps in their order.
var Steps = []string{StepRecommend, StepInspect, StepDecide, StepPublicize, StepAppoint, StepReview}

// StepNames name the steps.
var StepNames = map[string]string{StepRecommend: "民主推荐", StepInspect: "考察", StepDecide: "讨论决定",
	StepPublicize: "任前公示", StepAppoint: "任职", StepReview: "试用期满考核"}

// States of a selection (gb_xbry.state, the flow state).
const (
	StateRecommending = "recommending" // 民主推荐中
	StateInspecting   = "inspecting"   // 考察中
	StateDeciding     = "deciding"     // 待讨论决定
	StatePublicizing  = "publicizing"  // 任前公示中
	StateAppointing   = "appointing"   // 待任职
	StateProbation    = "probation"    // 试用期
	StateDone         = "done"         // 已完成
	StateStopped      = "stopped"      // 已终止
)

// States are the states in the order of a selection's life.
var States = []string{StateRecommending, StateInspecting, StateDeciding, StatePublicizing, StateAppointing, StateProbation,
	StateDone, StateStopped}

// StateNames name the states.
var StateNames = map[string]string{StateRecommending: "民主推荐", StateInspecting: "考察", StateDeciding: "讨论决定",
	StatePublicizing: "任前公示", StateAppointing: "待任职", StateProbation: "试用期", StateDone: "已完成", StateStopped: "已终止"}

// Recommendation methods (第十七条: 会议推荐和个别谈话推荐).
const (
	RecMeeting = "meeting" // 会议推荐
	RecTalk    = "talk"    // 谈话调研推荐
	RecBoth    = "both"    // 会议推荐和个别谈话推荐
)

// RecMethods are the methods in the form's order; RecMethodNames name them.
var RecMethods = []string{RecBoth, RecMeeting, RecTalk}

// RecMethodNames name the recommendation methods.
var RecMethodNames = map[string]string{RecBoth: "会议推荐和个别谈话推荐", RecMeeting: "会议推荐", RecTalk: "个别谈话推荐"}

// Review results of the 试用期满考核 (第五十三条: 胜任现职的，正式任职；不胜任的，免去试任职务).
const (
	ReviewFit   = "fit"   // 胜任，正式任职
	ReviewUnfit = "unfit" // 不胜任，免去试任职务
)

// ReviewResults are the results in the form's order.
var ReviewResults = []string{ReviewFit, ReviewUnfit}

// ReviewResultNames name the review results.
var ReviewResultNames = map[string]string{ReviewFit: "胜任，正式任职", ReviewUnfit: "不胜任，免去试任职务"}

// Limits of the forms.
const (
	MaxCandidates = 50   // people recommended in one selection
	MaxTeam       = 20   // members of an inspection team
	MaxText       = 2000 // characters of a reason, conditions or a note
	MaxReport     = 20000
)

// Selection is one selection and appointment (选拔任用纪实, table gb_xbry):
// the 动议 (what post, why, on what conditions) written when it is created,
// and each step's record written by the step's action. Dates of steps not
// reached are NULL.
type Selection struct {
	bun.BaseModel `bun:"table:gb_xbry,alias:x"`
	ID            int64 `bun:"id,pk,autoincrement" json:"id"`
	// OrgID is the school's party committee (the root 党委) at whose level
	// the workflow acts.
	OrgID      int64  `bun:"org_id" json:"-"`
	Title      string `bun:"title" json:"title"`
	UnitID     int64  `bun:"unit_id" json:"unitId"`
	PositionID int64  `bun:"position_id" json:"positionId"`
	// PositionName and Level are the post as it was named when the
	// selection began: the record keeps what it was about.
	PositionName string `bun:"position_name" json:"positionName"`
	Level        string `bun:"level" json:"level"`
	// Elected marks a post filled by election (选任制): no probation.
	Elected    bool      `bun:"elected" json:"elected"`
	MotionOn   date.Date `bun:"motion_on" json:"motionOn"`
	MotionBy   string    `bun:"motion_by" json:"motionBy"`
	Reason     string    `bun:"reason" json:"reason"`
	Conditions string    `bun:"conditions" json:"conditions"`
	State      string    `bun:"state" json:"state"`

	RecOn       *date.Date `bun:"rec_on" json:"recOn"`
	RecMethod   string     `bun:"rec_method" json:"recMethod"`
	RecExpected int        `bun:"rec_expected" json:"recExpected"`
	RecPresent  int        `bun:"rec_present" json:"recPresent"`

	InspTeam   string     `bun:"insp_team" json:"inspTeam"` // the members' names joined by 、
	InspFrom   *date.Date `bun:"insp_from" json:"inspFrom"`
	InspTo     *date.Date `bun:"insp_to" json:"inspTo"`
	InspTalks  int        `bun:"insp_talks" json:"inspTalks"`
	InspReport string     `bun:"insp_report" json:"inspReport"`

	MeetOn        *date.Date `bun:"meet_on" json:"meetOn"`
	MeetName      string     `bun:"meet_name" json:"meetName"`
	MeetTotal     int        `bun:"meet_total" json:"meetTotal"`
	MeetPresent   int        `bun:"meet_present" json:"meetPresent"`
	MeetAgree     int        `bun:"meet_agree" json:"meetAgree"`
	AppointeeID   *int64     `bun:"appointee_id" json:"appointeeId"`
	AppointeeName string     `bun:"appointee_name" json:"appointeeName"`

	PubFrom   *date.Date `bun:"pub_from" json:"pubFrom"`
	PubTo     *date.Date `bun:"pub_to" json:"pubTo"`
	PubResult string     `bun:"pub_result" json:"pubResult"`

	DocumentID     *int64     `bun:"document_id" json:"documentId"`
	DocNo          string     `bun:"doc_no" json:"docNo"`
	AppointOn      *date.Date `bun:"appoint_on" json:"appointOn"`
	Promotion      bool       `bun:"promotion" json:"promotion"`
	ProbationUntil *date.Date `bun:"probation_until" json:"probationUntil"`

	ReviewOn     *date.Date `bun:"review_on" json:"reviewOn"`
	ReviewResult string     `bun:"review_result" json:"reviewResult"`
	ReviewNote   string     `bun:"review_note" json:"reviewNote"`

	CreatedBy string    `bun:"created_by" json:"createdBy"`
	CreatedAt time.Time `bun:"created_at" json:"createTime"`
	UpdatedAt time.Time `bun:"updated_at" json:"updateTime"`
}

// View is a selection as the list and the detail show it: its unit's name,
// the labels and, in the detail, the people recommended.
type View struct {
	Selection        `bun:",extend"`
	UnitName         string      `bun:"unit_name,scanonly" json:"unitName"`
	LevelLabel       string      `bun:"-" json:"levelLabel"`
	StateName        string      `bun:"-" json:"stateName"`
	RecMethodName    string      `bun:"-" json:"recMethodName"`
	ReviewResultName string      `bun:"-" json:"reviewResultName"`
	Candidates       []Candidate `bun:"-" json:"candidates"`
}

// Candidate is a person recommended (民主推荐) in a selection (table
// gb_xbry_candidate): the votes of the meeting and of the talks, and
// whether the inspection took them as an object (考察对象).
type Candidate struct {
	bun.BaseModel `bun:"table:gb_xbry_candidate,alias:c"`
	ID            int64 `bun:"id,pk,autoincrement" json:"id"`
	SelectionID   int64 `bun:"selection_id" json:"-"`
	Sort          int   `bun:"sort" json:"sort"`
	CadreID       int64 `bun:"cadre_id" json:"cadreId"`
	Votes         int   `bun:"votes" json:"votes"`
	TalkVotes     int   `bun:"talk_votes" json:"talkVotes"`
	Inspected     bool  `bun:"inspected" json:"inspected"`
	// Name, UnitName and Post are the cadre as they were when recommended.
	Name     string `bun:"name" json:"name"`
	UnitName string `bun:"unit_name" json:"unitName"`
	Post     string `bun:"post" json:"post"`
}

// MotionInput is the body of a selection's create and update (动议).
type MotionInput struct {
	Title      string    `json:"title"`
	PositionID int64     `json:"positionId"`
	MotionOn   date.Date `json:"motionOn"`
	MotionBy   string    `json:"motionBy"`
	Reason     string    `json:"reason"`
	Conditions string    `json:"conditions"`
	// UpdateTime is the version the form was opened with (update only).
	UpdateTime *time.Time `json:"updateTime,omitempty"`
}

// RecommendForm is the 民主推荐 step's form.
type RecommendForm struct {
	RecOn       date.Date        `json:"recOn"`
	RecMethod   string           `json:"recMethod"`
	RecExpected int              `json:"recExpected"`
	RecPresent  int              `json:"recPresent"`
	Candidates  []CandidateInput `json:"candidates"`
}

// CandidateInput is one person recommended, with their votes.
type CandidateInput struct {
	CadreID   int64 `json:"cadreId"`
	Votes     int   `json:"votes"`
	TalkVotes int   `json:"talkVotes"`
}

// InspectForm is the 考察 step's form.
type InspectForm struct {
	InspTeam   []string  `json:"inspTeam"`
	InspFrom   date.Date `json:"inspFrom"`
	InspTo     date.Date `json:"inspTo"`
	InspTalks  int       `json:"inspTalks"`
	InspReport string    `json:"inspReport"`
	Inspected  []int64   `json:"inspected"` // cadre ids among the candidates
}

// DecideForm is the 讨论决定 step's form.
type DecideForm struct {
	MeetOn      date.Date `json:"meetOn"`
	MeetName    string    `json:"meetName"`
	MeetTotal   int       `json:"meetTotal"`
	MeetPresent int       `json:"meetPresent"`
	MeetAgree   int       `json:"meetAgree"`
	AppointeeID int64     `json:"appointeeId"`
}

// PublicizeForm is the 任前公示 step's form.
type PublicizeForm struct {
	PubFrom   date.Date `json:"pubFrom"`
	PubTo     date.Date `json:"pubTo"`
	PubResult string    `json:"pubResult"`
}

// AppointForm is the 任职 step's form: the appointment document issued
// through 职数管理 (its number, its day), whether it is a promotion (the
// probation of 第五十三条) and, when the unit's quota at the post's level
// is full, why it is exceeded.
type AppointForm struct {
	DocNo      string    `json:"docNo"`
	AppointOn  date.Date `json:"appointOn"`
	Promotion  bool      `json:"promotion"`
	OverReason string    `json:"overReason"`
}

// ReviewForm is the 试用期满考核 step's form.
type ReviewForm struct {
	ReviewOn     date.Date `json:"reviewOn"`
	ReviewResult string    `json:"reviewResult"`
	ReviewNote   string    `json:"reviewNote"`
}
