package jobs_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/jobs"
)

func TestMain(m *testing.M) { db.TestMain(m) }

// start is 30 s before a minute's tick (UTC; 08:00:30 in China), and a
// millisecond: a real clock is always a little past the tick when its timer
// fires, and gocron fires a tick again when the clock stands exactly on it.
var start = time.Date(2026, 3, 2, 0, 0, 30, int(time.Millisecond), time.UTC)

// tick is what a scheduler reports of one scheduled tick.
type tick struct {
	instance string
	ran      bool
}

// world is one database with schedulers on it sharing a fake clock.
type world struct {
	t     *testing.T
	db    *bun.DB
	clock *clockwork.FakeClock
	ticks chan tick
}

func newWorld(t *testing.T) *world {
	return &world{t: t, db: db.NewTest(t, jobs.Migrations()), clock: clockwork.NewFakeClockAt(start), ticks: make(chan tick, 16)}
}

// scheduler builds (not starts) an instance named name with the jobs.
func (w *world) scheduler(name string, declared ...jobs.Job) *jobs.Scheduler {
	w.t.Helper()
	s, err := jobs.New(w.db, declared, jobs.Options{Clock: w.clock, Instance: name,
		Ticked: func(job string, ran bool) {
			if job != "jobs.purgeRuns" {
				w.ticks <- tick{name, ran}
			}
		}})
	if err != nil {
		w.t.Fatal(err)
	}
	w.t.Cleanup(func() { s.Stop() }) //nolint:errcheck
	return s
}

// started is scheduler and Start.
func (w *world) started(name string, declared ...jobs.Job) *jobs.Scheduler {
	w.t.Helper()
	s := w.scheduler(name, declared...)
	if err := s.Start(context.Background()); err != nil {
		w.t.Fatal(err)
	}
	return s
}

// advance waits until timers are armed on the fake clock (every started
// job of every scheduler), moves it by d and collects n tick reports.
func (w *world) advance(timers int, d time.Duration, n int) []tick {
	w.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := w.clock.BlockUntilContext(ctx, timers); err != nil {
		w.t.Fatalf("timers not armed: %v", err)
	}
	w.clock.Advance(d)
	var out []tick
	for len(out) < n {
		select {
		case tk := <-w.ticks:
			out = append(out, tk)
		case <-ctx.Done():
			w.t.Fatalf("got %d tick reports, want %d", len(out), n)
		}
	}
	return out
}

// runs reads every run of job, oldest first.
func (w *world) runs(job string) []jobs.Run {
	w.t.Helper()
	var rows []jobs.Run
	if err := w.db.NewSelect().Model(&rows).Where("job_name = ?", job).OrderExpr("id").Scan(context.Background()); err != nil {
		w.t.Fatal(err)
	}
	return rows
}

func counting(name string, calls *atomic.Int32) jobs.Job {
	return jobs.Job{Name: name, Title: "测试任务", Cron: "* * * * *", Run: func(context.Context) error {
		calls.Add(1)
		return nil
	}}
}

// Two instances on one database, each scheduling the same job every
// minute: each tick runs exactly once, on one of them.
func TestTwoSchedulersRunEachTickOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var calls atomic.Int32
	w.started("a", counting("test.count", &calls))
	w.started("b", counting("test.count", &calls))
	// Each scheduler arms a timer for the job and one for jobs.purgeRuns.
	for round := 1; round <= 3; round++ {
		d := time.Minute
		if round == 1 {
			d = 30 * time.Second
		}
		got := w.advance(4, d, 2)
		ran := 0
		for _, tk := range got {
			if tk.ran {
				ran++
			}
		}
		if ran != 1 {
			t.Fatalf("round %d: %v: want exactly one instance to run the tick", round, got)
		}
	}
	if calls.Load() != 3 {
		t.Errorf("the job ran %d times in 3 ticks", calls.Load())
	}
	runs := w.runs("test.count")
	if len(runs) != 3 {
		t.Fatalf("%d runs kept, want 3", len(runs))
	}
	for _, r := range runs {
		if r.State != jobs.StateFinish || r.Success == nil || !*r.Success || r.Trigger != jobs.TriggerSchedule ||
			(r.Instance != "a" && r.Instance != "b") || r.DurationMS == nil {
			t.Errorf("run %+v", r)
		}
	}
}

// A run whose instance died leaves its START row and an unexpired lease:
// the job is busy until the lease expires, then the next run takes the
// lease and marks the dead run as failed.
func TestCrashedRunIsMarkedFailedAfterTheLeaseExpires(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var calls atomic.Int32
	s := w.scheduler("b", jobs.Job{Name: "test.crash", Title: "测试任务", Cron: "0 2 * * *", Timeout: 10 * time.Minute,
		Run: func(context.Context) error { calls.Add(1); return nil }})
	ctx := context.Background()
	if _, err := w.db.ExecContext(ctx, `INSERT INTO sys_job_lease (name, holder, tick, expires_at) VALUES (?, 'dead', ?, ?)`,
		"test.crash", start.Add(-time.Minute), start.Add(10*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.ExecContext(ctx, `INSERT INTO sys_job_run (job_name, trigger_type, state, error, instance, started_at)
		VALUES ('test.crash', 1, 2, '', 'dead', ?)`, start.Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RunNow(ctx, "test.crash"); statusOf(err) != 409 {
		t.Fatalf("run now while the dead lease holds: %v, want 409", err)
	}
	w.clock.Advance(10 * time.Minute) // the lease expires
	run, err := s.RunNow(ctx, "test.crash")
	if err != nil {
		t.Fatal(err)
	}
	s.Wait()
	runs := w.runs("test.crash")
	if len(runs) != 2 || runs[1].ID != run.ID {
		t.Fatalf("runs %+v", runs)
	}
	dead, now := runs[0], runs[1]
	if dead.State != jobs.StateFinish || dead.Success == nil || *dead.Success || dead.Error == "" || dead.FinishedAt == nil {
		t.Errorf("the dead run: %+v, want FINISH, failed, with the reason", dead)
	}
	if now.State != jobs.StateFinish || !*now.Success || now.Trigger != jobs.TriggerManual || calls.Load() != 1 {
		t.Errorf("the new run: %+v (calls %d)", now, calls.Load())
	}
}

// A job switched OFF skips its ticks (on every instance: the switch is
// read from the table) and runs again once switched ON.
func TestSwitchedOffJobSkipsItsTicks(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var calls atomic.Int32
	a := w.started("a", counting("test.switch", &calls))
	off, on := jobs.Off, jobs.On
	if err := a.Update(context.Background(), jobs.Change{Name: "test.switch", Enabled: &off}); err != nil {
		t.Fatal(err)
	}
	if got := w.advance(2, 30*time.Second, 1); got[0].ran {
		t.Fatal("a switched-off job ran")
	}
	if err := a.Update(context.Background(), jobs.Change{Name: "test.switch", Enabled: &on}); err != nil {
		t.Fatal(err)
	}
	if got := w.advance(2, time.Minute, 1); !got[0].ran {
		t.Fatal("a switched-on job did not run")
	}
	if calls.Load() != 1 || len(w.runs("test.switch")) != 1 {
		t.Errorf("calls %d, runs %d, want 1 and 1", calls.Load(), len(w.runs("test.switch")))
	}
}

// A schedule changed on one instance holds on the others: their next tick
// of the old schedule is skipped unless the new one has it too.
func TestCronChangedElsewhereIsFollowed(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var calls atomic.Int32
	b := w.started("b", counting("test.moved", &calls))
	editor := w.scheduler("a", counting("test.moved", &calls)) // not started: it only edits
	every5 := "*/5 * * * *"
	if err := editor.Update(context.Background(), jobs.Change{Name: "test.moved", Cron: &every5}); err != nil {
		t.Fatal(err)
	}
	// 08:01 is a tick of b's old schedule only.
	if got := w.advance(2, 30*time.Second, 1); got[0].ran {
		t.Fatal("b ran a tick its stored schedule no longer has")
	}
	// b now follows */5: its next tick is 08:05.
	if got := w.advance(2, 4*time.Minute, 1); !got[0].ran {
		t.Fatal("b did not run at 08:05")
	}
	if runs := w.runs("test.moved"); len(runs) != 1 || !runs[0].StartedAt.Truncate(time.Second).Equal(time.Date(2026, 3, 2, 0, 5, 0, 0, time.UTC)) {
		t.Errorf("runs %+v, want one at 08:05", runs)
	}
	_ = b
}

// Run now keeps the job's error (and a panic) on its row; a second run
// while one is in progress is refused.
func TestRunNowKeepsErrorsAndRefusesOverlap(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	release := make(chan struct{})
	s := w.scheduler("a",
		jobs.Job{Name: "test.fail", Title: "失败的任务", Cron: "@daily", Run: func(context.Context) error { return errors.New("磁盘已满") }},
		jobs.Job{Name: "test.panic", Title: "崩溃的任务", Cron: "@daily", Run: func(context.Context) error { panic("boom") }},
		jobs.Job{Name: "test.slow", Title: "慢任务", Cron: "@daily", Run: func(context.Context) error { <-release; return nil }})
	ctx := context.Background()
	for _, name := range []string{"test.fail", "test.panic"} {
		if _, err := s.RunNow(ctx, name); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.RunNow(ctx, "test.slow"); err != nil {
		t.Fatal(err)
	}
	_, err := s.RunNow(ctx, "test.slow")
	if statusOf(err) != 409 || messageOf(err) != "“慢任务”正在执行，请等待本次执行结束" {
		t.Errorf("second run now: %v", err)
	}
	if _, err := s.RunNow(ctx, "test.none"); statusOf(err) != 404 {
		t.Errorf("unknown job: %v, want 404", err)
	}
	close(release)
	s.Wait()
	for name, want := range map[string]string{"test.fail": "磁盘已满", "test.panic": "panic: boom"} {
		r := w.runs(name)
		if len(r) != 1 || r[0].Success == nil || *r[0].Success || r[0].Error != want {
			t.Errorf("%s: %+v, want failed with %q", name, r, want)
		}
	}
	w.clock.Advance(time.Second)
	if _, err := s.RunNow(ctx, "test.slow"); err != nil {
		t.Errorf("run now after the run ended: %v", err)
	}
	s.Wait()
}

// The list shows the stored schedule, the switch, the last run and the
// next tick (none when OFF).
func TestListShowsScheduleStateAndNextRun(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	s := w.scheduler("a", jobs.Job{Name: "test.list", Title: "列表任务", Cron: "0 2 * * *", Run: func(context.Context) error { return nil }})
	ctx := context.Background()
	views, err := s.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	v := views[0]
	// 2:00 in China is 18:00 UTC the day before.
	if v.Name != "test.list" || v.State != jobs.StateNoStart || v.LastRun != nil || v.NextRun == nil ||
		!v.NextRun.Equal(time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC)) || v.Enabled != jobs.On ||
		v.Schedule != "每天 02:00" || v.DefaultSchedule != "每天 02:00" {
		t.Errorf("fresh job: %+v", v)
	}
	if views[len(views)-1].Name != "jobs.purgeRuns" {
		t.Errorf("the history purge is not listed: %+v", views)
	}
	if _, err := s.RunNow(ctx, "test.list"); err != nil {
		t.Fatal(err)
	}
	s.Wait()
	cron, off := "30 6 * * 1", jobs.Off
	if err := s.Update(ctx, jobs.Change{Name: "test.list", Cron: &cron, Enabled: &off}); err != nil {
		t.Fatal(err)
	}
	views, _ = s.List(ctx)
	v = views[0]
	if v.Cron != cron || v.DefaultCron != "0 2 * * *" || v.Schedule != "每周一 06:30" || v.DefaultSchedule != "每天 02:00" ||
		v.Enabled != jobs.Off || v.NextRun != nil ||
		v.State != jobs.StateFinish || v.LastRun == nil || !*v.LastRun.Success {
		t.Errorf("after a run and an edit: %+v", v)
	}
}

func TestCronValidation(t *testing.T) {
	t.Parallel()
	for expr, want := range map[string]string{
		"":                        "请输入 Cron 表达式",
		"* * * *":                 "Cron 表达式应为“分 时 日 月 周”五段，如 0 2 * * * 表示每天 2:00",
		"0 0 2 * * *":             "Cron 表达式应为“分 时 日 月 周”五段，如 0 2 * * * 表示每天 2:00",
		"61 * * * *":              "Cron 表达式“61 * * * *”无效：应为“分 时 日 月 周”五段，如 0 2 * * * 表示每天 2:00",
		"0 2 30 2 *":              "Cron 表达式“0 2 30 2 *”无效：应为“分 时 日 月 周”五段，如 0 2 * * * 表示每天 2:00",
		"@every 1m":               "不支持 @every，请使用“分 时 日 月 周”五段表达式",
		"@sometimes":              "不支持的 Cron 描述符“@sometimes”",
		"TZ=UTC 0 2 * * *":        "Cron 表达式应为“分 时 日 月 周”五段，如 0 2 * * * 表示每天 2:00",
		"CRON_TZ=UTC * * * * 1":   "Cron 表达式应为“分 时 日 月 周”五段，如 0 2 * * * 表示每天 2:00",
		string(make([]byte, 101)): "Cron 表达式不能超过 100 个字符",
	} {
		_, err := jobs.ParseCron(expr)
		if httpx.FieldOf(err) != "cron" || messageOf(err) != want {
			t.Errorf("%q: %v, want %q on cron", expr, err, want)
		}
	}
	for _, expr := range []string{"0 2 * * *", " */5  8-18 * * 1-5 ", "@daily", "0 0 1 1 *"} {
		if _, err := jobs.ParseCron(expr); err != nil {
			t.Errorf("%q: %v", expr, err)
		}
	}
	w := newWorld(t)
	s := w.scheduler("a", jobs.Job{Name: "test.v", Title: "校验", Cron: "@daily", Run: func(context.Context) error { return nil }})
	bad, two := "61 * * * *", 2
	if err := s.Update(context.Background(), jobs.Change{Name: "test.v", Cron: &bad}); httpx.FieldOf(err) != "cron" {
		t.Errorf("update with a bad cron: %v", err)
	}
	if err := s.Update(context.Background(), jobs.Change{Name: "test.v", Enabled: &two}); httpx.FieldOf(err) != "enabled" {
		t.Errorf("update with enabled 2: %v", err)
	}
	if n, _ := w.db.NewSelect().Table("sys_job").Count(context.Background()); n != 0 {
		t.Errorf("a refused update stored %d rows", n)
	}
}

// A tick is the same instant on every instance, however late it fires.
func TestLastTick(t *testing.T) {
	t.Parallel()
	s, _ := jobs.ParseCron("0 2 * * *") // 18:00 UTC
	at := time.Date(2026, 3, 2, 18, 0, 0, 0, time.UTC)
	for _, now := range []time.Time{at, at.Add(time.Second), at.Add(23 * time.Hour)} {
		if got := s.Last(now); !got.Equal(at) {
			t.Errorf("Last(%v) = %v, want %v", now, got, at)
		}
	}
	if got := s.Last(at.Add(-time.Second)); !got.Equal(at.Add(-24 * time.Hour)) {
		t.Errorf("just before the tick: %v", got)
	}
	yearly, _ := jobs.ParseCron("@yearly")
	if got := yearly.Last(at); !got.Equal(time.Date(2025, 12, 31, 16, 0, 0, 0, time.UTC)) {
		t.Errorf("yearly: %v", got)
	}
}

// statusOf and messageOf read an *httpx.Error (0 and "" for anything else).
func statusOf(err error) int {
	var e *httpx.Error
	if errors.As(err, &e) {
		return e.Status
	}
	return 0
}

func messageOf(err error) string {
	var e *httpx.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return ""
}
