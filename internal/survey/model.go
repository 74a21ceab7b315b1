// Package survey is 问卷管理 (questionnaires): a designer whose paper is a
// ballot.Paper (single, multiple, text, rating and matrix questions,
// required ones, skip logic), an audience (SHARE_TYPE: a list of members,
// the holders of roles, or the members of organisation subtrees), open
// (SHARE) or stopped (STOP) with an optional deadline, named or anonymous,
// answered once per person at a public link /questionnaire/s/<token>, and
// its results per question (counted in SQL) and all its answers as a
// workbook. Named answers are rows of wj_answer with their respondent;
// anonymous ones are ballots of the ballot engine (internal/platform/ballot):
// this package keeps no answer and nothing linking a person to one, and
// reads their count after the stop. Design: docs/survey.md.
package survey

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// Kinds are the question kinds a questionnaire offers, in the designer's
// order: the engine's except its score question (打分题, for the cadre
// assessment), which the results and the workbook do not show.
var Kinds = []string{ballot.Single, ballot.Multiple, ballot.Text, ballot.Rating, ballot.Matrix}

// Share types (the spec's SHARE_TYPE): whom a questionnaire is for.
const (
	ShareCustom = 1 // CUSTOM: a picked list of party members
	ShareRole   = 2 // ROLE: the holders of roles
	ShareOrg    = 3 // DZZ: the members of organisation subtrees
)

// ShareTypes in the form's order, and their names.
var (
	ShareTypes     = []int{ShareCustom, ShareRole, ShareOrg}
	ShareTypeNames = map[int]string{ShareCustom: "指定人员", ShareRole: "按角色", ShareOrg: "按党组织"}
)

// States: a draft (designed, not yet published), then the spec's
// SHARE_STATE: SHARE (collecting answers) and STOP (stopped).
const (
	StateDraft = 0
	StateShare = 1
	StateStop  = 2
)

// States in order, and their names.
var (
	States     = []int{StateDraft, StateShare, StateStop}
	StateNames = map[int]string{StateDraft: "未发布", StateShare: "收集中", StateStop: "已停止"}
)

// AudienceRoles are the roles a ROLE audience picks from (seeded role
// codes, system.Role…), and their names.
var (
	AudienceRoles     = []string{system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary, system.RoleMember, system.RoleCadreAdmin}
	AudienceRoleNames = map[string]string{system.RoleOrgDept: "组织部管理员", system.RoleCommittee: "二级党委管理员",
		system.RoleBranchSecretary: "党支部书记", system.RoleMember: "党员", system.RoleCadreAdmin: "干部管理员"}
)

// Bounds.
const (
	MaxTargets   = 5000 // members of a CUSTOM list, organisations, roles
	MaxCodes     = 2000 // printed one-time codes of an anonymous questionnaire
	MaxTitle     = 200
	PublicPrefix = "/questionnaire/s/" // the public link: PublicPrefix + token
	maxExportRow = 100000
)

// Questionnaire is a row of wj_questionnaire.
type Questionnaire struct {
	bun.BaseModel `bun:"table:wj_questionnaire,alias:q"`

	ID    int64  `bun:"id,pk,autoincrement" json:"id"`
	OrgID int64  `bun:"org_id" json:"orgId"` // the publishing organisation (the scope)
	Title string `bun:"title" json:"title"`
	// PaperJSON is the paper as stored (a ballot.Paper).
	PaperJSON string `bun:"paper" json:"-"`
	Anonymous bool   `bun:"anonymous" json:"anonymous"`
	ShareType int    `bun:"share_type" json:"shareType"`
	// TargetsJSON: member ids (CUSTOM), role codes (ROLE) or organisation ids (DZZ).
	TargetsJSON string     `bun:"targets" json:"-"`
	State       int        `bun:"state" json:"state"`
	ClosesAt    *time.Time `bun:"closes_at" json:"closesAt"`
	Token       *string    `bun:"link_token" json:"-"`
	RoundID     *int64     `bun:"round_id" json:"-"`
	// Audience is the size of the roll when published (accounts, and the
	// printed codes of an anonymous one); Answered the named answers.
	Audience    int        `bun:"audience" json:"audience"`
	Codes       int        `bun:"codes" json:"codes"`
	Answered    int        `bun:"answered" json:"answered"`
	CreatedBy   string     `bun:"created_by" json:"createdBy"`
	PublishedAt *time.Time `bun:"published_at" json:"publishedAt"`
	StoppedAt   *time.Time `bun:"stopped_at" json:"stoppedAt"`
	// MeetingID ties a meeting's receipt to its meeting (receipt.go).
	MeetingID *int64 `bun:"meeting_id" json:"meetingId"`
	db.Stamps
}

// View is a questionnaire as the list shows it.
type View struct {
	Questionnaire `bun:",extend"`
	OrgName       string `bun:"org_name,scanonly" json:"orgName"`
	StateName     string `bun:"-" json:"stateName"`
	ShareTypeName string `bun:"-" json:"shareTypeName"`
	// Over: past its deadline (no more answers, whatever its state).
	Over bool `bun:"-" json:"over"`
	// Link is the public page (with its token) once published.
	Link string `bun:"-" json:"link"`
}

// Detail is one questionnaire with its paper and its audience.
type Detail struct {
	View
	Paper   ballot.Paper `json:"paper"`
	Targets Targets      `json:"targets"`
	// TargetNames name the targets (members, roles, organisations) in order.
	TargetNames []string `json:"targetNames"`
}

// Targets is the audience's list: one of its fields is used, by ShareType.
type Targets struct {
	Members []int64  `json:"members,omitempty"`
	Roles   []string `json:"roles,omitempty"`
	Orgs    []int64  `json:"orgs,omitempty"`
}

// Input is the body of creating or changing a draft.
type Input struct {
	OrgID     int64        `json:"orgId"`
	Paper     ballot.Paper `json:"paper"`
	Anonymous bool         `json:"anonymous"`
	ShareType int          `json:"shareType"`
	Targets   Targets      `json:"targets"`
	ClosesAt  *time.Time   `json:"closesAt"`
}

// PublishInput is the body of publishing: printed one-time codes to issue
// besides the accounts (anonymous only: people without an account).
type PublishInput struct {
	Codes int `json:"codes"`
}

// Published is a questionnaire just published: its detail and the
// printed codes, shown this once (only their hashes are kept).
type Published struct {
	Detail
	PrintedCodes []ballot.Code `json:"printedCodes"`
}

// Answer is a named answer (a row of wj_answer): the respondent, the marks
// as the ballot engine stores a ballot's (JSON [{"i","c","t"}]).
type Answer struct {
	bun.BaseModel `bun:"table:wj_answer,alias:a"`

	ID              int64     `bun:"id,pk,autoincrement" json:"id"`
	QuestionnaireID int64     `bun:"questionnaire_id" json:"questionnaireId"`
	AccountID       *int64    `bun:"account_id" json:"-"`
	MemberID        *int64    `bun:"member_id" json:"-"`
	Name            string    `bun:"name" json:"name"`
	Marks           string    `bun:"marks" json:"-"`
	CreatedAt       time.Time `bun:"created_at" json:"createTime"`
}

// mark is a row of wj_mark: one mark of a named answer.
type mark struct {
	bun.BaseModel `bun:"table:wj_mark"`

	AnswerID        int64  `bun:"answer_id"`
	QuestionnaireID int64  `bun:"questionnaire_id"`
	Item            string `bun:"item"`
	Choice          string `bun:"choice"`
	Text            string `bun:"text"`
	FirstMark       bool   `bun:"first_mark"`
}

// roll is a row of wj_roll: an account a named questionnaire was sent to.
type roll struct {
	bun.BaseModel `bun:"table:wj_roll"`

	QuestionnaireID int64 `bun:"questionnaire_id"`
	AccountID       int64 `bun:"account_id"`
}

// Fill is what the public page shows the caller at a valid link.
type Fill struct {
	Title     string       `json:"title"`
	OrgName   string       `json:"orgName"`
	Anonymous bool         `json:"anonymous"`
	ClosesAt  *time.Time   `json:"closesAt"`
	Answered  bool         `json:"answered"`
	Paper     ballot.Paper `json:"paper"`
	// Round is the engine's round of an anonymous questionnaire (the page
	// may also cast there), 0 for a named one.
	Round int64 `json:"round"`
}

// FillInput is the body of answering at a link.
type FillInput struct {
	Marks []ballot.Mark `json:"marks"`
}

// Results are a questionnaire's statistics per question.
type Results struct {
	ID        int64  `json:"id"`
	Title     string `json:"title"`
	Anonymous bool   `json:"anonymous"`
	// Ready: the results may be read (named: always; anonymous: once
	// stopped or past the deadline, the engine's rule).
	Ready     bool             `json:"ready"`
	Answers   int              `json:"answers"`
	Audience  int              `json:"audience"`
	Questions []QuestionResult `json:"questions"`
	// Columns name the cells of an answer (AnswerRow.Cells, the export's
	// columns after 姓名 and 提交时间): a matrix has one per row.
	Columns []string `json:"columns"`
}

// AnswerRow is a named answer as the answers' list shows it: who, when,
// and a text per column (Results.Columns).
type AnswerRow struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"createTime"`
	Cells     []string  `json:"cells"`
	// Attendance is a meeting receipt's: the member's attendance at the
	// meeting (已签到, 缺席 …; "" elsewhere).
	Attendance string `json:"attendance,omitempty"`
	memberID   *int64
}

// QuestionResult is one question's statistics.
type QuestionResult struct {
	Key   string `json:"key"`
	Kind  string `json:"kind"`
	Title string `json:"title"`
	// Answered: how many answers answered it (single, rating, text: the
	// marks; multiple: the answers with at least one option).
	Answered int `json:"answered"`
	// Options: each option's count and share of Answered (single,
	// multiple; a write-in "*" as 其他); a rating's 1..scale.
	Options []OptionCount `json:"options,omitempty"`
	// Average of a rating.
	Average float64 `json:"average,omitempty"`
	// Rows of a matrix: each row's counts per option (columns).
	Rows []MatrixRow `json:"rows,omitempty"`
	// Texts: how many text answers (read them paged at …/texts).
	Texts int `json:"texts,omitempty"`
}

// OptionCount is an option's count and share (0..1).
type OptionCount struct {
	Key   string  `json:"key"`
	Label string  `json:"label"`
	Count int     `json:"count"`
	Share float64 `json:"share"`
}

// MatrixRow is a matrix row's counts per option.
type MatrixRow struct {
	Key      string        `json:"key"`
	Label    string        `json:"label"`
	Answered int           `json:"answered"`
	Options  []OptionCount `json:"options"`
}

// TextAnswer is a text answer as the results list it: named, who wrote it
// and when; anonymous, the text and how many wrote it.
type TextAnswer struct {
	Name  string `json:"name,omitempty"`
	Text  string `json:"text"`
	Count int    `json:"count"`
}
