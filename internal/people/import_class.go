package people

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/rbac"
)

var classColumns = imports.Columns{
	{Key: "code", Label: "班级编号", Required: true, Example: "BJ2024-01", Note: "不超过32个字符；用于匹配已有班级"},
	{Key: "name", Label: "班级名称", Required: true, Example: "计算机科学与技术2024级1班"},
	{Key: "grade", Label: "年级", Dict: DictGrade, Example: "2024"},
	{Key: "unit", Label: "所在单位", Field: "unitDeptId", Required: true, Example: "DW001", Note: unitNote},
	{Key: "major", Label: "专业", Example: "计算机科学与技术"},
	{Key: "headTeacher", Label: "班主任工号", Field: "headTeacherId", Example: "T2010001", Note: "您管理范围内教师的工号"},
}

// classFields are the fields a changed class row reports.
var classFields = audit.Fields{
	{Name: "code", Label: "班级编号"}, {Name: "name", Label: "班级名称"}, {Name: "grade", Label: "年级"},
	{Name: "unit", Label: "所在单位"}, {Name: "major", Label: "专业"}, {Name: "headTeacher", Label: "班主任"},
}

type headTeacher struct {
	ID         int64  `bun:"id"`
	StaffNo    string `bun:"staff_no"`
	Name       string `bun:"name"`
	UnitDeptID int64  `bun:"unit_dept_id"`
}

func (s *Service) validateClasses(ctx context.Context, idb bun.IDB, _ *rbac.Principal, rows []*imports.Row) error {
	// The student count: a class holding students keeps its unit (checkClassMove).
	ref, existing, err := importStart[classRow](ctx, s, idb, classKind, rows, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.ColumnExpr("c.*").ColumnExpr("(SELECT COUNT(*) FROM xsjbxx AS xc WHERE xc.class_id = c.id) AS student_count")
	})
	if err != nil {
		return err
	}
	// Head teachers: those the rows name (staff numbers) and the current ones (ids), of the scope.
	teacherIDs := imports.IDsOf(existing, func(c *classRow) *int64 { return c.HeadTeacherID })
	teachers, err := imports.Refs(imports.CellValues(rows, "headTeacher"), teacherIDs, "staff_no",
		func(column string, part any, dst *[]*headTeacher) error {
			return idb.NewSelect().Table("jsjbxx").Column("id", "staff_no", "name", "unit_dept_id").
				Where("? IN (?)", bun.Ident(column), part).Scan(ctx, dst)
		})
	if err != nil {
		return err
	}
	teacherByNo, teacherByID := map[string]*headTeacher{}, map[int64]*headTeacher{}
	for _, t := range teachers {
		if ref.inScope[t.UnitDeptID] {
			teacherByNo[t.StaffNo], teacherByID[t.ID] = t, t
		}
	}
	display := func(c *Class) map[string]string {
		head := ""
		if c.HeadTeacherID != nil {
			if t := teacherByID[*c.HeadTeacherID]; t != nil {
				head = t.StaffNo + " " + t.Name
			} else {
				head = fmt.Sprint(*c.HeadTeacherID)
			}
		}
		return map[string]string{"code": c.Code, "name": c.Name, "grade": ref.labels.Label(DictGrade, c.Grade),
			"unit": ref.nameOfUnit(c.UnitDeptID), "major": c.Major, "headTeacher": head}
	}
	rowLoop[classRow, Class, ClassInput]{kind: classKind, cols: classColumns, fields: classFields,
		unit: func(cur *classRow) int64 { return cur.UnitDeptID }, rec: func(cur *classRow) *Class { return &cur.Class },
		input: func(r *imports.Row, cur *classRow) ClassInput {
			in := ClassInput{Code: r.Cells["code"]}
			if cur != nil {
				in = classInput(&cur.Class)
			}
			r.Text("name", &in.Name)
			r.Text("major", &in.Major)
			classColumns.Dict(r, ref.dicts, "grade", &in.Grade)
			ref.unitCell(r, &in.UnitDeptID)
			r.Ref("headTeacher", &in.HeadTeacherID, func(no string) (int64, string) {
				if t := teacherByNo[no]; t != nil {
					return t.ID, ""
				}
				return 0, fmt.Sprintf("找不到工号为「%s」的教师，请填写您管理范围内教师的工号", no)
			})
			return in
		},
		check: func(in ClassInput, cur *classRow) (*Class, error) {
			var curClass *Class
			if cur != nil {
				curClass = &cur.Class
			}
			c, err := s.checkClass(ref.labels, in, curClass)
			if err == nil && !ref.inScope[c.UnitDeptID] {
				err = errNoUnit()
			}
			if err == nil && cur != nil {
				err = checkClassMove(cur, c)
			}
			return c, err
		},
		display: display,
	}.each(ref, rows, existing)
	return nil
}
