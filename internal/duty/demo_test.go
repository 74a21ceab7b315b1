package duty_test

import (
	"net/url"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/duty"
)

// The demo on the test world: the 党委's two unit tasks (计算机 and 数学),
// 计算机's member task (its three members) and its unit task (its branch);
// every submitted report has a submission time and the late mark follows
// the due day; the integrity records are seen by the discipline office.
func TestSeedDemo_TasksAndRecords(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	res, err := w.e.App.Duty.SeedDemo(t.Context(), duty.DemoOptions{Seed: 3, Today: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	if res.Tasks != 4 || res.Reports != 2+2+2+1 || res.Records == 0 {
		t.Fatalf("demo %+v", res)
	}
	tasks, _ := apptest.GetPage[duty.TaskView](t, w.e, w.e.AdminTK, "/api/zbgz/tasks", nil)
	if len(tasks) != 4 {
		t.Fatalf("tasks %+v", tasks)
	}
	for _, task := range tasks {
		for _, r := range w.reports(t, w.e.AdminTK, task.ID) {
			if (r.State != duty.StateMissing) != (r.SubmittedAt != nil) {
				t.Errorf("report %+v", r)
			}
		}
	}
	rows, _ := apptest.GetPage[duty.RecordView](t, w.e, w.discTK, "/api/dlda/records", url.Values{"size": {"100"}})
	if len(rows) == 0 {
		t.Error("the discipline office sees no demo record")
	}
}
