package jobs_test

import (
	"net/url"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/jobs"
)

// The 定时任务 page's routes through the whole server: each needs its
// permission (401 without a session, 403 without the permission), and the
// jobs are the ones the modules declare.
func TestJobRoutes(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	viewer, _ := e.UserWith("ALL", 0, jobs.PermList)
	editor, _ := e.UserWith("ALL", 0, jobs.PermList, jobs.PermEdit)
	runner, runnerID := e.UserWith("ALL", 0, jobs.PermList, jobs.PermRun)
	run := map[string]any{"name": "system.purgeExpired"}
	cron := map[string]any{"name": "system.purgeExpired", "cron": "*/5 * * * *"}
	e.ExpectCalls(t, []apptest.Call{
		{"GET", "/api/jobs", "", nil, 401},
		{"GET", "/api/jobs/runs", "", nil, 401},
		{"PUT", "/api/jobs", "", cron, 401},
		{"POST", "/api/jobs/run", "", run, 401},
		{"PUT", "/api/jobs", viewer, cron, 403},
		{"POST", "/api/jobs/run", viewer, run, 403},
		{"POST", "/api/jobs/run", editor, run, 403},
		{"PUT", "/api/jobs", runner, cron, 403},
	})

	list := apptest.DoJSON[[]jobs.View](t, e, 200, "GET", "/api/jobs", viewer, nil)
	names := map[string]jobs.View{}
	for _, v := range list {
		names[v.Name] = v
	}
	for _, n := range []string{"system.purgeExpired", "imports.purgeExpired", "remind.evaluate", "jobs.purgeRuns"} {
		if v, ok := names[n]; !ok || v.Title == "" || v.NextRun == nil || v.State != jobs.StateNoStart {
			t.Errorf("job %s: %+v", n, v)
		}
	}

	bad := e.Do("PUT", "/api/jobs", editor, map[string]any{"name": "system.purgeExpired", "cron": "0 25 * * *"})
	apptest.ExpectMessage(t, bad, 400, "Cron 表达式“0 25 * * *”无效：应为“分 时 日 月 周”五段，如 0 2 * * * 表示每天 2:00")
	apptest.Expect(t, e.Do("PUT", "/api/jobs", editor, map[string]any{"name": "system.purgeExpired", "enabled": 0}), 204)
	apptest.Expect(t, e.Do("PUT", "/api/jobs", editor, map[string]any{"name": "no.such.job", "enabled": 0}), 404)

	// Run now (also while switched off), as the runner; the history names them.
	started := apptest.DoJSON[jobs.Run](t, e, 200, "POST", "/api/jobs/run", runner, run)
	e.App.Jobs.Wait()
	runs, total := apptest.GetPage[jobs.Run](t, e, viewer, "/api/jobs/runs", url.Values{"jobName": {"system.purgeExpired"}})
	if total != 1 || runs[0].ID != started.ID || runs[0].Trigger != jobs.TriggerManual || runs[0].UserID == nil ||
		*runs[0].UserID != runnerID || runs[0].Success == nil || !*runs[0].Success {
		t.Errorf("runs %+v (total %d)", runs, total)
	}
	if res := e.Do("GET", "/api/jobs/runs?sort=error,asc", viewer, nil); res.Status != 400 {
		t.Errorf("sorting by an unlisted column: %d", res.Status)
	}
}

// Attack class 2 (ARCHITECTURE.md): a scheduled-jobs page must not run
// what a request names. No route creates or deletes a job, and running
// takes only the name of a job declared in code.
func TestJobsRunOnlyWhatTheCodeDeclares(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	for _, c := range []struct {
		method, path string
		body         any
		want         int
	}{
		{"POST", "/api/jobs", map[string]any{"name": "x", "cron": "* * * * *", "invokeTarget": "os.RemoveAll('/')"}, 405},
		{"DELETE", "/api/jobs", []int{1}, 405},
		{"POST", "/api/jobs/run", map[string]any{"name": "java.lang.Runtime.exec", "invokeTarget": "rm -rf /"}, 404},
		{"POST", "/api/jobs/run", map[string]any{"name": "../../system.purgeExpired"}, 404},
	} {
		if res := e.Do(c.method, c.path, e.AdminTK, c.body); res.Status != c.want {
			t.Errorf("%s %s %v: %d, want %d", c.method, c.path, c.body, res.Status, c.want)
		}
	}
}
