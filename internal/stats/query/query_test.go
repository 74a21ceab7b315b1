package query_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	statsquery "zhdj/internal/stats/query"
)

type result struct {
	Columns []struct{ Key, Label string }
	Content []struct {
		ID    int64
		Cells map[string]string
	}
	TotalElements int
}

// world: the campus with a branch under 数学学院党委; today is 2026-03-01.
// 张三 (born 1990-05-01, man) and 李四 (born 2000-01-01, woman, 预备党员) in
// the 计算机 branch, 王五 (born 1985-07-01, man) in the 数学 branch.
type world struct {
	e                     *apptest.Env
	c                     apptest.Campus
	mathBr                int64
	deptTK, csTK          string
	zhang, li, wang       int64
	deptUser, csUser, seq int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, c: e.Campus(t)}
	w.mathBr = e.Org(t, w.c.Math, "5", "数学教工党支部")
	all := []string{statsquery.PermList, statsquery.PermSave, statsquery.PermExport, statsquery.PermRosterList, statsquery.PermRosterExport}
	w.deptTK, w.deptUser = e.UserAt(t, "LEVEL_AND_BELOW", w.c.Root, all...)
	w.csTK, w.csUser = e.UserAt(t, "LEVEL_AND_BELOW", w.c.CS, all...)
	at, _ := time.ParseInLocation(date.Layout+" 15:04", "2026-03-01 12:00", date.China)
	e.App.Query.SetClock(func() time.Time { return at.UTC() })
	w.zhang = w.member(t, "张三", w.c.Branch, "19900501", 1, nil)
	w.li = w.member(t, "李四", w.c.Branch, "20000101", 2, map[string]any{"party_status": member.PartyProbation, "full_on": nil, "joined_on": "2025-09-01"})
	w.wang = w.member(t, "王五", w.mathBr, "19850701", 1, nil)
	return w
}

// member creates a full member (a man when sex is odd), then sets the
// birth date (YYYYMMDD) and the columns given straight.
func (w *world) member(t *testing.T, name string, orgID int64, birth string, sex int, set map[string]any) int64 {
	t.Helper()
	w.seq++
	id := w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, orgID,
		"idNumber", apptest.IDNumber("110101", "19800101", int(w.seq)*2+2-sex%2)))
	cols := map[string]any{"birth_date": birth[:4] + "-" + birth[4:6] + "-" + birth[6:]}
	for col, v := range set {
		cols[col] = v
	}
	for col, v := range cols {
		if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("? = ?", bun.Ident(col), v).Where("id = ?", id).Exec(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

func cond(field, op string, values ...string) map[string]any {
	if values == nil {
		values = []string{}
	}
	return map[string]any{"field": field, "op": op, "values": values}
}

// and is a filter of one group of conditions joined by and.
func and(conds ...map[string]any) map[string]any {
	return map[string]any{"logic": "and", "groups": []any{map[string]any{"logic": "and", "conditions": conds}}}
}

func request(source string, filter map[string]any, more ...any) map[string]any {
	return apptest.With(map[string]any{"source": source, "filter": filter, "size": 50}, more...)
}

func (w *world) run(t *testing.T, token string, body map[string]any) result {
	t.Helper()
	return apptest.DoJSON[result](t, w.e, 200, "POST", "/api/zhcx/run", token, body)
}

// names are the sorted names of a members' result.
func names(r result) string {
	var out []string
	for _, row := range r.Content {
		out = append(out, row.Cells["name"])
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

func TestRunConditionsAndScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	men := and(cond("gender", "eq", member.GenderMale))
	if got := names(w.run(t, w.deptTK, request("members", men))); got != "张三,王五" {
		t.Errorf("department's men: %s", got)
	}
	// A committee officer gets their subtree only, whatever the conditions.
	if got := names(w.run(t, w.csTK, request("members", men))); got != "张三" {
		t.Errorf("committee's men: %s", got)
	}
	if got := names(w.run(t, w.csTK, request("members", and()))); got != "张三,李四" {
		t.Errorf("committee's all: %s", got)
	}
	// An organisation outside the scope is refused as a missing one.
	apptest.Expect(t, w.e.Do("POST", "/api/zhcx/run", w.csTK, request("members", and(cond("org", "subtree", fmt.Sprint(w.c.Math))))), 404)
	apptest.Expect(t, w.e.Do("POST", "/api/zhcx/run", w.csTK, request("members", and(cond("org", "eq", fmt.Sprint(w.mathBr))))), 404)
	apptest.Expect(t, w.e.Do("POST", "/api/zhcx/run", w.deptTK, request("members", and(cond("org", "subtree", "999999")))), 404)
	if got := names(w.run(t, w.deptTK, request("members", and(cond("org", "subtree", fmt.Sprint(w.c.Math)))))); got != "王五" {
		t.Errorf("math subtree: %s", got)
	}
	if got := names(w.run(t, w.deptTK, request("members", and(cond("org", "eq", fmt.Sprint(w.c.Math)))))); got != "" {
		t.Errorf("math committee itself: %s", got)
	}
	// Ages as of 2026-03-01: 张三 35, 李四 26, 王五 40.
	ages := map[string]string{"gte:35": "张三,王五", "gt:35": "王五", "lt:35": "李四", "lte:35": "张三,李四", "eq:26": "李四", "eq:27": ""}
	for k, want := range ages {
		op, v, _ := strings.Cut(k, ":")
		if got := names(w.run(t, w.deptTK, request("members", and(cond("age", op, v))))); got != want {
			t.Errorf("age %s %s: %s, want %s", op, v, got, want)
		}
	}
	if got := names(w.run(t, w.deptTK, request("members", and(cond("age", "between", "30", "39"))))); got != "张三" {
		t.Errorf("age 30..39: %s", got)
	}
	// Born before today minus 36 years (1990-03-01): 王五 only.
	if got := names(w.run(t, w.deptTK, request("members", and(cond("birthDate", "beforeYears", "36"))))); got != "王五" {
		t.Errorf("born before 36 years ago: %s", got)
	}
	if got := names(w.run(t, w.deptTK, request("members", and(cond("birthDate", "between", "1989-01-01", "2000-01-01"))))); got != "张三,李四" {
		t.Errorf("born 1989..2000: %s", got)
	}
	// (张三 and a man) or (预备党员): two groups joined by or.
	or := map[string]any{"logic": "or", "groups": []any{
		map[string]any{"logic": "and", "conditions": []any{cond("name", "eq", "张三"), cond("gender", "eq", member.GenderMale)}},
		map[string]any{"logic": "and", "conditions": []any{cond("partyStatus", "eq", member.PartyProbation)}},
	}}
	if got := names(w.run(t, w.deptTK, request("members", or))); got != "张三,李四" {
		t.Errorf("or groups: %s", got)
	}
	inner := and(cond("name", "eq", "张三"), cond("name", "eq", "王五"))
	inner["groups"].([]any)[0].(map[string]any)["logic"] = "or"
	if got := names(w.run(t, w.csTK, request("members", inner))); got != "张三" {
		t.Errorf("or inside a group, committee: %s", got)
	}
	if got := names(w.run(t, w.deptTK, request("members", and(cond("name", "in", "张三", "李四"), cond("name", "contains", "三"))))); got != "张三" {
		t.Errorf("in and contains: %s", got)
	}
	// 所在单位 is read through the unit's join, which the count keeps
	// (Source.Counted) while it leaves out the organisation's.
	var dept struct {
		ID   int64  `bun:"id"`
		Name string `bun:"name"`
	}
	if err := w.e.DB.NewSelect().Table("sys_dept").Column("id", "name").OrderExpr("id").Limit(1).Scan(t.Context(), &dept); err != nil {
		t.Fatal(err)
	}
	if _, err := w.e.DB.NewUpdate().Table("dyjbxx").Set("unit_dept_id = ?", dept.ID).Where("id = ?", w.wang).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	if r := w.run(t, w.deptTK, request("members", and(cond("unit", "eq", dept.Name)))); r.TotalElements != 1 || names(r) != "王五" {
		t.Errorf("unit %s: %d rows, %s", dept.Name, r.TotalElements, names(r))
	}
	// Values are bound, never SQL: they find nothing and fail nowhere.
	for _, v := range []string{"' OR 1=1 --", "%", "_", `\`, "张%", "'); DROP TABLE dyjbxx; --"} {
		for _, op := range []string{"eq", "contains", "startsWith", "ne"} {
			r := w.run(t, w.deptTK, request("members", and(cond("name", op, v))))
			want := 0
			if op == "ne" {
				want = 3
			}
			if r.TotalElements != want {
				t.Errorf("name %s %q: %d rows", op, v, r.TotalElements)
			}
		}
	}
	// The result: labels for codes, the default columns, paged and sorted.
	r := w.run(t, w.deptTK, request("members", and(), "sort", "birthDate", "desc", true, "size", 2, "columns", []string{"name", "gender", "age", "org", "partyStatus"}))
	if r.TotalElements != 3 || len(r.Content) != 2 || r.Content[0].ID != w.li || r.Content[0].Cells["gender"] != "女" ||
		r.Content[0].Cells["age"] != "26" || r.Content[0].Cells["org"] != "计算机教工党支部" || r.Content[0].Cells["partyStatus"] != "预备党员" {
		t.Errorf("page: %+v", r)
	}
	r = w.run(t, w.deptTK, request("members", and(), "sort", "birthDate", "size", 2, "page", 1))
	if len(r.Content) != 1 || r.Content[0].ID != w.li || len(r.Columns) != 8 || r.Columns[0].Label != "姓名" {
		t.Errorf("page 2: %+v", r)
	}
}

func TestRefusals(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	bad := map[string]map[string]any{
		"第1组第1个条件（idNumber）：不支持的查询字段":                  request("members", and(cond("idNumber", "eq", "110101199005010011"))),
		"第1组第1个条件（phone）：不支持的查询字段":                     request("members", and(cond("phone", "eq", "13800000000"))),
		"第1组第1个条件（性别）：不支持的比较方式「contains」":              request("members", and(cond("gender", "contains", "1"))),
		"第1组第2个条件（性别）：「9' OR '1'='1」不是字典中的取值":          request("members", and(cond("name", "eq", "x"), cond("gender", "eq", "9' OR '1'='1"))),
		"第1组第1个条件（出生日期）：「yesterday」不是日期（如 2020-01-31）": request("members", and(cond("birthDate", "gt", "yesterday"))),
		"第1组第1个条件（年龄）：「-1」不是 0 到 150 之间的整数":            request("members", and(cond("age", "gte", "-1"))),
		"第1组第1个条件（出生日期）：介于需要 2 个取值":                    request("members", and(cond("birthDate", "between", "2000-01-01"))),
		"第1组第1个条件（发展阶段）：「member」不是字典中的取值":              request("develop", and(cond("stage", "eq", "member"))),
		"请选择查询对象":           request("dyjbxx", and()),
		"不支持的显示列：idNumber":  request("members", and(), "columns", []string{"name", "idNumber"}),
		"不支持的排序字段：m.name":   request("members", and(), "sort", "m.name"),
		"条件组之间只能是「并且」或「或者」": request("members", map[string]any{"logic": "xor", "groups": []any{}}),
	}
	var many []map[string]any
	for range 31 {
		many = append(many, cond("name", "eq", "x"))
	}
	bad["条件最多 30 个，现有 31 个"] = request("members", and(many...))
	for msg, body := range bad {
		res := w.e.Do("POST", "/api/zhcx/run", w.deptTK, body)
		apptest.ExpectMessage(t, res, 400, msg)
	}
}

func TestPermissions(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	noTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.Root, "dzz:list")
	listTK, _ := w.e.UserAt(t, "LEVEL_AND_BELOW", w.c.Root, statsquery.PermList, statsquery.PermRosterList)
	q := url.QueryEscape(`{"source":"members"}`)
	body := request("members", and())
	saved := map[string]any{"name": "x", "source": "members", "filter": and()}
	calls := []apptest.Call{
		{"GET", "/api/zhcx/sources", "", nil, 401}, {"GET", "/api/zhcx/sources", noTK, nil, 403}, {"GET", "/api/zhcx/sources", listTK, nil, 200},
		{"POST", "/api/zhcx/run", "", body, 401}, {"POST", "/api/zhcx/run", noTK, body, 403}, {"POST", "/api/zhcx/run", listTK, body, 200},
		{"GET", "/api/zhcx/export?q=" + q, "", nil, 401}, {"GET", "/api/zhcx/export?q=" + q, listTK, nil, 403},
		{"GET", "/api/zhcx/export?q=" + q, w.deptTK, nil, 200}, {"GET", "/api/zhcx/export?q=nope", w.deptTK, nil, 400},
		{"GET", "/api/zhcx/saved", "", nil, 401}, {"GET", "/api/zhcx/saved", noTK, nil, 403}, {"GET", "/api/zhcx/saved", listTK, nil, 200},
		{"POST", "/api/zhcx/saved", "", saved, 401}, {"POST", "/api/zhcx/saved", listTK, saved, 403},
		{"PUT", "/api/zhcx/saved", listTK, saved, 403}, {"DELETE", "/api/zhcx/saved", listTK, []int64{1}, 403},
		{"PUT", "/api/zhcx/saved", w.deptTK, apptest.With(saved, "id", 999999), 404},
		{"DELETE", "/api/zhcx/saved", w.deptTK, []int64{999999}, 404},
		{"GET", "/api/hmc/rosters", "", nil, 401}, {"GET", "/api/hmc/rosters", noTK, nil, 403}, {"GET", "/api/hmc/rosters", listTK, nil, 200},
		{"GET", "/api/hmc/roster/members", "", nil, 401}, {"GET", "/api/hmc/roster/members", noTK, nil, 403},
		{"GET", "/api/hmc/roster/nope", listTK, nil, 404},
		{"GET", "/api/hmc/roster/members/export", listTK, nil, 403}, {"GET", "/api/hmc/roster/members/export", "", nil, 401},
		{"GET", fmt.Sprintf("/api/hmc/roster/members?orgId=%d", w.c.Math), w.csTK, nil, 404},
		{"GET", fmt.Sprintf("/api/hmc/roster/members/export?orgId=%d", w.mathBr), w.csTK, nil, 404},
		{"GET", fmt.Sprintf("/api/hmc/roster/cadres?orgId=%d", w.c.CS), w.csTK, nil, 400},
	}
	w.e.ExpectCalls(t, calls)
}

func TestSavedQueriesOwnerRules(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	filter := and(cond("gender", "eq", member.GenderMale))
	shared := w.e.Create(t, w.deptTK, "/api/zhcx/saved", map[string]any{"name": " 男党员 ", "source": "members", "filter": filter,
		"columns": []string{"name", "org"}, "shared": true})
	private := w.e.Create(t, w.deptTK, "/api/zhcx/saved", map[string]any{"name": "我的", "source": "members", "filter": and()})
	type savedRow struct {
		ID      int64
		Name    string
		Mine    bool
		Shared  bool
		Columns []string
		Filter  json.RawMessage
	}
	mine := apptest.DoJSON[[]savedRow](t, w.e, 200, "GET", "/api/zhcx/saved", w.deptTK, nil)
	if len(mine) != 2 || !mine[0].Mine || mine[1].Name != "男党员" || fmt.Sprint(mine[1].Columns) != "[name org]" {
		t.Fatalf("owner's list %+v", mine)
	}
	theirs := apptest.DoJSON[[]savedRow](t, w.e, 200, "GET", "/api/zhcx/saved", w.csTK, nil)
	if len(theirs) != 1 || theirs[0].ID != shared || theirs[0].Mine {
		t.Fatalf("other's list %+v", theirs)
	}
	// A shared query runs in the runner's scope.
	var saved struct {
		Source string
		Filter map[string]any
	}
	if err := json.Unmarshal(theirs[0].Filter, &saved.Filter); err != nil {
		t.Fatal(err)
	}
	if got := names(w.run(t, w.csTK, request("members", saved.Filter))); got != "张三" {
		t.Errorf("shared query in the committee's scope: %s", got)
	}
	edit := map[string]any{"id": shared, "name": "改名", "source": "members", "filter": filter}
	apptest.Expect(t, w.e.Do("PUT", "/api/zhcx/saved", w.csTK, edit), 403)
	apptest.Expect(t, w.e.Do("DELETE", "/api/zhcx/saved", w.csTK, []int64{shared}), 403)
	apptest.Expect(t, w.e.Do("PUT", "/api/zhcx/saved", w.csTK, apptest.With(edit, "id", private)), 404)
	apptest.Expect(t, w.e.Do("DELETE", "/api/zhcx/saved", w.csTK, []int64{private}), 404)
	// A bad query is not saved, nor does it change one.
	apptest.ExpectField(t, w.e.Do("POST", "/api/zhcx/saved", w.deptTK, map[string]any{"name": "", "source": "members", "filter": and()}), "name", "请填写查询名称")
	apptest.ExpectField(t, w.e.Do("PUT", "/api/zhcx/saved", w.deptTK, apptest.With(edit, "filter", and(cond("idNumber", "eq", "1")))), "filter",
		"第1组第1个条件（idNumber）：不支持的查询字段")
	apptest.DoJSON[savedRow](t, w.e, 200, "PUT", "/api/zhcx/saved", w.deptTK, edit)
	mine = apptest.DoJSON[[]savedRow](t, w.e, 200, "GET", "/api/zhcx/saved", w.deptTK, nil)
	if len(mine) != 2 || mine[0].Name != "改名" || mine[0].Shared {
		t.Errorf("after the edit %+v", mine)
	}
	apptest.Expect(t, w.e.Do("DELETE", "/api/zhcx/saved", w.deptTK, []int64{shared, private}), 204)
	if left := apptest.DoJSON[[]savedRow](t, w.e, 200, "GET", "/api/zhcx/saved", w.deptTK, nil); len(left) != 0 {
		t.Errorf("after the delete %+v", left)
	}
}

func TestRostersAndExports(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	gone := w.member(t, "已出党", w.c.Branch, "19800101", 1, map[string]any{"member_status": "4"})
	page := func(token, key string, q url.Values) result {
		path := "/api/hmc/roster/" + key
		if len(q) > 0 {
			path += "?" + q.Encode()
		}
		return apptest.DoJSON[result](t, w.e, 200, "GET", path, token, nil)
	}
	if got := names(page(w.deptTK, "members", nil)); got != "张三,李四,王五" {
		t.Errorf("党员花名册: %s (not %d)", got, gone)
	}
	if got := names(page(w.csTK, "members", nil)); got != "张三,李四" {
		t.Errorf("committee's 党员花名册: %s", got)
	}
	if got := names(page(w.deptTK, "members", url.Values{"orgId": {fmt.Sprint(w.c.Math)}})); got != "王五" {
		t.Errorf("math 党员花名册: %s", got)
	}
	if got := names(page(w.deptTK, "probationary", nil)); got != "李四" {
		t.Errorf("预备党员花名册: %s", got)
	}
	w.devRecord(t, "积极分子甲", w.c.Branch, "activist")
	w.devRecord(t, "申请人乙", w.c.Branch, "applicant")
	w.devRecord(t, "积极分子丙", w.mathBr, "activist")
	if got := names(page(w.csTK, "activists", nil)); got != "积极分子甲" {
		t.Errorf("committee's 入党积极分子花名册: %s", got)
	}
	if got := names(page(w.deptTK, "activists", url.Values{"orgId": {fmt.Sprint(w.c.Math)}})); got != "积极分子丙" {
		t.Errorf("math 入党积极分子花名册: %s", got)
	}
	res := w.e.Do("GET", "/api/hmc/roster/activists/export", w.deptTK, nil)
	apptest.Expect(t, res, 200)
	book := apptest.Download(t, res)
	if rows, err := book.GetRows(book.GetSheetName(0)); err != nil || len(rows) != 3 || rows[1][1] != "积极分子甲" || rows[1][7] != "计算机教工党支部" {
		t.Errorf("activists export %v %v", rows, err)
	}
	rosters := apptest.DoJSON[[]struct {
		Key, Title string
		Columns    []struct{ Key, Label string }
	}](t, w.e, 200, "GET", "/api/hmc/rosters", w.deptTK, nil)
	if len(rosters) != 4 || rosters[0].Title != "党员花名册" || rosters[3].Title != "干部花名册" || len(rosters[0].Columns) != 11 {
		t.Errorf("rosters %+v", rosters)
	}
	res = w.e.Do("GET", "/api/hmc/roster/members/export", w.csTK, nil)
	apptest.Expect(t, res, 200)
	book = apptest.Download(t, res)
	rows, err := book.GetRows(book.GetSheetName(0))
	if err != nil || len(rows) != 3 || rows[0][1] != "姓名" || rows[1][0] != "1" {
		t.Errorf("roster export %v %v", rows, err)
	}
	q, _ := json.Marshal(request("members", and(cond("gender", "eq", member.GenderMale)), "columns", []string{"name", "gender", "age"}))
	res = w.e.Do("GET", "/api/zhcx/export?q="+url.QueryEscape(string(q)), w.deptTK, nil)
	apptest.Expect(t, res, 200)
	book = apptest.Download(t, res)
	rows, err = book.GetRows(book.GetSheetName(0))
	// The query reads every member record (已出党 too); the roster does not.
	if err != nil || len(rows) != 4 || strings.Join(rows[0], ",") != "序号,姓名,性别,年龄" || strings.Join(rows[2], ",") != "2,张三,男,35" {
		t.Errorf("query export %v %v", rows, err)
	}
}

// devRecord records a development record of orgID at stage, applied on
// 2025-03-01 (an activist since 2025-09-01), as the development leaves one.
func (w *world) devRecord(t *testing.T, name string, orgID int64, stage string) {
	t.Helper()
	now := time.Now().UTC()
	w.seq++
	if _, err := w.e.DB.ExecContext(t.Context(), `INSERT INTO dev_record (person_kind, person_id, person_no, name, gender, birth_date,
		org_id, stage, config_version, applied_on, activist_on, extensions, created_at, updated_at)
		VALUES ('student', ?, ?, ?, '1', '2005-01-01', ?, ?, 1, '2025-03-01', '2025-09-01', 0, ?, ?)`,
		1000+w.seq, fmt.Sprint("S", w.seq), name, orgID, stage, now, now); err != nil {
		t.Fatal(err)
	}
}

func TestOtherSources(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	orgs := w.run(t, w.csTK, request("orgs", and(), "columns", []string{"name"}))
	if got := names(orgs); got != "计算机学院党委,计算机教工党支部" {
		t.Errorf("committee's organisations: %s", got)
	}
	branches := w.run(t, w.deptTK, request("orgs", and(cond("type", "eq", "5")), "columns", []string{"name"}))
	if got := names(branches); got != "数学教工党支部,计算机教工党支部" {
		t.Errorf("branches: %s", got)
	}
	// Cadres follow the cadre base's own scope: nothing without gbjbxx:all.
	unit := w.e.Unit(t, "计算机学院", w.c.CS)
	w.e.Cadre(t, "赵院长", unit, "1970-03-01", "院长", "3", "2")
	if r := w.run(t, w.deptTK, request("cadres", and())); r.TotalElements != 0 {
		t.Errorf("cadres without the cadre scope: %+v", r)
	}
	if got := names(w.run(t, w.e.AdminTK, request("cadres", and(cond("age", "gte", "56"))))); got != "赵院长" {
		t.Errorf("cadres over 56: %s", got)
	}
	if r := apptest.DoJSON[result](t, w.e, 200, "GET", "/api/hmc/roster/cadres", w.e.AdminTK, nil); r.TotalElements != 1 {
		t.Errorf("干部花名册: %+v", r)
	}
	src := apptest.DoJSON[[]struct {
		Key    string
		Fields []struct{ Key string }
	}](t, w.e, 200, "GET", "/api/zhcx/sources", w.deptTK, nil)
	if len(src) != 4 || src[0].Key != "members" {
		t.Fatalf("sources %+v", src)
	}
	for _, s := range src {
		for _, f := range s.Fields {
			if strings.Contains(strings.ToLower(f.Key), "idnumber") || strings.Contains(strings.ToLower(f.Key), "phone") {
				t.Errorf("%s offers %s", s.Key, f.Key)
			}
		}
	}
}

// statements keeps the text of the SELECTs that read a path (a page in
// the organisations' order) and of the counts.
type statements struct {
	mu            sync.Mutex
	pages, counts []string
}

func (h *statements) BeforeQuery(ctx context.Context, ev *bun.QueryEvent) context.Context {
	h.mu.Lock()
	defer h.mu.Unlock()
	if strings.HasPrefix(ev.Query, "SELECT COUNT(*)") {
		h.counts = append(h.counts, ev.Query)
	} else if strings.Contains(ev.Query, ".path") && strings.HasPrefix(ev.Query, "SELECT") {
		h.pages = append(h.pages, ev.Query)
	}
	return ctx
}

func (h *statements) take() (pages, counts []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	pages, counts, h.pages, h.counts = h.pages, h.counts, nil, nil
	return pages, counts
}

func (h *statements) AfterQuery(context.Context, *bun.QueryEvent) {}

// A committee's page walks only its own organisations: the scope is written
// over the joined organisation as well as the record's column
// (org.ScopedJoined), since PostgreSQL does not carry an IN list across a
// join and otherwise walked all 10,159 organisations of a 200,000-member
// school in path order for a college's page (475 ms, with it 6 ms;
// docs/performance.md). The rows are the same; the count, which has no
// organisation join (Source.Counted), still works, and no count sorts or
// reads a column.
func TestCommitteePageWalksOnlyItsOrganisations(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.devRecord(t, "赵六", w.c.Branch, "activist")
	w.devRecord(t, "钱七", w.mathBr, "activist")
	hook := &statements{}
	w.e.DB.AddQueryHook(hook)
	for _, c := range []struct{ source, alias, want string }{{"members", "qz", "张三,李四"}, {"develop", "oz", "赵六"}} {
		hook.take()
		r := w.run(t, w.csTK, request(c.source, and(), "columns", []string{"name"}))
		if got := names(r); got != c.want || r.TotalElements != len(r.Content) {
			t.Errorf("%s in the committee's scope: %s (%d)", c.source, got, r.TotalElements)
		}
		pages, counts := hook.take()
		if len(pages) != 1 || !strings.Contains(pages[0], c.alias+".id IN (") {
			t.Errorf("%s: the page's statement does not restrict the organisations it walks to the scope (%s.id IN): %q", c.source, c.alias, pages)
		}
		if len(counts) != 1 || strings.Contains(counts[0], "ORDER BY") {
			t.Errorf("%s: the count sorts: %q", c.source, counts)
		}
		// The members' count joins nothing no condition reads: on
		// PostgreSQL 15 even a removed join keeps an index-only count away.
		if c.source == "members" && len(counts) == 1 && (strings.Contains(counts[0], "JOIN") || !strings.HasPrefix(counts[0], "SELECT COUNT(*) FROM (SELECT 1 FROM")) {
			t.Errorf("members: the count reads more than the members: %q", counts)
		}
	}
	// The department (ALL) is not restricted at all.
	if r := w.run(t, w.e.AdminTK, request("members", and())); r.TotalElements != 3 {
		t.Errorf("administrator: %d members", r.TotalElements)
	}
}
