package org_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/org"
)

func TestEveryChangeWritesTheTrailAndRestoreWorks(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	first := e.trail(tr.A1)
	if len(first) != 1 || first[0].Type != 1 || first[0].Origin != 2 {
		t.Fatalf("creation trail %+v", first)
	}
	if _, nw, ok := first[0].change("name"); !ok || nw != "计算机教工党支部" {
		t.Fatalf("creation changes %+v", first[0].Changes)
	}
	if _, nw, ok := first[0].change("category"); !ok || nw != "教工党支部" {
		t.Fatalf("category shown by label: %+v", first[0].Changes)
	}

	d := e.get(tr.A1)
	d["name"], d["secretaryName"], d["termStart"] = "改过的名字", "孙九", "2024-06-01"
	apptest.Expect(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, d), 204)
	apptest.Expect(t, e.Do("POST", "/api/dzzxx/move", e.AdminTK, body{"id": tr.A1, "pid": tr.B}), 204)
	entries := e.trail(tr.A1)
	if len(entries) != 3 {
		t.Fatalf("trail %+v", entries)
	}

	// Restore the state at creation: the fields come back, the parent stays.
	apptest.Expect(t, e.Do("POST", "/api/dzzxx/trail/restore", e.AdminTK, body{"trailId": first[0].ID}), 204)
	got := e.get(tr.A1)
	if got["name"] != "计算机教工党支部" || got["secretaryName"] != "" || got["termStart"] != nil || got["pid"] != float64(tr.B) {
		t.Fatalf("restored %v", got)
	}
	entries = e.trail(tr.A1)
	if len(entries) != 4 || entries[0].Origin != 5 || entries[0].RestoredFrom == nil || *entries[0].RestoredFrom != first[0].ID {
		t.Fatalf("restore entry %+v", entries[0])
	}
	if old, nw, ok := entries[0].change("name"); !ok || old != "改过的名字" || nw != "计算机教工党支部" {
		t.Fatalf("restore changes %+v", entries[0].Changes)
	}
	// Restoring a snapshot whose code is now another's is a conflict.
	b1 := e.get(tr.B1)
	b1["code"] = "FREE"
	apptest.Expect(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, b1), 204)
	a2 := e.get(tr.A2)
	a2["code"] = "C007" // B1's old code
	apptest.Expect(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, a2), 204)
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/trail/restore", e.AdminTK, body{"trailId": e.trail(tr.B1)[1].ID}), 409, "党组织编码“C007”已被使用")

	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/trail/restore", e.AdminTK, body{"trailId": 999999}), 404, "变动记录不存在")
	apptest.ExpectMessage(t, e.Do("POST", "/api/dzzxx/trail/restore", e.AdminTK, body{}), 400, "请选择要还原的变动记录")
	// The trail is paged.
	res := e.Do("GET", fmt.Sprintf("/api/dzzxx/%d/trail?size=2&page=1", tr.A1), e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	var page struct {
		Content       []trailEntry
		TotalElements int
	}
	res.JSON(t, &page)
	if page.TotalElements != 4 || len(page.Content) != 2 || page.Content[1].ID != first[0].ID {
		t.Fatalf("paged trail %+v", page)
	}
	apptest.ExpectMessage(t, e.Do("GET", "/api/dzzxx/999999/trail", e.AdminTK, nil), 404, "党组织不存在")
	// A restore in scope by a 二级党委 admin works too.
	tok := e.userAt("LEVEL_AND_BELOW", tr.B, allPerms...)
	apptest.Expect(t, e.Do("POST", "/api/dzzxx/trail/restore", tok, body{"trailId": entries[1].ID}), 204)
	if got := e.get(tr.A1); got["name"] != "改过的名字" || got["termStart"] != "2024-06-01" || got["termEnd"] != "2027-06-01" {
		t.Fatalf("restored by the 二级党委 admin %v", got)
	}
}

// acrossPage is a decoded page of GET /api/dzzxx/trail.
type acrossPage struct {
	Content []struct {
		trailEntry
		RecordID   int64
		RecordName string
		TypeLabel  string
	}
	TotalElements int
}

// The 组织变动轨迹 page lists the entries of every organisation of the
// caller's scope, newest first, with the filters of every trail page.
func TestTrailAcrossOrganisations(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	d := e.get(tr.A1)
	d["secretaryName"] = "孙九"
	apptest.Expect(t, e.Do("PUT", "/api/dzzxx", e.AdminTK, d), 204)
	read := func(tok, query string) acrossPage {
		t.Helper()
		res := e.Do("GET", "/api/dzzxx/trail"+query, tok, nil)
		apptest.Expect(t, res, 200)
		var p acrossPage
		res.JSON(t, &p)
		return p
	}
	all := read(e.AdminTK, "")
	if all.TotalElements != 8 || all.Content[0].RecordID != tr.A1 || all.Content[0].RecordName != "计算机教工党支部" ||
		all.Content[0].TypeLabel == "" || len(all.Content[0].Changes) != 1 {
		t.Fatalf("admin's trail %+v", all)
	}
	// A 二级党委 admin sees their subtree only; another's organisation is filtered out, not leaked.
	tok := e.userAt("LEVEL_AND_BELOW", tr.B, org.PermList)
	if p := read(tok, ""); p.TotalElements != 2 {
		t.Fatalf("物理学院党委's trail %+v", p)
	}
	if p := read(tok, fmt.Sprintf("?recordId=%d", tr.A1)); p.TotalElements != 0 {
		t.Fatalf("out-of-scope record's trail %+v", p)
	}
	if p := read(e.AdminTK, "?type=2"); p.TotalElements != 1 {
		t.Fatalf("updates %+v", p)
	}
	// 计算机学院党委, 计算机教工党支部 (created, updated) and 计算机学生党支部; sorted by
	// name either way (the order of Chinese names is the database's collation).
	asc, desc := read(e.AdminTK, "?blurry=计算机&sort=recordName,asc"), read(e.AdminTK, "?blurry=计算机&sort=recordName,desc")
	if asc.TotalElements != 4 || asc.Content[0].RecordName != desc.Content[3].RecordName || asc.Content[3].RecordName != desc.Content[0].RecordName ||
		asc.Content[0].RecordName == asc.Content[3].RecordName {
		t.Fatalf("by name %+v / %+v", asc, desc)
	}
	if p := read(e.AdminTK, "?from=2099-01-01"); p.TotalElements != 0 {
		t.Fatalf("from the future %+v", p)
	}
	apptest.ExpectMessage(t, e.Do("GET", "/api/dzzxx/trail?type=abc", e.AdminTK, nil), 400, "查询条件 type 应为整数")
	apptest.ExpectMessage(t, e.Do("GET", "/api/dzzxx/trail?sort=snapshot,asc", e.AdminTK, nil), 400, "不支持的排序字段：snapshot")
	apptest.ExpectMessage(t, e.Do("GET", "/api/dzzxx/trail?changes=x", e.AdminTK, nil), 400, "不支持的查询条件：changes")
}
