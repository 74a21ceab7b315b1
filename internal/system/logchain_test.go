package system_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"zhdj/internal/app"
	"zhdj/internal/apptest"
	"zhdj/internal/platform/chain"
	"zhdj/internal/platform/db"
	"zhdj/internal/system"
)

// verify runs VerifyLogs and returns the reports by table.
func verify(t *testing.T, e *apptest.Env) map[string]system.ChainReport {
	t.Helper()
	reports, err := e.Sys.VerifyLogs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]system.ChainReport{}
	for _, r := range reports {
		out[r.Log] = r
	}
	if len(out) != 2 {
		t.Fatalf("reports: %+v", reports)
	}
	return out
}

func expectIntact(t *testing.T, e *apptest.Env) map[string]system.ChainReport {
	t.Helper()
	rs := verify(t, e)
	for _, r := range rs {
		if !r.OK {
			t.Fatalf("%s broken: %+v", r.Log, *r.Break)
		}
	}
	return rs
}

// expectBreak checks that log's chain breaks at the row id (0: no row)
// with a reason containing why.
func expectBreak(t *testing.T, e *apptest.Env, log string, id int64, why string) {
	t.Helper()
	r := verify(t, e)[log]
	if r.OK || r.Break == nil {
		t.Fatalf("%s verified after tampering: %+v", log, r)
	}
	if r.Break.ID != id || !strings.Contains(r.Break.Reason, why) {
		t.Fatalf("%s break %+v, want id %d and %q", log, *r.Break, id, why)
	}
}

// writeOper writes n operation-log rows through the chained writer at at
// and returns their ids in chain order.
func writeOper(t *testing.T, e *apptest.Env, n int, at time.Time) []int64 {
	t.Helper()
	var ids []int64
	for i := range n {
		row := &system.OperLog{Username: fmt.Sprintf("w%d", i), Module: "测试", Action: "写入", Method: "POST", Path: "/api/x",
			Status: 200, Body: `{"n":` + fmt.Sprint(i) + `}`, CreatedAt: at}
		if err := e.Sys.AppendOperLog(context.Background(), row); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, row.ID)
	}
	return ids
}

func exec(t *testing.T, e *apptest.Env, query string, args ...any) {
	t.Helper()
	if _, err := e.DB.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatal(err)
	}
}

// Real traffic through the API (sign-ins that fail and succeed, writes
// that are refused and accepted) leaves both chains whole, and only a
// holder of log:verify may ask.
func TestLogChainVerifiesAfterTraffic(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	_, uid := e.UserWith("SELF", 0)
	reader, _ := e.UserWith("SELF", 0, "log:list")
	apptest.Expect(t, e.Do("POST", "/api/msgPushHistory", e.AdminTK, map[string]any{"title": "链测试", "userIds": []int64{uid}}), http.StatusCreated)
	apptest.Expect(t, e.Do("POST", "/api/msgPushHistory", e.AdminTK, map[string]any{"title": "", "userIds": []int64{uid}}), http.StatusBadRequest)
	apptest.Expect(t, e.Do("POST", "/auth/login", "", map[string]any{"username": "admin", "password": e.Encrypt("wrong-password")}), http.StatusBadRequest)
	e.Login("admin", apptest.AdminPassword)

	rs := expectIntact(t, e)
	if rs["sys_oper_log"].Rows < 2 || rs["sys_login_log"].Rows < 3 {
		t.Fatalf("rows verified: %+v", rs)
	}

	apptest.Expect(t, e.Do("GET", "/api/logs/verify", "", nil), http.StatusUnauthorized)
	apptest.Expect(t, e.Do("GET", "/api/logs/verify", reader, nil), http.StatusForbidden)
	res := e.Do("GET", "/api/logs/verify", e.AdminTK, nil)
	apptest.Expect(t, res, http.StatusOK)
	var got []system.ChainReport
	res.JSON(t, &got)
	if len(got) != 2 || !got[0].OK || !got[1].OK || got[0].Log != "sys_oper_log" {
		t.Fatalf("verify answer: %s", res.Body)
	}
}

// Fifty writers at once (on PostgreSQL, fifty transactions racing for the
// head) still make one chain: every position once, each from the one
// committed before it.
func TestLogChainConcurrentWriters(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := context.Background()
	before := expectIntact(t, e)
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	start := make(chan struct{})
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			errs <- e.Sys.AppendOperLog(ctx, &system.OperLog{Username: fmt.Sprintf("c%d", i), Method: "POST", Path: "/api/x", Status: 200, CreatedAt: time.Now().UTC()})
			errs <- e.Sys.AppendLoginLog(ctx, &system.LoginLog{Username: fmt.Sprintf("c%d", i), Success: i%2 == 0, CreatedAt: time.Now().UTC()})
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	after := expectIntact(t, e)
	for _, log := range []string{"sys_oper_log", "sys_login_log"} {
		if got := after[log].Rows - before[log].Rows; got != 50 {
			t.Fatalf("%s: %d more rows verified, want 50", log, got)
		}
		var seqs struct{ N, Distinct, Max int64 }
		if err := e.DB.NewSelect().Table(log).ColumnExpr("COUNT(*) AS n, COUNT(DISTINCT chain_seq) AS d, MAX(chain_seq) AS m").
			Scan(ctx, &seqs.N, &seqs.Distinct, &seqs.Max); err != nil {
			t.Fatal(err)
		}
		if seqs.N != seqs.Distinct || seqs.N != seqs.Max {
			t.Fatalf("%s positions: %+v", log, seqs)
		}
	}
}

// A field changed in a middle row names that row; so does a forged value.
func TestLogChainNamesAnAlteredRow(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ids := writeOper(t, e, 5, time.Now().UTC())
	expectIntact(t, e)
	exec(t, e, "UPDATE sys_oper_log SET username = 'someone-else' WHERE id = ?", ids[2])
	expectBreak(t, e, "sys_oper_log", ids[2], "内容或顺序被改动")
	// Recomputing the value without the key does not help.
	exec(t, e, "UPDATE sys_oper_log SET chain_mac = ? WHERE id = ?", strings.Repeat("0", 64), ids[2])
	expectBreak(t, e, "sys_oper_log", ids[2], "内容或顺序被改动")
}

// A middle row deleted: the row after the hole is named, and the purge
// refuses to cut over the hole (it would erase the evidence).
func TestLogChainNamesADeletedRow(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ids := writeOper(t, e, 5, time.Now().UTC())
	exec(t, e, "DELETE FROM sys_oper_log WHERE id = ?", ids[2])
	expectBreak(t, e, "sys_oper_log", ids[3], "缺失")
	// The newest row deleted and the head moved back to the row before it:
	// the head's signature does not match.
	e2 := apptest.New(t)
	ids = writeOper(t, e2, 3, time.Now().UTC())
	var prev struct {
		Seq int64  `bun:"chain_seq"`
		Mac string `bun:"chain_mac"`
	}
	if err := e2.DB.NewSelect().Table("sys_oper_log").Column("chain_seq", "chain_mac").Where("id = ?", ids[1]).Scan(context.Background(), &prev); err != nil {
		t.Fatal(err)
	}
	exec(t, e2, "DELETE FROM sys_oper_log WHERE id = ?", ids[2])
	expectBreak(t, e2, "sys_oper_log", 0, "缺失")
	exec(t, e2, "UPDATE sys_log_chain SET seq = ?, mac = ? WHERE log_name = 'sys_oper_log'", prev.Seq, prev.Mac)
	expectBreak(t, e2, "sys_oper_log", 0, "链头被改动")
}

// Rows moved or added: two rows' places swapped names the first of them;
// a row inserted by hand (no place in the chain) or past the head is named.
func TestLogChainNamesReorderedAndForgedRows(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ids := writeOper(t, e, 5, time.Now().UTC())
	var seqs []int64
	if err := e.DB.NewSelect().Table("sys_oper_log").Column("chain_seq").Where("id IN (?, ?)", ids[1], ids[3]).OrderExpr("id").Scan(context.Background(), &seqs); err != nil {
		t.Fatal(err)
	}
	exec(t, e, "UPDATE sys_oper_log SET chain_seq = -1 WHERE id = ?", ids[1])
	exec(t, e, "UPDATE sys_oper_log SET chain_seq = ? WHERE id = ?", seqs[0], ids[3])
	exec(t, e, "UPDATE sys_oper_log SET chain_seq = ? WHERE id = ?", seqs[1], ids[1])
	expectBreak(t, e, "sys_oper_log", ids[3], "内容或顺序被改动")

	e2 := apptest.New(t)
	writeOper(t, e2, 3, time.Now().UTC())
	forged := &system.OperLog{Username: "ghost", Method: "POST", Path: "/api/x", Status: 200, CreatedAt: time.Now().UTC()}
	if _, err := e2.DB.NewInsert().Model(forged).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	expectBreak(t, e2, "sys_oper_log", forged.ID, "不在哈希链中")
	exec(t, e2, "UPDATE sys_oper_log SET chain_seq = 1000000, chain_mac = ?, chain_alg = 'hmac-sha256' WHERE id = ?", strings.Repeat("a", 64), forged.ID)
	expectBreak(t, e2, "sys_oper_log", forged.ID, "链头之后")

	// The login log is checked the same way.
	ll := &system.LoginLog{Username: "ghost", Success: true, CreatedAt: time.Now().UTC()}
	if _, err := e2.DB.NewInsert().Model(ll).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	expectBreak(t, e2, "sys_login_log", ll.ID, "不在哈希链中")
}

// The retention purge cuts the chain at a signed anchor: what is left
// verifies, a row changed afterwards is still named, and a moved anchor
// is caught.
func TestLogChainSurvivesThePurge(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := context.Background()
	now := time.Now().UTC()
	writeOper(t, e, 3, now.AddDate(0, 0, -200))
	for range 2 {
		if err := e.Sys.AppendLoginLog(ctx, &system.LoginLog{Username: "old", Success: true, CreatedAt: now.AddDate(0, 0, -200)}); err != nil {
			t.Fatal(err)
		}
	}
	kept := writeOper(t, e, 3, now)
	// A row of the retention's past written after a newer one (two writers'
	// clocks) waits: the cut never leaves a hole.
	late := writeOper(t, e, 1, now.AddDate(0, 0, -200))
	writeOper(t, e, 1, now)
	if err := e.Sys.PurgeLogs(ctx); err != nil {
		t.Fatal(err)
	}
	rs := expectIntact(t, e)
	if op := rs["sys_oper_log"]; op.Purged != 3 || op.First != 4 {
		t.Fatalf("operation log after the purge: %+v", op)
	}
	// The login log's old rows came after the admin's sign-in of today: they wait.
	if n, _ := e.DB.NewSelect().Table("sys_login_log").Where("username = 'old'").Count(ctx); n != 2 || rs["sys_login_log"].Purged != 0 {
		t.Fatalf("login log after the purge: %d old rows, %+v", n, rs["sys_login_log"])
	}
	if n, _ := e.DB.NewSelect().Table("sys_oper_log").Where("id = ?", late[0]).Count(ctx); n != 1 {
		t.Fatal("a row after a kept one was purged")
	}
	// A second purge with nothing new to cut changes nothing.
	if err := e.Sys.PurgeLogs(ctx); err != nil {
		t.Fatal(err)
	}
	expectIntact(t, e)

	exec(t, e, "UPDATE sys_oper_log SET status = 500 WHERE id = ?", kept[1])
	expectBreak(t, e, "sys_oper_log", kept[1], "内容或顺序被改动")
	exec(t, e, "UPDATE sys_oper_log SET status = 200 WHERE id = ?", kept[1])
	expectIntact(t, e)
	// The first kept row deleted and the anchor moved over it: unsigned.
	exec(t, e, "DELETE FROM sys_oper_log WHERE id = ?", kept[0])
	expectBreak(t, e, "sys_oper_log", kept[1], "缺失")
	exec(t, e, "UPDATE sys_log_chain SET anchor_seq = anchor_seq + 1 WHERE log_name = 'sys_oper_log'")
	expectBreak(t, e, "sys_oper_log", 0, "保留期清理的起点被改动")
}

// The migration chains the rows an older version wrote, in id order, with
// the audit key its context carries; without the key it refuses.
func TestLogChainMigrationChainsExistingRows(t *testing.T) {
	t.Parallel()
	var before []db.Migration
	for _, m := range app.Migrations() {
		if m.Version < 2026121403 {
			before = append(before, m)
		}
	}
	database := db.NewTest(t, before)
	ctx := context.Background()
	for i := range 3 {
		if _, err := database.ExecContext(ctx, `INSERT INTO sys_oper_log (username, method, path, status, ip, user_agent, duration_ms, created_at)
			VALUES (?, 'POST', '/api/x', 200, '', '', 1, ?)`, fmt.Sprintf("old%d", i), time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := database.ExecContext(ctx, `INSERT INTO sys_login_log (username, ip, user_agent, success, created_at)
		VALUES ('old', '', '', TRUE, ?)`, time.Now().UTC()); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(ctx, database, app.Migrations()); err == nil || !strings.Contains(err.Error(), "no audit key") {
		t.Fatalf("without a key: %v", err)
	}
	key, err := chain.NewKey(make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(chain.WithKey(ctx, key), database, app.Migrations()); err != nil {
		t.Fatal(err)
	}
	reports, err := system.VerifyLogChains(ctx, database, key)
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) != 2 || !reports[0].OK || reports[0].Rows != 3 || !reports[1].OK || reports[1].Rows != 1 {
		t.Fatalf("after the migration: %+v", reports)
	}
	var first string
	if err := database.NewSelect().Table("sys_oper_log").Column("username").Where("chain_seq = 1").Scan(ctx, &first); err != nil || first != "old0" {
		t.Fatalf("first in the chain: %q %v", first, err)
	}
	other, _ := chain.NewKey([]byte(strings.Repeat("k", 32)))
	if reports, _ := system.VerifyLogChains(ctx, database, other); reports[0].OK {
		t.Fatal("the chain verified with another key")
	}
}
