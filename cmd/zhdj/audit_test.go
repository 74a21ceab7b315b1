package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"zhdj/internal/app"
	"zhdj/internal/config"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// zhdj audit verify on a migrated database with log rows: whole, it says
// so; with a row changed, it names the row (log, id, time) and the process
// exits with status 1.
func TestAuditVerifyCommand(t *testing.T) {
	dir, dbPath := useSQLite(t)
	ctx := context.Background()
	cfg := config.Defaults().FromEnv()
	var buf bytes.Buffer
	if err := auditVerify(ctx, cfg, &buf); err == nil || !strings.Contains(err.Error(), "找不到审计密钥") {
		t.Fatalf("without a key: %v", err)
	}
	a, err := app.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	at := time.Date(2026, 12, 3, 2, 4, 5, 0, time.UTC) // 10:04:05 in China
	for i := range 4 {
		row := &system.OperLog{Username: "u" + strconv.Itoa(i), Method: "POST", Path: "/api/x", Status: 200, CreatedAt: at}
		if err := a.System.AppendOperLog(ctx, row); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, row.ID)
	}
	if err := a.System.AppendLoginLog(ctx, &system.LoginLog{Username: "u0", Success: true, CreatedAt: at}); err != nil {
		t.Fatal(err)
	}
	a.Close()

	buf.Reset()
	if err := auditVerify(ctx, cfg, &buf); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if out := buf.String(); !strings.Contains(out, "操作日志（sys_oper_log）：已校验 4 条") || !strings.Contains(out, "登录日志（sys_login_log）：已校验 1 条") ||
		strings.Count(out, "完整") != 2 {
		t.Fatalf("report:\n%s", out)
	}

	database, err := db.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := database.ExecContext(ctx, "UPDATE sys_oper_log SET path = '/api/other' WHERE id = ?", ids[2]); err != nil {
		t.Fatal(err)
	}
	database.Close()
	buf.Reset()
	if err := auditVerify(ctx, cfg, &buf); !errors.Is(err, errChainBroken) {
		t.Fatalf("after tampering: %v\n%s", err, buf.String())
	}
	want := "第一条异常记录：操作日志 id " + strconv.FormatInt(ids[2], 10) + "（链上第 3 条，2026-12-03 10:04:05）"
	if out := buf.String(); !strings.Contains(out, want) || !strings.Contains(out, "内容或顺序被改动") {
		t.Fatalf("report:\n%s\nwant %s", out, want)
	}

	// The process itself: exit status 1 and the report on standard output.
	cmd := exec.Command(os.Args[0], "-test.run=^TestAuditMainProcess$")
	cmd.Env = append(os.Environ(), "ZHDJ_AUDIT_MAIN=1", "ZHDJ_DB="+dbPath, "ZHDJ_DATA_DIR="+dir)
	out, err := cmd.Output()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(string(out), want) {
		t.Fatalf("process: %v\n%s", err, out)
	}
}

// TestAuditMainProcess is the command run as a process by TestAuditVerifyCommand.
func TestAuditMainProcess(t *testing.T) {
	if os.Getenv("ZHDJ_AUDIT_MAIN") != "1" {
		t.Skip("run by TestAuditVerifyCommand")
	}
	os.Args = []string{"zhdj", "audit", "verify"}
	main()
}
