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

// teacherRow is a teacher read with the unit's name.
type teacherRow struct {
	Teacher  `bun:",extend"`
	UnitName string `bun:"unit_name,scanonly"`
}

func errNoTeacher() *httpx.Error { return httpx.NotFound("教师不存在") }

func (s *Service) teacherQuery(ctx context.Context, idb bun.IDB) (*bun.SelectQuery, error) {
	sc, err := s.units.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	q := idb.NewSelect().Model((*teacherRow)(nil)).ColumnExpr("x.*").ColumnExpr("d.name AS unit_name").
		Join("JOIN sys_dept AS d ON d.id = x.unit_dept_id")
	return sc.Apply(q, "x.unit_dept_id"), nil
}

// findTeacher reads one teacher of the caller's scope through idb, or 404.
func (s *Service) findTeacher(ctx context.Context, idb bun.IDB, id int64) (*teacherRow, error) {
	q, err := s.teacherQuery(ctx, idb)
	if err != nil {
		return nil, err
	}
	r := new(teacherRow)
	err = q.Where("x.id = ?", id).Scan(ctx, r)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoTeacher()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return r, nil
}

func (s *Service) teacherView(r *teacherRow, l system.DictLabels, unmask bool) TeacherView {
	t := &r.Teacher
	return TeacherView{ID: t.ID, StaffNo: t.StaffNo,
		PersonView:        s.personView(&t.Person, teacherKind.table, t.ID, r.UnitName, l, DictTeacherStatus, unmask),
		ProfessionalTitle: t.ProfessionalTitle, ProfessionalTitleLabel: l.Label(DictTitle, t.ProfessionalTitle),
		Post: t.Post, PostLabel: l.Label(DictPost, t.Post)}
}

var teacherSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"name":              {Columns: []string{"x.name"}, Match: httpx.Like},
		"staffNo":           {Columns: []string{"x.staff_no"}, Match: httpx.Like},
		"unitDeptId":        {Columns: []string{"x.unit_dept_id"}, Kind: httpx.Int},
		"status":            {Columns: []string{"x.status"}, Match: httpx.In},
		"gender":            {Columns: []string{"x.gender"}, Match: httpx.In},
		"professionalTitle": {Columns: []string{"x.professional_title"}, Match: httpx.In},
		"post":              {Columns: []string{"x.post"}, Match: httpx.In},
	},
	Sorts: map[string]string{"id": "x.id", "name": "x.name", "staffNo": "x.staff_no", "createTime": "x.created_at",
		"unitName": "d.name"},
	Key:         "x.id",
	DefaultSort: "x.unit_dept_id ASC, x.name ASC, x.id ASC",
}

func (s *Service) teacherList(ctx context.Context, filters map[string]any) (*bun.SelectQuery, error) {
	q, err := s.teacherQuery(ctx, s.db)
	if err != nil {
		return nil, err
	}
	if text := takeText(filters, "blurry"); text != "" {
		return s.whereText(q, text, "x.staff_no")
	}
	return q, nil
}

// ListTeachers is the paged teacher list of the caller's scope (personal
// fields always masked).
func (s *Service) ListTeachers(r *http.Request) (httpx.PageResult[TeacherView], error) {
	return listViews(s, r, teacherSpec, s.teacherList, func(row *teacherRow, l system.DictLabels) TeacherView {
		return s.teacherView(row, l, false)
	})
}

// Teacher is one teacher of the caller's scope (unmask needs ry:unmask).
func (s *Service) Teacher(ctx context.Context, id int64, unmask bool) (TeacherView, error) {
	return personDetail(s, ctx, id, unmask, s.findTeacher, s.teacherView)
}

// prepareTeacher validates a teacher (cur nil on create): the checks of
// checkTeacher, then those that read the database.
func (s *Service) prepareTeacher(ctx context.Context, in TeacherInput, cur *Teacher) (*Teacher, error) {
	l, err := s.labels(ctx)
	if err != nil {
		return nil, err
	}
	t, err := s.checkTeacher(l, in, cur)
	if err != nil {
		return nil, err
	}
	var curPerson *Person
	if cur != nil {
		curPerson = &cur.Person
	}
	if err := s.checkPersonStored(ctx, s.db, teacherKind, &t.Person, curPerson, t.ID); err != nil {
		return nil, err
	}
	if cur == nil || cur.StaffNo != t.StaffNo {
		n, err := s.db.NewSelect().Model((*Teacher)(nil)).Where("staff_no = ?", t.StaffNo).Where("id <> ?", t.ID).Count(ctx)
		if err != nil {
			return nil, httpx.Internal(err)
		}
		if n > 0 {
			return nil, errDuplicateStaffNo()
		}
	}
	return t, nil
}

// checkTeacher is the part of prepareTeacher that needs no database (the
// import runs it per row).
func (s *Service) checkTeacher(l system.DictLabels, in TeacherInput, cur *Teacher) (*Teacher, error) {
	in.StaffNo, in.ProfessionalTitle, in.Post = strings.TrimSpace(in.StaffNo), strings.TrimSpace(in.ProfessionalTitle), strings.TrimSpace(in.Post)
	if in.StaffNo == "" || len([]rune(in.StaffNo)) > maxNumber {
		return nil, httpx.Invalid("staffNo", "请输入工号（不超过%d个字符）", maxNumber)
	}
	var curPerson *Person
	t := &Teacher{}
	if cur != nil {
		*t = *cur
		curPerson = &cur.Person
	}
	p, err := s.checkPerson(l, teacherKind, in.PersonInput, curPerson, t.ID)
	if err != nil {
		return nil, err
	}
	t.StaffNo, t.Person = in.StaffNo, p
	for _, f := range []struct{ dict, field, label, v string }{{DictTitle, "professionalTitle", "专业技术职称", in.ProfessionalTitle},
		{DictPost, "post", "工作岗位", in.Post}} {
		if f.v != "" && !l.Has(f.dict, f.v) {
			return nil, httpx.Invalid(f.field, "%s取值无效", f.label)
		}
	}
	t.ProfessionalTitle, t.Post = in.ProfessionalTitle, in.Post
	return t, nil
}

func errDuplicateStaffNo() *httpx.Error { return httpx.Conflict("工号已存在") }

// CreateTeacher adds a teacher to a unit of the caller's scope.
func (s *Service) CreateTeacher(ctx context.Context, in TeacherInput) (TeacherView, error) {
	t, err := s.prepareTeacher(ctx, in, nil)
	if err != nil {
		return TeacherView{}, err
	}
	if _, err := s.db.NewInsert().Model(t).Returning("id").Exec(ctx); err != nil {
		return TeacherView{}, writeErr(err, errDuplicateStaffNo())
	}
	return s.Teacher(ctx, t.ID, false)
}

func (s *Service) teacherInput(ctx context.Context, id int64) (TeacherInput, error) {
	r, err := s.findTeacher(ctx, s.db, id)
	if err != nil {
		return TeacherInput{}, err
	}
	t := &r.Teacher
	return TeacherInput{ID: t.ID, StaffNo: t.StaffNo, PersonInput: s.personInput(&t.Person, teacherKind.table, t.ID),
		ProfessionalTitle: t.ProfessionalTitle, Post: t.Post}, nil
}

// UpdateTeacher changes a teacher of the caller's scope (409 when changed meanwhile).
func (s *Service) UpdateTeacher(ctx context.Context, in TeacherInput) (TeacherView, error) {
	cur, err := s.findTeacher(ctx, s.db, in.ID)
	if err != nil {
		return TeacherView{}, err
	}
	t, err := s.prepareTeacher(ctx, in, &cur.Teacher)
	if err != nil {
		return TeacherView{}, err
	}
	res, err := s.db.NewUpdate().Model(t).WherePK().Where("updated_at = ?", cur.UpdatedAt).ExcludeColumn("id", "created_at").Exec(ctx)
	if err != nil {
		return TeacherView{}, writeErr(err, errDuplicateStaffNo())
	}
	if err := oneRow(res, "教师"); err != nil {
		return TeacherView{}, err
	}
	return s.Teacher(ctx, t.ID, false)
}

// DeleteTeachers removes teachers of the caller's scope (all or none); the
// classes they head keep no head teacher.
func (s *Service) DeleteTeachers(ctx context.Context, ids []int64) error {
	return s.deleteScoped(ctx, "jsjbxx", uniqueIDs(ids), errNoTeacher())
}
