package unit_test

import "testing"

// A validation error names the input field it is about ("field" in the body).
func TestValidationErrorsNameTheirField(t *testing.T) {
	w := newWorld(t)
	base := unitBody("化学学院", &w.root)
	for field, b := range map[string]any{
		"name":         with(base, "name", ""),
		"code":         with(base, "code", ""),
		"type":         with(base, "type", "99"),
		"contactPhone": with(base, "contactPhone", "call me"),
		"foundedOn":    with(base, "foundedOn", "2999-01-01"),
		"pid":          with(base, "pid", 999999),
	} {
		res := w.e.Do("POST", "/api/dwxx", w.e.AdminTK, b)
		var e struct{ Field string }
		res.JSON(t, &e)
		if res.Status != 400 || e.Field != field {
			t.Errorf("%s: %d %s", field, res.Status, res.Body)
		}
	}
}
