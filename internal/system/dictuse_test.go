package system_test

import (
	"fmt"
	"net/http"
	"testing"

	"zhdj/internal/apptest"
)

// dictItemID is the id of value in the seeded dictionary name.
func dictItemID(t *testing.T, e *apptest.Env, name, value string) int64 {
	t.Helper()
	var id int64
	if err := e.DB.NewSelect().TableExpr("sys_dict_detail AS dd").Column("dd.id").Join("JOIN sys_dict AS dc ON dc.id = dd.dict_id").
		Where("dc.name = ?", name).Where("dd.value = ?", value).Scan(t.Context(), &id); err != nil {
		t.Fatal(err)
	}
	return id
}

// A dictionary value records hold cannot be deleted nor recoded (the answer
// says how many hold it, counted in every column the modules declare); it
// can be disabled: the records keep showing its label and keep it on an
// update, new input cannot choose it.
func TestDictValueInUse(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Campus(t)
	member := func(name, ethnicity string) map[string]any {
		return apptest.FullMember(name, c.Branch, "gender", "1", "ethnicity", ethnicity)
	}
	m1 := e.Create(t, e.AdminTK, "/api/dyjbxx", member("甲", "02"))
	e.Create(t, e.AdminTK, "/api/dyjbxx", member("乙", "02"))
	e.Create(t, e.AdminTK, "/api/xsjbxx", map[string]any{"studentNo": "S001", "name": "丙", "gender": "1", "ethnicity": "02",
		"unitDeptId": e.Create(t, e.AdminTK, "/api/dept", map[string]any{"name": "测试学院", "pid": 1, "sort": 1})})
	mongol := dictItemID(t, e, "DJ_COMM_MZXX", "02")

	used := "字典值“蒙古族”已被 3 条记录使用，不能删除；可以停用"
	apptest.ExpectMessage(t, e.Do("DELETE", fmt.Sprintf("/api/dictDetail/%d", mongol), e.AdminTK, nil), http.StatusBadRequest, used)
	unused := dictItemID(t, e, "DJ_COMM_MZXX", "03")
	apptest.ExpectMessage(t, e.Do("DELETE", "/api/dictDetail", e.AdminTK, []int64{unused, mongol}), http.StatusBadRequest, used)
	res := e.Do("PUT", "/api/dictDetail", e.AdminTK, map[string]any{"id": mongol, "label": "蒙古族", "value": "02x"})
	apptest.ExpectMessage(t, res, http.StatusBadRequest, "字典值“蒙古族”已被 3 条记录使用，不能修改值；可以停用")
	if res.Map(t)["field"] != "value" {
		t.Fatalf("the recode refusal names no field: %s", res.Body)
	}
	if n, _ := e.DB.NewSelect().Table("sys_dict_detail").Where("id IN (?, ?)", unused, mongol).Count(t.Context()); n != 2 {
		t.Fatalf("a refused delete deleted %d of 2 items", 2-n)
	}
	apptest.Expect(t, e.Do("DELETE", fmt.Sprintf("/api/dictDetail/%d", unused), e.AdminTK, nil), http.StatusNoContent)

	// Disabled: refused for a new record and for a record choosing it anew,
	// kept by the records holding it, whose label still shows.
	apptest.Expect(t, e.Do("PUT", "/api/dictDetail", e.AdminTK, map[string]any{"id": mongol, "label": "蒙古族", "value": "02", "enabled": false}), http.StatusNoContent)
	res = e.Do("POST", "/api/dyjbxx", e.AdminTK, member("丁", "02"))
	apptest.ExpectMessage(t, res, http.StatusBadRequest, "民族“蒙古族”已停用，请重新选择")
	if res.Map(t)["field"] != "ethnicity" {
		t.Fatalf("field %s", res.Body)
	}
	m3 := e.Create(t, e.AdminTK, "/api/dyjbxx", member("戊", "01"))
	apptest.ExpectMessage(t, e.Do("PUT", "/api/dyjbxx", e.AdminTK, map[string]any{"id": m3, "ethnicity": "02"}), http.StatusBadRequest, "民族“蒙古族”已停用，请重新选择")
	res = e.Do("PUT", "/api/dyjbxx", e.AdminTK, map[string]any{"id": m1, "remark": "改了备注"})
	apptest.Expect(t, res, http.StatusOK)
	if v := res.Map(t); v["ethnicity"] != "02" || v["ethnicityLabel"] != "蒙古族" || v["remark"] != "改了备注" {
		t.Fatalf("the member holding the disabled value: %s", res.Body)
	}
	apptest.ExpectMessage(t, e.Do("POST", "/api/xsjbxx", e.AdminTK, map[string]any{"studentNo": "S002", "name": "己", "gender": "1",
		"ethnicity": "02", "unitDeptId": 1}), http.StatusBadRequest, "民族“蒙古族”已停用，请重新选择")
}
