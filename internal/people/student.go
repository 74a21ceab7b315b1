package people

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// studentRow is a student read with the names shown next to it.
type studentRow struct {
	Student   `bun:",extend"`
	UnitName  string `bun:"unit_name,scanonly"`
	ClassName string `bun:"class_name,scanonly"`
}

type studentResource = resource.Viewed[Student, studentRow, StudentInput, StudentView]

// newStudents declares the students (/api/xsjbxx).
func newStudents(s *Service) *studentResource {
	return declare(s, studentKind.kind, studentResource{
		Spec: s.personSpec(studentKind, map[string]httpx.Filter{
			"classId":        {Columns: []string{"x.class_id"}, Kind: httpx.Int},
			"grade":          {Columns: []string{"x.grade"}, Match: httpx.In},
			"educationLevel": {Columns: []string{"x.education_level"}, Match: httpx.In},
		}, map[string]string{"grade": "x.grade", "enrolledOn": "x.enrolled_on"}),
		Record: func(r *studentRow) *Student { return &r.Student },
		View:   s.studentView,
		Input:  func(r *studentRow) StudentInput { return s.studentInput(&r.Student) },
		IDOf:   func(in *StudentInput) int64 { return in.ID },
		Merged: func(in *StudentInput, sent map[string]json.RawMessage) { dropDerived(&in.PersonInput, sent) },
		Unmask: unmask,
		Export: resource.Export[StudentView]{Columns: personExport(
			resource.Column[StudentView]{Header: "学号", Width: 14, Cell: func(v *StudentView) any { return v.StudentNo }},
			func(v *StudentView) *PersonView { return &v.PersonView }, "学生状态",
			resource.Column[StudentView]{Header: "班级", Width: 20, Cell: func(v *StudentView) any { return v.ClassName }},
			resource.Column[StudentView]{Header: "年级", Width: 8, Cell: func(v *StudentView) any { return v.GradeLabel }},
			resource.Column[StudentView]{Header: "培养层次", Width: 10, Cell: func(v *StudentView) any { return v.EducationLevelLabel }},
			resource.Column[StudentView]{Header: "入学日期", Width: 12, Cell: func(v *StudentView) any { return string(v.EnrolledOn) }})},
	}, func(q *bun.SelectQuery) *bun.SelectQuery {
		// A select-list sub-query, not a join: PostgreSQL looks it up for the
		// page's rows only, where a join read every class for a searched page.
		return q.ColumnExpr("COALESCE((SELECT c.name FROM bj AS c WHERE c.id = x.class_id), '') AS class_name")
	}, s.prepareStudent)
}

// studentInput is the body that leaves a student as it is (the base an
// update and an import row put their fields on).
func (s *Service) studentInput(st *Student) StudentInput {
	return StudentInput{ID: st.ID, StudentNo: st.StudentNo, PersonInput: s.personInput(&st.Person, studentKind.table, st.ID),
		ClassID: st.ClassID, Grade: st.Grade, EducationLevel: st.EducationLevel, EnrolledOn: string(st.EnrolledOn)}
}

func (s *Service) studentView(r *studentRow, l audit.Labeller, unmask bool) StudentView {
	st := &r.Student
	return StudentView{ID: st.ID, StudentNo: st.StudentNo,
		PersonView: s.personView(&st.Person, studentKind, st.ID, r.UnitName, l, unmask),
		ClassID:    st.ClassID, ClassName: r.ClassName, Grade: st.Grade, GradeLabel: l(DictGrade, st.Grade),
		EducationLevel: st.EducationLevel, EducationLevelLabel: l(DictEducationLevel, st.EducationLevel),
		EnrolledOn: st.EnrolledOn}
}

// prepareStudent is checkStudent with what it reads from the database
// read one record at a time.
func (s *Service) prepareStudent(ctx context.Context, l system.DictLabels, in StudentInput, cur *Student) (*Student, error) {
	classOf := func(id int64) (*Class, error) {
		c, err := s.classes.Find(ctx, id)
		if err != nil {
			return nil, err
		}
		return &c.Class, nil
	}
	stored := func(p *Person, self int64) error {
		return s.checkPersonStored(ctx, s.db, studentKind, p, cur.personOrNil(), self)
	}
	return s.checkStudent(l, in, cur, stored, classOf)
}

// checkStudent is the checks of a student but the student number's
// uniqueness, with what they read from the database given: stored checks
// the shared fields against the database (the unit's scope, the ID
// number's uniqueness) before the class is looked at, classOf finds a
// class of the caller's scope (an error when there is none). The import
// runs it per row with what it read in bulk.
func (s *Service) checkStudent(l system.DictLabels, in StudentInput, cur *Student, stored func(p *Person, self int64) error,
	classOf func(int64) (*Class, error)) (*Student, error) {
	in.StudentNo, in.Grade, in.EducationLevel = strings.TrimSpace(in.StudentNo), strings.TrimSpace(in.Grade), strings.TrimSpace(in.EducationLevel)
	st := &Student{}
	if cur != nil {
		*st = *cur
	}
	p, err := s.checkPerson(l, studentKind, in.StudentNo, in.PersonInput, cur.personOrNil(), st.ID)
	if err != nil {
		return nil, err
	}
	if err := stored(&p, st.ID); err != nil {
		return nil, err
	}
	st.StudentNo, st.Person = in.StudentNo, p
	if in.ClassID != nil && (cur == nil || cur.ClassID == nil || *cur.ClassID != *in.ClassID || cur.UnitDeptID != p.UnitDeptID) {
		c, err := classOf(*in.ClassID)
		if err != nil {
			return nil, httpx.Invalid("classId", "所选班级不存在")
		}
		if c.UnitDeptID != p.UnitDeptID {
			return nil, httpx.Invalid("classId", "所选班级“%s”不属于所选单位", c.Name)
		}
		if in.Grade == "" {
			in.Grade = c.Grade // a student's grade is their class's unless told
		}
	}
	st.ClassID = in.ClassID
	var was Student
	if cur != nil {
		was = *cur
	}
	if err := checkDicts(l, dictValue{"grade", DictGrade, "年级", in.Grade, was.Grade},
		dictValue{"educationLevel", DictEducationLevel, "培养层次", in.EducationLevel, was.EducationLevel}); err != nil {
		return nil, err
	}
	st.Grade, st.EducationLevel = in.Grade, in.EducationLevel
	enrolled, ok := date.Parse(in.EnrolledOn)
	if !ok {
		return nil, httpx.Invalid("enrolledOn", "入学日期格式错误，应为 YYYY-MM-DD")
	}
	st.EnrolledOn = enrolled
	return st, nil
}
