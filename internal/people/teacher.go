package people

import (
	"context"
	"encoding/json"
	"strings"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
	"zhdj/internal/system"
)

// teacherRow is a teacher read with the unit's name.
type teacherRow struct {
	Teacher  `bun:",extend"`
	UnitName string `bun:"unit_name,scanonly"`
}

type teacherResource = resource.Viewed[Teacher, teacherRow, TeacherInput, TeacherView]

// newTeachers declares the teachers (/api/jsjbxx).
func newTeachers(s *Service) *teacherResource {
	return declare(s, teacherKind.kind, teacherResource{
		Spec: s.personSpec(teacherKind, map[string]httpx.Filter{
			"professionalTitle": {Columns: []string{"x.professional_title"}, Match: httpx.In},
			"post":              {Columns: []string{"x.post"}, Match: httpx.In},
		}, nil),
		Record: func(r *teacherRow) *Teacher { return &r.Teacher },
		View:   s.teacherView,
		Input:  func(r *teacherRow) TeacherInput { return s.teacherInput(&r.Teacher) },
		IDOf:   func(in *TeacherInput) int64 { return in.ID },
		Merged: func(in *TeacherInput, sent map[string]json.RawMessage) { dropDerived(&in.PersonInput, sent) },
		Unmask: unmask,
		Export: resource.Export[TeacherView]{Columns: personExport(
			resource.Column[TeacherView]{Header: "工号", Width: 14, Cell: func(v *TeacherView) any { return v.StaffNo }},
			func(v *TeacherView) *PersonView { return &v.PersonView }, "教师状态",
			resource.Column[TeacherView]{Header: "专业技术职务", Width: 16, Cell: func(v *TeacherView) any { return v.ProfessionalTitleLabel }},
			resource.Column[TeacherView]{Header: "岗位", Width: 16, Cell: func(v *TeacherView) any { return v.PostLabel }})},
	}, nil, s.prepareTeacher)
}

// teacherInput is the body that leaves a teacher as it is (the base an
// update and an import row put their fields on).
func (s *Service) teacherInput(t *Teacher) TeacherInput {
	return TeacherInput{ID: t.ID, StaffNo: t.StaffNo, PersonInput: s.personInput(&t.Person, teacherKind.table, t.ID),
		ProfessionalTitle: t.ProfessionalTitle, Post: t.Post}
}

func (s *Service) teacherView(r *teacherRow, l audit.Labeller, unmask bool) TeacherView {
	t := &r.Teacher
	return TeacherView{ID: t.ID, StaffNo: t.StaffNo,
		PersonView:        s.personView(&t.Person, teacherKind, t.ID, r.UnitName, l, unmask),
		ProfessionalTitle: t.ProfessionalTitle, ProfessionalTitleLabel: l(DictTitle, t.ProfessionalTitle),
		Post: t.Post, PostLabel: l(DictPost, t.Post)}
}

// prepareTeacher is checkTeacher, then the shared fields checked against
// the database.
func (s *Service) prepareTeacher(ctx context.Context, l system.DictLabels, in TeacherInput, cur *Teacher) (*Teacher, error) {
	t, err := s.checkTeacher(l, in, cur)
	if err != nil {
		return nil, err
	}
	if err := s.checkPersonStored(ctx, s.db, teacherKind, &t.Person, cur.personOrNil(), t.ID); err != nil {
		return nil, err
	}
	return t, nil
}

// checkTeacher is the part of prepareTeacher that needs no database (the
// import runs it per row).
func (s *Service) checkTeacher(l system.DictLabels, in TeacherInput, cur *Teacher) (*Teacher, error) {
	in.StaffNo, in.ProfessionalTitle, in.Post = strings.TrimSpace(in.StaffNo), strings.TrimSpace(in.ProfessionalTitle), strings.TrimSpace(in.Post)
	t := &Teacher{}
	if cur != nil {
		*t = *cur
	}
	p, err := s.checkPerson(l, teacherKind, in.StaffNo, in.PersonInput, cur.personOrNil(), t.ID)
	if err != nil {
		return nil, err
	}
	t.StaffNo, t.Person = in.StaffNo, p
	var was Teacher
	if cur != nil {
		was = *cur
	}
	if err := checkDicts(l, dictValue{"professionalTitle", DictTitle, "专业技术职称", in.ProfessionalTitle, was.ProfessionalTitle},
		dictValue{"post", DictPost, "工作岗位", in.Post, was.Post}); err != nil {
		return nil, err
	}
	t.ProfessionalTitle, t.Post = in.ProfessionalTitle, in.Post
	return t, nil
}
