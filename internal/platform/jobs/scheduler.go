package jobs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/go-co-op/gocron/v2"
	"github.com/google/uuid"
	"github.com/jonboulle/clockwork"
	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Options are what a Scheduler may be given besides its jobs.
type Options struct {
	// Clock drives the schedule and stamps the rows (tests pass a fake one).
	// Nil: the real clock.
	Clock clockwork.Clock
	// Instance names this process in leases and runs. "": host name, process
	// id and a random suffix.
	Instance string
	// Ticked, when set, hears every scheduled tick this instance handled,
	// once it is done with it (a run's lease released): ran is false when the
	// tick was skipped (another instance holds it, the job is off). Tests
	// wait on it instead of sleeping.
	Ticked func(name string, ran bool)
	// Observer, when set, hears of the jobs this scheduler holds and of the
	// end of each run on this instance (the metrics).
	Observer Observer
}

// Observer is told what the scheduler holds and runs. An interface here,
// not the metrics library's types, so the jobs package stays free of it.
type Observer interface {
	// JobDeclared is called once per job New accepts.
	JobDeclared(name string)
	// JobFinished is called after each run, with its duration as its run
	// record keeps it and its error (nil on success, a panic as an error).
	JobFinished(name string, took time.Duration, err error)
}

// Scheduler runs the declared jobs. Several instances on one database run
// each tick once between them.
type Scheduler struct {
	db       *bun.DB
	jobs     []Job
	byName   map[string]Job
	clock    clockwork.Clock
	instance string
	ticked   func(string, bool)
	observer Observer

	mu        sync.Mutex
	cron      gocron.Scheduler // nil until Start
	scheduled map[string]scheduledJob
	base      context.Context // runs' parent: ends at Stop
	stop      context.CancelFunc
	running   sync.WaitGroup // manual runs in flight
}

// scheduledJob is a job as gocron holds it on this instance: its id and
// the schedule gocron asks for the next tick.
type scheduledJob struct {
	id   uuid.UUID
	live *liveCron
}

// liveCron is the gocron.Cron of a job: the schedule it delegates to is
// swapped when the stored one changes, so gocron computes the following
// ticks from the new schedule without the job being replaced (replacing a
// job from inside its own tick races with gocron's rescheduling of it).
type liveCron struct {
	mu    sync.Mutex
	sched Schedule
}

func (c *liveCron) IsValid(crontab string, _ *time.Location, _ time.Time) error {
	sched, err := ParseCron(crontab)
	if err != nil {
		return err
	}
	c.set(sched)
	return nil
}

func (c *liveCron) Next(t time.Time) time.Time { return c.get().Next(t) }

func (c *liveCron) get() Schedule {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sched
}

func (c *liveCron) set(s Schedule) {
	c.mu.Lock()
	c.sched = s
	c.mu.Unlock()
}

// New checks the declarations and builds a scheduler; it adds the job that
// purges old run history. Nothing runs before Start, but RunNow works.
func New(database *bun.DB, declared []Job, opts Options) (*Scheduler, error) {
	s := &Scheduler{db: database, byName: map[string]Job{}, clock: opts.Clock, instance: opts.Instance,
		ticked: opts.Ticked, observer: opts.Observer, scheduled: map[string]scheduledJob{}}
	if s.clock == nil {
		s.clock = clockwork.NewRealClock()
	}
	if s.instance == "" {
		s.instance = instanceName()
	}
	s.base, s.stop = context.WithCancel(context.Background())
	all := append(append([]Job(nil), declared...), Job{Name: "jobs.purgeRuns", Title: "清理定时任务执行记录",
		Cron: "40 3 * * *", Run: s.purgeRuns})
	for _, j := range all {
		if err := j.check(); err != nil {
			return nil, err
		}
		if _, dup := s.byName[j.Name]; dup {
			return nil, fmt.Errorf("jobs: two jobs are named %s", j.Name)
		}
		s.byName[j.Name] = j
		s.jobs = append(s.jobs, j)
	}
	if s.observer != nil {
		for _, j := range s.jobs {
			s.observer.JobDeclared(j.Name)
		}
	}
	return s, nil
}

// instanceName is "host-pid-random": unique among the instances sharing a database.
func instanceName() string {
	host, _ := os.Hostname()
	b := make([]byte, 3)
	rand.Read(b) //nolint:errcheck // crypto/rand never fails on Linux
	return fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b))
}

// Instance is the name this scheduler writes on leases and runs.
func (s *Scheduler) Instance() string { return s.instance }

func (s *Scheduler) now() time.Time { return s.clock.Now().UTC() }

// Start schedules every job on its stored (or default) cron and starts the
// ticks. Call Stop to end them.
func (s *Scheduler) Start(ctx context.Context) error {
	cron, err := gocron.NewScheduler(gocron.WithClock(s.clock), gocron.WithLocation(Location),
		gocron.WithDistributedLocker(locker{s}))
	if err != nil {
		return err
	}
	stored, err := s.settings(ctx)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cron = cron
	for _, j := range s.jobs {
		expr := j.Cron
		if row, ok := stored[j.Name]; ok {
			if _, err := ParseCron(row.Cron); err == nil {
				expr = row.Cron
			} else {
				slog.Warn("jobs: stored cron is invalid, using the default", "job", j.Name, "cron", row.Cron)
			}
		}
		if err := s.scheduleLocked(j, expr); err != nil {
			return err
		}
	}
	cron.Start()
	return nil
}

// scheduleLocked (re)registers j with gocron on expr; s.mu is held.
func (s *Scheduler) scheduleLocked(j Job, expr string) error {
	cur, ok := s.scheduled[j.Name]
	if !ok {
		cur = scheduledJob{live: &liveCron{}}
	}
	def := gocron.CronJob(expr, false)
	// The task ignores gocron's own context: replacing a job cancels that
	// one, and a run in progress must not end because its cron was edited.
	task := gocron.NewTask(func() { s.runScheduled(j) })
	// No singleton mode: the lease already keeps a tick from starting while
	// the job's previous run holds it, here or on another instance.
	opts := []gocron.JobOption{gocron.WithName(j.Name), gocron.WithCronImplementation(cur.live)}
	var err error
	var g gocron.Job
	if ok {
		g, err = s.cron.Update(cur.id, def, task, opts...)
	} else {
		g, err = s.cron.NewJob(def, task, opts...)
	}
	if err != nil {
		return fmt.Errorf("jobs: schedule %s on %q: %w", j.Name, expr, err)
	}
	cur.id = g.ID()
	s.scheduled[j.Name] = cur
	return nil
}

// reschedule re-arms a job of a started scheduler on expr at once (the
// page changed it here). A no-op before Start or when it is already there.
func (s *Scheduler) reschedule(name, expr string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cur, ok := s.scheduled[name]
	if s.cron == nil || !ok || cur.live.get().Expr == expr {
		return
	}
	if err := s.scheduleLocked(s.byName[name], expr); err != nil {
		slog.Warn("jobs: reschedule", "job", name, "err", err)
	}
}

// follow makes gocron compute this instance's next ticks of a job from
// sched (changed on another instance), and answers the schedule it
// followed until now.
func (s *Scheduler) follow(name string, sched Schedule) (was Schedule, ok bool) {
	s.mu.Lock()
	cur, ok := s.scheduled[name]
	s.mu.Unlock()
	if !ok {
		return Schedule{}, false
	}
	was = cur.live.get()
	if was.Expr != sched.Expr {
		cur.live.set(sched)
	}
	return was, true
}

// Stop ends the ticks, cancels the runs in progress and waits for them.
func (s *Scheduler) Stop() error {
	s.mu.Lock()
	cron := s.cron
	s.mu.Unlock()
	s.stop()
	var err error
	if cron != nil {
		err = cron.Shutdown()
	}
	s.running.Wait()
	return err
}

// Wait blocks until the manual runs started so far have finished.
func (s *Scheduler) Wait() { s.running.Wait() }

// errSkip is what the locker answers when this instance must not run the
// tick; gocron then simply waits for the next one.
var errSkip = errors.New("jobs: tick skipped")

// locker is gocron's distributed locker on the lease table.
type locker struct{ s *Scheduler }

// Lock decides whether this instance runs the tick that just fired: the
// job must be on, the tick must be one of its stored schedule (another
// instance may have changed it) and the lease for the tick must be won.
func (l locker) Lock(ctx context.Context, name string) (gocron.Lock, error) {
	s := l.s
	tick, ok, err := s.claimTick(ctx, name)
	if err != nil {
		slog.Warn("jobs: lease", "job", name, "err", err)
	}
	if !ok {
		s.tickDone(name, false)
		return nil, errSkip
	}
	return lease{s: s, name: name, tick: tick}, nil
}

// claimTick reads the job's stored schedule and claims the lease of the
// tick that fired.
func (s *Scheduler) claimTick(ctx context.Context, name string) (time.Time, bool, error) {
	j := s.byName[name]
	now := s.now()
	cfg, err := s.setting(ctx, j)
	if err != nil || cfg.Enabled != On {
		return time.Time{}, false, err
	}
	stored, err := ParseCron(cfg.Cron)
	if err != nil {
		return time.Time{}, false, err
	}
	tick := stored.Last(now)
	if was, ok := s.follow(name, stored); ok && was.Expr != stored.Expr && !was.Last(now).Equal(tick) {
		// Changed on another instance, and the tick that fired is one of
		// the old schedule only.
		return time.Time{}, false, nil
	}
	ok, err := s.acquire(ctx, j, tick, now)
	return tick, ok, err
}

// lease is a won tick; gocron releases it after the run.
type lease struct {
	s    *Scheduler
	name string
	tick time.Time
}

func (l lease) Unlock(ctx context.Context) error {
	err := l.s.release(context.WithoutCancel(ctx), l.name, l.tick)
	l.s.tickDone(l.name, true)
	return err
}

// acquire claims the job's lease for tick in one statement, so of two
// instances claiming one tick exactly one gets it. The lease is free when
// its last holder released it (expires_at set to the release time) or when
// it expired (the holder died mid-run); a newer tick is required, so a tick
// already run is not run again by a late instance. Having won, the runs a
// dead holder left in START are marked as failed.
func (s *Scheduler) acquire(ctx context.Context, j Job, tick, now time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, `INSERT INTO sys_job_lease (name, holder, tick, expires_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, tick = excluded.tick, expires_at = excluded.expires_at
		WHERE sys_job_lease.tick < excluded.tick AND sys_job_lease.expires_at <= ?`,
		j.Name, s.instance, tick, now.Add(j.timeout()+leaseSlack), now)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return false, err
	}
	_, err = s.db.NewUpdate().Model((*Run)(nil)).Set("state = ?", StateFinish).Set("success = ?", false).
		Set("error = ?", "执行中断：运行实例已停止或超时，租约过期后由后续执行标记").Set("finished_at = ?", now).
		Where("job_name = ?", j.Name).Where("state = ?", StateStart).Exec(ctx)
	return true, err
}

// release frees the lease of tick (only this instance's, only that tick's).
func (s *Scheduler) release(ctx context.Context, name string, tick time.Time) error {
	_, err := s.db.NewUpdate().Table("sys_job_lease").Set("expires_at = ?", s.now()).
		Where("name = ?", name).Where("holder = ?", s.instance).Where("tick = ?", tick).Exec(ctx)
	return err
}

// runScheduled is gocron's task: the lease is held.
func (s *Scheduler) runScheduled(j Job) {
	if run, err := s.begin(s.base, j, TriggerSchedule, nil); err != nil {
		slog.Warn("jobs: start run", "job", j.Name, "err", err)
	} else {
		s.execute(j, run)
	}
}

func (s *Scheduler) tickDone(name string, ran bool) {
	if s.ticked != nil {
		s.ticked(name, ran)
	}
}

// begin writes the START row of a run.
func (s *Scheduler) begin(ctx context.Context, j Job, trigger int, userID *int64) (*Run, error) {
	run := &Run{JobName: j.Name, Trigger: trigger, State: StateStart, Instance: s.instance, UserID: userID, StartedAt: s.now()}
	if _, err := s.db.NewInsert().Model(run).Returning("id").Exec(ctx); err != nil {
		return nil, err
	}
	return run, nil
}

// execute runs j under its timeout and writes the outcome on run's row. A
// panic is an error of the run, not of the process.
func (s *Scheduler) execute(j Job, run *Run) {
	ctx, cancel := context.WithTimeout(s.base, j.timeout())
	defer cancel()
	err := func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic: %v", p)
			}
		}()
		return j.Run(ctx)
	}()
	finished := s.now()
	took := finished.Sub(run.StartedAt)
	ms := took.Milliseconds()
	ok := err == nil
	if s.observer != nil {
		s.observer.JobFinished(j.Name, took, err)
	}
	text := ""
	if err != nil {
		text = db.Clip(err.Error(), maxError)
		slog.Warn("jobs: run failed", "job", j.Name, "err", err)
	}
	// Only a row still in START: one marked failed meanwhile (the run
	// outlived its lease) keeps that verdict.
	if _, err := s.db.NewUpdate().Model((*Run)(nil)).Set("state = ?", StateFinish).Set("success = ?", ok).
		Set("error = ?", text).Set("finished_at = ?", finished).Set("duration_ms = ?", ms).
		Where("id = ?", run.ID).Where("state = ?", StateStart).Exec(context.WithoutCancel(ctx)); err != nil {
		slog.Warn("jobs: finish run", "job", j.Name, "err", err)
	}
}
