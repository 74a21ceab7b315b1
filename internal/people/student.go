package people

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// studentRow is a student read with the names shown next to it.
type studentRow struct {
	Student   `bun:",extend"`
	UnitName  string `bun:"unit_name,scanonly"`
	ClassName string `bun:"class_name,scanonly"`
}

func errNoStudent() *httpx.Error { return httpx.NotFound("学生不存在") }

func (s *Service) studentQuery(ctx context.Context, idb bun.IDB) (*bun.SelectQuery, error) {
	sc, err := s.units.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	q := idb.NewSelect().Model((*studentRow)(nil)).ColumnExpr("x.*").
		ColumnExpr("d.name AS unit_name, COALESCE(c.name, '') AS class_name").
		Join("JOIN sys_dept AS d ON d.id = x.unit_dept_id").
		Join("LEFT JOIN bj AS c ON c.id = x.class_id")
	return sc.Apply(q, "x.unit_dept_id"), nil
}

// findStudent reads one student of the caller's scope through idb, or 404.
func (s *Service) findStudent(ctx context.Context, idb bun.IDB, id int64) (*studentRow, error) {
	q, err := s.studentQuery(ctx, idb)
	if err != nil {
		return nil, err
	}
	r := new(studentRow)
	err = q.Where("x.id = ?", id).Scan(ctx, r)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoStudent()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return r, nil
}

func (s *Service) studentView(r *studentRow, l system.DictLabels, unmask bool) StudentView {
	st := &r.Student
	return StudentView{ID: st.ID, StudentNo: st.StudentNo,
		PersonView: s.personView(&st.Person, studentKind.table, st.ID, r.UnitName, l, DictStudentStatus, unmask),
		ClassID:    st.ClassID, ClassName: r.ClassName, Grade: st.Grade, GradeLabel: l.Label(DictGrade, st.Grade),
		EducationLevel: st.EducationLevel, EducationLevelLabel: l.Label(DictEducationLevel, st.EducationLevel),
		EnrolledOn: st.EnrolledOn}
}

var studentSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"name":           {Columns: []string{"x.name"}, Match: httpx.Like},
		"studentNo":      {Columns: []string{"x.student_no"}, Match: httpx.Like},
		"unitDeptId":     {Columns: []string{"x.unit_dept_id"}, Kind: httpx.Int},
		"classId":        {Columns: []string{"x.class_id"}, Kind: httpx.Int},
		"grade":          {Columns: []string{"x.grade"}, Match: httpx.In},
		"status":         {Columns: []string{"x.status"}, Match: httpx.In},
		"gender":         {Columns: []string{"x.gender"}, Match: httpx.In},
		"educationLevel": {Columns: []string{"x.education_level"}, Match: httpx.In},
	},
	Sorts: map[string]string{"id": "x.id", "name": "x.name", "studentNo": "x.student_no", "grade": "x.grade",
		"enrolledOn": "x.enrolled_on", "createTime": "x.created_at", "unitName": "d.name"},
	Key:         "x.id",
	DefaultSort: "x.unit_dept_id ASC, x.name ASC, x.id ASC",
}

// studentList is the scoped student query with blurry applied; the other
// filters are left for the spec.
func (s *Service) studentList(ctx context.Context, filters map[string]any) (*bun.SelectQuery, error) {
	q, err := s.studentQuery(ctx, s.db)
	if err != nil {
		return nil, err
	}
	if text := takeText(filters, "blurry"); text != "" {
		return s.whereText(q, text, "x.student_no")
	}
	return q, nil
}

// ListStudents is the paged student list of the caller's scope (personal
// fields always masked).
func (s *Service) ListStudents(r *http.Request) (httpx.PageResult[StudentView], error) {
	return listViews(s, r, studentSpec, s.studentList, func(row *studentRow, l system.DictLabels) StudentView {
		return s.studentView(row, l, false)
	})
}

// Student is one student of the caller's scope (unmask needs ry:unmask).
func (s *Service) Student(ctx context.Context, id int64, unmask bool) (StudentView, error) {
	return personDetail(s, ctx, id, unmask, s.findStudent, s.studentView)
}

// prepareStudent validates a student (cur nil on create): the checks of
// checkStudent, then those that read the database.
func (s *Service) prepareStudent(ctx context.Context, in StudentInput, cur *Student) (*Student, error) {
	l, err := s.labels(ctx)
	if err != nil {
		return nil, err
	}
	classOf := func(id int64) (*Class, error) {
		c, err := s.findClass(ctx, s.db, id)
		if err != nil {
			return nil, err
		}
		return &c.Class, nil
	}
	var curPerson *Person
	if cur != nil {
		curPerson = &cur.Person
	}
	stored := func(p *Person, self int64) error {
		return s.checkPersonStored(ctx, s.db, studentKind, p, curPerson, self)
	}
	st, err := s.checkStudent(l, in, cur, stored, classOf)
	if err != nil {
		return nil, err
	}
	if cur == nil || cur.StudentNo != st.StudentNo {
		n, err := s.db.NewSelect().Model((*Student)(nil)).Where("student_no = ?", st.StudentNo).Where("id <> ?", st.ID).Count(ctx)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		if n > 0 {
			return nil, errDuplicateStudentNo()
		}
	}
	return st, nil
}

// checkStudent is the checks of prepareStudent but the student number's
// uniqueness, with what they read from the database given: stored checks
// the shared fields against the database (the unit's scope, the ID
// number's uniqueness) before the class is looked at, classOf finds a
// class of the caller's scope (an error when there is none). The import
// runs it per row with what it read in bulk.
func (s *Service) checkStudent(l system.DictLabels, in StudentInput, cur *Student, stored func(p *Person, self int64) error,
	classOf func(int64) (*Class, error)) (*Student, error) {
	in.StudentNo, in.Grade, in.EducationLevel = strings.TrimSpace(in.StudentNo), strings.TrimSpace(in.Grade), strings.TrimSpace(in.EducationLevel)
	if in.StudentNo == "" || len([]rune(in.StudentNo)) > maxNumber {
		return nil, httpx.Invalid("studentNo", "请输入学号（不超过%d个字符）", maxNumber)
	}
	var curPerson *Person
	st := &Student{}
	if cur != nil {
		*st = *cur
		curPerson = &cur.Person
	}
	p, err := s.checkPerson(l, studentKind, in.PersonInput, curPerson, st.ID)
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
	for _, f := range []struct{ dict, field, label, v string }{{DictGrade, "grade", "年级", in.Grade},
		{DictEducationLevel, "educationLevel", "培养层次", in.EducationLevel}} {
		if f.v != "" && !l.Has(f.dict, f.v) {
			return nil, httpx.Invalid(f.field, "%s取值无效", f.label)
		}
	}
	st.Grade, st.EducationLevel = in.Grade, in.EducationLevel
	enrolled, ok := org.ParseDate(in.EnrolledOn)
	if !ok {
		return nil, httpx.Invalid("enrolledOn", "入学日期格式错误，应为 YYYY-MM-DD")
	}
	st.EnrolledOn = enrolled
	return st, nil
}

func errDuplicateStudentNo() *httpx.Error { return httpx.Conflict("学号已存在") }

// writeErr names the constraint a write broke.
func writeErr(err error, dupNumber *httpx.Error) error {
	var he *httpx.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &he):
		return he
	case db.IsUniqueViolation(err) && strings.Contains(err.Error(), "id_number"):
		return &httpx.Error{Status: http.StatusConflict, Message: errDuplicateIDNumber().Message, Cause: err}
	case db.IsUniqueViolation(err):
		return &httpx.Error{Status: http.StatusConflict, Message: dupNumber.Message, Cause: err}
	case db.IsForeignKeyViolation(err):
		return &httpx.Error{Status: http.StatusBadRequest, Message: "所选单位、班级或教师不存在", Cause: err}
	}
	return httpx.Internal(err)
}

// CreateStudent adds a student to a unit of the caller's scope.
func (s *Service) CreateStudent(ctx context.Context, in StudentInput) (StudentView, error) {
	st, err := s.prepareStudent(ctx, in, nil)
	if err != nil {
		return StudentView{}, err
	}
	if _, err := s.db.NewInsert().Model(st).Returning("id").Exec(ctx); err != nil {
		return StudentView{}, writeErr(err, errDuplicateStudentNo())
	}
	return s.Student(ctx, st.ID, false)
}

// studentInput is the input that leaves the student as it is (the base an
// update body is merged onto).
func (s *Service) studentInput(ctx context.Context, id int64) (StudentInput, error) {
	r, err := s.findStudent(ctx, s.db, id)
	if err != nil {
		return StudentInput{}, err
	}
	st := &r.Student
	return StudentInput{ID: st.ID, StudentNo: st.StudentNo, PersonInput: s.personInput(&st.Person, studentKind.table, st.ID),
		ClassID: st.ClassID, Grade: st.Grade, EducationLevel: st.EducationLevel, EnrolledOn: string(st.EnrolledOn)}, nil
}

// UpdateStudent changes a student of the caller's scope; the row is written
// only if nobody changed it since it was read (409 otherwise).
func (s *Service) UpdateStudent(ctx context.Context, in StudentInput) (StudentView, error) {
	cur, err := s.findStudent(ctx, s.db, in.ID)
	if err != nil {
		return StudentView{}, err
	}
	st, err := s.prepareStudent(ctx, in, &cur.Student)
	if err != nil {
		return StudentView{}, err
	}
	res, err := s.db.NewUpdate().Model(st).WherePK().Where("updated_at = ?", cur.UpdatedAt).ExcludeColumn("id", "created_at").Exec(ctx)
	if err != nil {
		return StudentView{}, writeErr(err, errDuplicateStudentNo())
	}
	if err := oneRow(res, "学生"); err != nil {
		return StudentView{}, err
	}
	return s.Student(ctx, st.ID, false)
}

// DeleteStudents removes students of the caller's scope (all or none).
func (s *Service) DeleteStudents(ctx context.Context, ids []int64) error {
	return s.deleteScoped(ctx, "xsjbxx", uniqueIDs(ids), errNoStudent())
}

// deleteScoped deletes rows of table (alias x, unit_dept_id) whose ids all
// lie in the caller's unit scope; one missing id deletes nothing.
func (s *Service) deleteScoped(ctx context.Context, table string, ids []int64, notFound *httpx.Error) error {
	sc, err := s.units.ScopeOf(ctx)
	if err != nil {
		return err
	}
	n, err := sc.Apply(s.db.NewSelect().TableExpr(table+" AS x").Where("x.id IN (?)", bun.In(ids)), "x.unit_dept_id").Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if int(n) != len(ids) {
		return notFound
	}
	if _, err := s.db.NewDelete().TableExpr(table).Where("id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		if db.IsForeignKeyViolation(err) {
			return httpx.BadRequest("记录仍被其他数据引用，不能删除")
		}
		return httpx.Internal(err)
	}
	return nil
}
