package assess

import (
	"time"

	"github.com/shopspring/decimal"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/resource"
)

// Cadre groups a scheme is for.
var CadreGroups = []string{"校领导班子", "中层领导班子", "处级干部", "科级干部", "其他"}

// Round states (gb_kh_round.state).
const (
	StateDraft      = "draft"      // 准备中: cadres, reports and draws are set
	StateEvaluating = "evaluating" // 测评中: the papers are open
	StateCounted    = "counted"    // 待确认: scored and graded, adjustable
	StateConfirmed  = "confirmed"  // 已确认: written to the cadres' records
)

// States are the states in a round's order; StateNames name them.
var (
	States     = []string{StateDraft, StateEvaluating, StateCounted, StateConfirmed}
	StateNames = map[string]string{StateDraft: "准备中", StateEvaluating: "测评中", StateCounted: "待确认", StateConfirmed: "已确认"}
)

// Appeal states (gb_kh_cadre.appeal_state; "" none).
const (
	AppealPending = "pending" // 待答复
	AppealKept    = "kept"    // 维持原等次
	AppealChanged = "changed" // 已调整等次
)

// AppealStates are the states of an appeal; AppealStateNames name them.
var (
	AppealStates     = []string{AppealPending, AppealKept, AppealChanged}
	AppealStateNames = map[string]string{AppealPending: "待答复", AppealKept: "维持原等次", AppealChanged: "已调整等次"}
)

// Limits of an appeal.
const (
	MinAppeal = 10   // characters of a reason
	MaxAppeal = 1000 // characters of a reason or a reply
)

// Draw sources: who evaluates.
const (
	SourceRole   = "role"   // the holders of a role
	SourceCadres = "cadres" // the accounts of the round's cadres
	SourceStaff  = "staff"  // each unit's accounts, for their own unit
	SourceList   = "list"   // named accounts
	SourceCodes  = "codes"  // printed one-time codes per unit
)

// Sources are the draw sources in the form's order; SourceNames name them.
var (
	Sources     = []string{SourceRole, SourceCadres, SourceStaff, SourceList, SourceCodes}
	SourceNames = map[string]string{SourceRole: "按角色", SourceCadres: "参评干部互评", SourceStaff: "本单位人员",
		SourceList: "指定人员", SourceCodes: "一次性测评码"}
)

// Limits of a round.
const (
	MaxRoundCadres = 2000
	MaxReport      = 20000 // characters of a 述职报告
	MaxCodes       = 500   // codes per unit of one draw
	MaxAccounts    = 2000  // accounts of a list draw
)

// Perms are gbkh:list, gbkh:add (rounds: create, edit, cadres, draws),
// gbkh:del and gbkh:export; the others are below.
var Perms = resource.PermsFor("gbkh")

// Further permissions.
const (
	PermScheme  = "gbkh:scheme"  // 考核方案 write
	PermOpen    = "gbkh:open"    // open and close the evaluation
	PermGrade   = "gbkh:grade"   // adjust grades
	PermConfirm = "gbkh:confirm" // the committee's confirmation
)

// Scheme is a row of gb_kh_scheme: its current definition is its latest
// version's.
type Scheme struct {
	bun.BaseModel `bun:"table:gb_kh_scheme,alias:s"`
	ID            int64  `bun:"id,pk,autoincrement" json:"id"`
	Name          string `bun:"name" json:"name"`
	Year          int    `bun:"year" json:"year"`
	CadreGroup    string `bun:"cadre_group" json:"cadreGroup"`
	Version       int    `bun:"version" json:"version"`
	CopiedFromID  *int64 `bun:"copied_from_id" json:"copiedFromId"`
	Remark        string `bun:"remark" json:"remark"`
	Definition    string `bun:"definition" json:"-"`
	db.Stamps
}

// SchemeView is a scheme as the list shows it.
type SchemeView struct {
	Scheme
	CopiedFromName string `bun:"copied_from_name" json:"copiedFromName"`
	Rounds         int    `bun:"rounds" json:"rounds"`
}

// SchemeDetail is a scheme with its definition.
type SchemeDetail struct {
	SchemeView
	Def Definition `bun:"-" json:"definition"`
}

// SchemeInput is what the form sends.
type SchemeInput struct {
	ID         int64      `json:"id"`
	UpdateTime *time.Time `json:"updateTime"`
	Name       string     `json:"name"`
	Year       int        `json:"year"`
	CadreGroup string     `json:"cadreGroup"`
	Remark     string     `json:"remark"`
	Definition Definition `json:"definition"`
}

// SchemeVersion is a row of gb_kh_scheme_version: a definition as saved.
type SchemeVersion struct {
	bun.BaseModel `bun:"table:gb_kh_scheme_version,alias:v"`
	SchemeID      int64      `bun:"scheme_id,pk" json:"-"`
	Version       int        `bun:"version,pk" json:"version"`
	Definition    string     `bun:"definition" json:"-"`
	SavedAt       time.Time  `bun:"saved_at" json:"savedAt"`
	SavedBy       string     `bun:"saved_by" json:"savedBy"`
	Def           Definition `bun:"-" json:"definition"`
}

// CopyInput makes next year's scheme from one.
type CopyInput struct {
	Year int    `json:"year"`
	Name string `json:"name"`
}

// Round is a row of gb_kh_round.
type Round struct {
	bun.BaseModel `bun:"table:gb_kh_round,alias:r"`
	ID            int64      `bun:"id,pk,autoincrement" json:"id"`
	Name          string     `bun:"name" json:"name"`
	Year          int        `bun:"year" json:"year"`
	SchemeID      int64      `bun:"scheme_id" json:"schemeId"`
	SchemeVersion int        `bun:"scheme_version" json:"schemeVersion"`
	State         string     `bun:"state" json:"state"`
	ClosesAt      *time.Time `bun:"closes_at" json:"closesAt"`
	OpenedAt      *time.Time `bun:"opened_at" json:"openedAt"`
	CountedAt     *time.Time `bun:"counted_at" json:"countedAt"`
	ConfirmedAt   *time.Time `bun:"confirmed_at" json:"confirmedAt"`
	ConfirmedBy   string     `bun:"confirmed_by" json:"confirmedBy"`
	db.Stamps
}

// RoundView is a round as the list shows it.
type RoundView struct {
	Round
	StateName  string `bun:"-" json:"stateName"`
	SchemeName string `bun:"scheme_name" json:"schemeName"`
	Cadres     int    `bun:"cadres" json:"cadres"`
	Units      int    `bun:"units" json:"units"`
	Issued     int    `bun:"-" json:"issued"`
	Cast       int    `bun:"-" json:"cast"`
}

// RoundDetail is a round with what its page shows.
type RoundDetail struct {
	RoundView
	Def    Definition  `json:"definition"`
	Draws  []DrawView  `json:"draws"`
	Papers []PaperView `json:"papers"`
}

// RoundInput creates or edits a draft round.
type RoundInput struct {
	ID         int64      `json:"id"`
	UpdateTime *time.Time `json:"updateTime"`
	Name       string     `json:"name"`
	Year       int        `json:"year"`
	SchemeID   int64      `json:"schemeId"`
	ClosesAt   *time.Time `json:"closesAt"`
}

// VersionInput carries the version a state change was read at.
type VersionInput struct {
	UpdateTime *time.Time `json:"updateTime"`
}

// RoundCadre is a row of gb_kh_cadre: a cadre assessed in a round, as they
// stood at the round's creation, and the results once counted.
type RoundCadre struct {
	bun.BaseModel `bun:"table:gb_kh_cadre,alias:c"`
	ID            int64            `bun:"id,pk,autoincrement" json:"id"`
	RoundID       int64            `bun:"round_id" json:"-"`
	CadreID       int64            `bun:"cadre_id" json:"cadreId"`
	Name          string           `bun:"name" json:"name"`
	UnitID        int64            `bun:"unit_id" json:"unitId"`
	Post          string           `bun:"post" json:"post"`
	Report        string           `bun:"report" json:"-"`
	Score         *decimal.Decimal `bun:"score,type:varchar(12)" json:"score"`
	Detail        string           `bun:"detail" json:"-"` // the scores by group and indicator (JSON)
	Rank          *int             `bun:"rank" json:"rank"`
	AutoGrade     string           `bun:"auto_grade" json:"autoGrade"`
	Grade         string           `bun:"grade" json:"grade"`
	Reason        string           `bun:"reason" json:"reason"`
	// The cadre's appeal of the result (申诉) and the organisers' answer.
	AppealState  string     `bun:"appeal_state" json:"appealState"`
	AppealReason string     `bun:"appeal_reason" json:"appealReason"`
	AppealAt     *time.Time `bun:"appeal_at" json:"appealAt"`
	AppealReply  string     `bun:"appeal_reply" json:"appealReply"`
	AppealBy     string     `bun:"appeal_by" json:"appealBy"`
}

// RoundCadreView is a cadre of a round as its list shows them.
type RoundCadreView struct {
	RoundCadre
	UnitName  string `bun:"unit_name" json:"unitName"`
	HasReport bool   `bun:"has_report" json:"hasReport"`
}

// CadresInput adds cadres to a draft round: these, and every serving
// cadre of these units.
type CadresInput struct {
	CadreIDs []int64 `json:"cadreIds"`
	UnitIDs  []int64 `json:"unitIds"`
}

// ReportInput is a cadre's 述职报告.
type ReportInput struct {
	Text string `json:"text"`
}

// Draw is a row of gb_kh_draw: who evaluates for a group.
type Draw struct {
	bun.BaseModel `bun:"table:gb_kh_draw,alias:d"`
	ID            int64   `bun:"id,pk,autoincrement" json:"id"`
	RoundID       int64   `bun:"round_id" json:"-"`
	GroupKey      string  `bun:"group_key" json:"groupKey"`
	Source        string  `bun:"source" json:"source"`
	RoleID        *int64  `bun:"role_id" json:"roleId"`
	AccountIDs    []int64 `bun:"account_ids,type:text" json:"accountIds"`
	Codes         int     `bun:"codes" json:"codes"`
	UnitIDs       []int64 `bun:"unit_ids,type:text" json:"unitIds"`
	OwnUnit       bool    `bun:"own_unit" json:"ownUnit"`
}

// DrawView is a draw with what it gives.
type DrawView struct {
	Draw
	GroupName  string `json:"groupName"`
	SourceName string `json:"sourceName"`
	RoleName   string `json:"roleName"`
	// Evaluators is how many it draws now (accounts, or codes over its units).
	Evaluators int `json:"evaluators"`
}

// Paper is a row of gb_kh_paper: the engine round of a unit's cadres for
// one evaluator group.
type Paper struct {
	bun.BaseModel `bun:"table:gb_kh_paper,alias:p"`
	ID            int64  `bun:"id,pk,autoincrement" json:"id"`
	RoundID       int64  `bun:"round_id" json:"-"`
	UnitID        int64  `bun:"unit_id" json:"unitId"`
	GroupKey      string `bun:"group_key" json:"groupKey"`
	BallotRoundID int64  `bun:"ballot_round_id" json:"ballotRoundId"`
	Invalid       int    `bun:"invalid" json:"invalid"` // ballots left out by the scheme's rule, once counted
}

// PaperView is a paper with its unit, group and turnout.
type PaperView struct {
	Paper
	UnitName  string `json:"unitName"`
	GroupName string `json:"groupName"`
	Issued    int    `json:"issued"`
	Cast      int    `json:"cast"`
}

// OpenedCodes are the one-time codes of a paper, shown once.
type OpenedCodes struct {
	UnitID        int64       `json:"unitId"`
	UnitName      string      `json:"unitName"`
	GroupKey      string      `json:"groupKey"`
	GroupName     string      `json:"groupName"`
	BallotRoundID int64       `json:"ballotRoundId"`
	Codes         []PaperCode `json:"codes"`
}

// PaperCode is a printed code and its number.
type PaperCode struct {
	No   int    `json:"no"`
	Code string `json:"code"`
}

// Opened is the answer of open.
type Opened struct {
	Codes []OpenedCodes `json:"codes"`
}

// Result is a cadre's result as the results list shows it.
type Result struct {
	RoundCadreView
	Groups     map[string]decimal.Decimal `json:"groups"`
	Indicators map[string]decimal.Decimal `json:"indicators"`
	Ballots    map[string]int             `json:"ballots"`
}

// GradeInput adjusts grades: each with its reason.
type GradeInput struct {
	UpdateTime *time.Time    `json:"updateTime"`
	Grades     []GradeChange `json:"grades"`
}

// GradeChange is one cadre's adjusted grade.
type GradeChange struct {
	ID     int64  `json:"id"`
	Grade  string `json:"grade"`
	Reason string `json:"reason"`
}

// MyPaper is an open paper on the caller's roll.
type MyPaper struct {
	BallotRoundID int64      `json:"ballotRoundId"`
	RoundName     string     `json:"roundName"`
	UnitName      string     `json:"unitName"`
	GroupName     string     `json:"groupName"`
	Cadres        int        `json:"cadres"`
	Voted         bool       `json:"voted"`
	ClosesAt      *time.Time `json:"closesAt"`
}

// PaperReport is a cadre's 述职报告 as an evaluator reads it.
type PaperReport struct {
	CadreName string `json:"cadreName"`
	Post      string `json:"post"`
	Text      string `json:"text"`
}

// CodeInput is a one-time link's round and code.
type CodeInput struct {
	Round int64  `json:"round"`
	Code  string `json:"code"`
}

// MyResult is a round's result as the assessed cadre reads it (我的考核结果).
type MyResult struct {
	ID        int64            `json:"id"` // the cadre's row of the round
	RoundID   int64            `json:"roundId"`
	RoundName string           `json:"roundName"`
	Year      int              `json:"year"`
	State     string           `json:"state"`
	StateName string           `json:"stateName"`
	Score     *decimal.Decimal `json:"score"`
	Rank      *int             `json:"rank"`
	Assessed  int              `json:"assessed"` // cadres with a score in the round
	Grade     string           `json:"grade"`
	Groups    []GroupScore     `json:"groups"`
	CanAppeal bool             `json:"canAppeal"` // counted, not yet appealed
	AppealView
}

// GroupScore is a group's score of a cadre, named.
type GroupScore struct {
	Key   string           `json:"key"`
	Name  string           `json:"name"`
	Score *decimal.Decimal `json:"score"`
}

// AppealView is an appeal as its cadre and the organisers read it.
type AppealView struct {
	AppealState  string     `json:"appealState"`
	AppealReason string     `json:"appealReason"`
	AppealAt     *time.Time `json:"appealAt"`
	AppealReply  string     `json:"appealReply"`
}

// AppealInput is a cadre's appeal.
type AppealInput struct {
	Reason string `json:"reason"`
}

// AnswerInput is the organisers' answer to an appeal: keep the grade, or
// change it (the cap holds), with a reply the cadre reads.
type AnswerInput struct {
	UpdateTime *time.Time `json:"updateTime"`
	Change     bool       `json:"change"`
	Grade      string     `json:"grade"`
	Reply      string     `json:"reply"`
}
