package app_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/httpx"
)

// Attack: NUL (escaped as \u0000), invalid UTF-8 and a lone surrogate in a
// JSON string reach no handler. The merging PUTs (httpx.DecodeMerge: 党员,
// 发展党员, every kit resource) used to skip the guard and answered 500 when
// the SQL driver refused the NUL; now every JSON body passes the one check
// (httpx.CheckJSONText): a 400 naming the field, nothing changed. One world
// for the direct cases and the sweep of every declared write route.
func TestEveryJSONBodyRefusesNULAndInvalidUTF8(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Campus(t)
	bodies := map[string]string{
		"NUL":            `{"id":1,"ids":[1],"name":"a\u0000b","remark":"x"}`,
		"invalid UTF-8":  "{\"id\":1,\"ids\":[1],\"name\":\"a\xff\xfeb\",\"remark\":\"x\"}",
		"lone surrogate": `{"id":1,"ids":[1],"name":"a\ud800b","remark":"x"}`,
	}

	t.Run("PUT /api/dyjbxx and PUT /api/fzdy answer 400 naming the field and change nothing", func(t *testing.T) {
		memberID := e.Create(t, e.AdminTK, "/api/dyjbxx", apptest.FullMember("郑守正", c.Branch,
			"idNumber", apptest.IDNumber("110105", "19800101", 11), "remark", "原备注"))
		unit := e.Create(t, e.AdminTK, "/api/dwxx", map[string]any{"name": "计算机学院", "code": "DW-CS", "type": "1", "dzzId": c.CS})
		student := e.Create(t, e.AdminTK, "/api/xsjbxx", map[string]any{"studentNo": "S900001", "name": "钱申请",
			"gender": "1", "ethnicity": "01", "unitDeptId": unit, "grade": "2024", "educationLevel": "2",
			"enrolledOn": "2024-09-01", "phone": "13900139000", "idNumber": apptest.IDNumber("110105", "20050101", 13), "birthDate": "2005-01-01"})
		recordID := e.Create(t, e.AdminTK, "/api/fzdy", map[string]any{"personKind": "student", "personId": student,
			"orgId": c.Branch, "appliedOn": "2025-01-01", "remark": "原备注"})
		for _, rec := range []struct {
			path string
			id   int64
		}{{"/api/dyjbxx", memberID}, {"/api/fzdy", recordID}} {
			before := e.Do("GET", fmt.Sprintf("%s/%d", rec.path, rec.id), e.AdminTK, nil)
			apptest.Expect(t, before, 200)
			for kind, bad := range map[string]string{
				"NUL":            `"改\u0000"`,
				"invalid UTF-8":  "\"改\xff\"",
				"lone surrogate": `"改\udc00"`,
			} {
				body := fmt.Sprintf(`{"id":%d,"remark":%s}`, rec.id, bad)
				res := e.Do("PUT", rec.path, e.AdminTK, body)
				apptest.ExpectField(t, res, "remark", httpx.MsgBadChars+"（字段 remark）")
				after := e.Do("GET", fmt.Sprintf("%s/%d", rec.path, rec.id), e.AdminTK, nil)
				if string(after.Body) != string(before.Body) {
					t.Errorf("PUT %s with %s changed the record:\n%s\n%s", rec.path, kind, before.Body, after.Body)
				}
			}
		}
	})

	t.Run("every write route", func(t *testing.T) {
		n := 0
		for _, rt := range e.App.Routes {
			if rt.Method == http.MethodGet || rt.Pattern == "/auth/logout" {
				continue // logging the admin out would end the sweep
			}
			path := strings.NewReplacer("{id}", "1", "{aid}", "1", "{rowId}", "1", "{name}", "x", "{code}", "x").Replace(rt.Pattern)
			for kind, body := range bodies {
				res := e.Do(rt.Method, path, e.AdminTK, body)
				n++
				if res.Status >= 500 {
					t.Errorf("%s %s with %s: %d %s", rt.Method, rt.Pattern, kind, res.Status, res.Body)
				}
			}
		}
		if n < 400 {
			t.Fatalf("only %d requests: the route table is not swept", n)
		}
		apptest.Expect(t, e.Do("GET", "/auth/info", e.AdminTK, nil), 200) // the sweep ran signed in to the end
	})
}
