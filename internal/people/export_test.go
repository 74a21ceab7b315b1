package people_test

import (
	"bytes"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/excel"
)

// The exports follow the list's filters and the caller's scope, and show
// personal fields masked.
func TestExports(t *testing.T) {
	w := newWorld(t)
	admin := w.e.AdminTK
	w.post(t, admin, "/api/xsjbxx", apptest.With(student("S1", "甲同学", w.csUnit), "idNumber", idNumber("20030102", 1), "phone", "13812345678"))
	w.post(t, admin, "/api/xsjbxx", student("S2", "乙同学", w.csUnit))
	w.post(t, admin, "/api/jsjbxx", teacher("T1", "丙老师", w.csUnit))
	w.post(t, admin, "/api/bj", map[string]any{"code": "C1", "name": "计科一班", "unitDeptId": w.csUnit})

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
