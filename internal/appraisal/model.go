package appraisal

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/resource"
)

// Round states. A round is opened in 自评 (members write their personal
// summaries), the branch opens the vote (投票), closes it: the vote counts
// (more than half of the members voted: 待决定) or not (投票无效: the
// branch opens a new vote); the branch decides the grades (已决定).
const (
	StateSelf    = "self"
	StateVoting  = "voting"
	StateCounted = "counted"
	StateVoid    = "void"
	StateDecided = "decided"
)

// States in the order of a round's life, and their names. StateNone is a
// branch of the progress without a round (未开始): never stored.
var (
	States     = []string{StateSelf, StateVoting, StateCounted, StateVoid, StateDecided}
	StateNames = map[string]string{StateSelf: "自评中", StateVoting: "投票中", StateCounted: "待决定", StateVoid: "投票无效",
		StateDecided: "已决定", StateNone: "未开始"}
)

// StateNone is a branch without a round of the year (the progress' 未开始).
const StateNone = "none"

// Grades of 民主评议党员 (RULES §4), best first; the keys are the options
// of the ballot's questions.
const (
	GradeExcellent   = "excellent"
	GradeQualified   = "qualified"
	GradeBasic       = "basic"
	GradeUnqualified = "unqualified"
)

// Grades best first and their names.
var (
	Grades     = []string{GradeExcellent, GradeQualified, GradeBasic, GradeUnqualified}
	GradeNames = map[string]string{GradeExcellent: "优秀", GradeQualified: "合格", GradeBasic: "基本合格", GradeUnqualified: "不合格"}
)

// Summary states of a member's personal summary.
const (
	SummaryNone      = 0 // 未填写
	SummaryDraft     = 1 // 草稿
	SummarySubmitted = 2 // 已提交
)

// SummaryStates and their names.
var (
	SummaryStates     = []int{SummaryNone, SummaryDraft, SummarySubmitted}
	SummaryStateNames = map[int]string{SummaryNone: "未填写", SummaryDraft: "草稿", SummarySubmitted: "已提交"}
)

// Follow-up decisions on a member graded 不合格 (《关于开展民主评议党员工作的意见》:
// 限期改正; 劝其退党; 除名). 劝其退党 and 除名 start the transfer module's 出党.
const (
	FollowCorrect  = "correct"
	FollowPersuade = "persuade"
	FollowRemove   = "remove"
)

// Follow-ups and their names.
var (
	Follows     = []string{FollowCorrect, FollowPersuade, FollowRemove}
	FollowNames = map[string]string{FollowCorrect: "限期改正", FollowPersuade: "劝其退党", FollowRemove: "除名"}
)

// Bounds of the texts.
const (
	MaxSummary = 20000 // a personal summary, characters (the setting bounds it lower)
	MaxReason  = 500   // a decision's reason, a follow-up's note
)

// Round is a branch's appraisal of a year (a row of mzpy_round).
type Round struct {
	bun.BaseModel `bun:"table:mzpy_round,alias:r"`
	resource.Base

	Year  int    `bun:"year" json:"year"`
	OrgID int64  `bun:"org_id" json:"orgId"` // the branch
	State string `bun:"state" json:"state"`
	// MeetingID is the meeting (组织生活会, 支部党员大会) the appraisal is held in.
	MeetingID *int64 `bun:"meeting_id" json:"meetingId"`
	// BallotID is the engine's round of the latest vote; Votes how many
	// votes were opened (a void one is followed by another).
	BallotID *int64 `bun:"ballot_id" json:"ballotId"`
	Votes    int    `bun:"votes" json:"votes"`
	// Issued and Cast are the closed vote's turnout (the engine's counts).
	Issued      int        `bun:"issued" json:"issued"`
	Cast        int        `bun:"cast_count" json:"cast"`
	OpenedBy    string     `bun:"opened_by" json:"openedBy"`
	VotingAt    *time.Time `bun:"voting_at" json:"votingAt"`
	ClosedAt    *time.Time `bun:"closed_at" json:"closedAt"`
	DecidedBy   string     `bun:"decided_by" json:"decidedBy"`
	DecidedAt   *time.Time `bun:"decided_at" json:"decidedAt"`
	ClosesAt    *time.Time `bun:"closes_at" json:"closesAt"` // the vote's deadline, when given
	Excellent   int        `bun:"excellent" json:"excellent"`
	Unqualified int        `bun:"unqualified" json:"unqualified"`
}

// Appraisee is a member in a round (a row of mzpy_member): their summary,
// the counts of the vote (copied from the engine's tally at the close:
// counts per grade, never a voter's choice), the proposal and the grade
// decided. A probationary member takes part and votes, but is not graded.
type Appraisee struct {
	bun.BaseModel `bun:"table:mzpy_member,alias:a"`
	resource.Base

	RoundID   int64  `bun:"round_id" json:"roundId"`
	MemberID  int64  `bun:"member_id" json:"memberId"`
	Name      string `bun:"name" json:"name"`
	Probation bool   `bun:"probation" json:"probation"`
	// Active: still a member of the branch when the vote opened (one who
	// left keeps their row, off the paper).
	Active       bool       `bun:"active" json:"active"`
	Summary      string     `bun:"summary" json:"-"`
	SummaryState int        `bun:"summary_state" json:"summaryState"`
	SavedAt      *time.Time `bun:"saved_at" json:"savedAt"`
	SubmittedAt  *time.Time `bun:"submitted_at" json:"submittedAt"`
	// Counts of the vote per grade.
	Excellent   int    `bun:"n_excellent" json:"nExcellent"`
	Qualified   int    `bun:"n_qualified" json:"nQualified"`
	Basic       int    `bun:"n_basic" json:"nBasic"`
	Unqualified int    `bun:"n_unqualified" json:"nUnqualified"`
	Proposed    string `bun:"proposed" json:"proposed"`
	Grade       string `bun:"grade" json:"grade"`
	Reason      string `bun:"reason" json:"reason"` // why the grade differs from the proposal
	// The follow-up of a 不合格 grade.
	FollowUp   string     `bun:"follow_up" json:"followUp"`
	FollowNote string     `bun:"follow_note" json:"followNote"`
	FollowDue  *date.Date `bun:"follow_due" json:"followDue"`
	FollowBy   string     `bun:"follow_by" json:"followBy"`
	FollowAt   *time.Time `bun:"follow_at" json:"followAt"`
	TransferID *int64     `bun:"transfer_id" json:"transferId"`
}

// Counts are a member's counts by grade.
func (a *Appraisee) Counts() map[string]int {
	return map[string]int{GradeExcellent: a.Excellent, GradeQualified: a.Qualified, GradeBasic: a.Basic, GradeUnqualified: a.Unqualified}
}

// Graded tells whether the member gets a grade: a full member still in the branch.
func (a *Appraisee) Graded() bool { return a.Active && !a.Probation }

// RoundView is a round as the pages show it.
type RoundView struct {
	Round     `bun:",extend"`
	OrgName   string `bun:"org_name,scanonly" json:"orgName"`
	StateName string `bun:"-" json:"stateName"`
	// Members, Graded (full members), Submitted (summaries) of the round.
	Members   int `bun:"n_members,scanonly" json:"members"`
	Graded    int `bun:"n_graded,scanonly" json:"graded"`
	Submitted int `bun:"n_submitted,scanonly" json:"submitted"`
	// While voting: the engine's live turnout.
	LiveIssued int `bun:"-" json:"liveIssued"`
	LiveCast   int `bun:"-" json:"liveCast"`
	// ExcellentCap is the most 优秀 the decision may give (the setting's share of Graded).
	ExcellentCap int    `bun:"-" json:"excellentCap"`
	MeetingTopic string `bun:"-" json:"meetingTopic"`
	MeetingLink  string `bun:"-" json:"meetingLink"`
	CanVote      bool   `bun:"-" json:"canVote"`
	CanDecide    bool   `bun:"-" json:"canDecide"`
}

// AppraiseeView is a member of a round as the round's page lists them.
type AppraiseeView struct {
	Appraisee    `bun:",extend"`
	SummaryWords int    `bun:"-" json:"summaryWords"`
	GradeName    string `bun:"-" json:"gradeName"`
	ProposedName string `bun:"-" json:"proposedName"`
}

// RoundDetail is a round with its members.
type RoundDetail struct {
	RoundView
	Appraisees []AppraiseeView `json:"appraisees"`
}

// OpenInput is the body of POST /api/mzpy/rounds: the year, and the
// organisation whose branches (itself when a branch) get a round.
type OpenInput struct {
	Year  int   `json:"year"`
	OrgID int64 `json:"orgId"`
}

// Opened answers a batch: the rounds opened, the branches skipped (a round
// of the year already).
type Opened struct {
	Opened  int     `json:"opened"`
	Skipped int     `json:"skipped"`
	IDs     []int64 `json:"ids"`
}

// VoteInput is the body of opening a vote.
type VoteInput struct {
	MeetingID *int64     `json:"meetingId"`
	ClosesAt  *time.Time `json:"closesAt"`
}

// VoteOpened answers opening a vote: the round, and the printed one-time
// codes of the members without an account (shown once).
type VoteOpened struct {
	Round RoundView   `json:"round"`
	Codes []CodeSheet `json:"codes"`
}

// CodeSheet is a printed code: its number and the code.
type CodeSheet struct {
	No   int    `json:"no"`
	Code string `json:"code"`
}

// DecideInput is the body of deciding the grades.
type DecideInput struct {
	Grades []GradeInput `json:"grades"`
}

// GradeInput is one member's grade: the round's member row, the grade and
// the reason when it differs from the proposal.
type GradeInput struct {
	ID     int64  `json:"id"`
	Grade  string `json:"grade"`
	Reason string `json:"reason"`
}

// SummaryInput is the body of saving or submitting one's summary.
type SummaryInput struct {
	Summary    string     `json:"summary"`
	UpdateTime *time.Time `json:"updateTime"`
}

// FollowInput is the body of a follow-up decision on a member graded 不合格.
type FollowInput struct {
	Action string    `json:"action"`
	Note   string    `json:"note"`
	Due    date.Date `json:"due"` // 限期改正: by when
}

// Mine is one of the caller's rounds on /mzpydy/self.
type Mine struct {
	ID           int64      `bun:"id" json:"id"`
	RoundID      int64      `bun:"round_id" json:"roundId"`
	Year         int        `bun:"year" json:"year"`
	OrgName      string     `bun:"org_name" json:"orgName"`
	RoundState   string     `bun:"round_state" json:"roundState"`
	Probation    bool       `bun:"probation" json:"probation"`
	Summary      string     `bun:"summary" json:"summary"`
	SummaryState int        `bun:"summary_state" json:"summaryState"`
	SavedAt      *time.Time `bun:"saved_at" json:"savedAt"`
	SubmittedAt  *time.Time `bun:"submitted_at" json:"submittedAt"`
	UpdateTime   time.Time  `bun:"updated_at" json:"updateTime"`
	Grade        string     `bun:"grade" json:"grade"`
	BallotID     *int64     `bun:"ballot_id" json:"ballotId"`
	// Editable: the summary may still be saved and submitted (自评, before the vote).
	Editable bool `bun:"-" json:"editable"`
}

// MineView is /mzpydy/self's answer: the template, the bounds, the rounds.
type MineView struct {
	Template string `json:"template"`
	MinWords int    `json:"minWords"`
	MaxWords int    `json:"maxWords"`
	Rounds   []Mine `json:"rounds"`
}

// ProgressRow is a branch's line of the progress.
type ProgressRow struct {
	OrgID       int64  `json:"orgId"`
	OrgName     string `json:"orgName"`
	ParentName  string `json:"parentName"`
	RoundID     int64  `json:"roundId"`
	State       string `json:"state"`
	StateName   string `json:"stateName"`
	Members     int    `json:"members"`
	Graded      int    `json:"graded"`
	Submitted   int    `json:"submitted"`
	Issued      int    `json:"issued"`
	Cast        int    `json:"cast"`
	Excellent   int    `json:"excellent"`
	Unqualified int    `json:"unqualified"`
}

// Progress is a page of the progress and the counts of every state over
// all the branches matched.
type Progress struct {
	Content       []ProgressRow  `json:"content"`
	TotalElements int            `json:"totalElements"`
	Counts        map[string]int `json:"counts"`
}

// Result is a decided grade as the member's detail (民主评议 tab) shows it.
type Result struct {
	ID          int64  `bun:"id" json:"id"`
	Year        int    `bun:"year" json:"year"`
	OrgName     string `bun:"org_name" json:"orgName"`
	Excellent   int    `bun:"n_excellent" json:"nExcellent"`
	Qualified   int    `bun:"n_qualified" json:"nQualified"`
	Basic       int    `bun:"n_basic" json:"nBasic"`
	Unqualified int    `bun:"n_unqualified" json:"nUnqualified"`
	Grade       string `bun:"grade" json:"grade"`
	GradeName   string `bun:"-" json:"gradeName"`
	Reason      string `bun:"reason" json:"reason"`
	FollowUp    string `bun:"follow_up" json:"followUp"`
	FollowName  string `bun:"-" json:"followName"`
	FollowNote  string `bun:"follow_note" json:"followNote"`
}

// FollowRow is a member graded 不合格 as the follow-up list shows them.
type FollowRow struct {
	ID         int64      `bun:"id" json:"id"`
	RoundID    int64      `bun:"round_id" json:"roundId"`
	MemberID   int64      `bun:"member_id" json:"memberId"`
	Name       string     `bun:"name" json:"name"`
	Year       int        `bun:"year" json:"year"`
	OrgID      int64      `bun:"org_id" json:"orgId"`
	OrgName    string     `bun:"org_name" json:"orgName"`
	Reason     string     `bun:"reason" json:"reason"`
	FollowUp   string     `bun:"follow_up" json:"followUp"`
	FollowName string     `bun:"-" json:"followName"`
	FollowNote string     `bun:"follow_note" json:"followNote"`
	FollowDue  *date.Date `bun:"follow_due" json:"followDue"`
	FollowBy   string     `bun:"follow_by" json:"followBy"`
	FollowAt   *time.Time `bun:"follow_at" json:"followAt"`
	TransferID *int64     `bun:"transfer_id" json:"transferId"`
}
