package apptest

import (
	"slices"
	"sync"
	"testing"
)

// Concurrently runs call(0) … call(n-1) at once, each in a goroutine of
// its own, released together so they contend as clients would, and answers
// their results in order. A call may report with t.Error, not t.Fatal.
func Concurrently[T any](n int, call func(i int) T) []T {
	out := make([]T, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			out[i] = call(i)
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// ExpectOneWins fails unless exactly one of statuses is win and every
// other is one of lose, the refusals a loser of a race may get.
func ExpectOneWins(t testing.TB, statuses []int, win int, lose ...int) {
	t.Helper()
	won := 0
	for _, s := range statuses {
		switch {
		case s == win:
			won++
		case slices.Contains(lose, s):
		default:
			t.Fatalf("statuses %v: %d is neither %d nor one of %v", statuses, s, win, lose)
		}
	}
	if won != 1 {
		t.Fatalf("statuses %v: %d of them %d, want exactly one", statuses, won, win)
	}
}
