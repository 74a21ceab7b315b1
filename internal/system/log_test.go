package system_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/system"
)

type logRow struct {
	ID         int64
	Username   string
	Method     string
	Path       string
	Status     int
	Message    string
	DurationMs int64
	Success    bool
	CreateTime time.Time
}

func logPage(t *testing.T, e *apptest.Env, path, token string) (rows []logRow, total int) {
	t.Helper()
	res := e.Do("GET", path, token, nil)
	apptest.Expect(t, res, http.StatusOK)
	var p struct {
		Content       []logRow
		TotalElements int
	}
	res.JSON(t, &p)
	return p.Content, p.TotalElements
}

func TestOperLogRecordsWritesNotReads(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	_, uid := e.UserWith("SELF", 0)
	reader, _ := e.UserWith("SELF", 0, "log:list")
	apptest.Expect(t, e.Do("POST", "/api/msgPushHistory", e.AdminTK, map[string]any{"title": "日志测试", "userIds": []int64{uid}}), http.StatusCreated)
	apptest.Expect(t, e.Do("POST", "/api/msgPushHistory", e.AdminTK, map[string]any{"title": "", "userIds": []int64{uid}}), http.StatusBadRequest)
	apptest.Expect(t, e.Do("GET", "/api/msgPushHistory/list", e.AdminTK, nil), http.StatusOK)

	rows, total := logPage(t, e, "/api/logs?username=admin&size=100", reader)
	if total < 2 {
		t.Fatalf("operation log has %d rows for admin", total)
	}
	var created, refused bool
	for _, r := range rows {
		if r.Username != "admin" {
			t.Fatalf("username filter let %q through", r.Username)
		}
		if r.Path == "/api/msgPushHistory/list" || r.Method == "GET" {
			t.Fatalf("a read was logged: %+v", r)
		}
		if r.Path == "/api/msgPushHistory" && r.Method == "POST" && r.Status == 201 {
			created = true
		}
		if r.Path == "/api/msgPushHistory" && r.Status == 400 && r.Message == "请输入标题" {
			refused = true
		}
	}
	if !created || !refused {
		t.Fatalf("missing rows (created %v, refused %v): %+v", created, refused, rows)
	}
	if rows[0].Status != 400 { // newest first
		t.Fatalf("default order: %+v", rows)
	}

	if rows, total := logPage(t, e, "/api/logs?status=400", reader); total != 1 || rows[0].Status != 400 {
		t.Fatalf("status filter: %d %+v", total, rows)
	}
	if _, total := logPage(t, e, "/api/logs?result=false", reader); total != 1 {
		t.Fatalf("result filter: %d", total)
	}
	if _, total := logPage(t, e, "/api/logs?blurry=msgPush", reader); total != 2 {
		t.Fatalf("blurry filter: %d", total)
	}
	if _, total := logPage(t, e, "/api/logs?blurry="+url.QueryEscape("%"), reader); total != 0 {
		t.Fatalf("a %% in blurry must match literally: %d", total)
	}
	logPage(t, e, "/api/logs?sort=durationMs,desc&sort=createTime,asc", reader)
	for _, bad := range []string{"sort=user_agent,asc", "sort=" + url.QueryEscape("createTime,desc;(SELECT 1)"), "message=x", "status=abc"} {
		apptest.Expect(t, e.Do("GET", "/api/logs?"+bad, reader, nil), http.StatusBadRequest)
	}
}

func TestLoginLogHasSuccessAndFailureRows(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	reader, _ := e.UserWith("SELF", 0, "log:list")
	apptest.Expect(t, e.Do("POST", "/auth/login", "", map[string]any{"username": "admin", "password": e.Encrypt("wrong-Pass1!")}), http.StatusBadRequest)

	fails, total := logPage(t, e, "/api/logs/login?username=admin&success=false", reader)
	// The log keeps the real reason the client is not told.
	if total != 1 || fails[0].Success || fails[0].Message != "密码错误" {
		t.Fatalf("failed sign-ins %d %+v", total, fails)
	}
	oks, total := logPage(t, e, "/api/logs/login?username=admin&success=true", reader)
	if total < 1 || !oks[0].Success {
		t.Fatalf("successful sign-ins %d %+v", total, oks)
	}
	if _, total := logPage(t, e, "/api/logs/login?blurry=adm", reader); total < 2 {
		t.Fatalf("blurry: %d", total)
	}
	apptest.Expect(t, e.Do("GET", "/api/logs/login?password=x", reader, nil), http.StatusBadRequest)
	nobody, _ := e.UserWith("SELF", 0)
	apptest.Expect(t, e.Do("GET", "/api/logs/login", nobody, nil), http.StatusForbidden)
}

type onlineRow struct {
	ID       int64
	UserID   int64
	Username string
	NickName string
	IP       string
	Current  bool
}

func onlinePage(t *testing.T, e *apptest.Env, query, token string) []onlineRow {
	t.Helper()
	res := e.Do("GET", "/api/online"+query, token, nil)
	apptest.Expect(t, res, http.StatusOK)
	var p struct {
		Content       []onlineRow
		TotalElements int
	}
	res.JSON(t, &p)
	if len(p.Content) != p.TotalElements {
		t.Fatalf("page %s", res.Body)
	}
	return p.Content
}

func TestOnlineListAndKickOut(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	victimTok, victimID := e.UserWith("SELF", 0)
	victimName := e.Username(victimID)

	rows := onlinePage(t, e, "?blurry="+victimName, e.AdminTK)
	if len(rows) != 1 || rows[0].UserID != victimID || rows[0].Username != victimName || rows[0].NickName == "" || rows[0].Current {
		t.Fatalf("victim's sessions %+v", rows)
	}
	victimSession := rows[0].ID

	var mine int64
	for _, r := range onlinePage(t, e, "?size=100", e.AdminTK) {
		if r.Current {
			mine = r.ID
		}
	}
	if mine == 0 {
		t.Fatal("the caller's session is not marked current")
	}
	res := e.Do("DELETE", "/api/online", e.AdminTK, []int64{victimSession, mine})
	apptest.Expect(t, res, http.StatusBadRequest)
	if res.Message() != "不能强制退出当前会话" {
		t.Fatalf("message %q", res.Message())
	}
	apptest.Expect(t, e.Do("GET", "/auth/info", victimTok, nil), http.StatusOK) // nothing happened

	apptest.Expect(t, e.Do("DELETE", "/api/online", e.AdminTK, []int64{victimSession}), http.StatusNoContent)
	apptest.Expect(t, e.Do("GET", "/auth/info", victimTok, nil), http.StatusUnauthorized)
	if rows := onlinePage(t, e, "?blurry="+victimName, e.AdminTK); len(rows) != 0 {
		t.Fatalf("kicked session still listed %+v", rows)
	}
	apptest.Expect(t, e.Do("GET", "/auth/info", e.AdminTK, nil), http.StatusOK)

	// Expired sessions are not online.
	staleTok := e.Login(victimName, "Test@12345")
	if _, err := e.DB.NewUpdate().Table("sys_session").Set("expires_at = ?", time.Now().Add(-time.Minute).UTC()).
		Where("user_id = ?", victimID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	if rows := onlinePage(t, e, "?blurry="+victimName, e.AdminTK); len(rows) != 0 {
		t.Fatalf("expired session listed %+v", rows)
	}
	apptest.Expect(t, e.Do("GET", "/auth/info", staleTok, nil), http.StatusUnauthorized)

	// A non-admin operator cannot end the super administrator's sessions.
	operator, _ := e.UserWith("SELF", 0, "online:list", "online:del")
	admin2 := e.Login("admin", apptest.AdminPassword)
	var adminSessions []int64
	for _, r := range onlinePage(t, e, "?size=100", operator) {
		if r.Username == "admin" {
			adminSessions = append(adminSessions, r.ID)
		}
	}
	if len(adminSessions) < 2 {
		t.Fatalf("admin sessions %v", adminSessions)
	}
	apptest.Expect(t, e.Do("DELETE", "/api/online", operator, adminSessions), http.StatusNoContent)
	apptest.Expect(t, e.Do("GET", "/auth/info", admin2, nil), http.StatusOK)
	apptest.Expect(t, e.Do("GET", "/api/online?sort=token_hash,asc", e.AdminTK, nil), http.StatusBadRequest)
}

func TestLogPurgeKeepsRecentRows(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := context.Background()
	now := time.Now().UTC()
	for _, at := range []time.Time{now.AddDate(0, 0, -40), now.AddDate(0, 0, -1)} {
		op := &system.OperLog{Username: "old", Method: "POST", Path: "/api/x", Status: 200, CreatedAt: at}
		ll := &system.LoginLog{Username: "old", Success: true, CreatedAt: at}
		if _, err := e.DB.NewInsert().Model(op).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := e.DB.NewInsert().Model(ll).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.Sys.PurgeOldLogs(ctx, 0); err == nil {
		t.Fatal("keepDays 0 must be refused")
	}
	if err := e.Sys.PurgeOldLogs(ctx, 30); err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"sys_oper_log", "sys_login_log"} {
		n, err := e.DB.NewSelect().Table(table).Where("username = 'old'").Count(ctx)
		if err != nil || n != 1 {
			t.Fatalf("%s: %d rows of 'old' left (%v), want 1", table, n, err)
		}
	}
	if n, _ := e.DB.NewSelect().Table("sys_login_log").Where("username = 'admin'").Count(ctx); n == 0 {
		t.Fatal("today's sign-in was purged")
	}
}

// 等级保护: logs are kept 180 days unless the setting says longer. The purge
// serve runs at start and daily keeps a row of 180 days ago and deletes one
// of 181; a setting below 180 is refused.
func TestLogRetentionKeeps180Days(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := context.Background()
	now := time.Now().UTC()
	for days, name := range map[int]string{180: "day180", 181: "day181"} {
		at := now.AddDate(0, 0, -days)
		if _, err := e.DB.NewInsert().Model(&system.OperLog{Username: name, Method: "POST", Path: "/api/x", Status: 200, CreatedAt: at}).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := e.DB.NewInsert().Model(&system.LoginLog{Username: name, Success: true, CreatedAt: at}).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.Sys.PurgeLogs(ctx); err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"sys_oper_log", "sys_login_log"} {
		var left []string
		if err := e.DB.NewSelect().Table(table).Column("username").Where("username LIKE 'day%'").Scan(ctx, &left); err != nil {
			t.Fatal(err)
		}
		if len(left) != 1 || left[0] != "day180" {
			t.Fatalf("%s after the purge: %v, want [day180]", table, left)
		}
	}

	var cfg struct{ ID int64 }
	if err := e.DB.NewSelect().Table("sys_config").Column("id").Where("config_key = ?", system.CfgLogRetentionDays).Scan(ctx, &cfg.ID); err != nil {
		t.Fatal(err)
	}
	res := e.Do("PUT", "/api/sysConfig", e.AdminTK, map[string]any{"id": cfg.ID, "configKey": system.CfgLogRetentionDays, "configValue": "179", "configName": "日志保存天数"})
	apptest.ExpectMessage(t, res, http.StatusBadRequest, "日志至少保存180天（等级保护要求）")
	apptest.Expect(t, e.Do("PUT", "/api/sysConfig", e.AdminTK, map[string]any{"id": cfg.ID, "configKey": system.CfgLogRetentionDays, "configValue": "365", "configName": "日志保存天数"}), http.StatusNoContent)
}
