package people_test

import (
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/people"
)

func TestStudents(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tk := w.csTK
	class := w.e.Create(t, tk, "/api/bj", map[string]any{"code": "CS2024-1", "name": "计科2024-1班", "grade": "2024", "unitDeptId": w.csUnit, "major": "计算机科学与技术"})
	mathClass := w.e.Create(t, w.e.AdminTK, "/api/bj", map[string]any{"code": "MA2024-1", "name": "数学2024-1班", "unitDeptId": w.mathUnit})
	id := idNumber("20050315", 12) // even sequence: a woman
	base := apptest.With(student("S2024001", "王小明", w.csUnit), "idNumber", id, "gender", nil, "classId", class, "grade", nil)

	res := w.e.Do("POST", "/api/xsjbxx", tk, base)
	apptest.Expect(t, res, 201)
	var v people.StudentView
	res.JSON(t, &v)
	if v.BirthDate != "2005-03-15" || v.Gender != "2" || v.GenderLabel != "女" || v.Grade != "2024" || v.ClassName != "计科2024-1班" ||
		v.UnitName != "计算机学院" || v.StatusLabel != "在读" || v.EducationLevelLabel != "本科" || !v.Masked ||
		v.IDNumber == id || v.Phone == "13900139000" {
		t.Fatalf("created %+v", v)
	}
	// Stored encrypted, found through the blind index.
	var enc string
	if err := w.e.DB.NewSelect().Table("xsjbxx").Column("id_number_enc").Where("id = ?", v.ID).Scan(t.Context(), &enc); err != nil || enc == "" || enc == id {
		t.Fatalf("stored %q %v", enc, err)
	}

	// Validation, in Chinese, nothing written.
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/xsjbxx", tk, apptest.With(base, "idNumber", idNumber("20050316", 13))), 409, "学号已存在")
	other := apptest.With(base, "studentNo", "S2024002")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/xsjbxx", tk, other), 409, "身份证号码已存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/xsjbxx", tk, apptest.With(other, "idNumber", id[:17]+"0")), 400, "身份证号码校验位错误")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/xsjbxx", tk, apptest.With(other, "idNumber", idNumber("20050316", 14), "birthDate", "2005-03-17")), 400,
		"出生日期与身份证号码不一致（身份证号码中为 2005-03-16）")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/xsjbxx", tk, apptest.With(other, "idNumber", "", "gender", "1", "status", "9")), 400, "状态取值无效")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/xsjbxx", tk, apptest.With(other, "idNumber", "", "gender", "1", "ethnicity", "99")), 400, "民族取值无效")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/xsjbxx", tk, apptest.With(other, "idNumber", "", "gender", "1", "educationLevel", "9")), 400, "培养层次取值无效")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/xsjbxx", tk, apptest.With(other, "idNumber", "", "gender", "1", "phone", "12345")), 400, "请输入正确的手机号码")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/xsjbxx", tk, apptest.With(other, "idNumber", "", "gender", "1", "unitDeptId", w.mathUnit)), 400, "所选单位不存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/xsjbxx", tk, apptest.With(other, "idNumber", "", "gender", "1", "unitDeptId", 999999)), 400, "所选单位不存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/xsjbxx", tk, apptest.With(other, "idNumber", "", "gender", "1", "classId", 999999)), 400, "所选班级不存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/xsjbxx", tk, apptest.With(other, "idNumber", "", "gender", "1", "classId", mathClass)), 400, "所选班级不存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/xsjbxx", w.e.AdminTK, apptest.With(other, "idNumber", "", "gender", "1", "classId", mathClass)), 400, "所选班级“数学2024-1班”不属于所选单位")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/xsjbxx", tk, apptest.With(other, "idNumber", "", "gender", nil)), 400, "请选择性别")
	if _, total := w.page(t, w.e.AdminTK, "/api/xsjbxx", nil); total != 1 {
		t.Fatalf("a refused create wrote: %d", total)
	}

	// Update: a left-out field keeps its value, the masked ID number too.
	res = w.e.Do("PUT", "/api/xsjbxx", tk, map[string]any{"id": v.ID, "name": "王晓明", "idNumber": v.IDNumber, "status": "3"})
	apptest.Expect(t, res, 200)
	var u people.StudentView
	res.JSON(t, &u)
	if u.Name != "王晓明" || u.IDNumber != v.IDNumber || u.BirthDate != "2005-03-15" || u.Phone != v.Phone || u.StatusLabel != "休学" || u.ClassID == nil {
		t.Fatalf("updated %+v", u)
	}
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/xsjbxx", tk, map[string]any{"id": v.ID, "phone": "139****0001"}), 400, "请输入完整的手机号码")
	// A new ID number brings its own birth date and gender.
	res = w.e.Do("PUT", "/api/xsjbxx", tk, map[string]any{"id": v.ID, "idNumber": idNumber("20060101", 31)})
	apptest.Expect(t, res, 200)
	res.JSON(t, &u)
	if u.BirthDate != "2006-01-01" || u.Gender != "1" {
		t.Fatalf("new ID number %+v", u)
	}
	apptest.Expect(t, w.e.Do("PUT", "/api/xsjbxx", tk, map[string]any{"id": v.ID, "idNumber": id}), 200)
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/xsjbxx", tk, map[string]any{"name": "x"}), 400, "缺少学生编号")

	// Unmask needs ry:unmask and is logged.
	path := fmt.Sprintf("/api/xsjbxx/%d", v.ID)
	apptest.Expect(t, w.e.Do("GET", path+"?unmask=true", tk, nil), 403)
	unmasker := w.anchored(t, w.cs, people.PermList, people.PermUnmask)
	res = w.e.Do("GET", path+"?unmask=true", unmasker, nil)
	apptest.Expect(t, res, 200)
	res.JSON(t, &u)
	if u.IDNumber != id || u.Phone != "13900139000" || u.Masked {
		t.Fatalf("unmasked %+v", u)
	}
	n, err := w.e.DB.NewSelect().Table("sys_oper_log").Where("message = ?", "查看学生敏感信息：王晓明").Count(t.Context())
	if err != nil || n != 1 {
		t.Fatalf("access log %d %v", n, err)
	}

	// List: text search (name, number, exact ID number), filters, scope.
	w.e.Create(t, tk, "/api/xsjbxx", apptest.With(student("S2024002", "李四", w.csUnit), "grade", "2023", "status", "2"))
	w.e.Create(t, w.e.AdminTK, "/api/xsjbxx", student("M2024001", "赵六", w.mathUnit))
	for _, c := range []struct {
		q    url.Values
		want string
	}{
		{url.Values{"blurry": {"晓明"}}, "[王晓明]"},
		{url.Values{"blurry": {"S2024002"}}, "[李四]"},
		{url.Values{"blurry": {id}}, "[王晓明]"},
		{url.Values{"classId": {fmt.Sprint(class)}}, "[王晓明]"},
		{url.Values{"grade": {"2023"}}, "[李四]"},
		{url.Values{"status": {"2", "3"}, "sort": {"name,asc"}}, "[李四 王晓明]"},
		{url.Values{"unitDeptId": {fmt.Sprint(w.mathUnit)}}, "[]"},
	} {
		got, _ := w.page(t, tk, "/api/xsjbxx", c.q)
		if fmt.Sprint(names(got)) != c.want {
			t.Fatalf("%v: %v, want %s", c.q, names(got), c.want)
		}
	}
	apptest.Expect(t, w.e.Do("GET", "/api/xsjbxx?bogus=1", tk, nil), 400)

	apptest.Expect(t, w.e.Do("DELETE", "/api/xsjbxx", tk, []int64{v.ID}), 204)
	apptest.Expect(t, w.e.Do("GET", path, tk, nil), 404)
}

func TestTeachersAndClasses(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tk := w.csTK
	tid := w.e.Create(t, tk, "/api/jsjbxx", apptest.With(teacher("T001", "张老师", w.csUnit), "idNumber", idNumber("19800101", 22), "phone", "13800138001"))
	res := w.e.Do("GET", fmt.Sprintf("/api/jsjbxx/%d", tid), tk, nil)
	apptest.Expect(t, res, 200)
	var tv people.TeacherView
	res.JSON(t, &tv)
	if tv.ProfessionalTitleLabel != "讲师（高校）" || tv.PostLabel != "事业单位专业技术人员" || tv.StatusLabel != "在职" || tv.BirthDate != "1980-01-01" || !tv.Masked {
		t.Fatalf("teacher %+v", tv)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/jsjbxx", tk, teacher("T001", "重复", w.csUnit)), 409, "工号已存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/jsjbxx", tk, apptest.With(teacher("T002", "x", w.csUnit), "professionalTitle", "zzz")), 400, "专业技术职称取值无效")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/jsjbxx", tk, apptest.With(teacher("T002", "x", w.csUnit), "post", "zzz")), 400, "工作岗位取值无效")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/jsjbxx", tk, apptest.With(teacher("T002", "x", w.csUnit), "idNumber", "123")), 400, "身份证号码应为18位（旧号码为15位）")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/jsjbxx", tk, apptest.With(teacher("T002", "x", w.csUnit), "unitDeptId", nil)), 400, "请选择所在单位")
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/jsjbxx", tk, map[string]any{"id": tid, "status": "7"}), 400, "状态取值无效")
	apptest.Expect(t, w.e.Do("PUT", "/api/jsjbxx", tk, map[string]any{"id": tid, "status": "2"}), 200)
	mathTeacher := w.e.Create(t, w.e.AdminTK, "/api/jsjbxx", teacher("T100", "钱老师", w.mathUnit))

	// Classes: validation, head teacher, students block deletion.
	cls := map[string]any{"code": "CS1", "name": "计科1班", "grade": "2024", "unitDeptId": w.csUnit, "headTeacherId": tid}
	cid := w.e.Create(t, tk, "/api/bj", cls)
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/bj", tk, apptest.With(cls, "name", "另一个")), 409, "班级编号已存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/bj", tk, apptest.With(cls, "code", "CS2", "grade", "1999")), 400, "年级取值无效")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/bj", tk, apptest.With(cls, "code", "CS2", "headTeacherId", mathTeacher)), 400, "所选班主任不存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/bj", tk, apptest.With(cls, "code", "CS2", "unitDeptId", w.mathUnit)), 400, "所选单位不存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/bj", tk, apptest.With(cls, "code", "")), 400, "请输入班级编号（不超过32个字符）")
	res = w.e.Do("GET", fmt.Sprintf("/api/bj/%d", cid), tk, nil)
	apptest.Expect(t, res, 200)
	var cv people.ClassView
	res.JSON(t, &cv)
	if cv.HeadTeacherName != "张老师" || cv.UnitName != "计算机学院" || cv.GradeLabel == "" {
		t.Fatalf("class %+v", cv)
	}
	sid := w.e.Create(t, tk, "/api/xsjbxx", apptest.With(student("S1", "学生甲", w.csUnit), "classId", cid))
	apptest.ExpectMessage(t, w.e.Do("DELETE", "/api/bj", tk, []int64{cid}), 400, "班级“计科1班”下还有1名学生，不能删除")
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/bj", w.e.AdminTK, map[string]any{"id": cid, "unitDeptId": w.mathUnit}), 400, "班级“计科1班”下还有1名学生，不能改变所在单位")
	apptest.Expect(t, w.e.Do("PUT", "/api/bj", tk, map[string]any{"id": cid, "major": "软件工程"}), 200)
	got, _ := w.page(t, tk, "/api/bj", url.Values{"major": {"软件"}})
	if fmt.Sprint(names(got)) != "[计科1班]" {
		t.Fatalf("class list %v", names(got))
	}
	// Deleting the head teacher leaves the class without one.
	apptest.Expect(t, w.e.Do("DELETE", "/api/jsjbxx", tk, []int64{tid}), 204)
	res = w.e.Do("GET", fmt.Sprintf("/api/bj/%d", cid), tk, nil)
	res.JSON(t, &cv)
	if cv.HeadTeacherID != nil || cv.StudentCount != 1 {
		t.Fatalf("class after teacher deleted %+v", cv)
	}
	apptest.Expect(t, w.e.Do("DELETE", "/api/xsjbxx", tk, []int64{sid}), 204)
	apptest.Expect(t, w.e.Do("DELETE", "/api/bj", tk, []int64{cid}), 204)
}

// Every endpoint answers 404 for a record of a unit outside the caller's scope.
func TestOutOfScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	sid := w.e.Create(t, admin, "/api/xsjbxx", student("S1", "甲", w.csUnit))
	tid := w.e.Create(t, admin, "/api/jsjbxx", teacher("T1", "乙", w.csUnit))
	cid := w.e.Create(t, admin, "/api/bj", map[string]any{"code": "C1", "name": "丙班", "unitDeptId": w.csUnit})
	unmasker := w.anchored(t, w.math, people.PermList, people.PermUnmask)
	for _, c := range []struct {
		method, path, token string
		body                any
		msg                 string
	}{
		{"GET", fmt.Sprintf("/api/xsjbxx/%d", sid), w.mathTK, nil, "学生不存在"},
		{"GET", fmt.Sprintf("/api/xsjbxx/%d?unmask=true", sid), unmasker, nil, "学生不存在"},
		{"PUT", "/api/xsjbxx", w.mathTK, map[string]any{"id": sid, "name": "x"}, "学生不存在"},
		{"DELETE", "/api/xsjbxx", w.mathTK, []int64{sid}, "学生不存在"},
		{"GET", fmt.Sprintf("/api/jsjbxx/%d", tid), w.mathTK, nil, "教师不存在"},
		{"GET", fmt.Sprintf("/api/jsjbxx/%d?unmask=true", tid), unmasker, nil, "教师不存在"},
		{"PUT", "/api/jsjbxx", w.mathTK, map[string]any{"id": tid, "name": "x"}, "教师不存在"},
		{"DELETE", "/api/jsjbxx", w.mathTK, []int64{tid}, "教师不存在"},
		{"GET", fmt.Sprintf("/api/bj/%d", cid), w.mathTK, nil, "班级不存在"},
		{"PUT", "/api/bj", w.mathTK, map[string]any{"id": cid, "name": "x"}, "班级不存在"},
		{"DELETE", "/api/bj", w.mathTK, []int64{cid}, "班级不存在"},
	} {
		apptest.ExpectMessage(t, w.e.Do(c.method, c.path, c.token, c.body), 404, c.msg)
	}
	for _, p := range []string{"/api/xsjbxx", "/api/jsjbxx", "/api/bj"} {
		if _, total := w.page(t, w.mathTK, p, nil); total != 0 {
			t.Fatalf("%s: math sees %d", p, total)
		}
		if _, total := w.page(t, w.csTK, p, nil); total != 1 {
			t.Fatalf("%s: cs sees %d", p, total)
		}
	}
	// Nothing was deleted by the refused calls.
	if _, total := w.page(t, admin, "/api/xsjbxx", nil); total != 1 {
		t.Fatal("student deleted from outside the scope")
	}
}

func TestPickers(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	for i := 0; i < 21; i++ {
		w.e.Create(t, admin, "/api/xsjbxx", student(fmt.Sprintf("S%03d", i), fmt.Sprintf("学生%02d", i), w.csUnit))
	}
	w.e.Create(t, admin, "/api/xsjbxx", apptest.With(student("S900", "毕业生", w.csUnit), "status", "2"))
	w.e.Create(t, admin, "/api/xsjbxx", student("M001", "数学学生", w.mathUnit))
	w.e.Create(t, admin, "/api/jsjbxx", teacher("T001", "学生导师", w.csUnit))
	w.e.Create(t, admin, "/api/jsjbxx", teacher("T002", "计算机老师", w.csUnit))
	w.e.Create(t, admin, "/api/jsjbxx", teacher("T100", "数学老师", w.mathUnit))
	tk := w.csTK

	items, total := w.page(t, tk, "/api/common/xsjbxx", nil)
	if len(items) != 20 || total != 21 || items[0].Kind != people.KindStudent || items[0].UnitName != "计算机学院" || items[0].Number == "" {
		t.Fatalf("students: %d of %d %+v", len(items), total, items[0])
	}
	if items, _ := w.page(t, tk, "/api/common/xsjbxx", url.Values{"page": {"1"}}); len(items) != 1 {
		t.Fatalf("second page %d", len(items))
	}
	if items, _ := w.page(t, tk, "/api/common/xsjbxx", url.Values{"status": {"2"}}); fmt.Sprint(names(items)) != "[毕业生]" {
		t.Fatalf("graduates %v", names(items))
	}
	if items, _ := w.page(t, tk, "/api/common/xsjbxx", url.Values{"blurry": {"S007"}}); fmt.Sprint(names(items)) != "[学生07]" {
		t.Fatalf("by number %v", names(items))
	}
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/common/xsjbxx?size=101", tk, nil), 400, "每页条数应在 1 到 100 之间")
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/common/xsjbxx?colour=red", tk, nil), 400, "不支持的查询条件：colour")

	if items, total := w.page(t, tk, "/api/common/jsjbxx", nil); total != 2 || items[0].Kind != people.KindTeacher {
		t.Fatalf("teachers %v %d", names(items), total)
	}
	// Students and teachers together: one sorted, paged list in scope.
	items, total = w.page(t, tk, "/api/common/xsjsxx", url.Values{"blurry": {"学生"}, "size": {"100"}})
	if total != 22 || len(items) != 22 {
		t.Fatalf("together: %d %d", total, len(items))
	}
	kinds := map[string]int{}
	for _, it := range items {
		kinds[it.Kind]++
	}
	if kinds[people.KindStudent] != 21 || kinds[people.KindTeacher] != 1 {
		t.Fatalf("kinds %v", kinds)
	}
	items, total = w.page(t, tk, "/api/common/xsjsxx", url.Values{"name": {"老师"}})
	if total != 1 || fmt.Sprint(names(items)) != "[计算机老师]" {
		t.Fatalf("teachers in scope %v", names(items))
	}
	items, total = w.page(t, tk, "/api/common/xsjsxx", url.Values{"size": {"5"}, "page": {"4"}})
	if total != 23 || len(items) != 3 {
		t.Fatalf("last page %d of %d", len(items), total)
	}
	items, _ = w.page(t, admin, "/api/common/xsjsxx", url.Values{"blurry": {"数学"}, "sort": {"number,asc"}})
	if fmt.Sprint(names(items)) != "[数学学生 数学老师]" {
		t.Fatalf("admin %v", names(items))
	}
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/common/xsjsxx?classId=1", tk, nil), 400, "不支持的查询条件：classId")

	// Classes: unit and grade filters, scope.
	w.e.Create(t, admin, "/api/bj", map[string]any{"code": "C1", "name": "计科1班", "grade": "2024", "unitDeptId": w.csUnit})
	w.e.Create(t, admin, "/api/bj", map[string]any{"code": "C2", "name": "计科2班", "grade": "2023", "unitDeptId": w.csUnit})
	w.e.Create(t, admin, "/api/bj", map[string]any{"code": "M1", "name": "数学1班", "grade": "2024", "unitDeptId": w.mathUnit})
	if items, total := w.page(t, tk, "/api/common/getBjInfo", nil); total != 2 {
		t.Fatalf("classes %v", names(items))
	}
	if items, _ := w.page(t, tk, "/api/common/getBjInfo", url.Values{"grade": {"2023"}}); fmt.Sprint(names(items)) != "[计科2班]" {
		t.Fatalf("grade %v", names(items))
	}
	if items, _ := w.page(t, admin, "/api/common/getBjInfo", url.Values{"unitId": {fmt.Sprint(w.mathUnit)}}); fmt.Sprint(names(items)) != "[数学1班]" {
		t.Fatalf("unit %v", names(items))
	}
	if items, _ := w.page(t, admin, "/api/common/getBjInfo", url.Values{"blurry": {"C2"}}); fmt.Sprint(names(items)) != "[计科2班]" {
		t.Fatalf("blurry %v", names(items))
	}

	// Cadres: the cadre module answers the picker (internal/cadre tests it); this world has no cadre and
	// the teacher holds no cadre permission, so an empty page of the same shape.
	res := w.e.Do("GET", "/api/common/gbjbxx?blurry=张", tk, nil)
	apptest.Expect(t, res, 200)
	if string(res.Body) != `{"content":[],"totalElements":0}` && string(res.Body) != "{\"content\":[],\"totalElements\":0}\n" {
		t.Fatalf("gbjbxx %s", res.Body)
	}
}
