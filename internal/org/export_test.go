package org_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/org"
	"zhdj/internal/platform/excel"
)

// The export follows the list's filters, sort and the caller's scope, and
// rejects what the list rejects.
func TestExportFollowsFiltersSortAndScope(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	tr := e.tree()
	tok := e.userAt("LEVEL_AND_BELOW", tr.A, org.PermList)

	rows := e.exportRows(tok, "sort=code,desc")
	if len(rows) != 5 { // header + A, A1, G1, A2
		t.Fatalf("rows %v", rows)
	}
	if rows[0][2] != "组织名称" || rows[1][0] != "1" {
		t.Fatalf("header/first %v", rows[:2])
	}
	var names []string
	for _, r := range rows[1:] {
		names = append(names, r[2])
	}
	// Codes were given in creation order: A, A1, G1, A2.
	if got := strings.Join(names, ","); got != "计算机学生党支部,第一党小组,计算机教工党支部,计算机学院党委" {
		t.Fatalf("names %s", got)
	}
	for _, r := range rows[1:] {
		if strings.Contains(r[2], "物理") || strings.Contains(r[2], "大学委员会") {
			t.Fatalf("out of scope row %v", r)
		}
	}
	if got := e.exportRows(tok, "type="+org.TypeBranch); len(got) != 3 {
		t.Fatalf("type filter %v", got)
	}
	if got := e.exportRows(e.AdminTK, fmt.Sprintf("subtreeOf=%d", tr.B)); len(got) != 3 || got[1][6] != "中共测试大学委员会" && got[2][6] != "中共测试大学委员会" {
		t.Fatalf("subtree %v", got)
	}
	// The tree page's own filters: name (or short name) and status, "all" meaning both.
	if got := e.exportRows(tok, "name=教工&status=all"); len(got) != 2 || got[1][2] != "计算机教工党支部" {
		t.Fatalf("name filter %v", got)
	}
	if got := e.exportRows(tok, "status=2"); len(got) != 1 {
		t.Fatalf("revoked only %v", got)
	}
	apptest.ExpectMessage(t, e.Do("GET", fmt.Sprintf("/api/dzzxx/export?subtreeOf=%d", tr.B), tok, nil), 404, "党组织不存在")
	apptest.Expect(t, e.Do("GET", "/api/dzzxx/export?sort=path,asc", tok, nil), http.StatusBadRequest)
	apptest.Expect(t, e.Do("GET", "/api/dzzxx/export?nosuch=1", tok, nil), http.StatusBadRequest)
}

func (e *env) exportRows(tok, query string) [][]string {
	e.t.Helper()
	res := e.Do("GET", "/api/dzzxx/export?"+query, tok, nil)
	apptest.Expect(e.t, res, http.StatusOK)
	if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, "attachment") || !strings.Contains(cd, ".xlsx") {
		e.t.Fatalf("Content-Disposition %q", cd)
	}
	rows, err := excel.Read(bytes.NewReader(res.Body), 100000)
	if err != nil {
		e.t.Fatal(err)
	}
	return rows
}
