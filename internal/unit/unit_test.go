package unit_test

import (
	"errors"
	"fmt"
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/unit"
)

func TestCreateValidatesAndListFilters(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	v := w.detail(t, admin, w.csUnit)
	if v.Name != "计算机学院" || v.TypeLabel != "院系" || v.StatusLabel != "正常" || v.DzzName != "计算机学院党委" || !v.HasInfo || !v.Enabled {
		t.Fatalf("detail %+v", v)
	}
	// The department exists in sys_dept as well (accounts and members point there).
	var name string
	if err := w.e.DB.NewSelect().Table("sys_dept").Column("name").Where("id = ?", w.csUnit).Scan(t.Context(), &name); err != nil || name != "计算机学院" {
		t.Fatalf("sys_dept row %q %v", name, err)
	}

	base := unitBody("化学学院", &w.root)
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dwxx", admin, apptest.With(base, "code", v.Code)), 409, "单位编码已存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dwxx", admin, apptest.With(base, "type", "99")), 400, "单位类型取值无效")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dwxx", admin, apptest.With(base, "name", "")), 400, "请输入单位名称（不超过50个字）")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dwxx", admin, apptest.With(base, "contactPhone", "电话")), 400, "联系电话格式错误")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dwxx", admin, apptest.With(base, "foundedOn", "2099-01-01")), 400, "成立日期不能晚于今天")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dwxx", admin, apptest.With(base, "dzzId", 999999)), 400, "所选党组织不存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dwxx", admin, apptest.With(base, "pid", 999999)), 400, "上级单位不存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dwxx", admin, apptest.With(base, "name", "数学学院")), 409, "同一上级单位下已有名为“数学学院”的单位")
	// The added dictionary item 其他 is accepted.
	other := w.unit(t, admin, apptest.With(base, "type", unit.TypeOther, "pid", w.csUnit, "name", "计算机学院办公室"))
	if got := w.detail(t, admin, other); got.TypeLabel != "其他" || got.ParentName != "计算机学院" {
		t.Fatalf("%+v", got)
	}

	ids, total := w.page(t, admin, "/api/dwxx", url.Values{"blurry": {"学院"}, "type": {"1"}})
	if total != 2 || !sameIDs(ids, w.csUnit, w.mathUnit) {
		t.Fatalf("blurry+type: %v %d", ids, total)
	}
	ids, _ = w.page(t, admin, "/api/dwxx", url.Values{"code": {v.Code}})
	if !sameIDs(ids, w.csUnit) {
		t.Fatalf("code: %v", ids)
	}
	ids, _ = w.page(t, admin, "/api/dwxx", url.Values{"pid": {fmt.Sprint(w.csUnit)}})
	if !sameIDs(ids, other) {
		t.Fatalf("pid: %v", ids)
	}
	ids, _ = w.page(t, admin, "/api/dwxx", url.Values{"sort": {"name,desc"}, "blurry": {"学院"}, "status": {"1"}})
	if len(ids) != 3 {
		t.Fatalf("sorted: %v", ids)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/dwxx?sort=bogus,asc", admin, nil), 400)
	apptest.Expect(t, w.e.Do("GET", "/api/dwxx?colour=red", admin, nil), 400)
}

func TestScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// 计算机: its own paired unit and the unit its branch belongs to.
	ids, total := w.page(t, w.csTK, "/api/dwxx", nil)
	if total != 2 || !sameIDs(ids, w.csUnit, w.netUnit) {
		t.Fatalf("cs scope: %v %d", ids, total)
	}
	ids, _ = w.page(t, w.mathTK, "/api/dwxx", nil)
	if !sameIDs(ids, w.mathUnit) {
		t.Fatalf("math scope: %v", ids)
	}
	ids, _ = w.page(t, w.csTK, "/api/common/getDwInfo", nil)
	if !sameIDs(ids, w.csUnit, w.netUnit) {
		t.Fatalf("cs picker: %v", ids)
	}
	// Every endpoint answers 404 for a unit outside the scope.
	out := fmt.Sprintf("/api/dwxx/%d", w.mathUnit)
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"GET", out, nil},
		{"PUT", "/api/dwxx", map[string]any{"id": w.mathUnit, "leaderName": "某人"}},
		{"POST", out + "/revoke", map[string]any{}},
		{"POST", out + "/restore", nil},
		{"GET", out + "/trail", nil},
		{"GET", out + "/ldbz", nil},
		{"POST", out + "/ldbz", map[string]any{"name": "班子", "kind": "1"}},
		{"PUT", out + "/ldbz", map[string]any{"id": 1, "name": "班子", "kind": "1"}},
		{"DELETE", out + "/ldbz", []int64{1}},
	} {
		apptest.ExpectMessage(t, w.e.Do(c.method, c.path, w.csTK, c.body), 404, "单位不存在")
	}
	// A trail entry of a unit outside the scope does not exist either.
	_, entries := w.trail(t, w.e.AdminTK, w.mathUnit)
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dwxx/trail/restore", w.csTK, map[string]any{"trailId": entries[0]}), 404, "变动记录不存在")

	// A scoped account pairs what it creates with an organisation of its scope.
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dwxx", w.csTK, apptest.With(unitBody("计算机新所", nil), "pid", w.csUnit)), 400, "请选择对应党组织")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dwxx", w.csTK, apptest.With(unitBody("计算机新所", &w.math), "pid", w.csUnit)), 400, "所选党组织不存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dwxx", w.csTK, apptest.With(unitBody("计算机新所", &w.branch), "pid", w.mathUnit)), 400, "上级单位不存在")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dwxx", w.csTK, unitBody("计算机新所", &w.branch)), 400, "请选择上级单位")
	id := w.unit(t, w.csTK, apptest.With(unitBody("计算机新所", &w.branch), "pid", w.csUnit))
	ids, _ = w.page(t, w.csTK, "/api/dwxx", nil)
	if !sameIDs(ids, w.csUnit, w.netUnit, id) {
		t.Fatalf("after create: %v", ids)
	}
	// An account without an organisation is told so (its units come from its
	// organisation scope); ALL sees everything.
	none, _ := w.e.UserWith("LEVEL_AND_BELOW", 0, unit.PermList)
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/dwxx", none, nil), 403, "您的账号尚未关联党组织，请联系管理员")
	all, _ := w.e.UserWith("ALL", 0, unit.PermList)
	if _, total := w.page(t, all, "/api/dwxx", url.Values{"blurry": {"学院"}}); total != 2 {
		t.Fatalf("ALL: %d", total)
	}
}

// trail returns a unit's trail entries' changed fields and ids, newest first.
func (w *world) trail(t testing.TB, token string, id int64) ([][]string, []int64) {
	t.Helper()
	res := w.e.Do("GET", fmt.Sprintf("/api/dwxx/%d/trail", id), token, nil)
	apptest.Expect(t, res, 200)
	var p struct {
		Content []audit.Labelled
	}
	res.JSON(t, &p)
	var fields [][]string
	var ids []int64
	for _, e := range p.Content {
		var f []string
		for _, c := range e.Changes {
			f = append(f, c.Field+":"+c.Old+">"+c.New)
		}
		fields = append(fields, f)
		ids = append(ids, e.ID)
	}
	return fields, ids
}

func TestUpdateTrailAndRestore(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	// A field left out keeps its value.
	res := w.e.Do("PUT", "/api/dwxx", w.csTK, map[string]any{"id": w.csUnit, "leaderName": "李院长", "shortName": "计算机"})
	apptest.Expect(t, res, 200)
	v := w.detail(t, admin, w.csUnit)
	if v.LeaderName != "李院长" || v.ShortName != "计算机" || v.ContactPhone != "010-62750000" || v.DzzID == nil {
		t.Fatalf("merged %+v", v)
	}
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/dwxx", admin, map[string]any{"id": w.csUnit, "code": w.detail(t, admin, w.mathUnit).Code}), 409, "单位编码已存在")
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/dwxx", admin, map[string]any{"id": w.csUnit, "pid": w.csUnit}), 400, "不能把单位移到它自己或它的下级之下")
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/dwxx", admin, map[string]any{"leaderName": "x"}), 400, "缺少单位编号")
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/dwxx", w.csTK, map[string]any{"id": w.csUnit, "dzzId": nil}), 400, "请选择对应党组织")
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/dwxx", admin, map[string]any{"id": 999999, "leaderName": "x"}), 404, "单位不存在")

	fields, ids := w.trail(t, admin, w.csUnit)
	if len(fields) != 2 || fmt.Sprint(fields[0]) != "[shortName:>计算机 leaderName:张主任>李院长]" {
		t.Fatalf("trail %v", fields)
	}
	// Restore the creation: the data goes back, the trail says so.
	res = w.e.Do("POST", "/api/dwxx/trail/restore", w.csTK, map[string]any{"trailId": ids[1]})
	apptest.Expect(t, res, 200)
	if v := w.detail(t, admin, w.csUnit); v.LeaderName != "张主任" || v.ShortName != "" {
		t.Fatalf("restored %+v", v)
	}
	fields, _ = w.trail(t, admin, w.csUnit)
	if len(fields) != 3 || fmt.Sprint(fields[0]) != "[shortName:计算机> leaderName:李院长>张主任]" {
		t.Fatalf("trail after restore %v", fields)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dwxx/trail/restore", admin, map[string]any{"trailId": ids[1]}), 400, "当前信息与该变动记录一致，无需还原")
	apptest.ExpectMessage(t, w.e.Do("POST", "/api/dwxx/trail/restore", admin, map[string]any{"trailId": 999999}), 404, "变动记录不存在")

	// A department made elsewhere (no unit information yet) is described on its first update.
	res = w.e.Do("POST", "/api/dept", admin, map[string]any{"name": "后勤处"})
	apptest.Expect(t, res, 201)
	var d struct{ ID int64 }
	res.JSON(t, &d)
	if v := w.detail(t, admin, d.ID); v.HasInfo || v.Code != "" {
		t.Fatalf("bare dept %+v", v)
	}
	apptest.ExpectMessage(t, w.e.Do("PUT", "/api/dwxx", admin, map[string]any{"id": d.ID, "leaderName": "王处长"}), 400, "请输入单位编码（不超过32个字符）")
	apptest.Expect(t, w.e.Do("PUT", "/api/dwxx", admin, map[string]any{"id": d.ID, "code": "HQC", "type": "2"}), 200)
	if v := w.detail(t, admin, d.ID); !v.HasInfo || v.TypeLabel != "机关" {
		t.Fatalf("described dept %+v", v)
	}
}

func TestRevokeAndRestore(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	child := w.unit(t, admin, apptest.With(unitBody("计算机学院办公室", &w.cs), "pid", w.csUnit))
	path := func(id int64, op string) string { return fmt.Sprintf("/api/dwxx/%d/%s", id, op) }
	apptest.ExpectMessage(t, w.e.Do("POST", path(w.csUnit, "revoke"), w.csTK, map[string]any{}), 400, "单位“计算机学院”还有1个未撤销的下级单位，请先撤销下级单位")
	apptest.ExpectMessage(t, w.e.Do("POST", path(child, "revoke"), w.csTK, map[string]any{"revokedOn": "2099-01-01"}), 400, "撤销日期不能晚于今天")
	apptest.ExpectMessage(t, w.e.Do("POST", path(child, "revoke"), w.csTK, map[string]any{"revokedOn": "1980-01-01"}), 400, "撤销日期不能早于成立日期")
	apptest.ExpectMessage(t, w.e.Do("POST", path(child, "restore"), w.csTK, nil), 400, "单位“计算机学院办公室”未撤销，无需恢复")
	apptest.Expect(t, w.e.Do("POST", path(child, "revoke"), w.csTK, map[string]any{"revokedOn": "2024-07-01"}), 200)
	apptest.Expect(t, w.e.Do("POST", path(w.csUnit, "revoke"), w.csTK, nil), 200)
	v := w.detail(t, admin, child)
	if v.Status != unit.StatusRevoked || v.RevokedOn != "2024-07-01" || v.Enabled {
		t.Fatalf("revoked %+v", v)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", path(child, "revoke"), w.csTK, nil), 400, "单位“计算机学院办公室”已撤销")
	// Revoked units leave the picker unless asked for; the list still shows them.
	if ids, _ := w.page(t, w.csTK, "/api/common/getDwInfo", nil); !sameIDs(ids, w.netUnit) {
		t.Fatalf("picker after revoke %v", ids)
	}
	if ids, _ := w.page(t, w.csTK, "/api/common/getDwInfo", url.Values{"status": {unit.StatusRevoked}}); !sameIDs(ids, w.csUnit, child) {
		t.Fatalf("picker of revoked %v", ids)
	}
	apptest.ExpectMessage(t, w.e.Do("POST", path(child, "restore"), w.csTK, nil), 400, "上级单位“计算机学院”已撤销，请先恢复上级单位")
	apptest.Expect(t, w.e.Do("POST", path(w.csUnit, "restore"), w.csTK, nil), 200)
	apptest.Expect(t, w.e.Do("POST", path(child, "restore"), w.csTK, nil), 200)
	if v := w.detail(t, admin, child); v.Status != unit.StatusNormal || v.RevokedOn != "" || !v.Enabled {
		t.Fatalf("restored %+v", v)
	}
	fields, _ := w.trail(t, admin, child)
	if len(fields) != 3 || fmt.Sprint(fields[0]) != "[status:撤销>正常 revokedOn:2024-07-01>]" {
		t.Fatalf("trail %v", fields)
	}
}

func TestLeadershipTeams(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	teams := fmt.Sprintf("/api/dwxx/%d/ldbz", w.csUnit)
	res := w.e.Do("POST", teams, w.csTK, map[string]any{"name": "计算机学院党政领导班子", "kind": "1", "sort": 1})
	apptest.Expect(t, res, 201)
	var team unit.Team
	res.JSON(t, &team)
	apptest.ExpectMessage(t, w.e.Do("POST", teams, w.csTK, map[string]any{"name": "计算机学院党政领导班子", "kind": "1"}), 409, "该单位已有同名的领导班子")
	apptest.ExpectMessage(t, w.e.Do("POST", teams, w.csTK, map[string]any{"name": "x", "kind": "9"}), 400, "领导班子类别取值无效")
	apptest.ExpectMessage(t, w.e.Do("POST", teams, w.csTK, map[string]any{"name": "", "kind": "1"}), 400, "请输入领导班子名称（不超过100个字）")
	apptest.Expect(t, w.e.Do("POST", teams, w.csTK, map[string]any{"name": "计算机学院党委", "kind": "2", "sort": 2}), 201)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/dwxx/%d/ldbz", w.mathUnit), w.mathTK, map[string]any{"name": "数学学院党政领导班子", "kind": "1"}), 201)

	apptest.Expect(t, w.e.Do("PUT", teams, w.csTK, map[string]any{"id": team.ID, "name": "计算机学院领导班子", "kind": "3", "sort": 1}), 204)
	// A team of another unit is not found through this one.
	apptest.ExpectMessage(t, w.e.Do("PUT", fmt.Sprintf("/api/dwxx/%d/ldbz", w.netUnit), w.csTK, map[string]any{"id": team.ID, "name": "x", "kind": "1"}), 404, "领导班子不存在")
	res = w.e.Do("GET", teams, w.csTK, nil)
	apptest.Expect(t, res, 200)
	var list struct{ Content []unit.Team }
	res.JSON(t, &list)
	if len(list.Content) != 2 || list.Content[0].Name != "计算机学院领导班子" || list.Content[0].KindLabel != "行政" {
		t.Fatalf("teams %+v", list.Content)
	}

	// The picker: scope, unit filter, search.
	if ids, total := w.page(t, w.csTK, "/api/common/ldbzxx", nil); total != 2 {
		t.Fatalf("cs picker %v", ids)
	}
	if ids, total := w.page(t, w.csTK, "/api/common/ldbzxx", url.Values{"unitId": {fmt.Sprint(w.mathUnit)}}); total != 0 {
		t.Fatalf("out of scope unit %v", ids)
	}
	admin := w.e.AdminTK
	if ids, _ := w.page(t, admin, "/api/common/ldbzxx", url.Values{"blurry": {"党委"}}); len(ids) != 1 {
		t.Fatalf("search %v", ids)
	}
	if _, total := w.page(t, admin, "/api/common/ldbzxx", url.Values{"unitId": {fmt.Sprint(w.mathUnit)}}); total != 1 {
		t.Fatalf("unit filter %d", total)
	}

	apptest.ExpectMessage(t, w.e.Do("DELETE", teams, w.csTK, []int64{team.ID, 999999}), 404, "领导班子不存在")
	apptest.Expect(t, w.e.Do("DELETE", teams, w.csTK, []int64{team.ID}), 204)
	if _, total := w.page(t, w.csTK, "/api/common/ldbzxx", nil); total != 1 {
		t.Fatalf("after delete %d", total)
	}
}

func TestPickerPaging(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i := 0; i < 22; i++ {
		w.unit(t, w.e.AdminTK, apptest.With(unitBody(fmt.Sprintf("研究所%02d", i), &w.cs), "pid", w.csUnit))
	}
	ids, total := w.page(t, w.csTK, "/api/common/getDwInfo", url.Values{"blurry": {"研究所"}})
	if len(ids) != httpx.PickerPageSize || total != 22 {
		t.Fatalf("default page: %d of %d", len(ids), total)
	}
	ids, _ = w.page(t, w.csTK, "/api/common/getDwInfo", url.Values{"blurry": {"研究所"}, "page": {"1"}})
	if len(ids) != 2 {
		t.Fatalf("second page %d", len(ids))
	}
	ids, _ = w.page(t, w.csTK, "/api/common/getDwInfo", url.Values{"name": {"研究所0"}, "size": {"5"}})
	if len(ids) != 5 {
		t.Fatalf("size 5: %d", len(ids))
	}
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/common/getDwInfo?size=101", w.csTK, nil), 400, "每页条数应在 1 到 100 之间")
	// Another committee finds none of them.
	if _, total := w.page(t, w.mathTK, "/api/common/getDwInfo", url.Values{"blurry": {"研究所"}}); total != 0 {
		t.Fatalf("math sees %d", total)
	}
}

// The cross-unit trail (单位变动轨迹 page) lists the entries of the caller's units.
func TestAllTrail(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	apptest.Expect(t, w.e.Do("PUT", "/api/dwxx", w.csTK, map[string]any{"id": w.csUnit, "leaderName": "李院长"}), 200)
	apptest.Expect(t, w.e.Do("PUT", "/api/dwxx", w.e.AdminTK, map[string]any{"id": w.mathUnit, "leaderName": "赵院长"}), 200)
	read := func(token string, q url.Values) ([]audit.NamedEntry, int) {
		return apptest.GetPage[audit.NamedEntry](t, w.e, token, "/api/dwxx/trail", q)
	}
	list, total := read(w.csTK, nil)
	// 计算机学院: created + updated; 网络中心: created.
	if total != 3 || list[0].RecordName != "计算机学院" || len(list[0].Changes) != 1 || list[0].Changes[0].New != "李院长" || list[0].TypeLabel == "" {
		t.Fatalf("cs trail %d %+v", total, list)
	}
	if _, total := read(w.csTK, url.Values{"recordId": {fmt.Sprint(w.mathUnit)}}); total != 0 {
		t.Fatalf("out of scope unit's trail: %d", total)
	}
	if _, total := read(w.csTK, url.Values{"type": {"2"}}); total != 1 {
		t.Fatalf("updates only: %d", total)
	}
	if _, total := read(w.e.AdminTK, url.Values{"blurry": {"数学"}}); total != 2 {
		t.Fatalf("admin by name: %d", total)
	}
	if _, total := read(w.e.AdminTK, url.Values{"from": {"2099-01-01"}}); total != 0 {
		t.Fatalf("from the future: %d", total)
	}
}

// The service's scope is what other domains (people) build on.
func TestServiceScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	_, userID := w.e.UserWith("LEVEL_AND_BELOW", 0, unit.PermList)
	ctx := rbac.With(t.Context(), &rbac.Principal{UserID: userID, OrgID: &w.cs, Perms: map[string]bool{unit.PermList: true}})
	units := w.e.App.Units
	sc, err := units.ScopeOf(ctx)
	if err != nil || sc.All || len(sc.OrgIDs) != 2 { // 计算机学院党委 and its branch
		t.Fatalf("scope %+v %v", sc, err)
	}
	for id, want := range map[int64]bool{w.csUnit: true, w.netUnit: true, w.mathUnit: false, 999999: false} {
		if got, err := units.InScope(ctx, w.e.DB, id); err != nil || got != want {
			t.Errorf("InScope(%d) = %v %v, want %v", id, got, err, want)
		}
	}
	var ids []int64
	if err := sc.Apply(w.e.DB.NewSelect().TableExpr("sys_dept AS d").Column("d.id"), "d.id").OrderExpr("d.id").Scan(ctx, &ids); err != nil || !sameIDs(ids, w.csUnit, w.netUnit) {
		t.Fatalf("Apply %v %v", ids, err)
	}
	if n, err := (unit.Scope{}).Apply(w.e.DB.NewSelect().TableExpr("sys_dept AS d"), "d.id").Count(ctx); err != nil || n != 0 {
		t.Fatalf("empty scope matches %d %v", n, err)
	}
	var he *httpx.Error
	if _, err := units.Create(ctx, unit.Input{Name: "无党组织单位", Code: "NOORG", Type: "1", PID: &w.csUnit}); !errors.As(err, &he) || he.Message != "请选择对应党组织" {
		t.Fatalf("a scoped caller creating a unit outside their scope: %v", err)
	}
}
