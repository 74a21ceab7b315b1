package member

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
)

// Member is one row of dyjbxx. Its JSON form is the trail snapshot a restore
// starts from (personal fields stay encrypted in it).
type Member struct {
	bun.BaseModel `bun:"table:dyjbxx,alias:m"`

	ID                int64     `bun:"id,pk,autoincrement" json:"id"`
	Name              string    `bun:"name" json:"name"`
	Gender            string    `bun:"gender" json:"gender"`
	Ethnicity         string    `bun:"ethnicity" json:"ethnicity"`
	Education         string    `bun:"education" json:"education"`
	ProfessionalTitle string    `bun:"professional_title" json:"professionalTitle"`
	Post              string    `bun:"post" json:"post"`
	PersonCategory    string    `bun:"person_category" json:"personCategory"`
	PersonType        string    `bun:"person_type" json:"personType"`
	PartyStatus       string    `bun:"party_status" json:"partyStatus"`
	MemberStatus      string    `bun:"member_status" json:"memberStatus"`
	Source            string    `bun:"source" json:"source"`
	IDNumberEnc       string    `bun:"id_number_enc" json:"idNumberEnc"`
	IDNumberIdx       string    `bun:"id_number_idx" json:"idNumberIdx"`
	PhoneEnc          string    `bun:"phone_enc" json:"phoneEnc"`
	PhoneIdx          string    `bun:"phone_idx" json:"phoneIdx"`
	BirthDate         date.Date `bun:"birth_date" json:"birthDate"`
	StaffOrStudentNo  string    `bun:"staff_or_student_no" json:"staffOrStudentNo"`
	Grade             string    `bun:"grade" json:"grade"`
	ClassName         string    `bun:"class_name" json:"className"`
	UnitDeptID        *int64    `bun:"unit_dept_id" json:"unitDeptId"`
	OrgID             int64     `bun:"org_id" json:"orgId"`
	UserID            *int64    `bun:"user_id" json:"userId"`
	AppliedOn         date.Date `bun:"applied_on" json:"appliedOn"`
	JoinedOn          date.Date `bun:"joined_on" json:"joinedOn"`
	FullOn            date.Date `bun:"full_on" json:"fullOn"`
	UnderWatchSince   date.Date `bun:"under_watch_since" json:"underWatchSince"` // 留党察看 took effect; cleared when the rights are restored (细则 第十四条: no 入党介绍人 then)
	PhotoFileID       *int64    `bun:"photo_file_id" json:"photoFileId"`
	Remark            string    `bun:"remark" json:"remark"`
	CreatedAt         time.Time `bun:"created_at" json:"createdAt"`
	UpdatedAt         time.Time `bun:"updated_at" json:"updatedAt"`
}

// memberRow is a member read with the names shown next to it.
type memberRow struct {
	Member   `bun:",extend"`
	OrgName  string  `bun:"org_name,scanonly"`
	UnitName *string `bun:"unit_name,scanonly"`
	Account  *string `bun:"account,scanonly"` // the linked account's username
}

// Dictionary values the code relies on (the seeds of internal/system/dictseed).
const (
	StatusNormal     = "1" // DY_ZT 正常
	PartyFull        = "1" // DJ_DY_DJZTXX 正式党员
	PartyProbation   = "2" // DJ_DY_DJZTXX 预备党员
	SourceImport     = "4" // DY_LY 后台导入
	SourceBackOffice = "5" // DY_LY 后台添加
	GenderMale       = "1" // DJ_COMM_XB 男
	GenderFemale     = "2" // DJ_COMM_XB 女
)

// MemberView is a member as the API shows it: dictionary labels beside the
// codes, the organisation and unit names, personal fields masked unless the
// caller asked for and may see them.
type MemberView struct {
	ID                     int64     `json:"id"`
	Name                   string    `json:"name"`
	Gender                 string    `json:"gender"`
	GenderLabel            string    `json:"genderLabel"`
	Ethnicity              string    `json:"ethnicity"`
	EthnicityLabel         string    `json:"ethnicityLabel"`
	Education              string    `json:"education"`
	EducationLabel         string    `json:"educationLabel"`
	ProfessionalTitle      string    `json:"professionalTitle"`
	ProfessionalTitleLabel string    `json:"professionalTitleLabel"`
	Post                   string    `json:"post"`
	PostLabel              string    `json:"postLabel"`
	PersonCategory         string    `json:"personCategory"`
	PersonCategoryLabel    string    `json:"personCategoryLabel"`
	PersonType             string    `json:"personType"`
	PersonTypeLabel        string    `json:"personTypeLabel"`
	PartyStatus            string    `json:"partyStatus"`
	PartyStatusLabel       string    `json:"partyStatusLabel"`
	MemberStatus           string    `json:"memberStatus"`
	MemberStatusLabel      string    `json:"memberStatusLabel"`
	Source                 string    `json:"source"`
	SourceLabel            string    `json:"sourceLabel"`
	IDNumber               string    `json:"idNumber"`
	Phone                  string    `json:"phone"`
	Masked                 bool      `json:"masked"`
	BirthDate              date.Date `json:"birthDate"`
	StaffOrStudentNo       string    `json:"staffOrStudentNo"`
	Grade                  string    `json:"grade"`
	GradeLabel             string    `json:"gradeLabel"`
	ClassName              string    `json:"className"`
	UnitDeptID             *int64    `json:"unitDeptId"`
	UnitName               string    `json:"unitName"`
	OrgID                  int64     `json:"orgId"`
	OrgName                string    `json:"orgName"`
	UserID                 *int64    `json:"userId"`
	Account                string    `json:"account"` // the linked account's username
	AppliedOn              date.Date `json:"appliedOn"`
	JoinedOn               date.Date `json:"joinedOn"`
	FullOn                 date.Date `json:"fullOn"`
	UnderWatchSince        date.Date `json:"underWatchSince"`
	PhotoFileID            *int64    `json:"photoFileId"`
	Remark                 string    `json:"remark"`
	CreateTime             time.Time `json:"createTime"`
	UpdateTime             time.Time `json:"updateTime"`
	// Transferring is "转出中" while a transfer out of the member's branch
	// is under way (the sending side still manages the member).
	Transferring string `json:"transferring,omitempty"`
	// Warnings are rule checks that did not block the save (create and update only).
	Warnings []string `json:"warnings,omitempty"`
}

// MemberInput is the body of create and update. Dates are "2006-01-02".
// On update a field left out keeps its value; idNumber and phone sent back
// masked (as the detail shows them) keep theirs too.
type MemberInput struct {
	ID                int64  `json:"id"`
	Name              string `json:"name"`
	Gender            string `json:"gender"`
	Ethnicity         string `json:"ethnicity"`
	Education         string `json:"education"`
	ProfessionalTitle string `json:"professionalTitle"`
	Post              string `json:"post"`
	PersonCategory    string `json:"personCategory"`
	PersonType        string `json:"personType"`
	PartyStatus       string `json:"partyStatus"`
	MemberStatus      string `json:"memberStatus"`
	Source            string `json:"source"`
	IDNumber          string `json:"idNumber"`
	Phone             string `json:"phone"`
	BirthDate         string `json:"birthDate"`
	StaffOrStudentNo  string `json:"staffOrStudentNo"`
	Grade             string `json:"grade"`
	ClassName         string `json:"className"`
	UnitDeptID        *int64 `json:"unitDeptId"`
	OrgID             *int64 `json:"orgId"`
	UserID            *int64 `json:"userId"`
	AppliedOn         string `json:"appliedOn"`
	JoinedOn          string `json:"joinedOn"`
	FullOn            string `json:"fullOn"`
	UnderWatchSince   string `json:"underWatchSince"` // 留党察看 since ("" when not, or rights restored)
	PhotoFileID       *int64 `json:"photoFileId"`
	Remark            string `json:"remark"`
}
