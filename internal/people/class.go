package people

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
)

// classRow is a class read with the names shown next to it.
type classRow struct {
	Class           `bun:",extend"`
	UnitName        string `bun:"unit_name,scanonly"`
	HeadTeacherName string `bun:"head_teacher_name,scanonly"`
	StudentCount    int    `bun:"student_count,scanonly"`
}

var classKind = kind{table: "bj", alias: "c", what: "班级", number: "code", numberField: "code", numberLabel: "班级编号"}

func errNoClass() *httpx.Error { return classKind.notFound() }
func errNoHeadTeacher() *httpx.Error {
	return httpx.Invalid("headTeacherId", "所选班主任不存在")
}

type classResource = resource.Viewed[Class, classRow, ClassInput, ClassView]

// classSpec is the class list's; the class picker shares its filters.
var classSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":        {Columns: []string{"c.name", "c.code"}, Match: httpx.Text, Search: onClass},
		"name":          {Columns: []string{"c.name"}, Match: httpx.Text, Search: onClass},
		"code":          {Columns: []string{"c.code"}, Match: httpx.Text, Search: onClass},
		"major":         {Columns: []string{"c.major"}, Match: httpx.Like},
		"unitDeptId":    {Columns: []string{"c.unit_dept_id"}, Kind: httpx.Int},
		"grade":         {Columns: []string{"c.grade"}, Match: httpx.In},
		"headTeacherId": {Columns: []string{"c.head_teacher_id"}, Kind: httpx.Int},
	},
	Sorts:       map[string]string{"id": "c.id", "name": zh.Name("c.name"), "code": "c.code", "grade": "c.grade", "unitName": zh.Name("d.name")},
	Key:         "c.id",
	DefaultSort: "c.unit_dept_id ASC, c.grade DESC, " + zh.Name("c.name") + " ASC, c.id ASC",
}

// newClasses declares the classes (/api/bj).
func newClasses(s *Service) *classResource {
	return declare(s, classKind, classResource{Spec: classSpec,
		Record: func(r *classRow) *Class { return &r.Class },
		View: func(r *classRow, l audit.Labeller, _ bool) ClassView {
			return ClassView{Class: r.Class, GradeLabel: l(DictGrade, r.Grade), UnitName: r.UnitName,
				HeadTeacherName: r.HeadTeacherName, StudentCount: r.StudentCount}
		},
		Input: func(r *classRow) ClassInput { return classInput(&r.Class) },
		IDOf:  func(in *ClassInput) int64 { return in.ID },
		// Its students would move with it otherwise.
		BeforeUpdate: func(_ context.Context, _ bun.IDB, cur *classRow, c *Class) error { return checkClassMove(cur, c) },
		BeforeDelete: checkClassesEmpty,
		Export: resource.Export[ClassView]{Columns: []resource.Column[ClassView]{
			{Header: "班级编码", Width: 14, Cell: func(v *ClassView) any { return v.Code }},
			{Header: "班级名称", Width: 24, Cell: func(v *ClassView) any { return v.Name }},
			{Header: "年级", Width: 8, Cell: func(v *ClassView) any { return v.GradeLabel }},
			{Header: "所在单位", Width: 20, Cell: func(v *ClassView) any { return v.UnitName }},
			{Header: "专业", Width: 20, Cell: func(v *ClassView) any { return v.Major }},
			{Header: "班主任", Width: 10, Cell: func(v *ClassView) any { return v.HeadTeacherName }},
			{Header: "学生人数", Width: 10, Cell: func(v *ClassView) any { return v.StudentCount }},
		}},
	}, func(q *bun.SelectQuery) *bun.SelectQuery {
		// Sub-queries, not joins: a page reads its 20 head teachers and
		// counts, not every teacher before its sort.
		return q.ColumnExpr("COALESCE((SELECT t.name FROM jsjbxx AS t WHERE t.id = c.head_teacher_id), '') AS head_teacher_name").
			ColumnExpr("(SELECT COUNT(*) FROM xsjbxx AS xc WHERE xc.class_id = c.id) AS student_count")
	}, s.prepareClass)
}

// classInput is the body that leaves a class as it is (the base an update
// and an import row put their fields on).
func classInput(c *Class) ClassInput {
	unitID := c.UnitDeptID
	return ClassInput{ID: c.ID, Code: c.Code, Name: c.Name, Grade: c.Grade, UnitDeptID: &unitID, Major: c.Major,
		HeadTeacherID: c.HeadTeacherID}
}

// prepareClass is checkClass, then the checks that read the database: the
// unit in the caller's scope, the head teacher one of their teachers.
func (s *Service) prepareClass(ctx context.Context, l system.DictLabels, in ClassInput, cur *Class) (*Class, error) {
	c, err := s.checkClass(l, in, cur)
	if err != nil {
		return nil, err
	}
	if cur == nil || cur.UnitDeptID != c.UnitDeptID {
		if err := s.checkUnit(ctx, s.db, c.UnitDeptID); err != nil {
			return nil, err
		}
	}
	if c.HeadTeacherID != nil && (cur == nil || cur.HeadTeacherID == nil || *cur.HeadTeacherID != *c.HeadTeacherID) {
		if _, err := s.teachers.Find(ctx, *c.HeadTeacherID); err != nil {
			return nil, errNoHeadTeacher()
		}
	}
	return c, nil
}

// checkClass is the part of prepareClass that needs no database (the
// import runs it per row).
func (s *Service) checkClass(l system.DictLabels, in ClassInput, cur *Class) (*Class, error) {
	for _, f := range []*string{&in.Code, &in.Name, &in.Grade, &in.Major} {
		*f = strings.TrimSpace(*f)
	}
	if err := classKind.checkNumber(in.Code); err != nil {
		return nil, err
	}
	switch {
	case in.Name == "" || len([]rune(in.Name)) > maxText:
		return nil, httpx.Invalid("name", "请输入班级名称（不超过%d个字）", maxText)
	case len([]rune(in.Major)) > maxText:
		return nil, httpx.Invalid("major", "专业不超过%d个字", maxText)
	case in.UnitDeptID == nil || *in.UnitDeptID <= 0:
		return nil, errNoUnitGiven()
	}
	var was Class
	if cur != nil {
		was = *cur
	}
	if err := checkDicts(l, dictValue{"grade", DictGrade, "年级", in.Grade, was.Grade}); err != nil {
		return nil, err
	}
	now := s.now()
	c := &Class{CreatedAt: now}
	if cur != nil {
		*c = *cur
	}
	c.Code, c.Name, c.Grade, c.UnitDeptID, c.Major, c.HeadTeacherID, c.UpdatedAt =
		in.Code, in.Name, in.Grade, *in.UnitDeptID, in.Major, in.HeadTeacherID, now
	return c, nil
}

// checkClassMove refuses to move a class that holds students to another unit.
func checkClassMove(cur *classRow, c *Class) error {
	if c.UnitDeptID != cur.UnitDeptID && cur.StudentCount > 0 {
		return httpx.Invalid("unitDeptId", "班级“%s”下还有%d名学生，不能改变所在单位", cur.Name, cur.StudentCount)
	}
	return nil
}

// checkClassesEmpty refuses to delete classes that hold students (read
// through the delete's transaction).
func checkClassesEmpty(ctx context.Context, tx bun.IDB, ids []int64) error {
	var busy []struct {
		Name string `bun:"name"`
		N    int    `bun:"n"`
	}
	if err := tx.NewSelect().TableExpr("bj AS c").ColumnExpr("c.name, COUNT(*) AS n").
		Join("JOIN xsjbxx AS x ON x.class_id = c.id").Where("c.id IN (?)", bun.In(ids)).
		GroupExpr("c.id, c.name").OrderExpr("c.id").Limit(1).Scan(ctx, &busy); err != nil {
		return httpx.Internal(err)
	}
	if len(busy) > 0 {
		return httpx.BadRequest("班级“%s”下还有%d名学生，不能删除", busy[0].Name, busy[0].N)
	}
	return nil
}
