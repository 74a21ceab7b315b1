package quota

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/resource"
)

// Position is a post (岗位) of a unit (a sys_dept id): the name the
// appointment document prints, its level and attribute, the team it belongs
// to and whether it is filled by election (选任制: no probation, 条例第五十三条).
type Position struct {
	bun.BaseModel `bun:"table:gb_position,alias:p"`
	resource.Base

	UnitID    int64  `bun:"unit_id" json:"unitId"`
	Name      string `bun:"name" json:"name"`
	Level     string `bun:"level" json:"level"`
	Attribute string `bun:"attribute" json:"attribute"`
	TeamType  string `bun:"team_type" json:"teamType"`
	Elected   bool   `bun:"elected" json:"elected"`
	Sort      int    `bun:"sort" json:"sort"`
	Remark    string `bun:"remark" json:"remark"`
}

// PositionView is a position as the list shows it: its unit's name, the
// labels and how many cadres hold it now.
type PositionView struct {
	Position       `bun:",extend"`
	UnitName       string `bun:"unit_name,scanonly" json:"unitName"`
	Holders        int    `bun:"holders,scanonly" json:"holders"`
	LevelLabel     string `bun:"-" json:"levelLabel"`
	AttributeLabel string `bun:"-" json:"attributeLabel"`
	TeamTypeLabel  string `bun:"-" json:"teamTypeLabel"`
}

// Quota is the approved number of posts (核定职数) of a unit at a level.
// The table also keeps occupied, the current holders counted against it,
// which only appointments and removals change (a conditional UPDATE in the
// document's transaction); the record leaves it out so an edit of the
// approved number can never write a stale count back.
type Quota struct {
	bun.BaseModel `bun:"table:gb_quota,alias:q"`
	resource.Base

	UnitID   int64  `bun:"unit_id" json:"unitId"`
	Level    string `bun:"level" json:"level"`
	Approved int    `bun:"approved" json:"approved"`
	Remark   string `bun:"remark" json:"remark"`
}

// QuotaView is a quota with its occupancy: 实配 (occupied), 空缺 (vacant)
// and 超配 (over).
type QuotaView struct {
	Quota      `bun:",extend"`
	Occupied   int    `bun:"occupied,scanonly" json:"occupied"`
	Vacant     int    `bun:"vacant,scanonly" json:"vacant"`
	Over       int    `bun:"excess,scanonly" json:"over"`
	UnitName   string `bun:"unit_name,scanonly" json:"unitName"`
	LevelLabel string `bun:"-" json:"levelLabel"`
}

// Occupancy is one unit's numbers summed over its levels (or the school's,
// UnitID 0).
type Occupancy struct {
	UnitID   int64  `bun:"unit_id" json:"unitId"`
	UnitName string `bun:"unit_name" json:"unitName"`
	Approved int    `bun:"approved" json:"approved"`
	Occupied int    `bun:"occupied" json:"occupied"`
	Vacant   int    `bun:"vacant" json:"vacant"`
	Over     int    `bun:"excess" json:"over"`
}

// Document states.
const (
	StateDraft     = "draft"
	StateIssued    = "issued"
	StateWithdrawn = "withdrawn" // 已撤销: its items were taken back; read-only
)

// Item kinds.
const (
	KindAppoint = "appoint" // 任命
	KindRemove  = "remove"  // 免去
)

// Document is an appointment and removal document (任免文件): a draft is
// edited freely; issuing it applies every item in one transaction and makes
// it read-only; withdrawing an issued one takes its items back (撤销) and it
// stays, read-only, with its reason.
type Document struct {
	bun.BaseModel  `bun:"table:gb_rmwj,alias:w"`
	ID             int64      `bun:"id,pk,autoincrement" json:"id"`
	DocNo          string     `bun:"doc_no" json:"docNo"`
	IssuedOn       date.Date  `bun:"issued_on" json:"issuedOn"`
	Issuer         string     `bun:"issuer" json:"issuer"`
	Title          string     `bun:"title" json:"title"`
	State          string     `bun:"state" json:"state"`
	IssuedAt       *time.Time `bun:"issued_at" json:"issuedAt"`
	IssuedBy       string     `bun:"issued_by" json:"issuedBy"`
	WithdrawnAt    *time.Time `bun:"withdrawn_at" json:"withdrawnAt"`
	WithdrawnBy    string     `bun:"withdrawn_by" json:"withdrawnBy"`
	WithdrawReason string     `bun:"withdraw_reason" json:"withdrawReason"`
	CreatedAt      time.Time  `bun:"created_at" json:"createTime"`
	UpdatedAt      time.Time  `bun:"updated_at" json:"updateTime"`
	Items          []Item     `bun:"-" json:"items"`
	ItemCount      int        `bun:"item_count,scanonly" json:"itemCount"`
}

// Item is one line of a document: 任命 (appoint) a cadre to a position from
// a day, or 免去 (remove) a cadre from a position on a day. Probation is
// worked out when the document is issued (ProbationUntil).
type Item struct {
	bun.BaseModel  `bun:"table:gb_rmwj_item,alias:i"`
	ID             int64      `bun:"id,pk,autoincrement" json:"id"`
	DocumentID     int64      `bun:"document_id" json:"-"`
	Sort           int        `bun:"sort" json:"sort"`
	Kind           string     `bun:"kind" json:"kind"`
	CadreID        int64      `bun:"cadre_id" json:"cadreId"`
	PositionID     int64      `bun:"position_id" json:"positionId"`
	OnDate         date.Date  `bun:"on_date" json:"onDate"`
	Promotion      bool       `bun:"promotion" json:"promotion"`
	OverReason     string     `bun:"over_reason" json:"overReason"`
	ProbationUntil *date.Date `bun:"probation_until" json:"probationUntil"`
	OverQuota      bool       `bun:"over_quota" json:"overQuota"`
	CadreName      string     `bun:"-" json:"cadreName"`
	PositionName   string     `bun:"position_name,scanonly" json:"positionName"`
	UnitName       string     `bun:"unit_name,scanonly" json:"unitName"`
}

// Holding is a cadre holding a position (end_on NULL: now), counted against
// the quota it was appointed under.
type Holding struct {
	bun.BaseModel `bun:"table:gb_holding,alias:h"`
	ID            int64      `bun:"id,pk,autoincrement" json:"id"`
	PositionID    int64      `bun:"position_id" json:"positionId"`
	QuotaID       int64      `bun:"quota_id" json:"quotaId"`
	CadreID       int64      `bun:"cadre_id" json:"cadreId"`
	StartOn       date.Date  `bun:"start_on" json:"startOn"`
	EndOn         *date.Date `bun:"end_on" json:"endOn"`
	OverQuota     bool       `bun:"over_quota" json:"overQuota"`
	OverReason    string     `bun:"over_reason" json:"overReason"`
	AppointItemID int64      `bun:"appoint_item_id" json:"-"`
	RemoveItemID  *int64     `bun:"remove_item_id" json:"-"`
}
