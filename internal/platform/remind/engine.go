package remind

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/jobs"
	"zhdj/internal/platform/uniq"
)

// Engine evaluates the reminder rules.
type Engine struct {
	db     *bun.DB
	bus    *event.Bus
	dir    Directory
	kinds  []Kind
	byType map[int]Kind
	now    func() time.Time
}

// New checks the kinds (two of one type are a wiring mistake) and builds
// the engine; dir may be nil in a program without organisations (then only
// the person concerned hears of a record).
func New(database *bun.DB, bus *event.Bus, dir Directory, kinds []Kind) (*Engine, error) {
	e := &Engine{db: database, bus: bus, dir: dir, byType: map[int]Kind{}, now: func() time.Time { return time.Now().UTC() }}
	for _, k := range kinds {
		if err := k.check(); err != nil {
			return nil, err
		}
		if _, dup := e.byType[k.Type]; dup {
			return nil, fmt.Errorf("remind: two kinds have type %d", k.Type)
		}
		e.byType[k.Type] = k
		e.kinds = append(e.kinds, k)
	}
	return e, nil
}

// SetClock replaces the clock (tests).
func (e *Engine) SetClock(now func() time.Time) { e.now = now }

// Job is the scheduled evaluation of every rule switched on.
func (e *Engine) Job() jobs.Job {
	return jobs.Job{Name: "remind.evaluate", Title: "智能提醒", Cron: "0 7 * * *", Run: e.RunAll}
}

// staleRun is how long a rule stays START before a run that died is
// assumed (the next run may claim it).
const staleRun = 30 * time.Minute

// errBusy answers a rule already running.
func errBusy(k Kind) error { return httpx.Conflict("“%s”正在执行，请稍后再试", k.Name) }

// RunAll runs every rule switched on; a rule running elsewhere is left to
// that run. The errors of the rules are joined.
func (e *Engine) RunAll(ctx context.Context) error { return e.Run(ctx, e.kinds...) }

// Run runs the rules of kinds (those of one module, in a test that must not
// see what every organisation of its world is reminded of elsewhere) as
// RunAll runs every one.
func (e *Engine) Run(ctx context.Context, kinds ...Kind) error {
	var errs []error
	for _, k := range kinds {
		r, err := e.stored(ctx, k)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if r.Enabled != On {
			continue
		}
		if err := e.run(ctx, k, r.Window); err != nil && !isBusy(err) {
			errs = append(errs, fmt.Errorf("%s: %w", k.Name, err))
		}
	}
	return errors.Join(errs...)
}

func isBusy(err error) bool {
	var he *httpx.Error
	return errors.As(err, &he) && he.Status == 409
}

// run claims the rule, evaluates it and writes the outcome on the rule.
func (e *Engine) run(ctx context.Context, k Kind, window int) error {
	now := e.now()
	res, err := e.db.NewUpdate().Model((*rule)(nil)).Set("run_state = ?", Started).Set("run_started_at = ?", now).
		Where("type = ?", k.Type).
		WhereGroup(" AND ", func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Where("run_state <> ?", Started).WhereOr("run_started_at < ?", now.Add(-staleRun))
		}).Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return errBusy(k)
	}
	count, runErr := e.evaluate(ctx, k, window)
	text := ""
	if runErr != nil {
		text = db.Clip(runErr.Error(), 1000)
	}
	if _, err := e.db.NewUpdate().Model((*rule)(nil)).Set("run_state = ?", Finish).Set("last_run_at = ?", e.now()).
		Set("last_count = ?", count).Set("last_error = ?", text).Where("type = ?", k.Type).
		Exec(context.WithoutCancel(ctx)); err != nil && runErr == nil {
		runErr = err
	}
	return runErr
}

// key names a reminder: one record's one due date.
type key struct {
	record int64
	due    date.Date
}

// evaluate finds the kind's due records, opens a reminder for each new one,
// closes those no longer due and delivers the open ones to their audience
// (the message centre skips the accounts that have them), in one
// transaction. It answers how many records are due.
func (e *Engine) evaluate(ctx context.Context, k Kind, window int) (int, error) {
	today := date.Of(e.now().In(date.China))
	found, err := k.Finder.Due(ctx, today.AddDays(window))
	if err != nil {
		return 0, err
	}
	dues := clean(found)
	audience, err := e.audience(ctx, dues)
	if err != nil {
		return 0, err
	}
	now := e.now()
	err = db.InTx(ctx, e.db, func(ctx context.Context, tx bun.Tx) error {
		rows := make([]Reminder, len(dues))
		for i, d := range dues {
			rows[i] = Reminder{Type: k.Type, RecordID: d.RecordID, DueOn: d.DueOn, OrgID: optional(d.OrgID),
				UserID: optional(d.UserID), Title: d.Title, Link: d.Link, CreatedAt: now}
		}
		for part := range slices.Chunk(rows, 500) {
			if _, err := tx.NewInsert().Model(&part).
				On("CONFLICT (type, record_id, due_on) WHERE closed_at IS NULL DO NOTHING").Exec(ctx); err != nil {
				return err
			}
		}
		var open []Reminder
		if err := tx.NewSelect().Model(&open).Column("id", "record_id", "due_on").Where("type = ?", k.Type).
			Where("closed_at IS NULL").Scan(ctx); err != nil {
			return err
		}
		ids := make(map[key]int64, len(open))
		for _, r := range open {
			ids[key{r.RecordID, r.DueOn}] = r.ID
		}
		var deliver Deliver
		due := make(map[int64]bool, len(dues))
		for _, d := range dues {
			id := ids[key{d.RecordID, d.DueOn}]
			due[id] = true
			users := audience[d.OrgID]
			if d.UserID > 0 || len(d.UserIDs) > 0 {
				more := append(append([]int64(nil), users...), d.UserIDs...)
				if d.UserID > 0 {
					more = append(more, d.UserID)
				}
				users = uniq.Of(more)
			}
			if len(users) > 0 {
				deliver.Reminders = append(deliver.Reminders, Delivery{ReminderID: id, UserIDs: users,
					Title: d.Title, Content: d.Content, Link: d.Link})
			}
		}
		var gone Resolved
		for _, r := range open {
			if !due[r.ID] {
				gone.ReminderIDs = append(gone.ReminderIDs, r.ID)
			}
		}
		for part := range slices.Chunk(gone.ReminderIDs, 500) {
			if _, err := tx.NewUpdate().Model((*Reminder)(nil)).Set("closed_at = ?", now).
				Where("id IN (?)", bun.In(part)).Exec(ctx); err != nil {
				return err
			}
		}
		if len(gone.ReminderIDs) > 0 {
			if err := e.bus.Publish(ctx, tx, gone); err != nil {
				return err
			}
		}
		if len(deliver.Reminders) > 0 {
			return e.bus.Publish(ctx, tx, deliver)
		}
		return nil
	})
	return len(dues), err
}

// audience asks the organisation domain who manages the dues' organisations.
func (e *Engine) audience(ctx context.Context, dues []Due) (map[int64][]int64, error) {
	var orgs []int64
	for _, d := range dues {
		if d.OrgID > 0 {
			orgs = append(orgs, d.OrgID)
		}
	}
	orgs = uniq.Of(orgs)
	if e.dir == nil || len(orgs) == 0 {
		return map[int64][]int64{}, nil
	}
	return e.dir.Managers(ctx, orgs)
}

// clean drops dues without a record or a date, and repeats of one record's
// due date; it cuts texts to what the message centre keeps and drops a
// link that is not a path of the web app.
func clean(found []Due) []Due {
	seen := map[key]bool{}
	out := make([]Due, 0, len(found))
	for _, d := range found {
		k := key{d.RecordID, d.DueOn}
		if _, ok := date.Parse(string(d.DueOn)); !ok || d.DueOn == "" || d.RecordID <= 0 || seen[k] {
			continue
		}
		seen[k] = true
		d.Title = db.Clip(strings.TrimSpace(d.Title), 200)
		d.Content = db.Clip(d.Content, 5000)
		if !strings.HasPrefix(d.Link, "/") || strings.HasPrefix(d.Link, "//") || len(d.Link) > 500 ||
			strings.ContainsAny(d.Link, "\\<>\"'` \t\r\n") {
			d.Link = ""
		}
		out = append(out, d)
	}
	return out
}

func optional(id int64) *int64 {
	if id <= 0 {
		return nil
	}
	return &id
}
