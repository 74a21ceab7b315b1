package people

import (
	"context"
	"time"

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
	ref, err := s.importRefs(ctx, idb)
	if err != nil {
		return err
	}
	numbers := markDuplicates(rows, "staffNo", "工号")
	existing, err := imports.ByKey(numbers, func(t *Teacher) string { return t.StaffNo },
		func(part []string, dst *[]*Teacher) error {
			return idb.NewSelect().Model(dst).Where("x.staff_no IN (?)", bun.In(part)).Scan(ctx)
		})
	if err != nil {
		return err
	}
	display := func(t *Teacher) map[string]string {
		d := s.personDisplay(ref, &t.Person, teacherKind.table, t.ID, DictTeacherStatus)
		d["staffNo"], d["professionalTitle"], d["post"] = t.StaffNo, ref.labels.Label(DictTitle, t.ProfessionalTitle), ref.labels.Label(DictPost, t.Post)
		return d
	}
	for _, r := range rows {
		if r.Status == imports.StatusInvalid {
			continue
		}
		cur := existing[r.Cells["staffNo"]]
		in := TeacherInput{StaffNo: r.Cells["staffNo"]}
		if cur != nil {
			if !ref.inScope[cur.UnitDeptID] {
				r.Fail("staffNo", "该教师不在您的管理范围内")
				continue
			}
			id := cur.ID
			r.TargetID = &id
			in = TeacherInput{ID: cur.ID, StaffNo: cur.StaffNo, PersonInput: s.personInput(&cur.Person, teacherKind.table, cur.ID),
				ProfessionalTitle: cur.ProfessionalTitle, Post: cur.Post}
		}
		ref.personCells(r, teacherColumns, &in.PersonInput)
		teacherColumns.Dict(r, ref.dicts, "professionalTitle", &in.ProfessionalTitle)
		teacherColumns.Dict(r, ref.dicts, "post", &in.Post)
		if len(r.Errors) > 0 {
			continue
		}
		t, err := s.checkTeacher(ref.labels, in, cur)
		if err != nil {
			teacherColumns.FailErr(r, err)
			continue
		}
		if err := ref.unitInScope(&t.Person, t.ID); err != nil {
			teacherColumns.FailErr(r, err)
			continue
		}
		var readAt *time.Time
		var before map[string]string
		if cur != nil {
			readAt, before = &cur.UpdatedAt, display(cur)
		}
		accept(r, t, &t.Person, readAt, teacherFields, before, display(t))
	}
	return checkIDNumbers(ctx, idb, teacherKind.table, rows, func(r *imports.Row) int64 {
		return r.Data.(*importItem[Teacher]).rec.ID
	})
}

// commitTeachers inserts the new teachers in multi-row INSERTs and updates the
// changed ones (each only if nobody changed it since it was read).
// Teachers have no change trail.
func (s *Service) commitTeachers(ctx context.Context, tx bun.Tx, _ *rbac.Principal, _ *imports.Batch, rows []*imports.Row) error {
	return commitItems[Teacher](ctx, tx, rows, "教师", errDuplicateStaffNo())
}
