package unit_test

import (
	"testing"
	"zhdj/internal/apptest"
)

// A validation error names the input field it is about ("field" in the body).
func TestValidationErrorsNameTheirField(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	base := unitBody("化学学院", &w.root)
	for field, b := range map[string]any{
		"name":         apptest.With(base, "name", ""),
		"code":         apptest.With(base, "code", ""),
		"type":         apptest.With(base, "type", "99"),
		"contactPhone": apptest.With(base, "contactPhone", "call me"),
		"foundedOn":    apptest.With(base, "foundedOn", "2999-01-01"),
		"pid":          apptest.With(base, "pid", 999999),
	} {
		res := w.e.Do("POST", "/api/dwxx", w.e.AdminTK, b)
		var e struct{ Field string }
		res.JSON(t, &e)
		if res.Status != 400 || e.Field != field {
			t.Errorf("%s: %d %s", field, res.Status, res.Body)
		}
	}
}
