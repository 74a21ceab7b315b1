package cadre_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre"
)

func TestCreateListAndMask(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := idNumber("19750301", 1)
	// A malformed ID number is named in the checker's own words (no status code in the message).
	apptest.ExpectField(t, w.e.Do("POST", "/api/gbjbxx", w.adminTK, cadreBody("张三", w.csUnit, "idNumber", "123")),
		"idNumber", "身份证号码应为18位（旧号码为15位）")
	v := w.create(t, w.adminTK, cadreBody("张三", w.csUnit, "idNumber", id, "phone", "13800138000"))
	if v.UnitName != "计算机学院" || v.LevelLabel != "正处级" || v.StatusLabel != "现任处级" || v.IDNumber != "110105********"+id[14:] ||
		v.Phone != "138****8000" {
		t.Fatalf("view %+v", v)
	}
	if got := w.names(t, w.adminTK, url.Values{}); fmt.Sprint(got) != "[张三]" {
		t.Fatalf("list %v", got)
	}
	// A masked value sent back keeps the stored one.
	apptest.DoJSON[cadre.View](t, w.e, 200, "PUT", "/api/gbjbxx", w.adminTK, map[string]any{"id": v.ID, "idNumber": v.IDNumber, "phone": v.Phone, "post": "副校长"})
	// In clear only with gbjbxx:unmask.
	apptest.Expect(t, w.e.Do("GET", path("/api/gbjbxx/%d?unmask=true", v.ID), w.adminTK, nil), 403)
	unmaskTK, _ := w.e.UserWith("ALL", 0, cadre.Perms.List, cadre.PermAll, cadre.PermUnmask)
	clear := apptest.DoJSON[cadre.View](t, w.e, 200, "GET", path("/api/gbjbxx/%d?unmask=true", v.ID), unmaskTK, nil)
	if clear.IDNumber != id || clear.Phone != "13800138000" || clear.IDNumberEnc != "" || clear.Masked {
		t.Fatalf("clear %+v", clear)
	}
	// The read in clear is in the operation log (the refused one is not).
	n, err := w.e.DB.NewSelect().Table("sys_oper_log").Where("message = ?", "查看干部敏感信息：张三").Count(t.Context())
	if err != nil || n != 1 {
		t.Fatalf("logged %d times (%v)", n, err)
	}
}

// The ID number and the phone are stored encrypted: the raw columns do not
// hold them; the list still finds the cadre by the exact ID number.
func TestPersonalFieldsEncryptedAtRest(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := idNumber("19800101", 3)
	v := w.create(t, w.adminTK, cadreBody("李四", w.csUnit, "idNumber", id, "phone", "13900139000"))
	w.create(t, w.adminTK, cadreBody("王五", w.csUnit, "idNumber", idNumber("19800101", 5)))
	var raw struct{ IDNumberEnc, PhoneEnc, IDNumberIdx string }
	if err := w.e.DB.NewSelect().Table("gb_jbxx").ColumnExpr("id_number_enc AS id_number_enc, phone_enc, id_number_idx").
		Where("id = ?", v.ID).Scan(t.Context(), &raw.IDNumberEnc, &raw.PhoneEnc, &raw.IDNumberIdx); err != nil {
		t.Fatal(err)
	}
	for _, col := range []string{raw.IDNumberEnc, raw.PhoneEnc, raw.IDNumberIdx} {
		if col == "" || strings.Contains(col, id) || strings.Contains(col, "13900139000") || strings.Contains(col, id[6:14]) {
			t.Fatalf("stored in clear: %q", col)
		}
	}
	if got := w.names(t, w.adminTK, url.Values{"idNumber": {strings.ToLower(id)}}); fmt.Sprint(got) != "[李四]" {
		t.Fatalf("by ID number %v", got)
	}
	// A bad ID number is a 400 naming the field; nothing is written.
	res := w.e.Do("POST", "/api/gbjbxx", w.adminTK, cadreBody("赵六", w.csUnit, "idNumber", "110105198001010000"))
	if res.Status != 400 || res.Map(t)["field"] != "idNumber" {
		t.Fatalf("bad ID number: %d %s", res.Status, res.Body)
	}
	apptest.ExpectField(t, w.e.Do("POST", "/api/gbjbxx", w.adminTK, cadreBody("", w.csUnit)), "name", "请输入姓名（不超过50个字）")
}

// Only holders of gbjbxx:all see every cadre; a unit leader with
// gbjbxx:list sees their units' cadres only once the school turns that on;
// a cadre outside the scope is a 404.
func TestScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cs := w.create(t, w.adminTK, cadreBody("计算机干部", w.csUnit))
	math := w.create(t, w.adminTK, cadreBody("数学干部", w.mathUnit))
	if got := w.names(t, w.csTK, url.Values{}); len(got) != 0 {
		t.Fatalf("setting off: %v", got)
	}
	apptest.Expect(t, w.e.Do("GET", path("/api/gbjbxx/%d", cs.ID), w.csTK, nil), 404)
	w.setUnitLeaders(t, true)
	if got := w.names(t, w.csTK, url.Values{}); fmt.Sprint(got) != "[计算机干部]" {
		t.Fatalf("setting on: %v", got)
	}
	apptest.Expect(t, w.e.Do("GET", path("/api/gbjbxx/%d", cs.ID), w.csTK, nil), 200)
	w.e.ExpectCalls(t, []apptest.Call{
		{"GET", path("/api/gbjbxx/%d", math.ID), w.csTK, nil, 404},
		{"PUT", "/api/gbjbxx", w.csTK, map[string]any{"id": math.ID, "post": "副院长"}, 404},
		{"GET", path("/api/gbjbxx/%d/jl", math.ID), w.csTK, nil, 404},
		{"POST", path("/api/gbjbxx/%d/jl", math.ID), w.csTK, map[string]any{"startOn": "2000-01-01", "text": "x"}, 404},
		{"GET", path("/api/gbjbxx/%d/trail", math.ID), w.csTK, nil, 404},
		// Moving a cadre to a unit outside the scope is refused on the field.
		{"PUT", "/api/gbjbxx", w.csTK, map[string]any{"id": cs.ID, "unitId": w.mathUnit}, 400},
	})
	// The picker answers the same scope.
	items, _ := apptest.GetPage[cadre.PickerItem](t, w.e, w.csTK, "/api/common/gbjbxx", nil)
	if len(items) != 1 || items[0].Name != "计算机干部" || items[0].UnitName != "计算机学院" {
		t.Fatalf("picker %+v", items)
	}
	items, _ = apptest.GetPage[cadre.PickerItem](t, w.e, w.noTK, "/api/common/gbjbxx", nil)
	if len(items) != 0 {
		t.Fatalf("picker without permission %+v", items)
	}
}

// 401 without a token, 403 without the permission, 404 for a cadre that is
// not there, per route family.
func TestRoutesAnswer401403404(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	v := w.create(t, w.adminTK, cadreBody("张三", w.csUnit))
	calls := []apptest.Call{}
	for _, r := range []struct{ method, path string }{
		{"GET", "/api/gbjbxx"}, {"GET", "/api/gbjbxx/export"}, {"GET", path("/api/gbjbxx/%d", v.ID)}, {"POST", "/api/gbjbxx"},
		{"PUT", "/api/gbjbxx"}, {"DELETE", "/api/gbjbxx"}, {"GET", "/api/gbjbxx/trail"}, {"GET", path("/api/gbjbxx/%d/trail", v.ID)},
		{"POST", "/api/gbjbxx/trail/restore"}, {"GET", path("/api/gbjbxx/%d/jl", v.ID)}, {"POST", path("/api/gbjbxx/%d/jtcy", v.ID)},
		{"PUT", path("/api/gbjbxx/%d/zw", v.ID)}, {"DELETE", path("/api/gbjbxx/%d/zj", v.ID)},
	} {
		calls = append(calls, apptest.Call{r.method, r.path, "", nil, 401}, apptest.Call{r.method, r.path, w.noTK, map[string]any{}, 403})
	}
	calls = append(calls, apptest.Call{"GET", "/api/common/gbjbxx", "", nil, 401},
		apptest.Call{"GET", "/api/gbjbxx/999999", w.adminTK, nil, 404},
		apptest.Call{"GET", "/api/gbjbxx/999999/khqk", w.adminTK, nil, 404},
		apptest.Call{"DELETE", "/api/gbjbxx", w.adminTK, []int64{v.ID, 999999}, 404},
		apptest.Call{"POST", "/api/gbjbxx/trail/restore", w.adminTK, map[string]any{"trailId": 999999}, 404},
		// Writes need their permissions: gbjbxx:list alone reads.
		apptest.Call{"POST", path("/api/gbjbxx/%d/jl", v.ID), w.listTK, map[string]any{}, 403},
		apptest.Call{"GET", path("/api/gbjbxx/%d/jl", v.ID), w.listTK, nil, 200})
	w.e.ExpectCalls(t, calls)
}

func TestListFilters(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sub := w.e.Create(t, w.e.AdminTK, "/api/dept", map[string]any{"name": "计算机学院办公室", "pid": w.csUnit, "sort": 1})
	w.create(t, w.adminTK, cadreBody("甲", w.csUnit, "gender", "2", "level", "4", "post", "副院长"))
	w.create(t, w.adminTK, cadreBody("乙", sub, "status", "6", "teamType", "2"))
	w.create(t, w.adminTK, cadreBody("丙", w.mathUnit, "category", "1", "postAttribute", "1", "title", "011"))
	w.create(t, w.adminTK, cadreBody("欧阳修文", w.mathUnit, "status", "6"))
	for _, c := range []struct {
		q    url.Values
		want string
	}{
		{url.Values{"gender": {"2"}}, "[甲]"},
		{url.Values{"level": {"3", "4"}, "sort": {"name,asc"}}, "[丙 甲 欧阳修文 乙]"},
		{url.Values{"level": {"4"}}, "[甲]"},
		{url.Values{"post": {"副院"}}, "[甲]"},
		{url.Values{"status": {"6"}, "unitId": {fmt.Sprint(w.csUnit)}}, "[乙]"},
		{url.Values{"teamType": {"2"}}, "[乙]"},
		{url.Values{"category": {"1"}}, "[丙]"},
		{url.Values{"postAttribute": {"1"}}, "[丙]"},
		{url.Values{"title": {"011"}}, "[丙]"},
		{url.Values{"unitId": {fmt.Sprint(w.csUnit)}, "sort": {"name,asc"}}, "[甲 乙]"},
		{url.Values{"unitId": {fmt.Sprint(sub)}}, "[乙]"},
		{url.Values{"blurry": {"丙"}}, "[丙]"},
		// The name box by its index (search.Index): a short and a long part.
		{url.Values{"blurry": {"阳修文"}}, "[欧阳修文]"},
		{url.Values{"name": {"欧阳"}, "status": {"6"}}, "[欧阳修文]"},
		{url.Values{"blurry": {"阳文"}}, "[]"},
	} {
		got := w.names(t, w.adminTK, c.q)
		if c.q.Get("sort") == "" {
			slices.Sort(got)
		}
		if fmt.Sprint(got) != c.want {
			t.Errorf("%v: %v, want %s", c.q, got, c.want)
		}
	}
	apptest.Expect(t, w.e.Do("GET", "/api/gbjbxx?nosuch=1", w.adminTK, nil), 400)
}
