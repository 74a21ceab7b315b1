package cadre

import (
	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/resource"
)

// Cadre is one cadre (a row of gb_jbxx, information type 1: basic
// information). Its JSON form is also the body of create and update and the
// trail snapshot: the ID number and phone travel in clear only in the body
// (IDNumber, Phone, never stored or snapshotted); the row and the snapshot
// keep them encrypted (…Enc) with their blind indexes (…Idx).
type Cadre struct {
	bun.BaseModel `bun:"table:gb_jbxx,alias:g"`
	resource.Base

	PersonID           *int64    `bun:"person_id" json:"personId"` // teacher in the people registry
	MemberID           *int64    `bun:"member_id" json:"memberId"` // party member (dyjbxx)
	UserID             *int64    `bun:"user_id" json:"userId"`     // the cadre's own account (change requests)
	Name               string    `bun:"name" json:"name"`
	Gender             string    `bun:"gender" json:"gender"`
	BirthOn            date.Date `bun:"birth_on" json:"birthOn"` // the birth month, day 1
	Ethnicity          string    `bun:"ethnicity" json:"ethnicity"`
	NativePlace        string    `bun:"native_place" json:"nativePlace"`
	BirthPlace         string    `bun:"birth_place" json:"birthPlace"`
	PoliticalStatus    string    `bun:"political_status" json:"politicalStatus"`
	PartyJoinOn        date.Date `bun:"party_join_on" json:"partyJoinOn"`
	WorkStartOn        date.Date `bun:"work_start_on" json:"workStartOn"`
	IDNumber           string    `bun:"-" json:"idNumber,omitempty"` // clear, in a body only
	Phone              string    `bun:"-" json:"phone,omitempty"`    // clear, in a body only
	IDNumberEnc        string    `bun:"id_number_enc" json:"idNumberEnc"`
	IDNumberIdx        string    `bun:"id_number_idx" json:"idNumberIdx"`
	PhoneEnc           string    `bun:"phone_enc" json:"phoneEnc"`
	PhoneIdx           string    `bun:"phone_idx" json:"phoneIdx"`
	UnitID             int64     `bun:"unit_id" json:"unitId"` // sys_dept: the unit the cadre serves
	Post               string    `bun:"post" json:"post"`      // 现任职务, as printed
	PostAttribute      string    `bun:"post_attribute" json:"postAttribute"`
	Level              string    `bun:"level" json:"level"`
	LevelSince         date.Date `bun:"level_since" json:"levelSince"`
	Category           string    `bun:"category" json:"category"`
	TenureStatus       string    `bun:"tenure_status" json:"tenureStatus"`
	TeamType           string    `bun:"team_type" json:"teamType"`
	Status             string    `bun:"status" json:"status"`
	Education          string    `bun:"education" json:"education"` // full-time, highest
	Degree             string    `bun:"degree" json:"degree"`
	InserviceEducation string    `bun:"inservice_education" json:"inserviceEducation"`
	InserviceDegree    string    `bun:"inservice_degree" json:"inserviceDegree"`
	Title              string    `bun:"title" json:"title"`
	Specialty          string    `bun:"specialty" json:"specialty"`
	PhotoFileID        *int64    `bun:"photo_file_id" json:"photoFileId"`
	PostSince          date.Date `bun:"post_since" json:"postSince"`                 // 任现职时间
	AppointmentReason  string    `bun:"appointment_reason" json:"appointmentReason"` // 任免理由
	ProposedPost       string    `bun:"proposed_post" json:"proposedPost"`           // 拟任职务
	ProposedRemoval    string    `bun:"proposed_removal" json:"proposedRemoval"`     // 拟免职务
	Health             string    `bun:"health" json:"health"`                        // 健康状况
	// RewardsText and AssessmentText are the form's 奖惩情况 and 年度考核结果
	// as written on it (an imported form's); empty, the form derives them
	// from the rows of types 12 and 8.
	RewardsText    string `bun:"rewards_text" json:"rewardsText"`
	AssessmentText string `bun:"assessment_text" json:"assessmentText"`
	// FormExtra keeps the form's items the record does not model (呈报单位,
	// 审批机关意见, 填表人 …, by the lrmx item name) as JSON, so that an
	// imported form exports again as it came.
	FormExtra map[string]string `bun:"form_extra,type:text,nullzero" json:"formExtra,omitempty"`
	Sort      int               `bun:"sort" json:"sort"`
	Remark    string            `bun:"remark" json:"remark"`
}

// Row is a cadre read with its unit's name.
type Row struct {
	Cadre    `bun:",extend"`
	UnitName string `bun:"unit_name,scanonly" json:"unitName"`
}

// View is a cadre as the API shows it: the unit's name, the dictionary
// labels, the ID number and phone masked (in clear only for ?unmask=true
// with gbjbxx:unmask) and the encrypted columns left out.
type View struct {
	Cadre
	IDNumberEnc string `json:"idNumberEnc,omitempty"` // never shown: shadows the stored fields
	IDNumberIdx string `json:"idNumberIdx,omitempty"`
	PhoneEnc    string `json:"phoneEnc,omitempty"`
	PhoneIdx    string `json:"phoneIdx,omitempty"`

	IDNumber string `json:"idNumber"`
	Phone    string `json:"phone"`
	Masked   bool   `json:"masked"` // the two above are masked
	UnitName string `json:"unitName"`

	GenderLabel             string `json:"genderLabel"`
	EthnicityLabel          string `json:"ethnicityLabel"`
	PoliticalStatusLabel    string `json:"politicalStatusLabel"`
	PostAttributeLabel      string `json:"postAttributeLabel"`
	LevelLabel              string `json:"levelLabel"`
	CategoryLabel           string `json:"categoryLabel"`
	TenureStatusLabel       string `json:"tenureStatusLabel"`
	TeamTypeLabel           string `json:"teamTypeLabel"`
	StatusLabel             string `json:"statusLabel"`
	EducationLabel          string `json:"educationLabel"`
	DegreeLabel             string `json:"degreeLabel"`
	InserviceEducationLabel string `json:"inserviceEducationLabel"`
	InserviceDegreeLabel    string `json:"inserviceDegreeLabel"`
	TitleLabel              string `json:"titleLabel"`
}

// Sub is what every sub-table row has: its id and times, its cadre and
// its place in the list.
type Sub struct {
	resource.Base
	CadreID int64 `bun:"cadre_id" json:"cadreId"`
	Sort    int   `bun:"sort" json:"sort"`
}

// Period is a row's start and end (end empty: 至今 / current).
type Period struct {
	StartOn date.Date `bun:"start_on" json:"startOn"`
	EndOn   date.Date `bun:"end_on" json:"endOn"`
}

// Resume is a line of the résumé (type 2, 学习工作经历): one period.
type Resume struct {
	bun.BaseModel `bun:"table:gb_jl,alias:x"`
	Sub
	Period
	Text string `bun:"text" json:"text"`
}

// Post kinds of gb_zw.kind.
const (
	PostKindHeld       = "任职"
	PostKindConcurrent = "兼任"
	PostKindSeconded   = "挂职" // a temporary post: reminder 4
)

// PostRow is a post or title held (type 3, 职务职级): a current one has no
// end. C's appointment documents write them through WritePost/EndPost.
type PostRow struct {
	bun.BaseModel `bun:"table:gb_zw,alias:x"`
	Sub
	Period
	Post           string    `bun:"post" json:"post"`
	UnitID         *int64    `bun:"unit_id" json:"unitId"`
	Level          string    `bun:"level" json:"level"`
	Attribute      string    `bun:"attribute" json:"attribute"`
	Kind           string    `bun:"kind" json:"kind"`
	DocNo          string    `bun:"doc_no" json:"docNo"`
	PositionID     *int64    `bun:"position_id" json:"positionId"`
	ProbationUntil date.Date `bun:"probation_until" json:"probationUntil"`
	Elected        bool      `bun:"elected" json:"elected"`
}

// Education kinds of gb_xl.kind.
const (
	EduFullTime  = "全日制"
	EduInService = "在职"
)

// EducationRow is an education or training (type 4).
type EducationRow struct {
	bun.BaseModel `bun:"table:gb_xl,alias:x"`
	Sub
	Period
	Kind      string `bun:"kind" json:"kind"`
	School    string `bun:"school" json:"school"`
	Major     string `bun:"major" json:"major"`
	Education string `bun:"education" json:"education"`
	Degree    string `bun:"degree" json:"degree"`
}

// Family is a family member or important social relation (type 5). The
// name and the employer and post are personal: stored encrypted, shown
// in clear to those who may see the cadre (the form prints them).
type Family struct {
	bun.BaseModel `bun:"table:gb_jtcy,alias:x"`
	Sub
	Relation        string    `bun:"relation" json:"relation"`
	Name            string    `bun:"-" json:"name"`
	BirthOn         date.Date `bun:"birth_on" json:"birthOn"`
	PoliticalStatus string    `bun:"political_status" json:"politicalStatus"`
	EmployerPost    string    `bun:"-" json:"employerPost"`
	NameEnc         string    `bun:"name_enc" json:"nameEnc,omitempty"`
	EmployerPostEnc string    `bun:"employer_post_enc" json:"employerPostEnc,omitempty"`
}

// Study is a study record (type 6).
type Study struct {
	bun.BaseModel `bun:"table:gb_xxjl,alias:x"`
	Sub
	Period
	Course    string `bun:"course" json:"course"`
	Organiser string `bun:"organiser" json:"organiser"`
	Hours     int    `bun:"hours" json:"hours"`
}

// Inspection is an inspection (type 7, 考察).
type Inspection struct {
	bun.BaseModel `bun:"table:gb_kc,alias:x"`
	Sub
	Year       int    `bun:"year" json:"year"`
	Kind       string `bun:"kind" json:"kind"`
	Conclusion string `bun:"conclusion" json:"conclusion"`
}

// Assessment grades of gb_khqk.grade.
var AssessmentGrades = []string{"优秀", "称职", "基本称职", "不称职"}

// Assessment is a year's assessment (type 8, 年度考核).
type Assessment struct {
	bun.BaseModel `bun:"table:gb_khqk,alias:x"`
	Sub
	Year  int    `bun:"year" json:"year"`
	Grade string `bun:"grade" json:"grade"`
}

// WorkStyle is a year's work-style record (type 9, 作风).
type WorkStyle struct {
	bun.BaseModel `bun:"table:gb_zf,alias:x"`
	Sub
	Year    int    `bun:"year" json:"year"`
	Content string `bun:"content" json:"content"`
}

// Research is a research record (type 10).
type Research struct {
	bun.BaseModel `bun:"table:gb_ky,alias:x"`
	Sub
	Year  int    `bun:"year" json:"year"`
	Title string `bun:"title" json:"title"`
	Kind  string `bun:"kind" json:"kind"`
}

// PartTime is a part-time post (type 11, 兼职).
type PartTime struct {
	bun.BaseModel `bun:"table:gb_jz,alias:x"`
	Sub
	Period
	Org  string `bun:"org" json:"org"`
	Post string `bun:"post" json:"post"`
}

// Honour kinds of gb_jc.kind.
const (
	HonourReward     = "奖"
	HonourPunishment = "惩"
)

// Honour is an honour or a punishment (type 12, 奖惩).
type Honour struct {
	bun.BaseModel `bun:"table:gb_jc,alias:x"`
	Sub
	Kind      string    `bun:"kind" json:"kind"`
	Title     string    `bun:"title" json:"title"`
	GrantedOn date.Date `bun:"granted_on" json:"grantedOn"`
	GrantedBy string    `bun:"granted_by" json:"grantedBy"`
}

// PartyService is a post in a party organisation (type 13).
type PartyService struct {
	bun.BaseModel `bun:"table:gb_dzzfw,alias:x"`
	Sub
	Period
	Org  string `bun:"org" json:"org"`
	Post string `bun:"post" json:"post"`
}

// Certificate is a passport or another travel certificate (gb_zj, within
// type 1): its number is encrypted; one kept by the organisation and out
// without being returned by its due day is reminder 6.
type Certificate struct {
	bun.BaseModel `bun:"table:gb_zj,alias:x"`
	Sub
	Kind       string    `bun:"kind" json:"kind"`
	Number     string    `bun:"-" json:"number"`
	NumberEnc  string    `bun:"number_enc" json:"numberEnc,omitempty"`
	KeptByOrg  bool      `bun:"kept_by_org" json:"keptByOrg"`
	OutOn      date.Date `bun:"out_on" json:"outOn"`
	DueBackOn  date.Date `bun:"due_back_on" json:"dueBackOn"`
	ReturnedOn date.Date `bun:"returned_on" json:"returnedOn"`
}

// The kinds of a managed department (分管部门): a department the cadre is
// in charge of, or one they keep in touch with (a school leader's 联系 of a
// college).
const (
	ManageCharge  = "分管"
	ManageContact = "联系"
)

// ManagedDept is a department a cadre manages (gb_fgbm, spec GB_MANAGE_DEPT):
// a unit (sys_dept) once per cadre, with the kind, since when and a note.
// Its rows are trailed under the cadre in the trail module
// TrailManagedDepts, not TrailModule: they are not an information type of
// the 任免审批表, and the cadre does not propose them (信息变更申请).
type ManagedDept struct {
	bun.BaseModel `bun:"table:gb_fgbm,alias:x"`
	Sub
	UnitID int64     `bun:"unit_id" json:"unitId"`
	Kind   string    `bun:"kind" json:"kind"`
	Since  date.Date `bun:"since" json:"since"`
	Note   string    `bun:"note" json:"note"`
	// UnitName is the unit's name as read (never written).
	UnitName string `bun:"unit_name,scanonly" json:"unitName"`
}
