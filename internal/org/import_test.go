package org_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/imports"
	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
)

var orgHeader = []string{"＊党组织编码", "＊党组织名称", "＊党组织类型", "党组织类别", "上级党组织编码", "成立日期", "书记", "本届任期开始日期", "任期年限"}

// A secondary committee's administrator imports a branch, a party group
// under it (its parent an earlier row), and a change to an existing branch;
// everything outside their subtree or against the save path's rules is
// refused cell by cell.
func TestOrgImport(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree() // codes C001 U, C002 A, C003 A1, C004 G1, C005 A2, C006 B, C007 B1
	tok := e.userAt("LEVEL_AND_BELOW", tr.A, org.PermImport, org.PermList)
	up := e.Upload("/api/import/dzzxx/batches", tok, "file", "orgs.xlsx", apptest.Workbook(t, [][]string{orgHeader,
		{"N1", "计算机第三党支部", "党支部", "教工党支部", "C002", "2020/1/5", "张书记", "2023.06.01", "3"},
		{"N2", "第二党小组", "党小组", "", "N1", "", "", "", ""},
		{"C003", "计算机教工党支部", "党支部", "1", "", "", "王书记", "", ""},
		{"N3", "物理第二党支部", "党支部", "", "C006", "", "", "", ""},
		{"C007", "物理教工党支部", "党支部", "", "", "", "改名", "", ""},
		{"N4", "错层党小组", "党小组", "", "C002", "", "", "", ""},
		{"N5", "任期错", "党支部", "", "C002", "", "", "", "4"},
		{"N6", "计算机学生党支部", "党支部", "", "C002", "", "", "", ""},
		{"DUP", "甲支部", "党支部", "", "C002", "", "", "", ""},
		{"DUP", "乙支部", "党支部", "", "C002", "", "", "", ""},
		{"N7", "之家", "党员之家", "", "C002", "", "", "", ""},
		{"N8", "无上级", "党委", "", "", "", "", "", ""},
		{"N9", "同名甲", "党支部", "", "C002", "", "", "", ""},
		{"N10", "同名甲", "党支部", "", "C002", "", "", "", ""},
	}), nil)
	apptest.Expect(t, up, 200)
	var b imports.Batch
	up.JSON(t, &b)
	if b.NewCount != 3 || b.ChangedCount != 1 || b.InvalidCount != 10 {
		t.Fatalf("batch %+v", b)
	}
	res := e.Do("GET", fmt.Sprintf("/api/import/dzzxx/batches/%d/rows?size=50", b.ID), tok, nil)
	apptest.Expect(t, res, 200)
	var page struct{ Content []imports.Row }
	res.JSON(t, &page)
	got := map[int]map[string]string{}
	for _, r := range page.Content {
		got[r.RowNo] = map[string]string{}
		for _, ce := range r.Errors {
			got[r.RowNo][ce.Column] = ce.Message
		}
		if r.RowNo == 4 && (r.Status != "changed" || len(r.Changes) != 1 || r.Changes[0].Label != "书记" || r.Changes[0].New != "王书记") {
			t.Errorf("changed row %+v", r)
		}
	}
	want := map[int][2]string{
		5:  {"parentCode", "找不到上级党组织「C006」"},
		6:  {"code", "该党组织不在您的管理范围内"},
		7:  {"type", "“二级党委”下不能设立“党小组”"},
		8:  {"termYears", "「4」不是有效的任期年限"},
		9:  {"name", "同一上级党组织下已有名为“计算机学生党支部”的党组织"},
		10: {"code", "与第 11 行的党组织编码重复"},
		11: {"code", "与第 10 行的党组织编码重复"},
		12: {"type", "「党员之家」不是有效的党组织类型，可选：党委、二级党委、党总支"},
		13: {"parentCode", "请选择上级党组织"},
		15: {"name", "与第 14 行同属一个上级党组织且名称相同"},
	}
	for row, w := range want {
		if !strings.HasPrefix(got[row][w[0]], w[1]) {
			t.Errorf("row %d %s: %q, want %q…", row, w[0], got[row][w[0]], w[1])
		}
	}
	res = e.Do("POST", fmt.Sprintf("/api/import/dzzxx/batches/%d/commit", b.ID), tok, map[string]any{"skipInvalid": true})
	apptest.Expect(t, res, 200)

	ids := map[string]int64{}
	var list []org.Org
	if err := e.DB.NewSelect().Model(&list).Where("code IN (?)", bunIn("N1", "N2", "N9", "C003")).Scan(t.Context()); err != nil {
		t.Fatal(err)
	}
	byCode := map[string]org.Org{}
	for _, o := range list {
		ids[o.Code], byCode[o.Code] = o.ID, o
	}
	n1, n2 := byCode["N1"], byCode["N2"]
	if len(list) != 4 || n1.PID == nil || *n1.PID != tr.A || n2.PID == nil || *n2.PID != n1.ID || n2.Path != n1.Path+fmt.Sprint(n2.ID)+"/" ||
		n1.FoundedOn != "2020-01-05" || n1.TermEnd != "2026-06-01" || n1.Category != "1" || byCode["C003"].SecretaryName != "王书记" {
		t.Fatalf("organisations %+v", list)
	}
	origins := func(id int64) (typ, origin int) {
		var e2 audit.Entry
		if err := e.DB.NewSelect().Model(&e2).Where("record_id = ?", id).Where("module = ?", org.TrailModule).OrderExpr("id DESC").Limit(1).Scan(t.Context()); err != nil {
			t.Fatal(err)
		}
		return e2.Type, e2.Origin
	}
	if typ, o := origins(n2.ID); typ != audit.TypeAdd || o != audit.OriginSystemImport {
		t.Errorf("new organisation trail %d %d", typ, o)
	}
	if typ, o := origins(tr.A1); typ != audit.TypeUpdate || o != audit.OriginSystemImportUpdate {
		t.Errorf("changed organisation trail %d %d", typ, o)
	}
	// The new organisations are in the importer's list.
	q := url.Values{"size": {"50"}}
	if got := e.listIDs(tok, q); !containsAll(got, n1.ID, n2.ID) {
		t.Errorf("list %v", got)
	}
}

func bunIn(v ...string) any { return bunInSlice(v) }

func containsAll(ids []int64, want ...int64) bool {
	set := map[int64]bool{}
	for _, id := range ids {
		set[id] = true
	}
	for _, w := range want {
		if !set[w] {
			return false
		}
	}
	return true
}

func bunInSlice(v []string) any { return bun.In(v) }
