package people

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/rbac"
)

var teacherColumns = append(append(imports.Columns{
	{Key: "staffNo", Label: "工号", Required: true, Example: "T2010001", Note: "不超过32个字符；用于匹配已有教师"},
}, personColumns...),
	imports.Column{Key: "professionalTitle", Label: "专业技术职称", Dict: DictTitle, Example: "副教授"},
	imports.Column{Key: "post", Label: "工作岗位", Dict: DictPost, Example: "事业单位专业技术人员"},
	imports.Column{Key: "status", Label: "教师状态", Dict: DictTeacherStatus, Note: "新教师不填时为“在职”"},
	imports.Column{Key: "remark", Label: "备注"},
)

// teacherFields are the fields a changed teacher row reports.
var teacherFields = audit.Fields{
	{Name: "staffNo", Label: "工号"}, {Name: "name", Label: "姓名"}, {Name: "gender", Label: "性别"},
	{Name: "ethnicity", Label: "民族"}, {Name: "idNumber", Label: "身份证号码"}, {Name: "phone", Label: "手机号码"},
	{Name: "birthDate", Label: "出生日期"}, {Name: "unit", Label: "所在单位"},
	{Name: "professionalTitle", Label: "专业技术职称"}, {Name: "post", Label: "工作岗位"},
	{Name: "status", Label: "教师状态"}, {Name: "remark", Label: "备注"},
}

func (s *Service) validateTeachers(ctx context.Context, idb bun.IDB, _ *rbac.Principal, rows []*imports.Row) error {
	ref, existing, err := importStart[Teacher](ctx, s, idb, teacherKind.kind, rows, nil)
	if err != nil {
		return err
	}
	display := func(t *Teacher) map[string]string {
		d := s.personDisplay(ref, teacherKind, &t.Person, t.ID)
		d["staffNo"], d["professionalTitle"], d["post"] = t.StaffNo, ref.labels.Label(DictTitle, t.ProfessionalTitle), ref.labels.Label(DictPost, t.Post)
		return d
	}
	rowLoop[Teacher, Teacher, TeacherInput]{kind: teacherKind.kind, cols: teacherColumns, fields: teacherFields,
		unit: func(cur *Teacher) int64 { return cur.UnitDeptID }, rec: func(cur *Teacher) *Teacher { return cur },
		input: func(r *imports.Row, cur *Teacher) TeacherInput {
			in := TeacherInput{StaffNo: r.Cells["staffNo"]}
			if cur != nil {
				in = s.teacherInput(cur)
			}
			ref.personCells(r, teacherColumns, &in.PersonInput)
			teacherColumns.Dict(r, ref.dicts, "professionalTitle", &in.ProfessionalTitle)
			teacherColumns.Dict(r, ref.dicts, "post", &in.Post)
			return in
		},
		check: func(in TeacherInput, cur *Teacher) (*Teacher, error) {
			t, err := s.checkTeacher(ref.labels, in, cur)
			if err != nil {
				return nil, err
			}
			return t, ref.unitInScope(&t.Person, t.ID)
		},
		display: display, person: func(t *Teacher) *Person { return &t.Person },
	}.each(ref, rows, existing)
	return s.checkIDNumbers(ctx, idb, teacherKind.table, rows)
}
