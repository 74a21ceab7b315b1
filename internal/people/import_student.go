package people

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/rbac"
)

var studentColumns = append(append(imports.Columns{
	{Key: "studentNo", Label: "学号", Required: true, Example: "S2024001", Note: "不超过32个字符；用于匹配已有学生"},
}, personColumns...),
	imports.Column{Key: "class", Label: "班级编号", Field: "classId", Example: "BJ2024-01", Note: "所在单位的班级的编号"},
	imports.Column{Key: "grade", Label: "年级", Dict: DictGrade, Example: "2024", Note: "可不填：按班级确定"},
	imports.Column{Key: "educationLevel", Label: "培养层次", Dict: DictEducationLevel, Example: "本科"},
	imports.Column{Key: "enrolledOn", Label: "入学日期", Example: "2024-09-01", Note: "日期如 2024-03-01、2024/3/1 或 2024.03.01"},
	imports.Column{Key: "status", Label: "学生状态", Dict: DictStudentStatus, Note: "新学生不填时为“在读”"},
	imports.Column{Key: "remark", Label: "备注"},
)

// studentFields are the fields a changed student row reports.
var studentFields = audit.Fields{
	{Name: "studentNo", Label: "学号"}, {Name: "name", Label: "姓名"}, {Name: "gender", Label: "性别"},
	{Name: "ethnicity", Label: "民族"}, {Name: "idNumber", Label: "身份证号码"}, {Name: "phone", Label: "手机号码"},
	{Name: "birthDate", Label: "出生日期"}, {Name: "unit", Label: "所在单位"}, {Name: "class", Label: "班级"},
	{Name: "grade", Label: "年级"}, {Name: "educationLevel", Label: "培养层次"}, {Name: "enrolledOn", Label: "入学日期"},
	{Name: "status", Label: "学生状态"}, {Name: "remark", Label: "备注"},
}

func (s *Service) validateStudents(ctx context.Context, idb bun.IDB, _ *rbac.Principal, rows []*imports.Row) error {
	ref, existing, err := importStart[Student](ctx, s, idb, studentKind.kind, rows, nil)
	if err != nil {
		return err
	}
	// The classes rows name (by code) and those existing students are in (by id), of the scope.
	classIDs := imports.IDsOf(existing, func(st *Student) *int64 { return st.ClassID })
	classes, err := imports.Refs(imports.CellValues(rows, "class"), classIDs, "code",
		func(column string, part any, dst *[]*Class) error {
			return idb.NewSelect().Model(dst).Where("c.? IN (?)", bun.Ident(column), part).Scan(ctx)
		})
	if err != nil {
		return err
	}
	classByID, classByCode := map[int64]*Class{}, map[string]*Class{}
	for _, c := range classes {
		if ref.inScope[c.UnitDeptID] {
			classByID[c.ID], classByCode[c.Code] = c, c
		}
	}
	classOf := func(id int64) (*Class, error) {
		if c := classByID[id]; c != nil {
			return c, nil
		}
		return nil, errNoClass()
	}
	className := func(id *int64) string {
		if id == nil {
			return ""
		}
		if c := classByID[*id]; c != nil {
			return c.Code + " " + c.Name
		}
		return fmt.Sprint(*id)
	}
	display := func(st *Student) map[string]string {
		d := s.personDisplay(ref, studentKind, &st.Person, st.ID)
		d["studentNo"], d["class"], d["grade"] = st.StudentNo, className(st.ClassID), ref.labels.Label(DictGrade, st.Grade)
		d["educationLevel"], d["enrolledOn"] = ref.labels.Label(DictEducationLevel, st.EducationLevel), string(st.EnrolledOn)
		return d
	}

	rowLoop[Student, Student, StudentInput]{kind: studentKind.kind, cols: studentColumns, fields: studentFields,
		unit: func(cur *Student) int64 { return cur.UnitDeptID }, rec: func(cur *Student) *Student { return cur },
		input: func(r *imports.Row, cur *Student) StudentInput {
			in := StudentInput{StudentNo: r.Cells["studentNo"]}
			if cur != nil {
				in = s.studentInput(cur)
			}
			ref.personCells(r, studentColumns, &in.PersonInput)
			r.Ref("class", &in.ClassID, func(code string) (int64, string) {
				if c := classByCode[code]; c != nil {
					return c.ID, ""
				}
				return 0, fmt.Sprintf("找不到班级「%s」，请填写您管理范围内班级的编号", code)
			})
			if r.Has("grade") {
				in.Grade = ref.dicts.Cell(r, studentColumns.Get("grade"))
				if in.Grade == "" && in.ClassID != nil && classByID[*in.ClassID] != nil {
					in.Grade = classByID[*in.ClassID].Grade // an empty grade is the class's (as the API does on a class change)
				}
			}
			studentColumns.Dict(r, ref.dicts, "educationLevel", &in.EducationLevel)
			studentColumns.Date(r, "enrolledOn", &in.EnrolledOn)
			return in
		},
		check: func(in StudentInput, cur *Student) (*Student, error) {
			return s.checkStudent(ref.labels, in, cur, ref.unitInScope, classOf)
		},
		display: display, person: func(st *Student) *Person { return &st.Person },
	}.each(ref, rows, existing)
	return s.checkIDNumbers(ctx, idb, studentKind.table, rows)
}
