package unit

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
)

// Info is one row of dw_info: what the unit information base adds to a
// department of sys_dept (the administrative tree accounts, organisations
// and members already point to).
type Info struct {
	bun.BaseModel `bun:"table:dw_info,alias:i"`

	DeptID       int64     `bun:"dept_id,pk"`
	Code         string    `bun:"code"`
	ShortName    string    `bun:"short_name"`
	Type         string    `bun:"type"`
	LeaderName   string    `bun:"leader_name"`
	ContactPhone string    `bun:"contact_phone"`
	DzzID        *int64    `bun:"dzz_id"`
	FoundedOn    date.Date `bun:"founded_on"`
	Status       string    `bun:"status"`
	RevokedOn    date.Date `bun:"revoked_on"`
	Remark       string    `bun:"remark"`
	CreatedAt    time.Time `bun:"created_at"`
	UpdatedAt    time.Time `bun:"updated_at"`
}

// Record is a unit as one flat value: its department and its information.
// Its JSON form is the trail snapshot a restore starts from.
type Record struct {
	ID           int64     `bun:"id" json:"id"`
	PID          *int64    `bun:"pid" json:"pid"`
	Name         string    `bun:"name" json:"name"`
	Sort         int       `bun:"sort" json:"sort"`
	Code         string    `bun:"code" json:"code"`
	ShortName    string    `bun:"short_name" json:"shortName"`
	Type         string    `bun:"type" json:"type"`
	LeaderName   string    `bun:"leader_name" json:"leaderName"`
	ContactPhone string    `bun:"contact_phone" json:"contactPhone"`
	DzzID        *int64    `bun:"dzz_id" json:"dzzId"`
	FoundedOn    date.Date `bun:"founded_on" json:"foundedOn"`
	Status       string    `bun:"status" json:"status"`
	RevokedOn    date.Date `bun:"revoked_on" json:"revokedOn"`
	Remark       string    `bun:"remark" json:"remark"`
}

// row is a unit read with its names and version stamps (the department
// LEFT JOIN its information: InfoUpdatedAt is nil when none is filled in).
type row struct {
	Record
	Enabled       bool       `bun:"enabled"`
	ParentName    string     `bun:"parent_name"`
	DzzName       string     `bun:"dzz_name"`
	CreatedAt     time.Time  `bun:"created_at"`
	DeptUpdatedAt time.Time  `bun:"dept_updated_at"`
	InfoUpdatedAt *time.Time `bun:"info_updated_at"`
}

// View is a unit as the API shows it.
type View struct {
	Record
	TypeLabel   string    `json:"typeLabel"`
	StatusLabel string    `json:"statusLabel"`
	ParentName  string    `json:"parentName"`
	DzzName     string    `json:"dzzName"`
	Enabled     bool      `json:"enabled"`
	HasInfo     bool      `json:"hasInfo"` // false: a department whose unit information is not filled in yet
	CreateTime  time.Time `json:"createTime"`
	UpdateTime  time.Time `json:"updateTime"`
}

// Input is the body of create and update: the record itself. On update a
// field left out keeps its value. Its status and revocation date are not
// taken: they change only through revoke/restore.
type Input = Record

// Team is one leadership team (领导班子) of a unit.
type Team struct {
	bun.BaseModel `bun:"table:dw_ldbz,alias:t"`

	ID        int64     `bun:"id,pk,autoincrement" json:"id"`
	DeptID    int64     `bun:"dept_id" json:"unitId"`
	Name      string    `bun:"name" json:"name"`
	Kind      string    `bun:"kind" json:"kind"`
	Sort      int       `bun:"sort" json:"sort"`
	CreatedAt time.Time `bun:"created_at" json:"createTime"`
	UpdatedAt time.Time `bun:"updated_at" json:"updateTime"`
	KindLabel string    `bun:"-" json:"kindLabel"`
}

// TeamInput is the body of a team's create and update.
type TeamInput struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Kind string `json:"kind"`
	Sort int    `json:"sort"`
}

// Ref names the unit a row belongs to, as pickers and lists of other
// domains show it (embedded: its columns are unit_id and unit_name).
type Ref struct {
	UnitID   int64  `bun:"unit_id" json:"unitId"`
	UnitName string `bun:"unit_name" json:"unitName"`
}
