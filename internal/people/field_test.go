package people_test

import (
	"testing"

	"zhdj/internal/apptest"
)

// A validation error names the input field it is about (the JSON name), so
// that a form marks that field.
func TestValidationNamesField(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tk := w.csTK
	w.e.Create(t, tk, "/api/xsjbxx", student("S1", "甲同学", w.csUnit))
	w.e.Create(t, tk, "/api/jsjbxx", teacher("T1", "乙老师", w.csUnit))
	w.e.Create(t, tk, "/api/bj", map[string]any{"code": "C1", "name": "一班", "unitDeptId": w.csUnit})
	cases := []struct {
		path   string
		body   map[string]any
		status int
		field  string
	}{
		{"/api/xsjbxx", student("", "x", w.csUnit), 400, "studentNo"},
		{"/api/xsjbxx", student("S1", "x", w.csUnit), 409, "studentNo"},
		{"/api/xsjbxx", apptest.With(student("S2", "x", w.csUnit), "phone", "12345"), 400, "phone"},
		{"/api/xsjbxx", apptest.With(student("S2", "x", w.csUnit), "idNumber", "123"), 400, "idNumber"},
		{"/api/xsjbxx", apptest.With(student("S2", "x", w.csUnit), "unitDeptId", w.mathUnit), 400, "unitDeptId"},
		{"/api/xsjbxx", apptest.With(student("S2", "x", w.csUnit), "classId", 999999), 400, "classId"},
		{"/api/xsjbxx", apptest.With(student("S2", "x", w.csUnit), "enrolledOn", "soon"), 400, "enrolledOn"},
		{"/api/jsjbxx", teacher("T1", "x", w.csUnit), 409, "staffNo"},
		{"/api/jsjbxx", apptest.With(teacher("T2", "x", w.csUnit), "post", "zzz"), 400, "post"},
		{"/api/bj", map[string]any{"code": "C1", "name": "二班", "unitDeptId": w.csUnit}, 409, "code"},
		{"/api/bj", map[string]any{"code": "C2", "name": "", "unitDeptId": w.csUnit}, 400, "name"},
		{"/api/bj", map[string]any{"code": "C2", "name": "二班", "unitDeptId": w.csUnit, "headTeacherId": 999999}, 400, "headTeacherId"},
	}
	for _, c := range cases {
		res := w.e.Do("POST", c.path, tk, c.body)
		apptest.Expect(t, res, c.status)
		var body struct{ Field string }
		res.JSON(t, &body)
		if body.Field != c.field {
			t.Errorf("%s %v: field %q, want %q (%s)", c.path, c.body, body.Field, c.field, res.Message())
		}
	}
}
