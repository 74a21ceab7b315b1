package people

import (
	"context"
	"fmt"
	"time"

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
	ref, err := s.importRefs(ctx, idb)
	if err != nil {
		return err
	}
	numbers := markDuplicates(rows, "studentNo", "学号")
	existing, err := imports.ByKey(numbers, func(st *Student) string { return st.StudentNo },
		func(part []string, dst *[]*Student) error {
			return idb.NewSelect().Model(dst).Where("x.student_no IN (?)", bun.In(part)).Scan(ctx)
		})
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
		d := s.personDisplay(ref, &st.Person, studentKind.table, st.ID, DictStudentStatus)
		d["studentNo"], d["class"], d["grade"] = st.StudentNo, className(st.ClassID), ref.labels.Label(DictGrade, st.Grade)
		d["educationLevel"], d["enrolledOn"] = ref.labels.Label(DictEducationLevel, st.EducationLevel), string(st.EnrolledOn)
		return d
	}

	for _, r := range rows {
		if r.Status == imports.StatusInvalid {
			continue
		}
		cur := existing[r.Cells["studentNo"]]
		in := StudentInput{StudentNo: r.Cells["studentNo"]}
		if cur != nil {
			if !ref.inScope[cur.UnitDeptID] {
				r.Fail("studentNo", "该学生不在您的管理范围内")
				continue
			}
			id := cur.ID
			r.TargetID = &id
			unitID := cur.UnitDeptID
			in = StudentInput{ID: cur.ID, StudentNo: cur.StudentNo, PersonInput: s.personInput(&cur.Person, studentKind.table, cur.ID),
				ClassID: cur.ClassID, Grade: cur.Grade, EducationLevel: cur.EducationLevel, EnrolledOn: string(cur.EnrolledOn)}
			in.UnitDeptID = &unitID
		}
		ref.personCells(r, studentColumns, &in.PersonInput)
		if r.Has("class") {
			in.ClassID = nil
			if code := r.Cells["class"]; code != "" {
				if c := classByCode[code]; c != nil {
					in.ClassID = &c.ID
				} else {
					r.Fail("class", fmt.Sprintf("找不到班级「%s」，请填写您管理范围内班级的编号", code))
				}
			}
		}
		if r.Has("grade") {
			in.Grade = ref.dicts.Cell(r, studentColumns.Get("grade"))
			if in.Grade == "" && in.ClassID != nil && classByID[*in.ClassID] != nil {
				in.Grade = classByID[*in.ClassID].Grade // an empty grade is the class's (as the API does on a class change)
			}
		}
		studentColumns.Dict(r, ref.dicts, "educationLevel", &in.EducationLevel)
		studentColumns.Date(r, "enrolledOn", &in.EnrolledOn)
		if len(r.Errors) > 0 {
			continue
		}
		st, err := s.checkStudent(ref.labels, in, cur, ref.unitInScope, classOf)
		if err != nil {
			studentColumns.FailErr(r, err)
			continue
		}
		var readAt *time.Time
		var before map[string]string
		if cur != nil {
			readAt, before = &cur.UpdatedAt, display(cur)
		}
		accept(r, st, &st.Person, readAt, studentFields, before, display(st))
	}
	return checkIDNumbers(ctx, idb, studentKind.table, rows, func(r *imports.Row) int64 {
		return r.Data.(*importItem[Student]).rec.ID
	})
}

// commitStudents inserts the new students in multi-row INSERTs and updates the
// changed ones (each only if nobody changed it since it was read).
// Students have no change trail.
func (s *Service) commitStudents(ctx context.Context, tx bun.Tx, _ *rbac.Principal, _ *imports.Batch, rows []*imports.Row) error {
	return commitItems[Student](ctx, tx, rows, "学生", errDuplicateStudentNo())
}
