package member_test

import (
	"testing"
	"zhdj/internal/apptest"
)

// A validation error names the input field it is about ("field" in the
// body), so the form marks that field and an import that column.
func TestValidationErrorsNameTheirField(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	good := body("张三", w.branchA, apptest.IDNumber("110105", "19900307", 13))
	for field, b := range map[string]any{
		"name":       apptest.With(good, "name", ""),
		"phone":      apptest.With(good, "phone", "12345678901"),
		"joinedOn":   apptest.With(good, "joinedOn", "2013-13-01"),
		"ethnicity":  apptest.With(good, "ethnicity", "99"),
		"unitDeptId": apptest.With(good, "unitDeptId", 999999),
		"idNumber":   apptest.With(good, "idNumber", "110105199003071234"),
	} {
		res := w.e.Do("POST", "/api/dyjbxx", w.e.AdminTK, b)
		var e struct{ Field string }
		res.JSON(t, &e)
		if res.Status != 400 || e.Field != field {
			t.Errorf("%s: %d %s", field, res.Status, res.Body)
		}
	}
}
