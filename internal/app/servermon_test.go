package app_test

import (
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/servermon"
)

// Issue 33, 服务监控: the system administrators see this instance's process,
// machine, disk, database and the jobs' recent runs; nobody else does.
func TestServerMonitor(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	plain, _ := e.UserWith("ALL", 0, "user:list")
	e.ExpectCalls(t, []apptest.Call{
		{Method: "GET", Path: "/api/monitor/server", Want: 401},
		{Method: "GET", Path: "/api/monitor/server", Token: plain, Want: 403},
	})
	// A failed run of the last day is named (the history is the jobs' own table).
	if _, err := e.DB.ExecContext(t.Context(), `INSERT INTO sys_job_run (job_name, trigger_type, state, success, error, instance, started_at, finished_at, duration_ms)
		VALUES ('system.purgeLogs', 1, 3, FALSE, '磁盘已满', 'test', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 5)`); err != nil {
		t.Fatal(err)
	}
	var st servermon.Status
	res := e.Do("GET", "/api/monitor/server", e.AdminTK, nil)
	apptest.Expect(t, res, 200)
	res.JSON(t, &st)
	if st.Instance.PID == 0 || st.Instance.Version == "" || st.Process.Goroutines == 0 || st.Process.HeapAlloc == 0 || st.Host.CPUs == 0 {
		t.Errorf("instance and process: %+v %+v %+v", st.Instance, st.Process, st.Host)
	}
	if st.Database.Size <= 0 || st.Database.Open == 0 || (st.Database.Driver != "SQLite" && st.Database.Driver != "PostgreSQL") {
		t.Errorf("database: %+v", st.Database)
	}
	if st.Jobs.Jobs == 0 || st.Jobs.Runs < 1 || st.Jobs.Failed < 1 || st.Jobs.LastFailure == nil || st.Jobs.LastFailure.Error != "磁盘已满" {
		t.Errorf("jobs: %+v", st.Jobs)
	}
	// Linux, where the tests run, gives every reading.
	if len(st.Unread) > 0 || st.Disk.Total == 0 || st.Host.MemTotal == 0 || st.Process.RSS == 0 {
		t.Errorf("unread %v, disk %+v, memory %d, rss %d", st.Unread, st.Disk, st.Host.MemTotal, st.Process.RSS)
	}
	e.ExpectGrants(t, "server:", map[string][]string{"系统管理员": {"server:list"}, "组织部管理员": nil})
}
