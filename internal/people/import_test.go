package people_test

import (
	"strconv"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/imports"
	"zhdj/internal/people"
)

// importer is a LEVEL_AND_BELOW account of the 计算机 committee that may import people.
func (w *world) importer(t *testing.T) string {
	return w.anchored(t, w.cs, people.PermImport, people.PermList)
}

// expectRows checks each listed row's status and, for invalid ones, that
// the column's message starts as given.
func expectRows(t *testing.T, got map[int]imports.Row, want map[int][3]string) {
	t.Helper()
	for no, wnt := range want {
		r := got[no]
		if r.Status != wnt[0] {
			t.Errorf("row %d: status %q, want %q (%+v)", no, r.Status, wnt[0], r.Errors)
			continue
		}
		if wnt[1] != "" {
			if msg := apptest.CellErrors(r)[wnt[1]]; !strings.HasPrefix(msg, wnt[2]) {
				t.Errorf("row %d %s: %q, want %q…", no, wnt[1], msg, wnt[2])
			}
		}
	}
}

func counts(b imports.Batch) [4]int {
	return [4]int{b.NewCount, b.ChangedCount, b.UnchangedCount, b.InvalidCount}
}

var studentHeader = []string{"＊学号", "＊姓名", "性别", "民族", "身份证号码", "手机号码", "出生日期", "＊所在单位", "班级编号",
	"年级", "培养层次", "入学日期", "学生状态", "备注"}

// Students: new, changed and invalid rows with per-cell messages; a fixed
// row; the commit writes encrypted fields as the API does; the same file
// again is all unchanged.
func TestStudentImport(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	w.e.Create(t, w.e.AdminTK, "/api/bj", map[string]any{"code": "CS24-1", "name": "计科24级1班", "grade": "2024", "unitDeptId": w.csUnit})
	w.e.Create(t, w.e.AdminTK, "/api/xsjbxx", student("S0", "李四", w.csUnit))
	w.e.Create(t, w.e.AdminTK, "/api/xsjbxx", student("M0", "赵六", w.mathUnit))
	tk := w.importer(t)
	id1 := idNumber("20050101", 1)
	valid := [][]string{
		{"S1", "张一", "", "汉族", id1, "13900139001", "", "DW-CS", "CS24-1", "", "本科", "2024-09-01", "", ""},
		{"S0", "李四", "男", "汉族", "", "13900139000", "", "计算机学院", "", "2024", "本科", "2024/9/1", "在读", "转专业"},
	}
	rows := append([][]string{studentHeader}, valid...)
	rows = append(rows,
		[]string{"S2", "王二", "", "", idNumber("20050202", 2), "", "", "物理学院", "", "", "", "", "", ""},
		[]string{"S3", "钱三", "男", "火星族", "", "", "", "DW-CS", "", "", "", "", "", ""},
		[]string{"S4", "孙四", "", "", badCheckID(idNumber("20050303", 3)), "", "", "DW-CS", "", "", "", "", "", ""},
		[]string{"S5", "周五", "男", "", "", "", "", "DW-CS", "", "", "", "", "", ""},
		[]string{"S5", "吴五", "男", "", "", "", "", "DW-CS", "", "", "", "", "", ""},
		[]string{"S6", "郑六", "男", "", "", "", "", "DW-MATH", "", "", "", "", "", ""},
		[]string{"M0", "赵六", "男", "", "", "", "", "DW-CS", "", "", "", "", "", ""},
		[]string{"S7", "冯七", "男", "", id1, "", "", "DW-CS", "", "", "", "", "", ""},
		[]string{"S8", "陈八", "男", "", "", "", "", "DW-CS", "XX-9", "", "", "", "", ""},
	)
	b := e.Stage(t, "xsjbxx", tk, rows)
	if counts(b) != [4]int{0, 1, 0, 10} {
		t.Fatalf("batch %+v", b)
	}
	got := e.ImportRows(t, "xsjbxx", tk, b.ID)
	expectRows(t, got, map[int][3]string{
		2:  {"invalid", "idNumber", "与第 11 行的身份证号码重复"},
		3:  {"changed", "", ""},
		4:  {"invalid", "unit", "找不到单位「物理学院」"},
		5:  {"invalid", "ethnicity", "「火星族」不是有效的民族"},
		6:  {"invalid", "idNumber", "身份证号码"},
		7:  {"invalid", "studentNo", "与第 8 行的学号重复"},
		8:  {"invalid", "studentNo", "与第 7 行的学号重复"},
		9:  {"invalid", "unit", "找不到单位「DW-MATH」"},
		10: {"invalid", "studentNo", "该学生不在您的管理范围内"},
		11: {"invalid", "idNumber", "与第 2 行的身份证号码重复"},
		12: {"invalid", "class", "找不到班级「XX-9」"},
	})
	if ch := got[3].Changes; len(ch) != 1 || ch[0].Label != "备注" || ch[0].New != "转专业" {
		t.Errorf("changes %+v", ch)
	}
	// Fixing: row 4 gets a unit of the scope, row 11 another ID number.
	r, b := e.FixRow(t, "xsjbxx", tk, b.ID, got[4], map[string]string{"studentNo": "S2", "name": "王二", "idNumber": idNumber("20050202", 2), "unit": "DW-CS"})
	if r.Status != "new" || r.Cells["unit"] != "DW-CS" {
		t.Fatalf("fixed row %+v", r)
	}
	_, b = e.FixRow(t, "xsjbxx", tk, b.ID, got[11], map[string]string{"studentNo": "S7", "name": "冯七", "gender": "男", "unit": "DW-CS"})
	if counts(b) != [4]int{3, 1, 0, 7} {
		t.Fatalf("batch after fixes %+v %+v", b, e.ImportRows(t, "xsjbxx", tk, b.ID))
	}
	res := e.Do("POST", "/api/import/xsjbxx/batches/"+itoa(b.ID)+"/commit", tk, map[string]any{"skipInvalid": false})
	apptest.ExpectMessage(t, res, 400, "仍有 7 行数据有误，请修正后再导入，或勾选跳过错误行")
	e.Commit(t, "xsjbxx", tk, b.ID, true)

	var list []people.Student
	if err := e.DB.NewSelect().Model(&list).OrderExpr("student_no").Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	by := map[string]people.Student{}
	for _, s := range list {
		by[s.StudentNo] = s
	}
	s1, s0, s2 := by["S1"], by["S0"], by["S2"]
	if len(list) != 5 || s1.ClassID == nil || s1.Grade != "2024" || s1.EducationLevel != "2" || s1.Gender != "1" ||
		s1.BirthDate != "2005-01-01" || s1.UnitDeptID != w.csUnit || s0.Remark != "转专业" || s2.Status != people.StudentEnrolled {
		t.Fatalf("students %+v", list)
	}
	if s1.IDNumberEnc == "" || strings.Contains(s1.IDNumberEnc, id1) || s1.IDNumberIdx == "" || s1.PhoneIdx == "" {
		t.Fatalf("personal fields not encrypted: %+v", s1.Person)
	}
	// The API reads what the import wrote (the ID number decrypts).
	admin := e.Do("GET", "/api/xsjbxx/"+itoa(s1.ID)+"?unmask=true", e.AdminTK, nil)
	apptest.Expect(t, admin, 200)
	if v := admin.Map(t); v["idNumber"] != id1 || v["phone"] != "13900139001" || v["className"] != "计科24级1班" {
		t.Fatalf("detail %v", v)
	}
	// The same valid rows again: nothing to do.
	again := e.Stage(t, "xsjbxx", tk, append([][]string{studentHeader}, valid...))
	if counts(again) != [4]int{0, 0, 2, 0} {
		t.Fatalf("second import %+v %+v", again, e.ImportRows(t, "xsjbxx", tk, again.ID))
	}
}

var teacherHeader = []string{"＊工号", "＊姓名", "性别", "民族", "身份证号码", "手机号码", "出生日期", "＊所在单位",
	"专业技术职称", "工作岗位", "教师状态", "备注"}

func TestTeacherImport(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	w.e.Create(t, e.AdminTK, "/api/jsjbxx", teacher("T0", "老王", w.csUnit))
	w.e.Create(t, e.AdminTK, "/api/jsjbxx", apptest.With(teacher("T9", "老赵", w.csUnit), "idNumber", idNumber("19800101", 9), "gender", nil))
	w.e.Create(t, e.AdminTK, "/api/jsjbxx", teacher("M0", "老李", w.mathUnit))
	tk := w.importer(t)
	valid := [][]string{
		{"T1", "张老师", "", "汉族", idNumber("19850505", 1), "13700137000", "", "计算机学院", "副教授", "事业单位专业技术人员", "", ""},
		{"T0", "老王", "女", "", "", "", "", "DW-CS", "教授", "013", "在职", ""},
	}
	rows := append([][]string{teacherHeader}, valid...)
	rows = append(rows,
		[]string{"T2", "李老师", "男", "", "", "", "", "DW-CS", "大师", "", "", ""},
		[]string{"T3", "周老师", "男", "", "11010519850505123", "", "", "DW-CS", "", "", "", ""},
		[]string{"T4", "甲", "男", "", "", "", "", "DW-CS", "", "", "", ""},
		[]string{"T4", "乙", "男", "", "", "", "", "DW-CS", "", "", "", ""},
		[]string{"T5", "吴老师", "男", "", "", "", "", "数学学院", "", "", "", ""},
		[]string{"M0", "老李", "男", "", "", "", "", "DW-CS", "", "", "", ""},
		[]string{"T6", "冯老师", "", "", idNumber("19800101", 9), "", "", "DW-CS", "", "", "", ""},
		[]string{"T7", "陈老师", "男", "", "", "12345", "", "DW-CS", "", "", "", ""},
	)
	b := e.Stage(t, "jsjbxx", tk, rows)
	if counts(b) != [4]int{1, 1, 0, 8} {
		t.Fatalf("batch %+v", b)
	}
	got := e.ImportRows(t, "jsjbxx", tk, b.ID)
	expectRows(t, got, map[int][3]string{
		2:  {"new", "", ""},
		3:  {"changed", "", ""},
		4:  {"invalid", "professionalTitle", "「大师」不是有效的专业技术职称"},
		5:  {"invalid", "idNumber", "身份证号码"},
		6:  {"invalid", "staffNo", "与第 7 行的工号重复"},
		7:  {"invalid", "staffNo", "与第 6 行的工号重复"},
		8:  {"invalid", "unit", "找不到单位「数学学院」"},
		9:  {"invalid", "staffNo", "该教师不在您的管理范围内"},
		10: {"invalid", "idNumber", "身份证号码已存在"},
		11: {"invalid", "phone", "请输入正确的手机号码"},
	})
	if ch := got[3].Changes; len(ch) != 1 || ch[0].Label != "专业技术职称" || ch[0].New != "教授" {
		t.Errorf("changes %+v", ch)
	}
	_, b = e.FixRow(t, "jsjbxx", tk, b.ID, got[4], map[string]string{"staffNo": "T2", "name": "李老师", "gender": "男",
		"unit": "DW-CS", "professionalTitle": "讲师（高校）"})
	if counts(b) != [4]int{2, 1, 0, 7} {
		t.Fatalf("batch after fix %+v", b)
	}
	e.Commit(t, "jsjbxx", tk, b.ID, true)
	var list []people.Teacher
	if err := e.DB.NewSelect().Model(&list).Where("staff_no IN ('T0', 'T1', 'T2')").OrderExpr("staff_no").Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	if len(list) != 3 || list[0].ProfessionalTitle != "011" || list[0].Post != "013" || list[1].Gender != "1" ||
		list[1].BirthDate != "1985-05-05" || list[1].Post != "013" || list[1].PhoneEnc == "" || list[2].ProfessionalTitle != "013" {
		t.Fatalf("teachers %+v", list)
	}
	again := e.Stage(t, "jsjbxx", tk, append([][]string{teacherHeader}, valid...))
	if counts(again) != [4]int{0, 0, 2, 0} {
		t.Fatalf("second import %+v %+v", again, e.ImportRows(t, "jsjbxx", tk, again.ID))
	}
}

var classHeader = []string{"＊班级编号", "＊班级名称", "年级", "＊所在单位", "专业", "班主任工号"}

func TestClassImport(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	w.e.Create(t, e.AdminTK, "/api/jsjbxx", teacher("T1", "班主任甲", w.csUnit))
	w.e.Create(t, e.AdminTK, "/api/jsjbxx", teacher("TM", "数学老师", w.mathUnit))
	w.e.Create(t, e.AdminTK, "/api/bj", map[string]any{"code": "C0", "name": "旧班", "grade": "2023", "unitDeptId": w.csUnit})
	full := w.e.Create(t, e.AdminTK, "/api/bj", map[string]any{"code": "C9", "name": "有学生的班", "grade": "2023", "unitDeptId": w.csUnit})
	w.e.Create(t, e.AdminTK, "/api/xsjbxx", apptest.With(student("S9", "学生", w.csUnit), "classId", full))
	w.e.Create(t, e.AdminTK, "/api/bj", map[string]any{"code": "M1", "name": "数学班", "unitDeptId": w.mathUnit})
	tk := w.importer(t)
	valid := [][]string{
		{"C1", "计科24级1班", "2024", "DW-CS", "计算机科学与技术", "T1"},
		{"C0", "旧班", "2023", "计算机学院", "软件工程", ""},
	}
	rows := append([][]string{classHeader}, valid...)
	rows = append(rows,
		[]string{"C2", "二班", "1890", "DW-CS", "", ""},
		[]string{"C3", "三班", "", "DW-CS", "", "TM"},
		[]string{"C4", "四班", "", "DW-MATH", "", ""},
		[]string{"C5", "五班", "", "DW-CS", "", ""},
		[]string{"C5", "五班乙", "", "DW-CS", "", ""},
		[]string{"M1", "数学班", "", "DW-CS", "", ""},
		[]string{"C6", "", "", "DW-CS", "", ""},
	)
	b := e.Stage(t, "bj", tk, rows)
	if counts(b) != [4]int{1, 1, 0, 7} {
		t.Fatalf("batch %+v", b)
	}
	got := e.ImportRows(t, "bj", tk, b.ID)
	expectRows(t, got, map[int][3]string{
		2:  {"new", "", ""},
		3:  {"changed", "", ""},
		4:  {"invalid", "grade", "「1890」不是有效的年级"},
		5:  {"invalid", "headTeacher", "找不到工号为「TM」的教师"},
		6:  {"invalid", "unit", "找不到单位「DW-MATH」"},
		7:  {"invalid", "code", "与第 8 行的班级编号重复"},
		8:  {"invalid", "code", "与第 7 行的班级编号重复"},
		9:  {"invalid", "code", "该班级不在您的管理范围内"},
		10: {"invalid", "name", "请输入班级名称"},
	})
	if ch := got[3].Changes; len(ch) != 1 || ch[0].Label != "专业" || ch[0].New != "软件工程" {
		t.Errorf("changes %+v", ch)
	}
	_, b = e.FixRow(t, "bj", tk, b.ID, got[10], map[string]string{"code": "C6", "name": "六班", "unit": "DW-CS", "headTeacher": "T1"})
	if counts(b) != [4]int{2, 1, 0, 6} {
		t.Fatalf("batch after fix %+v", b)
	}
	e.Commit(t, "bj", tk, b.ID, true)
	var list []people.Class
	if err := e.DB.NewSelect().Model(&list).Where("code IN ('C0', 'C1', 'C6')").OrderExpr("code").Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	if len(list) != 3 || list[0].Major != "软件工程" || list[1].HeadTeacherID == nil || list[1].Grade != "2024" ||
		list[1].UnitDeptID != w.csUnit || list[2].Name != "六班" {
		t.Fatalf("classes %+v", list)
	}
	again := e.Stage(t, "bj", tk, append([][]string{classHeader}, valid...))
	if counts(again) != [4]int{0, 0, 2, 0} {
		t.Fatalf("second import %+v", again)
	}
	// A class holding students keeps its unit, as through the API.
	moved := e.Stage(t, "bj", e.AdminTK, [][]string{classHeader, {"C9", "有学生的班", "2023", "DW-MATH", "", ""}})
	if r := e.ImportRows(t, "bj", e.AdminTK, moved.ID)[2]; !strings.HasPrefix(apptest.CellErrors(r)["unit"], "班级“有学生的班”下还有1名学生") {
		t.Fatalf("move row %+v", r)
	}
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }

// badCheckID is id with a wrong check character.
func badCheckID(id string) string {
	if id[17] == '0' {
		return id[:17] + "1"
	}
	return id[:17] + "0"
}

// Each kind serves its columns and template to holders of ry:import only.
func TestPeopleImportTemplates(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tk := w.importer(t)
	for kind, first := range map[string]string{"xsjbxx": "学号", "jsjbxx": "工号", "bj": "班级编号"} {
		res := w.e.Do("GET", "/api/import/"+kind+"/columns", tk, nil)
		apptest.Expect(t, res, 200)
		var cols []imports.Column
		res.JSON(t, &cols)
		if len(cols) == 0 || cols[0].Label != first || !cols[0].Required {
			t.Errorf("%s columns %+v", kind, cols)
		}
		apptest.Expect(t, w.e.Do("GET", "/api/import/"+kind+"/template", tk, nil), 200)
		apptest.Expect(t, w.e.Do("GET", "/api/import/"+kind+"/columns", w.csTK, nil), 403) // ry:* without ry:import
	}
}
