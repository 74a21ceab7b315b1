package people

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// export streams the rows of a people list (its filters, sort and scope)
// as xlsx. Personal fields are always masked in exports.
func export[R any](s *Service, w http.ResponseWriter, r *http.Request, spec httpx.ListSpec,
	query func(ctx context.Context, filters map[string]any) (*bun.SelectQuery, error),
	title string, headers []string, widths []float64, cells func(n int, row *R, l system.DictLabels) []any) error {
	ctx := r.Context()
	filters := httpx.QueryFilters(r.URL.Query())
	q, err := query(ctx, filters)
	if err != nil {
		return err
	}
	if q, err = spec.Apply(q, filters); err != nil {
		return err
	}
	if q, err = spec.Order(q, r.URL.Query()["sort"]); err != nil {
		return err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	day := strings.ReplaceAll(string(date.Of(s.now())), "-", "")
	n, err := excel.Export(w, r, s.db, q, headers, widths, title+"-"+day+".xlsx", func(n int, row *R) []any {
		return cells(n, row, l)
	})
	if err != nil {
		return err
	}
	s.sys.LogAccess(ctx, r, fmt.Sprintf("导出%s（%d条）", title, n))
	return nil
}

func (s *Service) exportStudents(w http.ResponseWriter, r *http.Request) error {
	return export(s, w, r, studentSpec, s.studentList, "学生信息",
		[]string{"序号", "学号", "姓名", "性别", "民族", "身份证号码", "手机号码", "出生日期", "所在单位", "班级", "年级",
			"培养层次", "入学日期", "学生状态", "备注"},
		[]float64{8, 14, 10, 6, 8, 22, 14, 12, 20, 20, 8, 10, 12, 10, 24},
		func(n int, row *studentRow, l system.DictLabels) []any {
			v := s.studentView(row, l, false)
			return []any{n, v.StudentNo, v.Name, v.GenderLabel, v.EthnicityLabel, v.IDNumber, v.Phone, string(v.BirthDate),
				v.UnitName, v.ClassName, v.GradeLabel, v.EducationLevelLabel, string(v.EnrolledOn), v.StatusLabel, v.Remark}
		})
}

func (s *Service) exportTeachers(w http.ResponseWriter, r *http.Request) error {
	return export(s, w, r, teacherSpec, s.teacherList, "教师信息",
		[]string{"序号", "工号", "姓名", "性别", "民族", "身份证号码", "手机号码", "出生日期", "所在单位", "专业技术职务",
			"岗位", "教师状态", "备注"},
		[]float64{8, 14, 10, 6, 8, 22, 14, 12, 20, 16, 16, 10, 24},
		func(n int, row *teacherRow, l system.DictLabels) []any {
			v := s.teacherView(row, l, false)
			return []any{n, v.StaffNo, v.Name, v.GenderLabel, v.EthnicityLabel, v.IDNumber, v.Phone, string(v.BirthDate),
				v.UnitName, v.ProfessionalTitleLabel, v.PostLabel, v.StatusLabel, v.Remark}
		})
}

func (s *Service) exportClasses(w http.ResponseWriter, r *http.Request) error {
	return export(s, w, r, classSpec, func(ctx context.Context, _ map[string]any) (*bun.SelectQuery, error) {
		return s.classQuery(ctx, s.db)
	}, "班级信息",
		[]string{"序号", "班级编码", "班级名称", "年级", "所在单位", "专业", "班主任", "学生人数"},
		[]float64{8, 14, 24, 8, 20, 20, 10, 10},
		func(n int, row *classRow, l system.DictLabels) []any {
			v := row.view(l)
			return []any{n, v.Code, v.Name, v.GradeLabel, v.UnitName, v.Major, v.HeadTeacherName, v.StudentCount}
		})
}
