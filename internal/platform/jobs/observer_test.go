package jobs_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"zhdj/internal/platform/jobs"
)

// observed is what a scheduler told its observer.
type observed struct {
	mu       sync.Mutex
	declared []string
	finished map[string][]error
}

func (o *observed) JobDeclared(name string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.declared = append(o.declared, name)
}

func (o *observed) JobFinished(name string, took time.Duration, err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if took < 0 {
		err = errors.New("negative duration")
	}
	o.finished[name] = append(o.finished[name], err)
}

// The observer (the metrics) hears of every job the scheduler holds, its
// own purge included, and of each run's end with its error; a panic is an
// error like any other.
func TestObserverHearsDeclarationsAndRuns(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	o := &observed{finished: map[string][]error{}}
	s, err := jobs.New(w.db, []jobs.Job{
		{Name: "test.ok", Title: "成功的任务", Cron: "@daily", Run: func(context.Context) error { return nil }},
		{Name: "test.fail", Title: "失败的任务", Cron: "@daily", Run: func(context.Context) error { return errors.New("磁盘已满") }},
		{Name: "test.panic", Title: "崩溃的任务", Cron: "@daily", Run: func(context.Context) error { panic("boom") }},
	}, jobs.Options{Clock: w.clock, Instance: "a", Observer: o})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Stop() }) //nolint:errcheck
	slices.Sort(o.declared)
	if want := []string{"jobs.purgeRuns", "test.fail", "test.ok", "test.panic"}; !slices.Equal(o.declared, want) {
		t.Errorf("declared %v, want %v", o.declared, want)
	}
	for _, name := range []string{"test.ok", "test.fail", "test.panic"} {
		if _, err := s.RunNow(context.Background(), name); err != nil {
			t.Fatal(err)
		}
	}
	s.Wait()
	o.mu.Lock()
	defer o.mu.Unlock()
	if got := o.finished["test.ok"]; len(got) != 1 || got[0] != nil {
		t.Errorf("test.ok finished %v, want one success", got)
	}
	if got := o.finished["test.fail"]; len(got) != 1 || got[0] == nil || got[0].Error() != "磁盘已满" {
		t.Errorf("test.fail finished %v, want its error", got)
	}
	if got := o.finished["test.panic"]; len(got) != 1 || got[0] == nil || got[0].Error() != "panic: boom" {
		t.Errorf("test.panic finished %v, want the panic", got)
	}
}
