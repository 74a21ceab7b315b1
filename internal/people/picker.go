package people

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
	"zhdj/internal/unit"
)

// PersonItem is one person of the person pickers (/api/common/xsjbxx,
// jsjbxx and xsjsxx). Kind is "xs" for a student, "js" for a teacher;
// number is the student or staff number.
type PersonItem struct {
	Kind      string `bun:"kind" json:"kind"`
	KindLabel string `bun:"-" json:"kindLabel"`
	ID        int64  `bun:"id" json:"id"`
	Name      string `bun:"name" json:"name"`
	Number    string `bun:"number" json:"number"`
	Gender    string `bun:"gender" json:"gender"`
	unit.Ref
}

// Kinds of PersonItem.
const (
	KindStudent = "xs"
	KindTeacher = "js"
)

var kindLabels = map[string]string{KindStudent: "学生", KindTeacher: "教师"}

// personPickerSpec applies to the union of students and teachers (alias p)
// as well as to each side; blurry, name and number are handled in
// pickerSide, before the union.
var personPickerSpec = httpx.ListSpec{
	Sorts:       map[string]string{"name": zh.Name("p.name"), "number": "p.number"},
	DefaultSort: zh.Name("p.name") + " ASC, p.kind ASC, p.id ASC",
	Key:         "p.kind ASC, p.id",
}

// pickerSide is the scoped, filtered query of one kind's table for the
// pickers (columns kind, id, name, number, gender, unit_id; alias x).
// Filters: blurry (name or number, or an exact ID number or phone), name,
// number, unitId, status (default: in school / in post), and for students
// classId and grade.
func (s *Service) pickerSide(ctx context.Context, k personKind, filters map[string]any) (*bun.SelectQuery, error) {
	numberCol := "x." + k.number
	sc, err := s.scopeOf(ctx)
	if err != nil {
		return nil, err
	}
	q := s.db.NewSelect().TableExpr(k.table+" AS x").
		ColumnExpr("? AS kind, x.id, x.name, ? AS number, x.gender, x.unit_dept_id AS unit_id", k.code, bun.Safe(numberCol))
	if !db.IsPostgres(s.db) { // the union sorts by the name's pinyin key (zh.Name("p.name"))
		q = q.ColumnExpr(zh.KeyColumn("x.name"))
	}
	q = s.apply(sc, k.kind, q)
	f := make(map[string]any, len(filters)+1)
	for name, v := range filters {
		f[name] = v
	}
	if _, ok := f["status"]; !ok {
		f["status"] = k.defStatus
	}
	// The list's filters, under the pickers' names.
	list := s.personSpec(k, nil, nil).Filters
	spec := httpx.ListSpec{Filters: map[string]httpx.Filter{
		"blurry": list["blurry"], "name": list["name"], "number": list[k.numberField], "unitId": list["unitDeptId"],
		"status": list["status"],
	}}
	if k.code == KindStudent {
		spec.Filters["classId"] = httpx.Filter{Columns: []string{"x.class_id"}, Kind: httpx.Int}
		spec.Filters["grade"] = httpx.Filter{Columns: []string{"x.grade"}, Match: httpx.In}
	}
	return spec.Apply(q, f)
}

// pickPeople pages the union of the given kinds in SQL (UNION ALL), with
// the unit names joined on the page.
func (s *Service) pickPeople(ctx context.Context, lq httpx.ListQuery, kinds ...personKind) (httpx.PageResult[PersonItem], error) {
	var union *bun.SelectQuery
	for _, k := range kinds {
		side, err := s.pickerSide(ctx, k, lq.Filters)
		if err != nil {
			return httpx.PageResult[PersonItem]{}, err
		}
		if union == nil {
			union = side
		} else {
			union = union.UnionAll(side)
		}
	}
	q := s.db.NewSelect().TableExpr("(?) AS p", union).ColumnExpr("p.*, d.name AS unit_name").
		Join("JOIN sys_dept AS d ON d.id = p.unit_id")
	return httpx.PagedEach(ctx, q, personPickerSpec, httpx.ListQuery{Page: lq.Page},
		func(it *PersonItem) { it.KindLabel = kindLabels[it.Kind] })
}

// StudentPicker is GET /api/common/xsjbxx: the caller's students (in
// school unless status says otherwise), searchable and paged.
func (s *Service) StudentPicker(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[PersonItem], error) {
	return s.pickPeople(ctx, lq, studentKind)
}

// TeacherPicker is GET /api/common/jsjbxx: the caller's teachers (in post
// unless status says otherwise).
func (s *Service) TeacherPicker(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[PersonItem], error) {
	return s.pickPeople(ctx, lq, teacherKind)
}

// PersonPicker is GET /api/common/xsjsxx: students and teachers together,
// each with its kind, paged as one list.
func (s *Service) PersonPicker(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[PersonItem], error) {
	for _, k := range []string{"classId", "grade"} {
		if _, ok := lq.Filters[k]; ok {
			return httpx.PageResult[PersonItem]{}, httpx.BadRequest("不支持的查询条件：%s", k)
		}
	}
	return s.pickPeople(ctx, lq, studentKind, teacherKind)
}

// ClassItem is one class of the class picker.
type ClassItem struct {
	ID    int64  `bun:"id" json:"id"`
	Code  string `bun:"code" json:"code"`
	Name  string `bun:"name" json:"name"`
	Grade string `bun:"grade" json:"grade"`
	Major string `bun:"major" json:"major"`
	unit.Ref
}

var classPickerSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry": classSpec.Filters["blurry"],
		"name":   classSpec.Filters["name"],
		"unitId": {Columns: []string{"c.unit_dept_id"}, Kind: httpx.Int},
		"grade":  classSpec.Filters["grade"],
	},
	Sorts:       map[string]string{"name": zh.Name("c.name"), "code": "c.code", "grade": "c.grade"},
	DefaultSort: "c.grade DESC, " + zh.Name("c.name") + " ASC, c.id ASC",
	Key:         "c.id",
}

// ClassPicker is GET /api/common/getBjInfo: the caller's classes,
// searchable by name or code, optionally of one unit or grade.
func (s *Service) ClassPicker(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[ClassItem], error) {
	return (&resource.Picker[ClassItem]{DB: s.db, From: "bj AS c", Joins: []string{"JOIN sys_dept AS d ON d.id = c.unit_dept_id"},
		Columns: []string{"c.id, c.code, c.name, c.grade, c.major, c.unit_dept_id AS unit_id, d.name AS unit_name"},
		Scope:   s.scoped(classKind), Spec: classPickerSpec}).Page(ctx, lq)
}
