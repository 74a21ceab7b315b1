package app_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/excel"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// operRow is a row of the operation log as /api/logs and /api/logs/{id} answer it.
type operRow struct {
	ID         int64
	Username   string
	Module     string
	Action     string
	Target     string
	TargetName string
	Method     string
	Path       string
	Query      string
	Body       string
	Status     int
	Message    string
	DurationMs *int64
}

// lastOper is the newest operation-log row of path, with its detail.
func lastOper(t *testing.T, e *apptest.Env, path string) operRow {
	t.Helper()
	rows, _ := apptest.GetPage[operRow](t, e, e.AdminTK, "/api/logs", nil)
	for _, r := range rows {
		if r.Path == path {
			if r.Body != "" {
				t.Fatalf("the list carries the body: %+v", r)
			}
			return apptest.DoJSON[operRow](t, e, 200, "GET", fmt.Sprintf("/api/logs/%d", r.ID), e.AdminTK, nil)
		}
	}
	t.Fatalf("no log row of %s in %+v", path, rows)
	return operRow{}
}

// An operation-log entry names the route's module and action in Chinese, the
// record acted on (the created one from the answer, the {id} of the path, the
// ids of a delete) with its name where the body has one, the result and the
// duration; its detail keeps the request with passwords replaced and ID
// numbers and phones masked.
func TestOperLogNamesModuleActionTargetAndMasksTheRequest(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Campus(t)
	id := apptest.IDNumber("110105", "19900307", 11)
	created := e.Create(t, e.AdminTK, "/api/dyjbxx", apptest.FullMember("张日志", c.Branch, "idNumber", id, "phone", "13800138000"))

	row := lastOper(t, e, "/api/dyjbxx")
	if row.Module != "党员信息" || row.Action != "新增" || row.Target != fmt.Sprint(created) || row.TargetName != "张日志" ||
		row.Status != 201 || row.Username != "admin" || row.DurationMs == nil {
		t.Fatalf("create row %+v", row)
	}
	if strings.Contains(row.Body, id) || strings.Contains(row.Body, "13800138000") ||
		!strings.Contains(row.Body, `"idNumber":"110105********`+id[14:]+`"`) || !strings.Contains(row.Body, `"phone":"138****8000"`) {
		t.Fatalf("personal fields not masked: %s", row.Body)
	}

	cipher := e.Encrypt("Secret@2026")
	apptest.Expect(t, e.Do("POST", "/api/users/updatePassByAdmin", e.AdminTK, map[string]string{"username": "nobody", "newPass": cipher}), 404)
	row = lastOper(t, e, "/api/users/updatePassByAdmin")
	if row.Module != "用户管理" || row.Action != "修改用户密码" || row.Status != 404 || row.Message == "" ||
		strings.Contains(row.Body, cipher) || !strings.Contains(row.Body, `"newPass":"******"`) || row.TargetName != "nobody" {
		t.Fatalf("password row %+v", row)
	}

	apptest.Expect(t, e.Do("POST", fmt.Sprintf("/api/dwxx/%d/revoke", 987654), e.AdminTK, map[string]any{}), 404)
	if row = lastOper(t, e, "/api/dwxx/987654/revoke"); row.Module != "单位信息" || row.Action != "撤销" || row.Target != "987654" {
		t.Fatalf("path id row %+v", row)
	}

	apptest.Expect(t, e.Do("DELETE", "/api/dyjbxx", e.AdminTK, []int64{created}), 204)
	if row = lastOper(t, e, "/api/dyjbxx"); row.Action != "删除" || row.Target != fmt.Sprint(created) || row.Status != 204 {
		t.Fatalf("delete row %+v", row)
	}

	// The list filters by module; the detail of a missing row is a 404.
	rows, total := apptest.GetPage[operRow](t, e, e.AdminTK, "/api/logs", url.Values{"module": {"党员信息"}})
	if total != 2 || rows[0].Module != "党员信息" {
		t.Fatalf("module filter: %d %+v", total, rows)
	}
	apptest.Expect(t, e.Do("GET", "/api/logs/999999", e.AdminTK, nil), 404)
	reader, _ := e.UserWith("SELF", 0, "log:list")
	apptest.Expect(t, e.Do("GET", "/api/logs/export", reader, nil), 403)
}

// WriteOperLog keeps the duration, a JSON body masked and cut to its cap, and
// of other bodies (an uploaded workbook) or bodies too long to mask whole
// only their type and size.
func TestOperLogBodyIsCappedAndOnlyJSONIsKept(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := context.Background()
	rt := httpx.Route{Module: "测试", Action: "写日志"}
	write := func(path, contentType string, body []byte, size int64) system.OperLog {
		t.Helper()
		r := httptest.NewRequest("POST", path+"?token=abc&phone=13912345678&page=1", nil)
		r.Header.Set("Content-Type", contentType)
		e.Sys.WriteOperLog(r, system.OperRequest{Route: rt, Status: 200, Took: 1500 * time.Millisecond, Body: body, BodySize: size})
		var row system.OperLog
		if err := e.DB.NewSelect().Model(&row).Where("path = ?", path).Scan(ctx); err != nil {
			t.Fatal(err)
		}
		return row
	}
	long := []byte(`{"remark":"` + strings.Repeat("长", system.MaxLoggedBody) + `"}`)
	row := write("/t/long", "application/json; charset=utf-8", long, int64(len(long)))
	if row.DurationMS != 1500 || row.Module != "测试" || row.Action != "写日志" || len(row.Body) > system.MaxLoggedBody+len("…（已截断）") ||
		!strings.HasSuffix(row.Body, "…（已截断）") {
		t.Fatalf("long body row: duration %d, %d bytes, ends %q", row.DurationMS, len(row.Body), row.Body[len(row.Body)-20:])
	}
	if row.Query != "page=1&phone=139%2A%2A%2A%2A5678&token=%2A%2A%2A%2A%2A%2A" {
		t.Fatalf("query %q", row.Query)
	}
	if row = write("/t/upload", "multipart/form-data; boundary=x", []byte("--x\r\n..."), 2048); row.Body != "（multipart/form-data，2048 字节，内容未记录）" {
		t.Fatalf("upload body %q", row.Body)
	}
	if row = write("/t/huge", "application/json", long[:100], system.MaxCapturedBody+1); !strings.Contains(row.Body, "未记录") {
		t.Fatalf("body longer than the capture %q", row.Body)
	}
}

// The export streams the filtered log as xlsx and is itself logged.
func TestOperLogExport(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	apptest.Expect(t, e.Do("POST", "/api/dict", e.AdminTK, map[string]any{"name": "LOG_EXPORT", "description": "导出测试"}), 201)
	res := e.Do("GET", "/api/logs/export?module="+url.QueryEscape("字典管理"), e.AdminTK, nil)
	apptest.Expect(t, res, http.StatusOK)
	rows, err := excel.Read(bytes.NewReader(res.Body), 1000)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0][3] != "模块" || rows[1][3] != "字典管理" || rows[1][4] != "新增字典" || rows[1][6] != "LOG_EXPORT" || rows[1][7] != "成功" {
		t.Fatalf("export rows %v", rows)
	}
	var logged []string
	if err := e.DB.NewSelect().Table("sys_oper_log").Column("message").Where("path = ?", "/api/logs/export").
		Scan(context.Background(), &logged); err != nil || len(logged) != 1 || logged[0] != "导出操作日志（1条）" {
		t.Fatalf("export not logged: %v %v", logged, err)
	}
	res = e.Do("GET", "/api/logs/login/export?success=true", e.AdminTK, nil)
	apptest.Expect(t, res, http.StatusOK)
	if rows, err = excel.Read(bytes.NewReader(res.Body), 1000); err != nil || len(rows) < 2 || rows[1][2] != "admin" || rows[1][3] != "成功" {
		t.Fatalf("login log export %v %v", rows, err)
	}
}
