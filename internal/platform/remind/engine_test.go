package remind_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/remind"
)

func TestMain(m *testing.M) { db.TestMain(m) }

// today is the engine's date in the unit tests (07:00 in China).
var now = time.Date(2026, 11, 23, 23, 0, 0, 0, time.UTC)

// fakeDir is a directory of managers per organisation (no scope: everything).
type fakeDir map[int64][]int64

func (d fakeDir) Managers(_ context.Context, orgs []int64) (map[int64][]int64, error) {
	out := map[int64][]int64{}
	for _, o := range orgs {
		if d[o] != nil {
			out[o] = d[o]
		}
	}
	return out, nil
}
func (fakeDir) ScopeIDs(context.Context) (bool, []int64, error) { return true, nil, nil }
func (fakeDir) Names(context.Context, []int64) (map[int64]string, error) {
	return map[int64]string{}, nil
}

// inbox records what the engine delivers and retires, as the message
// centre would (one message per reminder and account).
type inbox struct {
	messages map[[2]int64]string // reminder, account → title
	retired  []int64
}

// engine builds an engine over kinds with the inbox subscribed.
func engine(t *testing.T, dir remind.Directory, kinds ...remind.Kind) (*remind.Engine, *inbox, *bun.DB) {
	t.Helper()
	database := db.NewTest(t, remind.Migrations())
	in := &inbox{messages: map[[2]int64]string{}}
	bus := event.NewBus()
	event.Subscribe(bus, func(_ context.Context, _ bun.Tx, e remind.Deliver) error {
		for _, d := range e.Reminders {
			for _, u := range d.UserIDs {
				if _, ok := in.messages[[2]int64{d.ReminderID, u}]; !ok {
					in.messages[[2]int64{d.ReminderID, u}] = d.Title
				}
			}
		}
		return nil
	})
	event.Subscribe(bus, func(_ context.Context, _ bun.Tx, e remind.Resolved) error {
		in.retired = append(in.retired, e.ReminderIDs...)
		return nil
	})
	e, err := remind.New(database, bus, dir, kinds)
	if err != nil {
		t.Fatal(err)
	}
	e.SetClock(func() time.Time { return now })
	return e, in, database
}

// records is a finder over a list the test changes; it keeps the until it was asked.
type records struct {
	due   []remind.Due
	until date.Date
	err   error
}

func (r *records) Due(_ context.Context, until date.Date) ([]remind.Due, error) {
	r.until = until
	return r.due, r.err
}

func open(t *testing.T, database *bun.DB) []remind.Reminder {
	t.Helper()
	var rows []remind.Reminder
	if err := database.NewSelect().Model(&rows).Where("closed_at IS NULL").OrderExpr("id").Scan(context.Background()); err != nil {
		t.Fatal(err)
	}
	return rows
}

// Running twice leaves one reminder per record and due date, and each
// account has its message once; a record no longer due closes its reminder
// (and its messages are retired); a new due date is a new reminder.
func TestReminderIsOpenOncePerRecordAndDueDate(t *testing.T) {
	t.Parallel()
	recs := &records{due: []remind.Due{
		{RecordID: 7, OrgID: 1, UserID: 50, DueOn: "2026-12-01", Title: "甲支部任期于2026-12-01届满", Link: "/party/dzz?id=7"},
		{RecordID: 8, OrgID: 2, DueOn: "2026-11-30", Title: "乙支部任期于2026-11-30届满", Link: "javascript:alert(1)"},
	}}
	e, in, database := engine(t, fakeDir{1: {10, 11}, 2: {20}}, remind.Kind{Type: 1, Name: "任期届满提醒", Window: 30, Finder: recs})
	ctx := context.Background()
	for range 2 {
		if err := e.RunAll(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if recs.until != "2026-12-24" { // 24 November in China + 30 days
		t.Errorf("asked for dues until %s, want 2026-12-24", recs.until)
	}
	rows := open(t, database)
	if len(rows) != 2 {
		t.Fatalf("%d open reminders after two runs, want 2: %+v", len(rows), rows)
	}
	if rows[0].RecordID != 7 || *rows[0].UserID != 50 || rows[0].Link != "/party/dzz?id=7" || rows[1].Link != "" {
		t.Errorf("reminders %+v (a link outside the web app is dropped)", rows)
	}
	want := map[[2]int64]string{{rows[0].ID, 10}: "甲支部任期于2026-12-01届满", {rows[0].ID, 11}: "甲支部任期于2026-12-01届满",
		{rows[0].ID, 50}: "甲支部任期于2026-12-01届满", {rows[1].ID, 20}: "乙支部任期于2026-11-30届满"}
	if len(in.messages) != len(want) {
		t.Errorf("messages %v, want %v", in.messages, want)
	}
	for k, v := range want {
		if in.messages[k] != v {
			t.Errorf("message %v = %q, want %q", k, in.messages[k], v)
		}
	}

	// Record 8 is renewed (no longer due); record 7 gets a new due date.
	recs.due = []remind.Due{{RecordID: 7, OrgID: 1, DueOn: "2026-12-05", Title: "甲支部任期于2026-12-05届满"}}
	if err := e.RunAll(ctx); err != nil {
		t.Fatal(err)
	}
	now := open(t, database)
	if len(now) != 1 || now[0].DueOn != "2026-12-05" {
		t.Fatalf("open after the change: %+v", now)
	}
	if !slices.Equal(in.retired, []int64{rows[0].ID, rows[1].ID}) {
		t.Errorf("retired %v, want both old reminders %d, %d", in.retired, rows[0].ID, rows[1].ID)
	}
}

// Two runs of one rule at once: the second is refused while the first
// holds the rule (run state START), and the rule tells its state, last run,
// count and error.
func TestRuleRunState(t *testing.T) {
	t.Parallel()
	block, entered := make(chan struct{}), make(chan struct{})
	var once sync.Once
	slow := remind.FinderFunc(func(context.Context, date.Date) ([]remind.Due, error) {
		once.Do(func() { close(entered) })
		<-block
		return []remind.Due{{RecordID: 1, DueOn: "2026-12-01", Title: "到期"}}, nil
	})
	failing := &records{err: errors.New("查询超时")}
	e, _, _ := engine(t, fakeDir{}, remind.Kind{Type: 100, Name: "慢提醒", Window: 10, Finder: slow},
		remind.Kind{Type: 101, Name: "坏提醒", Window: 10, Finder: failing})
	ctx := context.Background()
	rules, err := e.Rules(ctx)
	if err != nil || len(rules) != 2 || rules[0].RunState != remind.NoStart || rules[0].Enabled != remind.On || rules[0].LastRunAt != nil {
		t.Fatalf("fresh rules: %+v %v", rules, err)
	}
	done := make(chan error)
	go func() { _, err := e.RunNow(ctx, 100); done <- err }()
	<-entered
	if _, err := e.RunNow(ctx, 100); err == nil || err.Error() != "409 “慢提醒”正在执行，请稍后再试" {
		t.Errorf("second run while the first holds the rule: %v", err)
	}
	rules, _ = e.Rules(ctx)
	if rules[0].RunState != remind.Started {
		t.Errorf("run state while running: %d", rules[0].RunState)
	}
	close(block)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	v, err := e.RunNow(ctx, 101)
	if err != nil {
		t.Fatal(err)
	}
	if v.RunState != remind.Finish || v.LastError != "查询超时" || v.LastRunAt == nil {
		t.Errorf("failed rule: %+v", v)
	}
	rules, _ = e.Rules(ctx)
	if rules[0].RunState != remind.Finish || rules[0].LastCount != 1 || rules[0].LastError != "" || rules[0].Open != 1 {
		t.Errorf("finished rule: %+v", rules[0])
	}
	if err := e.RunAll(ctx); err == nil || err.Error() != "坏提醒: 查询超时" {
		t.Errorf("RunAll joins the failures: %v", err)
	}
}

// A rule switched off is left out of the scheduled runs and refused a run
// now; its window moves the date the finder is asked for.
func TestRuleSwitchAndWindow(t *testing.T) {
	t.Parallel()
	recs := &records{}
	e, _, _ := engine(t, fakeDir{}, remind.Kind{Type: 3, Name: "预备期满提醒", Window: 30, Finder: recs})
	ctx := context.Background()
	off, window := remind.Off, 60
	if err := e.Update(ctx, remind.RuleChange{Type: 3, Enabled: &off, Window: &window}); err != nil {
		t.Fatal(err)
	}
	if err := e.RunAll(ctx); err != nil || recs.until != "" {
		t.Fatalf("a switched-off rule ran: until %q, %v", recs.until, err)
	}
	if _, err := e.RunNow(ctx, 3); err == nil || err.Error() != "400 “预备期满提醒”已停用，启用后才能执行" {
		t.Errorf("run now of a switched-off rule: %v", err)
	}
	on := remind.On
	if err := e.Update(ctx, remind.RuleChange{Type: 3, Enabled: &on}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.RunNow(ctx, 3); err != nil || recs.until != "2027-01-23" {
		t.Errorf("run with a 60-day window: until %s, %v", recs.until, err)
	}
	bad := -1
	if err := e.Update(ctx, remind.RuleChange{Type: 3, Window: &bad}); err == nil || err.Error() != "400 提前提醒天数应为0到3660之间的整数" {
		t.Errorf("window -1: %v", err)
	}
	if _, err := e.RunNow(ctx, 99); err == nil || err.Error() != "404 提醒类型不存在" {
		t.Errorf("unknown type: %v", err)
	}
	if _, err := remind.New(nil, nil, nil, []remind.Kind{{Type: 3, Name: "a", Finder: recs}, {Type: 3, Name: "b", Finder: recs}}); err == nil {
		t.Error("two kinds of one type were accepted")
	}
}
