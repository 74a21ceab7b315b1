package jobs

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"time"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// What the 定时任务 page reads and changes. Every job is system-wide: the
// permissions are the whole guard (no data scope applies).

// settings reads every stored schedule by job name.
func (s *Scheduler) settings(ctx context.Context) (map[string]setting, error) {
	var rows []setting
	if err := s.db.NewSelect().Model(&rows).Scan(ctx); err != nil {
		return nil, err
	}
	out := make(map[string]setting, len(rows))
	for _, r := range rows {
		out[r.Name] = r
	}
	return out, nil
}

// setting reads one job's stored schedule, or its declared default.
func (s *Scheduler) setting(ctx context.Context, j Job) (setting, error) {
	row := setting{Name: j.Name}
	err := s.db.NewSelect().Model(&row).WherePK().Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return setting{Name: j.Name, Cron: j.Cron, Enabled: On}, nil
	}
	return row, err
}

// List is every job with its schedule, switch, last run and next tick.
func (s *Scheduler) List(ctx context.Context) ([]View, error) {
	stored, err := s.settings(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	var last []Run
	if err := s.db.NewSelect().Model(&last).
		Where("jr.id IN (SELECT MAX(id) FROM sys_job_run GROUP BY job_name)").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	lastOf := map[string]*Run{}
	for i := range last {
		lastOf[last[i].JobName] = &last[i]
	}
	now := s.now()
	out := make([]View, 0, len(s.jobs))
	for _, j := range s.jobs {
		v := View{Name: j.Name, Title: j.Title, Cron: j.Cron, DefaultCron: j.Cron, Enabled: On, State: StateNoStart}
		if row, ok := stored[j.Name]; ok {
			v.Cron, v.Enabled = row.Cron, row.Enabled
		}
		v.Schedule, v.DefaultSchedule = Describe(v.Cron), Describe(j.Cron)
		if r := lastOf[j.Name]; r != nil {
			v.LastRun, v.State = r, r.State
		}
		if sched, err := ParseCron(v.Cron); err == nil && v.Enabled == On {
			next := sched.Next(now)
			v.NextRun = &next
		}
		out = append(out, v)
	}
	return out, nil
}

// job finds a declared job; an unknown name is a 404.
func (s *Scheduler) job(name string) (Job, error) {
	j, ok := s.byName[name]
	if !ok {
		return Job{}, httpx.NotFound("定时任务不存在")
	}
	return j, nil
}

// Update changes a job's schedule and/or switch (validated: a bad cron is
// a 400 naming "cron"). This instance follows at once; the others at their
// next tick of the old schedule (claimTick).
func (s *Scheduler) Update(ctx context.Context, in Change) error {
	j, err := s.job(in.Name)
	if err != nil {
		return err
	}
	cur, err := s.setting(ctx, j)
	if err != nil {
		return httpx.Internal(err)
	}
	if in.Cron != nil {
		sched, err := ParseCron(*in.Cron)
		if err != nil {
			return err
		}
		cur.Cron = sched.Expr
	}
	if in.Enabled != nil {
		if err := CheckSwitch(*in.Enabled); err != nil {
			return err
		}
		cur.Enabled = *in.Enabled
	}
	cur.UpdatedAt = s.now()
	if p := rbac.From(ctx); p != nil {
		cur.UpdatedBy = &p.UserID
	}
	_, err = s.db.NewInsert().Model(&cur).
		On("CONFLICT (name) DO UPDATE").Set("cron = EXCLUDED.cron").Set("enabled = EXCLUDED.enabled").
		Set("updated_by = EXCLUDED.updated_by").Set("updated_at = EXCLUDED.updated_at").Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	s.reschedule(j.Name, cur.Cron)
	return nil
}

// RunNow starts a run of the job on this instance at once (switched off or
// not) and answers its START row; the run goes on after the request. While
// a run of the job is in progress anywhere it is a 409.
func (s *Scheduler) RunNow(ctx context.Context, name string) (*Run, error) {
	j, err := s.job(name)
	if err != nil {
		return nil, err
	}
	now := s.now()
	tick := now.Truncate(time.Microsecond) // as both databases store it
	won, err := s.acquire(ctx, j, tick, now)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if !won {
		return nil, httpx.Conflict("“%s”正在执行，请等待本次执行结束", j.Title)
	}
	var userID *int64
	if p := rbac.From(ctx); p != nil {
		userID = &p.UserID
	}
	run, err := s.begin(ctx, j, TriggerManual, userID)
	if err != nil {
		s.release(context.WithoutCancel(ctx), j.Name, tick) //nolint:errcheck
		return nil, httpx.Internal(err)
	}
	s.running.Add(1)
	go func() {
		defer s.running.Done()
		s.execute(j, run)
		if err := s.release(context.WithoutCancel(s.base), j.Name, tick); err != nil {
			// The lease expires on its own; until then the job waits.
			slog.Warn("jobs: release", "job", j.Name, "err", err)
		}
	}()
	return run, nil
}

// runSpec is the filters and sorts of the run history.
var runSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"jobName": {Columns: []string{"jr.job_name"}},
		"success": {Columns: []string{"jr.success"}, Kind: httpx.Bool},
		"state":   {Columns: []string{"jr.state"}, Kind: httpx.Int},
		"trigger": {Columns: []string{"jr.trigger_type"}, Kind: httpx.Int},
	},
	Sorts:       map[string]string{"startTime": "jr.started_at", "id": "jr.id", "durationMs": "jr.duration_ms"},
	DefaultSort: "jr.id DESC",
	Key:         "jr.id",
}

// Runs is a page of run history, newest first (filter jobName for one job's).
func (s *Scheduler) Runs(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[Run], error) {
	return httpx.Paged[Run](ctx, s.db.NewSelect().Model((*Run)(nil)), runSpec, lq)
}

// keepRuns is how long run history is kept.
const keepRuns = 180 * 24 * time.Hour

// purgeRuns deletes finished runs older than keepRuns (the job "jobs.purgeRuns").
func (s *Scheduler) purgeRuns(ctx context.Context) error {
	_, err := s.db.NewDelete().Model((*Run)(nil)).Where("started_at < ?", s.now().Add(-keepRuns)).
		Where("state = ?", StateFinish).Exec(ctx)
	return err
}

// Routes registers the 定时任务 page's endpoints.
func (s *Scheduler) Routes(rs *httpx.Routes) {
	rs = rs.In("定时任务")
	rs.Get("/api/jobs", PermList, "查询", httpx.Read(s.List))
	rs.Put("/api/jobs", PermEdit, "修改", httpx.Update(s.Update))
	rs.Post("/api/jobs/run", PermRun, "立即执行", httpx.Action(func(ctx context.Context, in struct {
		Name string `json:"name"`
	}) (*Run, error) {
		return s.RunNow(ctx, in.Name)
	}))
	rs.Get("/api/jobs/runs", PermList, "查询执行记录", httpx.ReadList(s.Runs))
}
