package cadre_test

import (
	"net/url"
	"testing"

	"zhdj/internal/apptest"
)

func TestCreateAndList(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v := w.create(t, w.adminTK, cadreBody("张三", w.csUnit, "idNumber", idNumber("19750301", 1), "phone", "13800138000"))
	if v.UnitName != "计算机学院" || v.LevelLabel == "" || v.IDNumber == idNumber("19750301", 1) || v.IDNumber == "" {
		t.Fatalf("view %+v", v)
	}
	if got := w.names(t, w.adminTK, url.Values{}); len(got) != 1 || got[0] != "张三" {
		t.Fatalf("list %v", got)
	}
	apptest.Expect(t, w.e.Do("GET", path("/api/gbjbxx/%d", v.ID), w.csTK, nil), 404)
}
