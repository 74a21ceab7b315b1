package org

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
)

// Organisation types: the values of dictionary DZZ_LX (codes owned by this
// system, see internal/system/dictseed/org.go). The containment rules below
// are written against them.
const (
	TypeCommittee          = "1" // 党委 (the university's grass-roots committee)
	TypeSecondaryCommittee = "2" // 二级党委
	TypeGeneralBranch      = "3" // 党总支
	TypeDirectBranch       = "4" // 直属党支部
	TypeBranch             = "5" // 党支部
	TypeGroup              = "6" // 党小组
)

// typeNames are the built-in labels, used in messages (the dictionary may
// relabel them for display; the rules stay with the codes).
var typeNames = map[string]string{
	TypeCommittee: "党委", TypeSecondaryCommittee: "二级党委", TypeGeneralBranch: "党总支",
	TypeDirectBranch: "直属党支部", TypeBranch: "党支部", TypeGroup: "党小组",
}

// TypeName is the built-in name of organisation type t (党委, 二级党委 …;
// "" for none): what another module's workbook shows beside a code.
func TypeName(t string) string { return typeNames[t] }

// mayContain says which types an organisation of a type may lead.
var mayContain = map[string][]string{
	TypeCommittee:          {TypeSecondaryCommittee, TypeGeneralBranch, TypeDirectBranch, TypeBranch},
	TypeSecondaryCommittee: {TypeGeneralBranch, TypeBranch},
	TypeGeneralBranch:      {TypeBranch},
	TypeDirectBranch:       {TypeGroup},
	TypeBranch:             {TypeGroup},
	TypeGroup:              nil,
}

// MayContain tells whether an organisation of type parent may lead one of type child.
func MayContain(parent, child string) bool {
	for _, t := range mayContain[parent] {
		if t == child {
			return true
		}
	}
	return false
}

// IsBranch tells whether t is a branch (党支部 or 直属党支部), the level the
// size rules of RULES.md §4 apply to.
func IsBranch(t string) bool { return t == TypeBranch || t == TypeDirectBranch }

// DefaultTermYears is the term length of a type (RULES.md §4): grass-roots
// committees 5 years, branches and general branches 3.
func DefaultTermYears(t string) int {
	if t == TypeCommittee || t == TypeSecondaryCommittee {
		return TermYearsCommittee
	}
	return TermYearsBranch
}

// Statuses of an organisation.
const (
	StatusNormal  = "1" // 正常
	StatusRevoked = "2" // 撤销
)

var statusNames = map[string]string{StatusNormal: "正常", StatusRevoked: "撤销"}

// Dictionaries the organisation fields take their values from.
const (
	DictType     = "DZZ_LX"
	DictCategory = "DZZ_LB"
)

// Org is a party organisation (table dzz).
type Org struct {
	bun.BaseModel `bun:"table:dzz,alias:z"`
	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	PID           *int64    `bun:"pid" json:"pid"`
	Code          string    `bun:"code" json:"code"`
	Name          string    `bun:"name" json:"name"`
	ShortName     string    `bun:"short_name" json:"shortName"`
	Type          string    `bun:"type" json:"type"`
	Category      string    `bun:"category" json:"category"`
	UnitDeptID    *int64    `bun:"unit_dept_id" json:"unitDeptId"`
	FoundedOn     date.Date `bun:"founded_on" json:"foundedOn"`
	SecretaryName string    `bun:"secretary_name" json:"secretaryName"` // the chosen member's name, or a name typed by hand
	Committee     Names     `bun:"committee" json:"committee"`
	// The party members chosen as secretary and committee members (设置书记/委员):
	// their names above are the display snapshot. A name typed by hand drops them.
	SecretaryMemberID  *int64    `bun:"secretary_member_id" json:"secretaryMemberId"`
	CommitteeMemberIDs IDs       `bun:"committee_member_ids" json:"committeeMemberIds"`
	TermStart          date.Date `bun:"term_start" json:"termStart"`
	TermYears          int       `bun:"term_years" json:"termYears"`
	TermEnd            date.Date `bun:"term_end" json:"termEnd"` // term_start + term_years, kept on save
	ContactPhone       string    `bun:"contact_phone" json:"contactPhone"`
	Status             string    `bun:"status" json:"status"`
	RevokedOn          date.Date `bun:"revoked_on" json:"revokedOn"`
	Sort               int       `bun:"sort" json:"sort"`
	Path               string    `bun:"path" json:"path"`
	CreatedAt          time.Time `bun:"created_at" json:"createTime"`
	UpdatedAt          time.Time `bun:"updated_at" json:"updateTime"`

	// Read with lists and details, never written.
	ParentName    string `bun:"parent_name,scanonly" json:"parentName"`
	TypeLabel     string `bun:"-" json:"typeLabel"`
	CategoryLabel string `bun:"-" json:"categoryLabel"`
	StatusLabel   string `bun:"-" json:"statusLabel"`
}

// Live tells whether the organisation is in normal status (not revoked).
func (o *Org) Live() bool { return o.Status == StatusNormal }

// ancestorIDs reads the ids above the organisation from its path ("/1/5/23/" → 1, 5).
func (o *Org) ancestorIDs() []int64 {
	ids := pathIDs(o.Path)
	if len(ids) > 0 {
		ids = ids[:len(ids)-1]
	}
	return ids
}

// pathIDs splits a materialised path into its ids, root first.
func pathIDs(path string) []int64 {
	var out []int64
	for _, part := range strings.Split(strings.Trim(path, "/"), "/") {
		var id int64
		if _, err := fmt.Sscan(part, &id); err == nil && id > 0 {
			out = append(out, id)
		}
	}
	return out
}

// PathIDs splits a materialised path ("/1/5/23/") into its ids, root
// first: for modules that keep an organisation's path (a frozen fee due).
func PathIDs(path string) []int64 { return pathIDs(path) }

// childPath is the path of a node with the given id under parentPath ("" for a root).
func childPath(parentPath string, id int64) string {
	if parentPath == "" {
		parentPath = "/"
	}
	return fmt.Sprintf("%s%d/", parentPath, id)
}

// Names is a list of people's names stored as a JSON array in a TEXT column
// (the committee members).
type Names = jsonList[string]

// IDs is a list of record ids stored as a JSON array in a TEXT column (the
// chosen committee members).
type IDs = jsonList[int64]

// jsonList is a list stored as a JSON array in a TEXT column, answered as
// [] rather than null.
type jsonList[T any] []T

// Value writes the JSON array ("[]" when empty).
func (l jsonList[T]) Value() (driver.Value, error) {
	if len(l) == 0 {
		return "[]", nil
	}
	b, err := json.Marshal([]T(l))
	return string(b), err
}

// Scan reads the JSON array (NULL or blank: empty).
func (l *jsonList[T]) Scan(src any) error {
	var raw string
	switch v := src.(type) {
	case nil:
	case string:
		raw = v
	case []byte:
		raw = string(v)
	default:
		return fmt.Errorf("org: cannot scan %T into a JSON list", src)
	}
	*l = jsonList[T]{}
	if strings.TrimSpace(raw) == "" {
		return nil
	}
	return json.Unmarshal([]byte(raw), (*[]T)(l))
}

// MarshalJSON writes [] rather than null.
func (l jsonList[T]) MarshalJSON() ([]byte, error) {
	if l == nil {
		return []byte("[]"), nil
	}
	return json.Marshal([]T(l))
}
