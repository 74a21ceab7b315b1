package people_test

import (
	"bytes"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/people"
	"zhdj/internal/platform/excel"
)

// The exports follow the list's filters and the caller's scope, and show
// personal fields masked.
func TestExports(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	admin := w.e.AdminTK
	w.e.Create(t, admin, "/api/xsjbxx", apptest.With(student("S1", "甲同学", w.csUnit), "idNumber", idNumber("20030102", 1), "phone", "13812345678"))
	w.e.Create(t, admin, "/api/xsjbxx", student("S2", "乙同学", w.csUnit))
	w.e.Create(t, admin, "/api/jsjbxx", teacher("T1", "丙老师", w.csUnit))
	w.e.Create(t, admin, "/api/bj", map[string]any{"code": "C1", "name": "计科一班", "unitDeptId": w.csUnit})

	rows := exportRows(t, w.e, w.csTK, "/api/xsjbxx/export?sort=studentNo,asc")
	if len(rows) != 3 || rows[0][1] != "学号" || rows[1][1] != "S1" || rows[1][2] != "甲同学" {
		t.Fatalf("students %v", rows)
	}
	if id, phone := rows[1][5], rows[1][6]; strings.Contains(id, "0102") || !strings.Contains(id, "*") || phone != "138****5678" {
		t.Fatalf("personal fields not masked: %q %q", id, phone)
	}
	if rows := exportRows(t, w.e, w.csTK, "/api/xsjbxx/export?blurry=乙"); len(rows) != 2 || rows[1][2] != "乙同学" {
		t.Fatalf("blurry %v", rows)
	}
	if rows := exportRows(t, w.e, w.csTK, "/api/jsjbxx/export"); len(rows) != 2 || rows[1][2] != "丙老师" {
		t.Fatalf("teachers %v", rows)
	}
	if rows := exportRows(t, w.e, w.csTK, "/api/bj/export"); len(rows) != 2 || rows[1][2] != "计科一班" {
		t.Fatalf("classes %v", rows)
	}
	// Another college's account exports nothing of these.
	for _, p := range []string{"/api/xsjbxx/export", "/api/jsjbxx/export", "/api/bj/export"} {
		if rows := exportRows(t, w.e, w.mathTK, p); len(rows) != 1 {
			t.Fatalf("%s out of scope: %v", p, rows)
		}
	}
	// In clear: ry:unmask and a reason, logged with it.
	apptest.Expect(t, w.e.Do("GET", "/api/xsjbxx/export?unmask=true&reason="+url.QueryEscape("学籍信息年度核对"), w.csTK, nil), 403)
	unmasker := w.anchored(t, w.cs, people.PermList, people.PermUnmask)
	apptest.ExpectMessage(t, w.e.Do("GET", "/api/xsjbxx/export?unmask=true", unmasker, nil), 400, "导出完整的身份证号码和手机号码须填写事由（5-200个字）")
	rows = exportRows(t, w.e, unmasker, "/api/xsjbxx/export?sort=studentNo,asc&unmask=true&reason="+url.QueryEscape("学籍信息年度核对"))
	if rows[1][5] != idNumber("20030102", 1) || rows[1][6] != "13812345678" {
		t.Fatalf("unmasked %v", rows[1])
	}
	var logged []string
	if err := w.e.DB.NewSelect().Table("sys_oper_log").Column("message").Where("path = ?", "/api/xsjbxx/export").
		OrderExpr("id").Scan(t.Context(), &logged); err != nil || logged[len(logged)-1] != "导出学生信息（含身份证号码、手机号码明文，2条），事由：学籍信息年度核对" {
		t.Fatalf("export log %v %v", logged, err)
	}
	apptest.Expect(t, w.e.Do("GET", "/api/xsjbxx/export?nosuch=1", w.csTK, nil), 400)
	apptest.Expect(t, w.e.Do("GET", "/api/bj/export?sort=secret,asc", w.csTK, nil), 400)
}

func exportRows(t *testing.T, e *apptest.Env, token, path string) [][]string {
	t.Helper()
	res := e.Do("GET", path, token, nil)
	apptest.Expect(t, res, 200)
	rows, err := excel.Read(bytes.NewReader(res.Body), 10000)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
