package duty

import (
	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/resource"
)

// Kinds of an integrity record (德廉档案).
const (
	RecordCommitment = "commitment" // 廉洁承诺书, one per person and year
	RecordMatters    = "matters"    // 个人有关事项报告
	RecordEducation  = "education"  // 廉洁教育
)

// RecordKinds and their names.
var (
	RecordKinds     = []string{RecordCommitment, RecordMatters, RecordEducation}
	RecordKindNames = map[string]string{RecordCommitment: "廉洁承诺书", RecordMatters: "个人有关事项报告", RecordEducation: "廉洁教育"}
)

// Kinds of a personal-matters report.
const (
	MattersAnnual = "annual" // 年度集中报告
	MattersChange = "change" // 重大事项随时报告
	MattersCheck  = "check"  // 抽查核实
)

// MattersKinds and their names.
var (
	MattersKinds     = []string{MattersAnnual, MattersChange, MattersCheck}
	MattersKindNames = map[string]string{MattersAnnual: "年度集中报告", MattersChange: "重大事项随时报告", MattersCheck: "抽查核实"}
)

// Bounds of an integrity record.
const (
	MaxTopic   = 200
	MaxRemarks = 500
	// MaxHours is the most hours one education record counts (tenths).
	MaxHours = 1000
)

// Record is one entry of a person's 德廉档案 (duty_integrity).
type Record struct {
	bun.BaseModel `bun:"table:duty_integrity,alias:d"`
	resource.Base

	MemberID    int64     `bun:"member_id" json:"memberId"`
	Kind        string    `bun:"kind" json:"kind"`
	Year        int       `bun:"year" json:"year"`
	Day         date.Date `bun:"day" json:"day"`                  // signed, reported, attended
	MattersKind string    `bun:"matters_kind" json:"mattersKind"` // a matters report's kind
	Topic       string    `bun:"topic" json:"topic"`              // an education's topic
	Tenths      int       `bun:"tenths" json:"tenths"`            // an education's hours in tenths
	Remarks     string    `bun:"remarks" json:"remarks"`
	CreatedBy   string    `bun:"created_by" json:"createdBy"`
}

// RecordView is a record as the list shows it, with the person.
type RecordView struct {
	Record     `bun:",extend"`
	MemberName string `bun:"member_name,scanonly" json:"memberName"`
	OrgID      int64  `bun:"org_id,scanonly" json:"orgId"`
	OrgName    string `bun:"org_name,scanonly" json:"orgName"`
	KindName   string `bun:"-" json:"kindName"`
	Mine       bool   `bun:"-" json:"mine"`
}

// RecordInput is the body of adding a record.
type RecordInput struct {
	MemberID    int64     `json:"memberId"` // 0: the caller's own record
	Kind        string    `json:"kind"`
	Year        int       `json:"year"`
	Day         date.Date `json:"day"`
	MattersKind string    `json:"mattersKind"`
	Topic       string    `json:"topic"`
	Hours       float64   `json:"hours"`
	Remarks     string    `json:"remarks"`
}

// Unsigned is a serving member without the year's commitment.
type Unsigned struct {
	MemberID int64  `bun:"member_id" json:"memberId"`
	Name     string `bun:"name" json:"name"`
	OrgID    int64  `bun:"org_id" json:"orgId"`
	OrgName  string `bun:"org_name" json:"orgName"`
}
