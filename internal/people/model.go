package people

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
)

// Person holds the columns students and teachers share. Personal fields are
// encrypted with a blind index, as the member domain does.
type Person struct {
	Name        string    `bun:"name" json:"name"`
	Gender      string    `bun:"gender" json:"gender"`
	Ethnicity   string    `bun:"ethnicity" json:"ethnicity"`
	IDNumberEnc string    `bun:"id_number_enc" json:"-"`
	IDNumberIdx string    `bun:"id_number_idx" json:"-"`
	PhoneEnc    string    `bun:"phone_enc" json:"-"`
	PhoneIdx    string    `bun:"phone_idx" json:"-"`
	BirthDate   date.Date `bun:"birth_date" json:"birthDate"`
	UnitDeptID  int64     `bun:"unit_dept_id" json:"unitDeptId"`
	Status      string    `bun:"status" json:"status"`
	Remark      string    `bun:"remark" json:"remark"`
	// LeftOn is when the person left the active status (在读, 在职), as this
	// system saw it; LeftSourceID the data source that marked them (leavers.go).
	LeftOn       date.Date `bun:"left_on" json:"leftOn"`
	LeftSourceID *int64    `bun:"left_source_id" json:"-"`
	CreatedAt    time.Time `bun:"created_at" json:"createTime"`
	UpdatedAt    time.Time `bun:"updated_at" json:"updateTime"`
}

// Student is one row of xsjbxx.
type Student struct {
	bun.BaseModel `bun:"table:xsjbxx,alias:x"`

	ID        int64  `bun:"id,pk,autoincrement"`
	StudentNo string `bun:"student_no"`
	Person
	ClassID        *int64    `bun:"class_id"`
	Grade          string    `bun:"grade"`
	EducationLevel string    `bun:"education_level"`
	EnrolledOn     date.Date `bun:"enrolled_on"`
}

// Teacher is one row of jsjbxx.
type Teacher struct {
	bun.BaseModel `bun:"table:jsjbxx,alias:x"`

	ID      int64  `bun:"id,pk,autoincrement"`
	StaffNo string `bun:"staff_no"`
	Person
	ProfessionalTitle string `bun:"professional_title"`
	Post              string `bun:"post"`
}

// Class is one row of bj.
type Class struct {
	bun.BaseModel `bun:"table:bj,alias:c"`

	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	Code          string    `bun:"code" json:"code"`
	Name          string    `bun:"name" json:"name"`
	Grade         string    `bun:"grade" json:"grade"`
	UnitDeptID    int64     `bun:"unit_dept_id" json:"unitDeptId"`
	Major         string    `bun:"major" json:"major"`
	HeadTeacherID *int64    `bun:"head_teacher_id" json:"headTeacherId"`
	CreatedAt     time.Time `bun:"created_at" json:"createTime"`
	UpdatedAt     time.Time `bun:"updated_at" json:"updateTime"`
}

// Keys say where the resource kit finds a record's id and times (a
// student's and a teacher's times lie in their shared Person).
func (st *Student) Keys() (*int64, *time.Time, *time.Time) {
	return &st.ID, &st.CreatedAt, &st.UpdatedAt
}
func (t *Teacher) Keys() (*int64, *time.Time, *time.Time) { return &t.ID, &t.CreatedAt, &t.UpdatedAt }
func (c *Class) Keys() (*int64, *time.Time, *time.Time)   { return &c.ID, &c.CreatedAt, &c.UpdatedAt }

// personOrNil is a stored student's or teacher's shared fields, nil for
// none (the checks' "no current record").
func (st *Student) personOrNil() *Person {
	if st == nil {
		return nil
	}
	return &st.Person
}

func (t *Teacher) personOrNil() *Person {
	if t == nil {
		return nil
	}
	return &t.Person
}

func (st Student) ident() ident { return ident{st.ID, st.StudentNo, st.Name, st.UpdatedAt} }
func (t Teacher) ident() ident  { return ident{t.ID, t.StaffNo, t.Name, t.UpdatedAt} }
func (c Class) ident() ident    { return ident{c.ID, c.Code, c.Name, c.UpdatedAt} }

// PersonInput is the part of a student's or teacher's body they share. On
// update a field left out keeps its value; idNumber and phone sent back
// masked (as the detail shows them) keep theirs too.
type PersonInput struct {
	Name       string `json:"name"`
	Gender     string `json:"gender"`
	Ethnicity  string `json:"ethnicity"`
	IDNumber   string `json:"idNumber"`
	Phone      string `json:"phone"`
	BirthDate  string `json:"birthDate"`
	UnitDeptID *int64 `json:"unitDeptId"`
	Status     string `json:"status"`
	Remark     string `json:"remark"`
}

// StudentInput is the body of a student's create and update.
type StudentInput struct {
	ID        int64  `json:"id"`
	StudentNo string `json:"studentNo"`
	PersonInput
	ClassID        *int64 `json:"classId"`
	Grade          string `json:"grade"`
	EducationLevel string `json:"educationLevel"`
	EnrolledOn     string `json:"enrolledOn"`
}

// TeacherInput is the body of a teacher's create and update.
type TeacherInput struct {
	ID      int64  `json:"id"`
	StaffNo string `json:"staffNo"`
	PersonInput
	ProfessionalTitle string `json:"professionalTitle"`
	Post              string `json:"post"`
}

// ClassInput is the body of a class's create and update.
type ClassInput struct {
	ID            int64  `json:"id"`
	Code          string `json:"code"`
	Name          string `json:"name"`
	Grade         string `json:"grade"`
	UnitDeptID    *int64 `json:"unitDeptId"`
	Major         string `json:"major"`
	HeadTeacherID *int64 `json:"headTeacherId"`
}

// PersonView is the shared part of a student or teacher as the API shows
// it: labels beside the codes, the unit's name, personal fields masked
// unless the caller asked for and may see them.
type PersonView struct {
	Name           string    `json:"name"`
	Gender         string    `json:"gender"`
	GenderLabel    string    `json:"genderLabel"`
	Ethnicity      string    `json:"ethnicity"`
	EthnicityLabel string    `json:"ethnicityLabel"`
	IDNumber       string    `json:"idNumber"`
	Phone          string    `json:"phone"`
	Masked         bool      `json:"masked"`
	BirthDate      date.Date `json:"birthDate"`
	UnitDeptID     int64     `json:"unitDeptId"`
	UnitName       string    `json:"unitName"`
	Status         string    `json:"status"`
	StatusLabel    string    `json:"statusLabel"`
	LeftOn         date.Date `json:"leftOn,omitempty"` // when they left the active status
	Remark         string    `json:"remark"`
	CreateTime     time.Time `json:"createTime"`
	UpdateTime     time.Time `json:"updateTime"`
}

// StudentView is a student as the API shows it.
type StudentView struct {
	ID        int64  `json:"id"`
	StudentNo string `json:"studentNo"`
	PersonView
	ClassID             *int64    `json:"classId"`
	ClassName           string    `json:"className"`
	Grade               string    `json:"grade"`
	GradeLabel          string    `json:"gradeLabel"`
	EducationLevel      string    `json:"educationLevel"`
	EducationLevelLabel string    `json:"educationLevelLabel"`
	EnrolledOn          date.Date `json:"enrolledOn"`
}

// TeacherView is a teacher as the API shows it.
type TeacherView struct {
	ID      int64  `json:"id"`
	StaffNo string `json:"staffNo"`
	PersonView
	ProfessionalTitle      string `json:"professionalTitle"`
	ProfessionalTitleLabel string `json:"professionalTitleLabel"`
	Post                   string `json:"post"`
	PostLabel              string `json:"postLabel"`
}

// ClassView is a class as the API shows it.
type ClassView struct {
	Class
	GradeLabel      string `json:"gradeLabel"`
	UnitName        string `json:"unitName"`
	HeadTeacherName string `json:"headTeacherName"`
	StudentCount    int    `json:"studentCount"`
}
