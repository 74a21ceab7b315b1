package org_test

import (
	"testing"

	"zhdj/internal/org"
)

// A validation error names the input field it is about ("field" in the body).
func TestValidationErrorsNameTheirField(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	base := func(k string, v any) body {
		b := body{"code": "F1", "name": "新党支部", "type": org.TypeBranch, "pid": tr.A}
		b[k] = v
		return b
	}
	for field, b := range map[string]body{
		"name":         base("name", ""),
		"code":         base("code", "a b"),
		"contactPhone": base("contactPhone", "call me"),
		"foundedOn":    base("foundedOn", "2020-13-01"),
		"category":     base("category", "99"),
		"unitDeptId":   base("unitDeptId", 999999),
	} {
		res := e.Do("POST", "/api/dzzxx", e.AdminTK, b)
		var got struct{ Field string }
		res.JSON(t, &got)
		if res.Status != 400 || got.Field != field {
			t.Errorf("%s: %d %s", field, res.Status, res.Body)
		}
	}
}
