package people

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// classRow is a class read with the names shown next to it.
type classRow struct {
	Class           `bun:",extend"`
	UnitName        string `bun:"unit_name,scanonly"`
	HeadTeacherName string `bun:"head_teacher_name,scanonly"`
	StudentCount    int    `bun:"student_count,scanonly"`
}

func errNoClass() *httpx.Error { return httpx.NotFound("班级不存在") }

func (s *Service) classQuery(ctx context.Context, idb bun.IDB) (*bun.SelectQuery, error) {
	sc, err := s.units.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	q := idb.NewSelect().Model((*classRow)(nil)).ColumnExpr("c.*").
		ColumnExpr("d.name AS unit_name, COALESCE(t.name, '') AS head_teacher_name").
		ColumnExpr("(SELECT COUNT(*) FROM xsjbxx AS xc WHERE xc.class_id = c.id) AS student_count").
		Join("JOIN sys_dept AS d ON d.id = c.unit_dept_id").
		Join("LEFT JOIN jsjbxx AS t ON t.id = c.head_teacher_id")
	return sc.Apply(q, "c.unit_dept_id"), nil
}

// findClass reads one class of the caller's scope through idb, or 404.
func (s *Service) findClass(ctx context.Context, idb bun.IDB, id int64) (*classRow, error) {
	q, err := s.classQuery(ctx, idb)
	if err != nil {
		return nil, err
	}
	r := new(classRow)
	err = q.Where("c.id = ?", id).Scan(ctx, r)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoClass()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return r, nil
}

func (r *classRow) view(l system.DictLabels) ClassView {
	return ClassView{Class: r.Class, GradeLabel: l.Label(DictGrade, r.Grade), UnitName: r.UnitName,
		HeadTeacherName: r.HeadTeacherName, StudentCount: r.StudentCount}
}

var classSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":        {Columns: []string{"c.name", "c.code"}, Match: httpx.Like},
		"name":          {Columns: []string{"c.name"}, Match: httpx.Like},
		"code":          {Columns: []string{"c.code"}, Match: httpx.Like},
		"major":         {Columns: []string{"c.major"}, Match: httpx.Like},
		"unitDeptId":    {Columns: []string{"c.unit_dept_id"}, Kind: httpx.Int},
		"grade":         {Columns: []string{"c.grade"}, Match: httpx.In},
		"headTeacherId": {Columns: []string{"c.head_teacher_id"}, Kind: httpx.Int},
	},
	Sorts:       map[string]string{"id": "c.id", "name": "c.name", "code": "c.code", "grade": "c.grade", "unitName": "d.name"},
	Key:         "c.id",
	DefaultSort: "c.unit_dept_id ASC, c.grade DESC, c.name ASC, c.id ASC",
}

// ListClasses is the paged class list of the caller's scope.
func (s *Service) ListClasses(r *http.Request) (httpx.PageResult[ClassView], error) {
	return listViews(s, r, classSpec, func(ctx context.Context, _ map[string]any) (*bun.SelectQuery, error) {
		return s.classQuery(ctx, s.db)
	}, (*classRow).view)
}

// ClassDetail is one class of the caller's scope.
func (s *Service) ClassDetail(ctx context.Context, id int64) (ClassView, error) {
	r, err := s.findClass(ctx, s.db, id)
	if err != nil {
		return ClassView{}, err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return ClassView{}, err
	}
	return r.view(l), nil
}

// prepareClass validates a class (cur nil on create): the checks of
// checkClass, then those that read the database.
func (s *Service) prepareClass(ctx context.Context, in ClassInput, cur *Class) (*Class, error) {
	l, err := s.labels(ctx)
	if err != nil {
		return nil, err
	}
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
		if _, err := s.findTeacher(ctx, s.db, *c.HeadTeacherID); err != nil {
			return nil, errNoHeadTeacher()
		}
	}
	if cur == nil || cur.Code != c.Code {
		n, err := s.db.NewSelect().Model((*Class)(nil)).Where("code = ?", c.Code).Where("id <> ?", c.ID).Count(ctx)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		if n > 0 {
			return nil, errDuplicateClassCode()
		}
	}
	return c, nil
}

func errNoHeadTeacher() *httpx.Error {
	return httpx.Invalid("headTeacherId", "所选班主任不存在")
}

// checkClass is the part of prepareClass that needs no database (the
// import runs it per row).
func (s *Service) checkClass(l system.DictLabels, in ClassInput, cur *Class) (*Class, error) {
	for _, f := range []*string{&in.Code, &in.Name, &in.Grade, &in.Major} {
		*f = strings.TrimSpace(*f)
	}
	switch {
	case in.Code == "" || len([]rune(in.Code)) > maxNumber:
		return nil, httpx.Invalid("code", "请输入班级编号（不超过%d个字符）", maxNumber)
	case in.Name == "" || len([]rune(in.Name)) > maxText:
		return nil, httpx.Invalid("name", "请输入班级名称（不超过%d个字）", maxText)
	case len([]rune(in.Major)) > maxText:
		return nil, httpx.Invalid("major", "专业不超过%d个字", maxText)
	case in.UnitDeptID == nil || *in.UnitDeptID <= 0:
		return nil, httpx.Invalid("unitDeptId", "请选择所在单位")
	}
	if in.Grade != "" && !l.Has(DictGrade, in.Grade) {
		return nil, httpx.Invalid("grade", "年级取值无效")
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

func errDuplicateClassCode() *httpx.Error { return httpx.Conflict("班级编号已存在") }

// CreateClass adds a class to a unit of the caller's scope.
func (s *Service) CreateClass(ctx context.Context, in ClassInput) (ClassView, error) {
	c, err := s.prepareClass(ctx, in, nil)
	if err != nil {
		return ClassView{}, err
	}
	if _, err := s.db.NewInsert().Model(c).Returning("id").Exec(ctx); err != nil {
		return ClassView{}, writeErr(err, errDuplicateClassCode())
	}
	return s.ClassDetail(ctx, c.ID)
}

func (s *Service) classInput(ctx context.Context, id int64) (ClassInput, error) {
	r, err := s.findClass(ctx, s.db, id)
	if err != nil {
		return ClassInput{}, err
	}
	unitID := r.UnitDeptID
	return ClassInput{ID: r.ID, Code: r.Code, Name: r.Name, Grade: r.Grade, UnitDeptID: &unitID, Major: r.Major,
		HeadTeacherID: r.HeadTeacherID}, nil
}

// UpdateClass changes a class of the caller's scope (409 when changed
// meanwhile). Its students move with it when its unit changes.
func (s *Service) UpdateClass(ctx context.Context, in ClassInput) (ClassView, error) {
	cur, err := s.findClass(ctx, s.db, in.ID)
	if err != nil {
		return ClassView{}, err
	}
	c, err := s.prepareClass(ctx, in, &cur.Class)
	if err != nil {
		return ClassView{}, err
	}
	if err := checkClassMove(cur, c); err != nil {
		return ClassView{}, err
	}
	res, err := s.db.NewUpdate().Model(c).WherePK().Where("updated_at = ?", cur.UpdatedAt).ExcludeColumn("id", "created_at").Exec(ctx)
	if err != nil {
		return ClassView{}, writeErr(err, errDuplicateClassCode())
	}
	if err := oneRow(res, "班级"); err != nil {
		return ClassView{}, err
	}
	return s.ClassDetail(ctx, c.ID)
}

// DeleteClasses removes classes of the caller's scope that hold no student.
func (s *Service) DeleteClasses(ctx context.Context, ids []int64) error {
	ids = uniqueIDs(ids)
	var busy []struct {
		Name string `bun:"name"`
		N    int    `bun:"n"`
	}
	if err := s.db.NewSelect().TableExpr("bj AS c").ColumnExpr("c.name, COUNT(*) AS n").
		Join("JOIN xsjbxx AS x ON x.class_id = c.id").Where("c.id IN (?)", bun.In(ids)).
		GroupExpr("c.id, c.name").OrderExpr("c.id").Limit(1).Scan(ctx, &busy); err != nil {
		return httpx.Internal(err)
	}
	sc, err := s.units.ScopeOf(ctx)
	if err != nil {
		return err
	}
	n, err := sc.Apply(s.db.NewSelect().TableExpr("bj AS c").Where("c.id IN (?)", bun.In(ids)), "c.unit_dept_id").Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if int(n) != len(ids) {
		return errNoClass()
	}
	if len(busy) > 0 {
		return httpx.BadRequest("班级“%s”下还有%d名学生，不能删除", busy[0].Name, busy[0].N)
	}
	if _, err := s.db.NewDelete().Model((*Class)(nil)).Where("id IN (?)", bun.In(ids)).Exec(ctx); err != nil {
		return writeErr(err, errDuplicateClassCode())
	}
	return nil
}
