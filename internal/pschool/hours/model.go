// Package hours is 学时统计 of the party school (issue 27): the yearly class
// hours of each member against RULES.md §4 (32 a year; 56 for a secretary
// or committee member of a live organisation), counted from the courses'
// online credits (the course module's ledger, read through its Go API) and
// from offline study (线下学习) a branch enters and the committee above
// approves; the reports per branch, per 二级党委 and for the university,
// exported as streamed workbooks; the member's own report
// (/xssb/active/user); and the Q4 reminders of the members behind.
package hours

import (
	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/resource"
)

// RULES.md §4 "Learning": each member ≥ 32 class hours a year; secretaries
// and committee members ≥ 56. Kept in tenths of an hour, as the ledger is.
const (
	MemberTarget = 32
	LeaderTarget = 56
	memberTenths = MemberTarget * 10
	leaderTenths = LeaderTarget * 10
)

// Offline record states: entered (待审核), approved (已通过, counted) or
// returned (已退回, with the reason; the branch may correct and resubmit).
const (
	StatePending  = 0
	StateApproved = 1
	StateReturned = 2
)

// States in order, and their names.
var (
	States     = []int{StatePending, StateApproved, StateReturned}
	StateNames = map[int]string{StatePending: "待审核", StateApproved: "已通过", StateReturned: "已退回"}
)

// Forms of offline study.
const (
	FormCentral = 1 // 集中学习
	FormLecture = 2 // 专题党课
	FormDay     = 3 // 主题党日
	FormOnline  = 4 // 网络培训 (outside our courses)
	FormOther   = 9 // 其他
)

// Forms in the form's order, and their names.
var (
	Forms     = []int{FormCentral, FormLecture, FormDay, FormOnline, FormOther}
	FormNames = map[int]string{FormCentral: "集中学习", FormLecture: "专题党课", FormDay: "主题党日", FormOnline: "网络培训", FormOther: "其他"}
)

// Bounds of an offline record: 0.5 to 8 class hours a day, one decimal.
const (
	MinTenths     = 5
	MaxTenths     = 80
	MaxTitle      = 100
	MaxNote       = 500
	MaxReason     = 200
	MaxMembersOne = 200 // members entered at once for one session
)

// Perms of 学时统计: xs:list reads the tables and the offline records,
// xs:add/edit/del keep the offline records, xs:export exports, and
// PermAudit approves or returns them (the committee above the branch).
var Perms = resource.PermsFor("xs")

// PermAudit approves or returns offline study records.
const PermAudit = "xs:audit"

// Offline is a row of dx_offline_hours: one member's offline study of one
// day. Its JSON is the body of an update (the member, organisation and
// state are kept by the server).
type Offline struct {
	bun.BaseModel `bun:"table:dx_offline_hours,alias:o"`
	resource.Base

	MemberID  int64      `bun:"member_id" json:"memberId"`
	OrgID     int64      `bun:"org_id" json:"orgId"` // the member's organisation when entered: the record's scope
	StudiedOn date.Date  `bun:"studied_on" json:"studiedOn"`
	Year      int        `bun:"year" json:"year"`
	Title     string     `bun:"title" json:"title"`
	Form      int        `bun:"form" json:"form"`
	Tenths    int        `bun:"tenths" json:"-"`
	Hours     float64    `bun:"-" json:"hours"`
	Note      string     `bun:"note" json:"note"`
	State     int        `bun:"state" json:"state"`
	Reason    string     `bun:"reason" json:"reason"`
	EnteredBy int64      `bun:"entered_by" json:"-"`
	AuditedBy *int64     `bun:"audited_by" json:"-"`
	AuditedAt *date.Date `bun:"audited_on" json:"auditedOn"`
}

// OfflineView is a record as the API shows it.
type OfflineView struct {
	Offline    `bun:",extend"`
	MemberName string `bun:"member_name,scanonly" json:"memberName"`
	OrgName    string `bun:"org_name,scanonly" json:"orgName"`
	FormName   string `bun:"-" json:"formName"`
	StateName  string `bun:"-" json:"stateName"`
}

// hoursOf is tenths of an hour as hours.
func hoursOf(tenths int) float64 { return float64(tenths) / 10 }

// tenthsOf is hours as tenths, rounded (the form sends one decimal).
func tenthsOf(hours float64) int {
	if hours < 0 {
		return -int(-hours*10 + 0.5)
	}
	return int(hours*10 + 0.5)
}
