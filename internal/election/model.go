package election

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/resource"
)

// Methods of an election: 差额 (more candidates than seats, at least 20%
// more: 条例 第十二条) or 等额 (as many candidates as seats).
const (
	MethodDiff  = "diff"
	MethodEqual = "equal"
)

// Methods and their names.
var (
	Methods     = []string{MethodDiff, MethodEqual}
	MethodNames = map[string]string{MethodDiff: "差额选举", MethodEqual: "等额选举"}
)

// States of a 换届选举. The plan is submitted when it is written (方案待审批);
// the higher committee approves it (待选举), returns it (退回修改: the
// organiser changes and resubmits it) or refuses it (方案未批准); after the
// vote the organiser reports the result (结果待确认) and the higher committee
// confirms it (已完成: the new committee is written to the organisation) or
// returns it to the vote.
const (
	StateReview     = "review"
	StateReturned   = "returned"
	StateApproved   = "approved"
	StateConfirming = "confirming"
	StateDone       = "done"
	StateRejected   = "rejected"
)

// States in order and their names.
var (
	States     = []string{StateReview, StateReturned, StateApproved, StateConfirming, StateDone, StateRejected}
	StateNames = map[string]string{StateReview: "方案待审批", StateReturned: "方案退回修改", StateApproved: "待选举",
		StateConfirming: "结果待确认", StateDone: "已完成", StateRejected: "方案未批准"}
	// StatesUnderWay are those of an election not yet ended: an
	// organisation has one such at a time.
	StatesUnderWay = []string{StateReview, StateReturned, StateApproved, StateConfirming}
)

// Posts of an elected person.
const (
	PostSecretary = "secretary"
	PostDeputy    = "deputy"
	PostMember    = "member"
)

// PostNames name the posts.
var PostNames = map[string]string{PostSecretary: "书记", PostDeputy: "副书记", PostMember: "委员"}

// Bounds.
const (
	MaxSeats      = 31 // an organisation's committee (org keeps at most 30 names besides the secretary)
	MaxCandidates = 120
	MaxTitle      = 100
	MaxNote       = 500
	MaxQuota      = 300 // a constituency's representatives (条例: a congress has at most 300)
	MaxUnits      = 200
)

// Election is a 换届选举 of one organisation (a row of xj_election).
type Election struct {
	bun.BaseModel `bun:"table:xj_election,alias:x"`
	resource.Base

	OrgID int64 `bun:"org_id" json:"orgId"`
	// ParentID is the organisation above it when the plan was made: the
	// higher committee approving acts above it (flow).
	ParentID  int64     `bun:"parent_id" json:"parentId"`
	Title     string    `bun:"title" json:"title"`
	Seats     int       `bun:"seats" json:"seats"`
	Secretary bool      `bun:"secretary" json:"secretary"` // the meeting elects the secretary directly
	Method    string    `bun:"method" json:"method"`
	MeetingOn date.Date `bun:"meeting_on" json:"meetingOn"`
	Note      string    `bun:"note" json:"note"`
	State     string    `bun:"state" json:"state"`
	// The new committee's posts the organiser reports when the committee
	// elected them (not directly): the elected people's names.
	SecretaryName string `bun:"secretary_name" json:"secretaryName"`
	DeputyName    string `bun:"deputy_name" json:"deputyName"`
	// TermStart and TermEnd are the new committee's term once confirmed.
	TermStart date.Date `bun:"term_start" json:"termStart"`
	TermEnd   date.Date `bun:"term_end" json:"termEnd"`
	CreatedBy string    `bun:"created_by" json:"createdBy"`
}

// Candidate is a candidate of an election's plan (a row of xj_candidate).
type Candidate struct {
	bun.BaseModel `bun:"table:xj_candidate,alias:c"`

	ID         int64  `bun:"id,pk,autoincrement" json:"id"`
	ElectionID int64  `bun:"election_id" json:"-"`
	MemberID   int64  `bun:"member_id" json:"memberId"`
	Name       string `bun:"name" json:"name"`
	Sort       int    `bun:"sort" json:"sort"`
	// ForSecretary: also a candidate for secretary (directly elected).
	ForSecretary bool `bun:"for_secretary" json:"forSecretary"`
}

// Vote kinds: whose vote a row of xj_vote is.
const (
	OwnerElection = "hj"  // a 换届选举
	OwnerUnit     = "ddb" // a 党代表选举's constituency
)

// Vote states.
const (
	VoteOpen    = "open"
	VoteCounted = "counted"
)

// VoteStateNames name them.
var VoteStateNames = map[string]string{VoteOpen: "投票中", VoteCounted: "已计票"}

// Vote is one vote in the meeting (a row of xj_vote): the engine's round,
// the seats it fills, its options, the roll's counts and, once counted,
// the result (votes per name: no ballot, no voter).
type Vote struct {
	bun.BaseModel `bun:"table:xj_vote,alias:v"`

	ID        int64  `bun:"id,pk,autoincrement" json:"id"`
	OwnerKind string `bun:"owner_kind" json:"ownerKind"`
	OwnerID   int64  `bun:"owner_id" json:"ownerId"`
	Seq       int    `bun:"seq" json:"seq"` // 1: the vote, 2…: another vote for tied or missing seats
	RoundID   int64  `bun:"round_id" json:"roundId"`
	Seats     int    `bun:"seats" json:"seats"`
	// Options are the names on the paper (JSON).
	Options Options `bun:"options,type:text" json:"options"`
	// Expected is 应到 (the members with a vote), Present 实到 (those
	// ticked present: the roll's accounts and printed codes together).
	Expected int    `bun:"expected" json:"expected"`
	Present  int    `bun:"present" json:"present"`
	State    string `bun:"state" json:"state"`
	// Result is the count once closed (JSON).
	Result   *Outcome   `bun:"result,type:text" json:"result"`
	OpenedAt time.Time  `bun:"opened_at" json:"openedAt"`
	ClosedAt *time.Time `bun:"closed_at" json:"closedAt"`
}

// Option is a name on a vote's paper: a candidate (MemberID) or, in a
// further vote, a write-in name tied or short of the seats.
type Option struct {
	Key          string `json:"key"`
	Name         string `json:"name"`
	MemberID     int64  `json:"memberId,omitempty"`
	ForSecretary bool   `json:"forSecretary,omitempty"`
}

// Options are a vote's names, stored as JSON.
type Options = jsonOf[[]Option]

// Congress is a 党代表选举: the representatives of a congress elected in
// constituencies (a row of xj_congress).
type Congress struct {
	bun.BaseModel `bun:"table:xj_congress,alias:g"`
	resource.Base

	OrgID      int64     `bun:"org_id" json:"orgId"` // the committee convening the congress
	Title      string    `bun:"title" json:"title"`
	NominateBy date.Date `bun:"nominate_by" json:"nominateBy"`
	Note       string    `bun:"note" json:"note"`
	CreatedBy  string    `bun:"created_by" json:"createdBy"`
}

// Unit is a constituency (选举单位) of a congress and its quota (a row of xj_unit).
type Unit struct {
	bun.BaseModel `bun:"table:xj_unit,alias:u"`

	ID         int64  `bun:"id,pk,autoincrement" json:"id"`
	CongressID int64  `bun:"congress_id" json:"congressId"`
	OrgID      int64  `bun:"org_id" json:"orgId"`
	Quota      int    `bun:"quota" json:"quota"`
	Method     string `bun:"method" json:"method"`
}

// Nomination is a name a branch proposes in a constituency (a row of xj_nomination).
type Nomination struct {
	bun.BaseModel `bun:"table:xj_nomination,alias:n"`

	ID        int64     `bun:"id,pk,autoincrement" json:"id"`
	UnitID    int64     `bun:"unit_id" json:"unitId"`
	BranchID  int64     `bun:"branch_id" json:"branchId"`
	MemberID  int64     `bun:"member_id" json:"memberId"`
	Name      string    `bun:"name" json:"name"`
	Reason    string    `bun:"reason" json:"reason"`
	CreatedBy string    `bun:"created_by" json:"createdBy"`
	CreatedAt time.Time `bun:"created_at" json:"createTime"`
}
