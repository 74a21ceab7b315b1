package orglife

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/resource"
)

// Meeting states (spec §4 Meeting STATE): a meeting is created (NO_CONFIG),
// published to its attendees (CONFIG), started with sign-in open (START)
// and closed once held (CLOSE). A cancelled meeting keeps the state it had
// and has CancelledAt set; it never counts.
const (
	StateDraft     = 1 // NO_CONFIG 草稿
	StatePublished = 2 // CONFIG 已发布
	StateStarted   = 3 // START 进行中
	StateClosed    = 4 // CLOSE 已结束
)

// StateNames are the states as users read them.
var StateNames = map[int]string{StateDraft: "草稿", StatePublished: "已发布", StateStarted: "进行中", StateClosed: "已结束"}

// How an attendee came onto the list (spec §4 JOIN_TYPE).
const (
	JoinRoster = 1 // SYSTEM_IMPORT: drawn from the organisation's roster
	JoinByHand = 2 // USER_IMPORT: added by hand
)

// Why an attendee must attend (spec §4 JOIN_REASON); 0 is an ordinary attendee.
const (
	ReasonClassFullYear = 1 // CLASS_FULL_YEAR
	ReasonJobFullYear   = 2 // JOB_FULL_YEAR
	ReasonPartJob       = 3 // PART_JOB
)

// JoinReasonNames are the reasons as users read them.
var JoinReasonNames = map[int]string{ReasonClassFullYear: "按班级全年参加", ReasonJobFullYear: "按岗位全年参加", ReasonPartJob: "兼职参加"}

// Attendance of one attendee.
const (
	AttendExpected = "expected" // 未签到
	AttendPresent  = "present"  // 已签到
	AttendLate     = "late"     // 迟到
	AttendLeave    = "leave"    // 请假 (approved)
	AttendAbsent   = "absent"   // 缺席 (still expected at CLOSE)
)

// AttendNames are the attendance values as users read them.
var AttendNames = map[string]string{AttendExpected: "未签到", AttendPresent: "已签到", AttendLate: "迟到", AttendLeave: "请假", AttendAbsent: "缺席"}

// A leave request's decision.
const (
	LeavePending  = 1 // 待批准
	LeaveApproved = 2 // 已批准
	LeaveRejected = 3 // 未批准
)

// LeaveNames are a leave request's decisions as users read them.
var LeaveNames = map[int]string{LeavePending: "待批准", LeaveApproved: "已批准", LeaveRejected: "未批准"}

// Attachment kinds of a meeting (spec §4 CHANNEL: PHOTO 1 taken on the
// phone, UPLOAD 2 a file), and the 对照检查材料 of 组织生活会 and 民主生活会.
const (
	FilePhoto  = "photo"
	FileUpload = "upload"
	FileCheck  = "check"
)

// Compliance periods of a meeting type's requirement.
const (
	PeriodMonth   = "month"
	PeriodQuarter = "quarter"
	PeriodYear    = "year"
)

// PeriodNames are the periods as a requirement reads them (每月 N 次).
var PeriodNames = map[string]string{PeriodMonth: "每月", PeriodQuarter: "每季度", PeriodYear: "每年"}

// The built-in meeting types (RULES §4); their codes are the menu paths.
const (
	TypeBranchGeneral   = "zbdydh" // 支部党员大会
	TypeBranchCommittee = "zbwyh"  // 支部委员会
	TypeGroup           = "dxzh"   // 党小组会
	TypeLecture         = "dk"     // 党课
	TypeThemeDay        = "ztdr"   // 主题党日
	TypeLifeMeeting     = "zzshh"  // 组织生活会
	TypeDemocratic      = "mzshh"  // 民主生活会
)

// MeetingType is one kind of meeting (a row of zzsh_meeting_type): where it
// is held and what the rules ask of it.
type MeetingType struct {
	bun.BaseModel `bun:"table:zzsh_meeting_type,alias:mt"`
	resource.Base

	Code     string `bun:"code" json:"code"`
	Name     string `bun:"name" json:"name"`
	OrgTypes string `bun:"org_types" json:"orgTypes"` // DZZ_LX codes, comma-separated
	Period   string `bun:"period" json:"period"`      // PeriodMonth…; "" no requirement
	MinCount int    `bun:"min_count" json:"minCount"`
	CountsAs string `bun:"counts_as" json:"countsAs"` // a built-in code this type counts toward, or ""
	Builtin  bool   `bun:"builtin" json:"builtin"`
	Enabled  bool   `bun:"enabled" json:"enabled"`
	Sort     int    `bun:"sort" json:"sort"`
}

// Meeting is one meeting (a row of zzsh_meeting).
type Meeting struct {
	bun.BaseModel `bun:"table:zzsh_meeting,alias:m"`
	resource.Base

	OrgID            int64      `bun:"org_id" json:"orgId"`
	TypeCode         string     `bun:"type_code" json:"typeCode"`
	Topic            string     `bun:"topic" json:"topic"`
	StartsAt         time.Time  `bun:"starts_at" json:"startsAt"`
	EndsAt           time.Time  `bun:"ends_at" json:"endsAt"`
	HeldOn           date.Date  `bun:"held_on" json:"heldOn"` // China-local day of StartsAt: compliance counts by it
	Place            string     `bun:"place" json:"place"`
	Online           bool       `bun:"online" json:"online"`
	Host             string     `bun:"host" json:"host"`
	Recorder         string     `bun:"recorder" json:"recorder"`
	Lecturer         string     `bun:"lecturer" json:"lecturer"`                  // 党课: the speaker
	SecretaryLecture bool       `bun:"secretary_lecture" json:"secretaryLecture"` // 党课: the secretary's yearly lecture
	Agenda           string     `bun:"agenda" json:"agenda"`
	State            int        `bun:"state" json:"state"`
	CancelledAt      *time.Time `bun:"cancelled_at" json:"cancelledAt"`
	CancelReason     string     `bun:"cancel_reason" json:"cancelReason"`
	Minutes          string     `bun:"minutes" json:"minutes"` // sanitised HTML
	Resolutions      string     `bun:"resolutions" json:"resolutions"`
	MinutesAt        *time.Time `bun:"minutes_at" json:"minutesAt"`
	SignKey          string     `bun:"sign_key" json:"-"`
	Receipt          bool       `bun:"receipt" json:"receipt"`
	PublishedAt      *time.Time `bun:"published_at" json:"publishedAt"`
	StartedAt        *time.Time `bun:"started_at" json:"startedAt"`
	ClosedAt         *time.Time `bun:"closed_at" json:"closedAt"`
}

// Attendee is one person expected at a meeting (a row of zzsh_attendee): a
// member of the organisation, or a guest (MemberID nil).
type Attendee struct {
	bun.BaseModel `bun:"table:zzsh_attendee,alias:a"`
	resource.Base

	MeetingID      int64      `bun:"meeting_id" json:"meetingId"`
	MemberID       *int64     `bun:"member_id" json:"memberId"`
	Name           string     `bun:"name" json:"name"`
	Guest          bool       `bun:"guest" json:"guest"`
	GuestTitle     string     `bun:"guest_title" json:"guestTitle"`
	JoinType       int        `bun:"join_type" json:"joinType"`
	JoinReason     int        `bun:"join_reason" json:"joinReason"`
	Status         string     `bun:"status" json:"status"`
	SignedAt       *time.Time `bun:"signed_at" json:"signedAt"`
	SignChannel    string     `bun:"sign_channel" json:"signChannel"` // scan, hand
	LeaveReason    string     `bun:"leave_reason" json:"leaveReason"`
	LeaveState     int        `bun:"leave_state" json:"leaveState"` // 0 none, LeavePending…
	LeaveDecidedBy string     `bun:"leave_decided_by" json:"leaveDecidedBy"`
	LeaveDecidedAt *time.Time `bun:"leave_decided_at" json:"leaveDecidedAt"`
}
