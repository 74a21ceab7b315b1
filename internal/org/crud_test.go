package org_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/org"
)

func TestMigrationSeedsMenusGrantsAndSettingButNoOrganisation(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	n, err := e.DB.NewSelect().Table("dzz").Count(ctx)
	if err != nil || n != 0 {
		t.Fatalf("seeded %d organisations (%v); the tree starts empty", n, err)
	}
	var page struct {
		Hidden    bool
		Component string
		Name      string
		PID       int64
	}
	if err := e.DB.NewSelect().Table("sys_menu").Column("hidden", "component", "name", "pid").Where("path = 'dzz'").Scan(ctx, &page.Hidden, &page.Component, &page.Name, &page.PID); err != nil {
		t.Fatal(err)
	}
	if page.Hidden || page.Component != "party/dzz" || page.Name != "Dzz" {
		t.Fatalf("page menu %+v", page)
	}
	var dir struct{ Path, Icon, Title string }
	if err := e.DB.NewSelect().Table("sys_menu").Column("path", "icon", "title").Where("id = ?", page.PID).Scan(ctx, &dir.Path, &dir.Icon, &dir.Title); err != nil || dir.Path != "/party" || dir.Icon != "team" || dir.Title != "党建信息库" {
		t.Fatalf("directory %+v %v", dir, err)
	}
	perms := func(role string) map[string]bool {
		out := map[string]bool{}
		for _, p := range e.Grants(t, role, "dzz:") {
			out[p] = true
		}
		return out
	}
	for _, role := range []string{"组织部管理员", "二级党委管理员"} {
		if got := perms(role); len(got) != 6 || !got["dzz:move"] || !got["dzz:del"] || !got["dzz:import"] {
			t.Errorf("%s holds %v", role, got)
		}
	}
	if got := perms("党支部书记"); len(got) != 1 || !got["dzz:list"] {
		t.Errorf("党支部书记 holds %v", got)
	}
	res := e.Do("GET", "/api/sysConfig/group/name?name=party", e.AdminTK, nil)
	apptest.Expect(t, res, http.StatusOK)
	if !strings.Contains(string(res.Body), `"configKey":"termReminderMonths","configValue":"3"`) {
		t.Fatalf("setting: %s", res.Body)
	}
	// An empty tree is a valid answer.
	if roots := e.buildTree(e.AdminTK, ""); len(roots) != 0 {
		t.Fatalf("tree %+v", roots)
	}
}

func TestCreateValidatesInChinese(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	future := time.Now().AddDate(0, 0, 2).Format("2006-01-02")
	base := func(over body) body {
		b := body{"code": "X1", "name": "新党支部", "type": org.TypeBranch, "pid": tr.A}
		for k, v := range over {
			if v == nil {
				delete(b, k)
			} else {
				b[k] = v
			}
		}
		return b
	}
	cases := []struct {
		name   string
		body   body
		status int
		msg    string
	}{
		{"name missing", base(body{"name": " "}), 400, "请输入党组织名称（不超过50个字）"},
		{"name too long", base(body{"name": strings.Repeat("党", 51)}), 400, "请输入党组织名称（不超过50个字）"},
		{"code missing", base(body{"code": ""}), 400, "请输入党组织编码"},
		{"code format", base(body{"code": "编码1"}), 400, "党组织编码只能由字母、数字、下划线和短横线组成，且不超过32位"},
		{"code too long", base(body{"code": strings.Repeat("a", 33)}), 400, "党组织编码只能由字母、数字、下划线和短横线组成，且不超过32位"},
		{"code taken", base(body{"code": "C001"}), 409, "党组织编码“C001”已被使用"},
		{"type missing", base(body{"type": ""}), 400, "请选择党组织类型"},
		{"type not in dictionary", base(body{"type": "99"}), 400, "党组织类型不正确"},
		{"category not in dictionary", base(body{"category": "99"}), 400, "党组织类别不正确"},
		{"parent missing", base(body{"pid": 999999}), 404, "上级党组织不存在"},
		{"containment", base(body{"type": org.TypeSecondaryCommittee}), 400, "“二级党委”下不能设立“二级党委”"},
		{"group under secondary committee", base(body{"type": org.TypeGroup}), 400, "“二级党委”下不能设立“党小组”"},
		{"root must be a committee", base(body{"pid": nil}), 400, "顶级党组织只能是党委"},
		{"term years", base(body{"termYears": 4}), 400, "任期年限只能是3年或5年"},
		{"founded in the future", base(body{"foundedOn": future}), 400, "成立日期不能晚于今天"},
		{"founded malformed", base(body{"foundedOn": "2020-13-01"}), 400, "成立日期格式不正确，应为“年-月-日”"},
		{"term before founding", base(body{"foundedOn": "2020-05-01", "termStart": "2019-01-01"}), 400, "本届任期开始日期不能早于成立日期"},
		{"sibling name taken", base(body{"name": "计算机学生党支部"}), 409, "同一上级党组织下已有名为“计算机学生党支部”的党组织"},
		{"unit missing", base(body{"unitDeptId": 999999}), 400, "所属单位不存在"},
		{"phone", base(body{"contactPhone": "call me"}), 400, "联系电话格式不正确"},
		{"committee member name", base(body{"committee": []string{strings.Repeat("张", 21)}}), 400, "委员姓名不能超过20个字"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx", e.AdminTK, c.body), c.status, c.msg)
		})
	}
	// A bad body is a Chinese 400 too.
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx", e.AdminTK, "{"), 400, "请求数据格式错误")

	// The same name under another parent is fine; the term length defaults by type.
	id := e.create("计算机学生党支部", org.TypeBranch, tr.B, body{"termStart": "2024-09-01", "committee": []string{"张三", " 李四 ", "张三"}})
	d := e.get(id)
	if d["termYears"] != float64(3) || d["termEnd"] != "2027-09-01" || d["parentName"] != "物理学院党委" || d["typeLabel"] != "党支部" {
		t.Fatalf("detail %v", d)
	}
	if c := d["committee"].([]any); len(c) != 2 || c[1] != "李四" {
		t.Fatalf("committee %v", d["committee"])
	}
	if d := e.get(tr.A); d["termYears"] != float64(5) {
		t.Fatalf("二级党委 term %v", d["termYears"])
	}
	if d := e.get(tr.G1); !strings.HasSuffix(d["path"].(string), fmt.Sprintf("/%d/%d/%d/%d/", tr.U, tr.A, tr.A1, tr.G1)) {
		t.Fatalf("path %v", d["path"])
	}
	// A revoked parent takes no new children.
	apptest.Expect(t, e.Do("POST", "/api/dzzxx/revoke", e.AdminTK, body{"id": tr.B1}), 204)
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx", e.AdminTK, body{"code": "G9", "name": "小组", "type": org.TypeGroup, "pid": tr.B1}),
		400, "上级党组织“物理教工党支部”已撤销")
	// Its name is free again among the live children.
	e.create("物理教工党支部", org.TypeBranch, tr.B)
}

func TestContainmentRules(t *testing.T) {
	t.Parallel()
	all := []string{org.TypeCommittee, org.TypeSecondaryCommittee, org.TypeGeneralBranch, org.TypeDirectBranch, org.TypeBranch, org.TypeGroup}
	allowed := map[string][]string{
		org.TypeCommittee:          {org.TypeSecondaryCommittee, org.TypeGeneralBranch, org.TypeDirectBranch, org.TypeBranch},
		org.TypeSecondaryCommittee: {org.TypeGeneralBranch, org.TypeBranch},
		org.TypeGeneralBranch:      {org.TypeBranch},
		org.TypeDirectBranch:       {org.TypeGroup},
		org.TypeBranch:             {org.TypeGroup},
	}
	for _, p := range all {
		for _, c := range all {
			want := false
			for _, a := range allowed[p] {
				want = want || a == c
			}
			if org.MayContain(p, c) != want {
				t.Errorf("MayContain(%s, %s) = %v", p, c, !want)
			}
		}
	}
	// Through the API: a general branch leads branches only.
	e := newEnv(t)
	u := e.create("党委", org.TypeCommittee, 0)
	gb := e.create("机关党总支", org.TypeGeneralBranch, u)
	e.create("机关第一党支部", org.TypeBranch, gb)
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx", e.AdminTK, body{"code": "X", "name": "x", "type": org.TypeDirectBranch, "pid": gb}),
		400, "“党总支”下不能设立“直属党支部”")
	db := e.create("图书馆直属党支部", org.TypeDirectBranch, u)
	e.create("图书馆党小组", org.TypeGroup, db)
}

func TestUpdateWritesTrailAndKeepsRules(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	d := e.get(tr.A1)
	d["name"] = "计算机教工第一党支部"
	d["secretaryName"] = "王五"
	d["committee"] = []string{"王五", "赵六", "钱七"}
	apptest.Expect(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, d), 204)
	got := e.get(tr.A1)
	if got["name"] != "计算机教工第一党支部" || got["secretaryName"] != "王五" {
		t.Fatalf("after update %v", got)
	}
	entries := e.trail(tr.A1)
	if len(entries) != 2 || entries[0].Type != 2 || entries[0].Origin != 3 || entries[1].Type != 1 || entries[1].Origin != 2 {
		t.Fatalf("trail %+v", entries)
	}
	if old, nw, ok := entries[0].change("name"); !ok || old != "计算机教工党支部" || nw != "计算机教工第一党支部" || entries[0].Changes[0].Label != "党组织名称" {
		t.Fatalf("name change %+v", entries[0].Changes)
	}
	if _, nw, ok := entries[0].change("committee"); !ok || nw != "王五、赵六、钱七" {
		t.Fatalf("committee change %+v", entries[0].Changes)
	}
	// Saving again without a change writes nothing.
	apptest.Expect(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, got), 204)
	if n := len(e.trail(tr.A1)); n != 2 {
		t.Fatalf("no-op update wrote a trail entry (%d)", n)
	}

	// The parent changes only through move.
	got["pid"] = tr.B
	apptest.ExpectMessage(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, got), 400, "变更上级党组织请使用“调整上级”操作")
	got["pid"] = tr.A
	// A branch with a party group cannot become a general branch.
	got["type"] = org.TypeGeneralBranch
	apptest.ExpectMessage(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, got), 400, "该党组织下设有“党小组”，不能改为“党总支”")
	// Nor a type its parent may not lead.
	got["type"] = org.TypeDirectBranch
	apptest.ExpectMessage(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, got), 400, "“二级党委”下不能设立“直属党支部”")
	got["type"] = org.TypeBranch
	got["code"] = "C002" // A's code
	apptest.ExpectMessage(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, got), 409, "党组织编码“C002”已被使用")
	got["code"] = "C003"
	got["name"] = "计算机学生党支部"
	apptest.ExpectMessage(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, got), 409, "同一上级党组织下已有名为“计算机学生党支部”的党组织")
	apptest.ExpectMessage(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, body{"id": 999999, "code": "Z", "name": "z", "type": org.TypeBranch}), 404, "党组织不存在")
	apptest.ExpectMessage(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, body{"code": "Z", "name": "z", "type": org.TypeBranch}), 400, "缺少党组织编号")
}

func TestListFiltersAndSorts(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	y := time.Now().AddDate(-3, 1, 0).Format("2006-01-02") // term ends in a month
	due := e.create("即将换届党支部", org.TypeBranch, tr.B, body{"termStart": y})
	e.create("远期党支部", org.TypeBranch, tr.B, body{"termStart": time.Now().AddDate(-1, 0, 0).Format("2006-01-02")})
	q := func(kv ...string) url.Values {
		v := url.Values{"size": {"100"}}
		for i := 0; i < len(kv); i += 2 {
			v.Add(kv[i], kv[i+1])
		}
		return v
	}
	if got := e.listIDs(e.AdminTK, q("blurry", "计算机")); !sameIDs(got, []int64{tr.A, tr.A1, tr.A2}) {
		t.Errorf("blurry %v", got)
	}
	if got := e.listIDs(e.AdminTK, q("blurry", "C004")); !sameIDs(got, []int64{tr.G1}) {
		t.Errorf("blurry by code %v", got)
	}
	if got := e.listIDs(e.AdminTK, q("type", org.TypeSecondaryCommittee)); !sameIDs(got, []int64{tr.A, tr.B}) {
		t.Errorf("type %v", got)
	}
	if got := e.listIDs(e.AdminTK, q("category", "2")); !sameIDs(got, []int64{tr.A2}) {
		t.Errorf("category %v", got)
	}
	if got := e.listIDs(e.AdminTK, q("pid", fmt.Sprint(tr.A))); !sameIDs(got, []int64{tr.A1, tr.A2}) {
		t.Errorf("pid %v", got)
	}
	if got := e.listIDs(e.AdminTK, q("subtreeOf", fmt.Sprint(tr.A))); !sameIDs(got, []int64{tr.A, tr.A1, tr.G1, tr.A2}) {
		t.Errorf("subtreeOf %v", got)
	}
	if got := e.listIDs(e.AdminTK, q("termDueWithinDays", "60")); !sameIDs(got, []int64{due}) {
		t.Errorf("termDueWithinDays %v", got)
	}
	if got := e.listIDs(e.AdminTK, q("pid", fmt.Sprint(tr.A), "sort", "code,desc")); len(got) != 2 || got[0] != tr.A2 {
		t.Errorf("sort code desc %v", got)
	}
	if got := e.listIDs(e.AdminTK, q("type", org.TypeBranch, "sort", "termEnd,asc")); got[0] != due {
		t.Errorf("sort termEnd %v", got)
	}
	apptest.Expect(t, e.Do("GET", "/api/dzzxx?sort=path,asc", e.AdminTK, nil), 400)
	apptest.ExpectMessage(t, e.Do("GET", "/api/dzzxx?secretaryPhone=1", e.AdminTK, nil), 400, "不支持的查询条件：secretaryPhone")
	apptest.ExpectMessage(t, e.Do("GET", "/api/dzzxx?termDueWithinDays=abc", e.AdminTK, nil), 400, "查询条件 termDueWithinDays 应为0到3660之间的整数")
	apptest.ExpectMessage(t, e.Do("GET", "/api/dzzxx?subtreeOf=999999", e.AdminTK, nil), 404, "党组织不存在")
	// Rows carry labels and the parent's name.
	res := e.Do("GET", fmt.Sprintf("/api/dzzxx?pid=%d", tr.A), e.AdminTK, nil)
	if !strings.Contains(string(res.Body), `"typeLabel":"党支部"`) || !strings.Contains(string(res.Body), `"parentName":"计算机学院党委"`) ||
		!strings.Contains(string(res.Body), `"categoryLabel":"教工党支部"`) {
		t.Fatalf("list rows %s", res.Body)
	}
}

func TestDetail(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	var deptID int64
	e.DB.NewSelect().Table("sys_dept").Column("id").Where("pid IS NULL").Scan(context.Background(), &deptID) //nolint:errcheck
	d := e.get(tr.A1)
	d["unitDeptId"] = deptID
	apptest.Expect(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, d), 204)
	e.fake.set(tr.A1, 4, 2)
	e.fake.set(tr.G1, 1, 1)
	got := e.get(tr.A1)
	if got["unitName"] != "学校" || got["memberCount"] != float64(4) || got["fullCount"] != float64(2) || got["totalCount"] != float64(5) ||
		got["childCount"] != float64(1) || got["statusLabel"] != "正常" {
		t.Fatalf("detail %v", got)
	}
	anc := got["ancestors"].([]any)
	if len(anc) != 2 || anc[1].(map[string]any)["name"] != "计算机学院党委" {
		t.Fatalf("ancestors %v", anc)
	}
	// 3 full members (branch plus its group): no size warning.
	if w := got["warnings"].([]any); len(w) != 0 {
		t.Fatalf("warnings %v", w)
	}
	apptest.ExpectMessage(t, e.Do("GET", "/api/dzzxx/999999", e.AdminTK, nil), 404, "党组织不存在")
	apptest.ExpectMessage(t, e.Do("GET", "/api/dzzxx/abc", e.AdminTK, nil), 404, "党组织不存在")
}

func TestPicker(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	apptest.Expect(t, e.Do("POST", "/api/dzzxx/revoke", e.AdminTK, body{"id": tr.B1}), 204)
	// Any signed-in user may use it, within their scope.
	tok := e.userAt("LEVEL_AND_BELOW", tr.A)
	res := e.Do("GET", "/api/common/dzz?size=100", tok, nil)
	apptest.Expect(t, res, http.StatusOK)
	var page struct {
		Content []struct {
			ID               int64
			Name, TypeLabel  string
			ParentName, Type string
		}
		TotalElements int
	}
	res.JSON(t, &page)
	if page.TotalElements != 4 || page.Content[0].ID != tr.A {
		t.Fatalf("picker %+v", page)
	}
	res = e.Do("GET", "/api/common/dzz?blurry="+url.QueryEscape("学生"), tok, nil)
	res.JSON(t, &page)
	if page.TotalElements != 1 || page.Content[0].ID != tr.A2 || page.Content[0].ParentName != "计算机学院党委" || page.Content[0].TypeLabel != "党支部" {
		t.Fatalf("picker search %+v", page)
	}
	// Revoked organisations only when asked for.
	res = e.Do("GET", "/api/common/dzz?size=100", e.AdminTK, nil)
	res.JSON(t, &page)
	if page.TotalElements != 6 {
		t.Fatalf("admin picker %d", page.TotalElements)
	}
	res = e.Do("GET", "/api/common/dzz?status=2", e.AdminTK, nil)
	res.JSON(t, &page)
	if page.TotalElements != 1 || page.Content[0].ID != tr.B1 {
		t.Fatalf("revoked picker %+v", page)
	}
	// No organisation scope, no organisations.
	self := e.userAt("SELF", tr.A)
	res = e.Do("GET", "/api/common/dzz", self, nil)
	res.JSON(t, &page)
	if page.TotalElements != 0 {
		t.Fatalf("SELF picker %+v", page)
	}
}
