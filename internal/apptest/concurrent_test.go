package apptest

import (
	"sync/atomic"
	"testing"
	"time"
)

// Every call runs, each result lands at its own index, and the calls are
// all under way together: each waits for the last to start.
func TestConcurrentlyRunsAllAtOnce(t *testing.T) {
	t.Parallel()
	var running atomic.Int64
	release := make(chan struct{})
	got := Concurrently(4, func(i int) int {
		if running.Add(1) == 4 {
			close(release)
		}
		select {
		case <-release:
		case <-time.After(5 * time.Second):
			t.Errorf("call %d: the others never started beside it", i)
		}
		return i * 10
	})
	for i, v := range got {
		if v != i*10 {
			t.Fatalf("results %v", got)
		}
	}
}

// ExpectOneWins passes one winner among allowed refusals and fails two
// winners, no winner or an answer that is neither.
func TestExpectOneWins(t *testing.T) {
	t.Parallel()
	ExpectOneWins(t, []int{409, 200, 409}, 200, 409)
	for _, statuses := range [][]int{{200, 200}, {409, 409}, {200, 500}} {
		ft := &fakeT{}
		func() {
			defer func() { _ = recover() }()
			ExpectOneWins(ft, statuses, 200, 409)
		}()
		if !ft.failed {
			t.Errorf("%v passed", statuses)
		}
	}
}

// fakeT records a failure; its Fatalf stops the caller like testing.T's.
type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Helper() {}
func (f *fakeT) Fatalf(string, ...any) {
	f.failed = true
	panic("fatal")
}
