package imports_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"zhdj/internal/apptest"
	"zhdj/internal/imports"
	"zhdj/internal/member"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
)

const dy = "dyjbxx"

// The whole life of a batch through HTTP: upload (staged and validated),
// rows, a refused commit, a corrected row, the commit, the live records and
// their trail; then a second file that changes one member and repeats another.
func TestMemberImportLifecycle(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	id1, id2, id3 := idNumber("19900307", 451), idNumber("19910412", 22), idNumber("19920101", 13)
	b := w.stage(t, dy, admin, [][]string{memberHeader,
		memberRow("张三", id1, "B1"),
		memberRow("李四", badCheck(id2), "B1"),
		memberRow("王五", id3, "计算机学生党支部"), // by name, unique in scope
	})
	if b.NewCount != 2 || b.InvalidCount != 1 || b.ChangedCount != 0 || b.Kind != dy || b.FileName != "导入.xlsx" || b.CommittedAt != nil {
		t.Fatalf("batch %+v", b)
	}
	if n := w.count(t, "dyjbxx", ""); n != 0 {
		t.Fatalf("staging wrote %d members", n)
	}
	bad := w.rows(t, dy, admin, b.ID, "invalid")
	if len(bad) != 1 || bad[0].RowNo != 3 || errorsOf(bad[0])["idNumber"] != "身份证号码校验位错误" || bad[0].Cells["name"] != "李四" {
		t.Fatalf("invalid rows %+v", bad)
	}
	if all := w.rows(t, dy, admin, b.ID, ""); len(all) != 3 || all[0].RowNo != 2 || all[2].RowNo != 4 || all[0].Status != "new" {
		t.Fatalf("rows %+v", all)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/import/dyjbxx/batches/%d/rows?status=bogus", b.ID), admin, nil), 400)

	path := fmt.Sprintf("/api/import/dyjbxx/batches/%d", b.ID)
	res := w.e.Do("POST", path+"/commit", admin, map[string]any{"skipInvalid": false})
	apptest.Expect(t, res, 400)
	if res.Message() != "仍有 1 行数据有误，请修正后再导入，或勾选跳过错误行" {
		t.Fatalf("message %q", res.Message())
	}
	// Correct the bad row.
	cells := bad[0].Cells
	cells["idNumber"] = id2
	res = w.e.Do("PUT", fmt.Sprintf("%s/rows/%d", path, bad[0].ID), admin, map[string]any{"cells": cells})
	apptest.Expect(t, res, 200)
	var edited imports.EditResult
	res.JSON(t, &edited)
	if edited.Row.Status != "new" || len(edited.Row.Errors) != 0 || edited.Batch.InvalidCount != 0 || edited.Batch.NewCount != 3 {
		t.Fatalf("edit %+v %+v", edited.Row, edited.Batch)
	}
	res = w.e.Do("POST", path+"/commit", admin, map[string]any{})
	apptest.Expect(t, res, 200)
	var done imports.Batch
	res.JSON(t, &done)
	if done.State != imports.StateImportEnd || done.CommittedAt == nil || done.NewCount != 3 {
		t.Fatalf("committed %+v", done)
	}
	// Live records: source 后台导入, encrypted ID numbers, the organisation found by name.
	var ms []member.Member
	if err := w.e.DB.NewSelect().Model(&ms).OrderExpr("m.id").Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	if len(ms) != 3 || ms[0].Source != member.SourceImport || ms[2].OrgID != w.b2 || ms[0].OrgID != w.b1 ||
		ms[0].BirthDate != "1990-03-07" || ms[0].FullOn != "2014-06-30" || strings.Contains(ms[0].IDNumberEnc, id1) || ms[0].IDNumberEnc == "" {
		t.Fatalf("members %+v", ms)
	}
	// The imported members are found by the keyword box (its text-search
	// index follows the import's inserts): one, two and three characters.
	for text, want := range map[string]int{"王": 1, "张三": 1, "T": 0, "李四": 1, "张三李": 0} {
		if _, total := apptest.GetPage[member.MemberView](t, w.e, admin, "/api/dyjbxx", url.Values{"blurry": {text}}); total != want {
			t.Errorf("search %q after the import: %d members, want %d", text, total, want)
		}
	}
	if n := w.count(t, "change_trail", "module = ? AND origin = ? AND type = ?", member.TrailModule, audit.OriginSystemImport, audit.TypeAdd); n != 3 {
		t.Fatalf("%d import trail entries", n)
	}
	if strings.Contains(fmt.Sprint(w.trailText(t)), id1) {
		t.Fatal("the trail holds a clear ID number")
	}
	// A committed batch is final.
	apptest.Expect(t, w.e.Do("POST", path+"/commit", admin, map[string]any{}), 409)
	apptest.Expect(t, w.e.Do("PUT", fmt.Sprintf("%s/rows/%d", path, bad[0].ID), admin, map[string]any{"cells": cells}), 409)
	res = w.e.Do("DELETE", path, admin, nil)
	apptest.Expect(t, res, 400)
	if res.Message() != "已导入的批次不能删除" {
		t.Fatalf("message %q", res.Message())
	}

	// Second file: 张三's phone changes, 王五 is unchanged (the ID number
	// typed in lower case and the date written differently match all the same).
	changed := memberRow("张三", id1, "B1")
	changed[3] = "13900139000"
	same := memberRow("王五", strings.ToLower(id3), "B2")
	same[9] = "2014.06.30"
	b2 := w.stage(t, dy, admin, [][]string{memberHeader, changed, same})
	if b2.ChangedCount != 1 || b2.UnchangedCount != 1 || b2.NewCount != 0 {
		t.Fatalf("second batch %+v", b2)
	}
	rows := w.rows(t, dy, admin, b2.ID, "changed")
	if len(rows) != 1 || rows[0].TargetID == nil || *rows[0].TargetID != ms[0].ID || len(rows[0].Changes) != 1 ||
		rows[0].Changes[0].Field != "phone" || rows[0].Changes[0].Label != "手机号码" || rows[0].Changes[0].New != "139****9000" {
		t.Fatalf("changed rows %+v", rows)
	}
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/import/dyjbxx/batches/%d/commit", b2.ID), admin, nil), 200)
	if n := w.count(t, "change_trail", "module = ? AND origin = ?", member.TrailModule, audit.OriginSystemImportUpdate); n != 1 {
		t.Fatalf("%d update trail entries", n)
	}
	if n := w.count(t, "change_trail", "module = ? AND record_id = ?", member.TrailModule, ms[2].ID); n != 1 {
		t.Fatalf("the unchanged member got %d trail entries", n)
	}
	// The batch list: newest first, the caller's own.
	res = w.e.Do("GET", "/api/import/dyjbxx/batches?page=0&size=20", admin, nil)
	apptest.Expect(t, res, 200)
	var page struct {
		Content       []imports.Batch
		TotalElements int
	}
	res.JSON(t, &page)
	if page.TotalElements != 2 || page.Content[0].ID != b2.ID {
		t.Fatalf("batches %+v", page)
	}
}

func (w *world) trailText(t testing.TB) []string {
	var list []string
	if err := w.e.DB.NewSelect().Table("change_trail").ColumnExpr("changes || snapshot").Scan(t.Context(), &list); err != nil {
		t.Fatal(err)
	}
	return list
}

// A file that is not an xlsx workbook, a wrong header row or no data row
// is a 400 and keeps no batch.
func TestBadFiles(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	cases := []struct {
		name, file string
		body       []byte
		want       []string
	}{
		{"not xlsx by name", "members.csv", []byte("a,b"), []string{"只支持 .xlsx"}},
		{"not xlsx inside", "members.xlsx", []byte("this is no workbook"), []string{"无法读取文件"}},
		{"wrong headers", "h.xlsx", xlsx(t, [][]string{{"＊身份证号码", "年龄", " ＊ 人员类别 ", "党籍状态", "所在党组织", "入党日期"}, {"x"}}),
			[]string{"无法识别的列：“年龄”", "缺少必填列：“姓名”"}},
		{"header only", "e.xlsx", xlsx(t, [][]string{memberHeader}), []string{"文件中没有数据行"}},
		{"blank rows only", "b.xlsx", xlsx(t, [][]string{memberHeader, {"", " "}, {}}), []string{"文件中没有数据行"}},
		{"empty sheet", "z.xlsx", xlsx(t, nil), []string{"文件是空的"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := w.e.Upload("/api/import/dyjbxx/batches", admin, "file", c.file, c.body, nil)
			apptest.Expect(t, res, http.StatusBadRequest)
			for _, want := range c.want {
				if !strings.Contains(res.Message(), want) {
					t.Errorf("message %q lacks %q", res.Message(), want)
				}
			}
		})
	}
	apptest.Expect(t, w.e.Upload("/api/import/dyjbxx/batches", admin, "other", "a.xlsx", xlsx(t, [][]string{memberHeader}), nil), 400)
	if n := w.count(t, "imp_batch", ""); n != 0 {
		t.Fatalf("%d batches kept", n)
	}
}

// Each problem is reported in its own cell, in Chinese.
func TestCellMessages(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	dupID := idNumber("19850101", 31)
	mismatch := append(memberRow("出生不符", idNumber("19800101", 11), "B1"), "1980-01-02")
	header := append(append([]string(nil), memberHeader...), "出生日期")
	unknownDict := memberRow("民族错", idNumber("19800202", 12), "B1")
	unknownDict[2] = "火星族"
	badDate := memberRow("日期错", idNumber("19800303", 13), "B1")
	badDate[8] = "2013-02-30"
	rules := memberRow("规则错", idNumber("19800404", 14), "B1")
	rules[9] = "2012-01-01" // full membership before joining
	probation := memberRow("预备", idNumber("19800505", 15), "B1")
	probation[5] = "预备党员" // with a full-membership date
	b := w.stage(t, dy, admin, [][]string{header,
		mismatch,
		unknownDict,
		memberRow("无此支部", idNumber("19800606", 16), "不存在的支部"),
		memberRow("甲", dupID, "B1"),
		memberRow("乙", dupID, "B2"),
		badDate,
		rules,
		probation,
		memberRow("委员会", idNumber("19800707", 17), "S1"), // a committee holds no members
		{"", idNumber("19800808", 18), "汉族", "12345", "教职工", "正式党员", "B1", "", "2013-06-30"},
	})
	if b.InvalidCount != 10 || b.NewCount != 0 {
		t.Fatalf("batch %+v", b)
	}
	got := map[int]map[string]string{}
	for _, r := range w.rows(t, dy, admin, b.ID, "invalid") {
		got[r.RowNo] = errorsOf(r)
	}
	want := map[int]map[string]string{
		2:  {"birthDate": "出生日期与身份证号码不一致（身份证号码中为 1980-01-01）"},
		3:  {"ethnicity": "「火星族」不是有效的民族，可选：汉族、蒙古族"},
		4:  {"org": "找不到党组织「不存在的支部」"},
		5:  {"idNumber": "与第 6 行的身份证号码重复"},
		6:  {"idNumber": "与第 5 行的身份证号码重复"},
		7:  {"joinedOn": "「2013-02-30」不是有效的入党日期"},
		8:  {"fullOn": "转正日期不能早于入党日期"},
		9:  {"fullOn": "预备党员尚未转正，不能填写转正日期"},
		10: {"org": "党员只能编入党支部、直属党支部或党总支"},
		11: {"name": "请输入姓名"},
	}
	for row, cols := range want {
		for col, msg := range cols {
			if !strings.HasPrefix(got[row][col], msg) {
				t.Errorf("row %d %s: %q, want %q…", row, col, got[row][col], msg)
			}
		}
	}
}

// skipInvalid writes the valid rows only; without it nothing is written.
func TestHalfInvalidFile(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	b := w.stage(t, dy, admin, [][]string{memberHeader,
		memberRow("甲", idNumber("19900101", 1), "B1"),
		memberRow("乙", badCheck(idNumber("19900102", 2)), "B1"),
		memberRow("丙", idNumber("19900103", 3), "B2"),
	})
	path := fmt.Sprintf("/api/import/dyjbxx/batches/%d/commit", b.ID)
	apptest.Expect(t, w.e.Do("POST", path, admin, nil), 400)
	if n := w.count(t, "dyjbxx", ""); n != 0 {
		t.Fatalf("%d members after a refused commit", n)
	}
	res := w.e.Do("POST", path, admin, map[string]any{"skipInvalid": true})
	apptest.Expect(t, res, 200)
	var done imports.Batch
	res.JSON(t, &done)
	if done.NewCount != 2 || done.InvalidCount != 1 || done.State != imports.StateImportEnd {
		t.Fatalf("batch %+v", done)
	}
	var names []string
	if err := w.e.DB.NewSelect().Table("dyjbxx").Column("name").OrderExpr("name").Scan(t.Context(), &names); err != nil {
		t.Fatal(err)
	}
	if strings.Join(names, ",") != "丙,甲" {
		t.Fatalf("members %v", names)
	}
}

// Rows naming organisations or members outside the caller's scope are
// invalid; another user's batch does not exist for the caller.
func TestScopeAndOwnership(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	outside := idNumber("19700101", 41)
	seed := w.stage(t, dy, w.e.AdminTK, [][]string{memberHeader, memberRow("数学党员", outside, "C1")})
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/import/dyjbxx/batches/%d/commit", seed.ID), w.e.AdminTK, nil), 200)

	s1, _ := w.anchored(t, "LEVEL_AND_BELOW", w.s1, member.PermImport, member.PermList)
	b := w.stage(t, dy, s1, [][]string{memberHeader,
		memberRow("本院", idNumber("19700202", 42), "B1"),
		memberRow("外院", idNumber("19700303", 43), "C1"),
		memberRow("外院名称", idNumber("19700404", 44), "数学教工党支部"),
		memberRow("改他人", outside, "B1"),
	})
	got := map[int]map[string]string{}
	for _, r := range w.rows(t, dy, s1, b.ID, "invalid") {
		got[r.RowNo] = errorsOf(r)
	}
	if b.NewCount != 1 || b.InvalidCount != 3 || !strings.HasPrefix(got[3]["org"], "找不到党组织「C1」") ||
		!strings.HasPrefix(got[4]["org"], "找不到党组织") || got[5]["idNumber"] != "该党员不在您的管理范围内" {
		t.Fatalf("batch %+v rows %v", b, got)
	}

	// Another user (with the permission) sees no such batch, whatever the verb.
	other, _ := w.anchored(t, "LEVEL_AND_BELOW", w.s1, member.PermImport)
	path := fmt.Sprintf("/api/import/dyjbxx/batches/%d", b.ID)
	rowPath := fmt.Sprintf("%s/rows/%d", path, w.rows(t, dy, s1, b.ID, "")[0].ID)
	for _, c := range []struct{ method, path string }{
		{"GET", path}, {"GET", path + "/rows"}, {"PUT", rowPath}, {"POST", path + "/commit"}, {"DELETE", path},
	} {
		res := w.e.Do(c.method, c.path, other, map[string]any{"cells": map[string]string{}})
		apptest.Expect(t, res, 404)
	}
	// Nor under another kind.
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/import/dzzxx/batches/%d", b.ID), w.e.AdminTK, nil), 404)
	// A row of another batch is not this batch's row.
	own := w.stage(t, dy, s1, [][]string{memberHeader, memberRow("另一批", idNumber("19700505", 45), "B1")})
	apptest.Expect(t, w.e.Do("PUT", fmt.Sprintf("/api/import/dyjbxx/batches/%d/rows/%d", own.ID, w.rows(t, dy, s1, b.ID, "")[0].ID),
		s1, map[string]any{"cells": map[string]string{"name": "x"}}), 404)
	// The list holds the caller's own batches only.
	res := w.e.Do("GET", "/api/import/dyjbxx/batches", other, nil)
	apptest.Expect(t, res, 200)
	if !strings.Contains(string(res.Body), `"totalElements":0`) {
		t.Fatalf("other's list %s", res.Body)
	}
}

// Abandoning a batch deletes its staged rows and leaves the live tables alone.
func TestAbandon(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	b := w.stage(t, dy, admin, [][]string{memberHeader, memberRow("甲", idNumber("19900101", 1), "B1")})
	trail := w.count(t, "change_trail", "")
	path := fmt.Sprintf("/api/import/dyjbxx/batches/%d", b.ID)
	apptest.Expect(t, w.e.Do("DELETE", path, admin, nil), 200)
	apptest.Expect(t, w.e.Do("GET", path, admin, nil), 404)
	apptest.Expect(t, w.e.Do("POST", path+"/commit", admin, nil), 404)
	if w.count(t, "dyjbxx", "") != 0 || w.count(t, "imp_row", "") != 0 || w.count(t, "imp_batch", "") != 0 || w.count(t, "change_trail", "") != trail {
		t.Fatal("abandon left traces or wrote live data")
	}
}

// The columns and the template follow the kind.
func TestColumnsAndTemplate(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	res := w.e.Do("GET", "/api/import/dyjbxx/columns", w.e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	if !strings.Contains(string(res.Body), `{"key":"ethnicity","label":"民族","required":false,"dict":"DJ_COMM_MZXX","example":"汉族"}`) {
		t.Fatalf("columns %s", res.Body)
	}
	res = w.e.Do("GET", "/api/import/dyjbxx/template", w.e.AdminTK, nil)
	book := apptest.Download(t, res)
	if sheets := book.GetSheetList(); len(sheets) != 3 || sheets[0] != "党员信息" || sheets[1] != "填写说明" || sheets[2] != "选项" {
		t.Fatalf("sheets %v", sheets)
	}
	header, _ := book.GetRows("党员信息")
	guide, _ := book.GetRows("填写说明")
	// The example row (序号 示例) names the caller's first branch (B1) and an ID number no member has.
	if len(header) != 2 || header[0][0] != "序号" || header[0][1] != "＊姓名" || header[0][3] != "性别" || header[1][0] != "示例" ||
		header[1][1] != "张三" || header[1][2] != imports.SampleIDNumber(1) || header[1][17] != "B1" {
		t.Fatalf("template sheet %v", header)
	}
	found := false
	for _, g := range guide {
		if len(g) == 3 && g[0] == "民族" && g[1] == "否" && strings.HasPrefix(g[2], "汉族、蒙古族、") {
			found = true
		}
	}
	if !found || guide[1][0] != "序号" || !strings.Contains(guide[1][2], "不会导入") {
		t.Fatalf("guide %v", guide)
	}
	// The template as downloaded imports nothing: its example row is not a member.
	up := w.e.Upload("/api/import/dyjbxx/batches", w.e.AdminTK, "file", "t.xlsx", res.Body, nil)
	apptest.Expect(t, up, 400)
	if !strings.Contains(up.Message(), "文件中只有模板的示例行") || w.count(t, "imp_batch", "") != 0 {
		t.Fatalf("template as downloaded: %s", up.Message())
	}
	// A member filled in below it is imported alone; the example is left out.
	filled := append(header, append([]string{""}, header[1][1:]...))
	filled[2][1], filled[2][2] = "李四", imports.SampleIDNumber(5)
	up = w.upload(t, dy, w.e.AdminTK, filled)
	apptest.Expect(t, up, 200)
	var b imports.Batch
	up.JSON(t, &b)
	if b.Total != 1 || b.NewCount != 1 || fmt.Sprint(b.ExampleRows) != "[2]" {
		t.Fatalf("filled template batch %+v, rows %+v", b, w.rows(t, dy, w.e.AdminTK, b.ID, ""))
	}
	if rows := w.rows(t, dy, w.e.AdminTK, b.ID, ""); len(rows) != 1 || rows[0].RowNo != 3 || rows[0].Cells["name"] != "李四" {
		t.Fatalf("rows %+v", rows)
	}
	apptest.Expect(t, w.e.Do("DELETE", fmt.Sprintf("/api/import/dyjbxx/batches/%d", b.ID), w.e.AdminTK, nil), 200)
	// The example itself is a valid new member once its mark is removed.
	header[1][0] = ""
	b = w.stage(t, dy, w.e.AdminTK, header)
	if b.Total != 1 || b.NewCount != 1 {
		t.Fatalf("template batch %+v, rows %+v", b, w.rows(t, dy, w.e.AdminTK, b.ID, ""))
	}
	// Once that member exists, the next template's sample is another person.
	w.e.Commit(t, dy, w.e.AdminTK, b.ID, false)
	next := apptest.Download(t, w.e.Do("GET", "/api/import/dyjbxx/template", w.e.AdminTK, nil))
	if id, _ := next.GetCellValue("党员信息", "C2"); id != imports.SampleIDNumber(2) {
		t.Fatalf("second sample ID number %s", id)
	}
}

// An organisation named (not coded) must be unique in the scope; a revoked
// namesake does not count against the live one.
func TestOrganisationByName(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	old := w.e.OrgCoded(t, w.s1, "OLD", "5", "同名支部")
	if _, err := w.e.DB.NewUpdate().Table("dzz").Set("status = '2'").Where("id = ?", old).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	live := w.e.OrgCoded(t, w.s1, "NEW", "5", "同名支部")
	w.e.OrgCoded(t, w.s1, "T1", "5", "两处支部")
	w.e.OrgCoded(t, w.s2, "T2", "5", "两处支部")
	b := w.stage(t, dy, w.e.AdminTK, [][]string{memberHeader,
		memberRow("甲", idNumber("19900101", 1), "同名支部"),
		memberRow("乙", idNumber("19900102", 2), "两处支部"),
		memberRow("丙", idNumber("19900103", 3), "OLD"),
	})
	rows := w.rows(t, dy, w.e.AdminTK, b.ID, "")
	if rows[0].Status != "new" || !strings.HasPrefix(errorsOf(rows[1])["org"], "有 2 个名为「两处支部」的党组织") ||
		errorsOf(rows[2])["org"] != "所选党组织“同名支部”已撤销" {
		t.Fatalf("rows %+v", rows)
	}
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/import/dyjbxx/batches/%d/commit", b.ID), w.e.AdminTK, map[string]any{"skipInvalid": true}), 200)
	if n := w.count(t, "dyjbxx", "org_id = ?", live); n != 1 {
		t.Fatalf("%d members in the live namesake", n)
	}
}

// A row is valid exactly when the member API accepts the same record.
func TestRowValidExactlyWhenAPIAccepts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	type variant struct {
		name string
		row  func(r []string)       // the change in the file
		body func(b map[string]any) // the same change in the API body
	}
	set := func(i int, v string) func(r []string) { return func(r []string) { r[i] = v } }
	put := func(k string, v any) func(b map[string]any) { return func(b map[string]any) { b[k] = v } }
	variants := []variant{
		{"valid", func([]string) {}, func(map[string]any) {}},
		{"bad phone", set(3, "12345"), put("phone", "12345")},
		{"future joining", set(8, "2999-01-01"), put("joinedOn", "2999-01-01")},
		{"applied under 18", set(7, "1995-01-01"), put("appliedOn", "1995-01-01")},
		{"applied after joining", set(7, "2013-07-01"), put("appliedOn", "2013-07-01")},
		{"probation with full date", set(5, "预备党员"), put("partyStatus", member.PartyProbation)},
		{"full before joining", set(9, "2013-01-01"), put("fullOn", "2013-01-01")},
		{"committee", set(6, "S1"), put("orgId", w.s1)},
		{"no joining date", set(8, ""), put("joinedOn", "")},
		{"long name", set(0, strings.Repeat("名", 51)), put("name", strings.Repeat("名", 51))},
		{"unusual probation (warning only)", set(9, "2016-06-30"), put("fullOn", "2016-06-30")},
	}
	rows := [][]string{memberHeader}
	for i := range variants {
		r := memberRow(fmt.Sprintf("党员%d", i), idNumber("19800101", i+1), "B1")
		variants[i].row(r)
		rows = append(rows, r)
	}
	b := w.stage(t, dy, w.e.AdminTK, rows)
	staged := w.rows(t, dy, w.e.AdminTK, b.ID, "")
	for i, v := range variants {
		body := map[string]any{"name": fmt.Sprintf("党员%d", i), "idNumber": idNumber("19800101", i+1), "ethnicity": "01",
			"phone": "13800138000", "personCategory": "1", "partyStatus": member.PartyFull, "orgId": w.b1,
			"appliedOn": "2012-03-01", "joinedOn": "2013-06-30", "fullOn": "2014-06-30"}
		v.body(body)
		if v.name == "probation with full date" {
			body["fullOn"] = "2014-06-30"
		}
		res := w.e.Do("POST", "/api/dyjbxx", w.e.AdminTK, body)
		apiOK := res.Status == 201
		rowOK := staged[i].Status == "new"
		if apiOK != rowOK {
			t.Errorf("%s: API %d %s, import %s %v", v.name, res.Status, res.Message(), staged[i].Status, staged[i].Errors)
		}
		if !apiOK && len(staged[i].Errors) > 0 && staged[i].Errors[0].Message != res.Message() {
			t.Errorf("%s: API says %q, import says %q", v.name, res.Message(), staged[i].Errors[0].Message)
		}
	}
}

// A cell formatted as a date in Excel arrives as its serial number and is
// read as that date; a long number typed into a number cell keeps its digits.
func TestExcelDateCells(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	f := excelize.NewFile()
	defer f.Close()
	for i, h := range memberHeader {
		cell, _ := excelize.CoordinatesToCellName(i+1, 1)
		f.SetCellStr("Sheet1", cell, h) //nolint:errcheck
	}
	row := memberRow("日期格式", idNumber("19900101", 7), "B1")
	for i, v := range row {
		cell, _ := excelize.CoordinatesToCellName(i+1, 2)
		f.SetCellStr("Sheet1", cell, v) //nolint:errcheck
	}
	style, _ := f.NewStyle(&excelize.Style{NumFmt: 14})                          // mm-dd-yy as displayed
	f.SetCellValue("Sheet1", "I2", time.Date(2013, 6, 30, 0, 0, 0, 0, time.UTC)) //nolint:errcheck
	f.SetCellStyle("Sheet1", "I2", "I2", style)                                  //nolint:errcheck
	f.SetCellValue("Sheet1", "D2", 13900139000)                                  //nolint:errcheck
	var buf bytes.Buffer
	f.WriteTo(&buf) //nolint:errcheck
	res := w.e.Upload("/api/import/dyjbxx/batches", w.e.AdminTK, "file", "d.xlsx", buf.Bytes(), nil)
	apptest.Expect(t, res, 200)
	var b imports.Batch
	res.JSON(t, &b)
	rows := w.rows(t, dy, w.e.AdminTK, b.ID, "")
	// The staged phone is shown masked; its ends show all digits were kept.
	if b.NewCount != 1 || rows[0].Cells["phone"] != "139****9000" {
		t.Fatalf("batch %+v rows %+v", b, rows)
	}
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/import/dyjbxx/batches/%d/commit", b.ID), w.e.AdminTK, nil), 200)
	var joined date.Date
	if err := w.e.DB.NewSelect().Table("dyjbxx").Column("joined_on").Scan(t.Context(), &joined); err != nil || joined != "2013-06-30" {
		t.Fatalf("joined %q %v", joined, err)
	}
}

// A disabled dictionary value is refused in an import as in a form: a new
// member cannot take it, a row of a member holding it may keep it.
func TestImportKeepsButRefusesDisabledValues(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	kept, fresh := idNumber("19900307", 451), idNumber("19910412", 22)
	row := func(name, id string) []string {
		r := memberRow(name, id, "B1")
		r[2] = "蒙古族"
		return r
	}
	b := w.stage(t, dy, admin, [][]string{memberHeader, row("张三", kept)})
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/import/dyjbxx/batches/%d/commit", b.ID), admin, map[string]any{}), 200)
	var item struct {
		ID int64
	}
	if err := w.e.DB.NewSelect().TableExpr("sys_dict_detail AS dd").Column("dd.id").Join("JOIN sys_dict AS dc ON dc.id = dd.dict_id").
		Where("dc.name = 'DJ_COMM_MZXX'").Where("dd.label = '蒙古族'").Scan(t.Context(), &item.ID); err != nil {
		t.Fatal(err)
	}
	apptest.Expect(t, w.e.Do("PUT", "/api/dictDetail", admin, map[string]any{"id": item.ID, "label": "蒙古族", "value": "02", "enabled": false}), http.StatusNoContent)

	b = w.stage(t, dy, admin, [][]string{memberHeader, row("张三", kept), row("李四", fresh)})
	if b.InvalidCount != 1 || b.NewCount != 0 {
		t.Fatalf("batch %+v", b)
	}
	bad := w.rows(t, dy, admin, b.ID, "invalid")
	if len(bad) != 1 || bad[0].Cells["name"] != "李四" || errorsOf(bad[0])["ethnicity"] != "民族“蒙古族”已停用，请重新选择" {
		t.Fatalf("invalid rows %+v", bad)
	}
	if rows := w.rows(t, dy, admin, b.ID, ""); rows[0].Status == "invalid" {
		t.Fatalf("the member holding the value %+v", rows[0])
	}
}
