package ratelimit

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"zhdj/internal/platform/db"
)

// twoInstances is the same scope's buckets as two processes hold them: a
// bucket in memory each, one table between them.
func twoInstances(t *testing.T, scope string) (a, b *Shared, c *clock) {
	t.Helper()
	database := db.NewTest(t, Migrations())
	c = &clock{t: time.Date(2026, 12, 4, 8, 0, 0, 0, time.UTC)}
	a, b = NewShared(database, scope, 100), NewShared(database, scope, 100)
	a.SetClock(c.now)
	b.SetClock(c.now)
	return a, b, c
}

func TestSharedBucketIsOneBudgetAcrossInstances(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, b, c := twoInstances(t, "signin.addr")
	rule := Rule{PerMinute: 6, Burst: 4}
	// The burst spread over both instances: 4 in all, not 4 each.
	for i, inst := range []*Shared{a, b, a, b} {
		if !inst.Allow(ctx, "1.2.3.4", rule) {
			t.Fatalf("request %d inside the burst refused", i+1)
		}
	}
	if a.Allow(ctx, "1.2.3.4", rule) || b.Allow(ctx, "1.2.3.4", rule) {
		t.Fatal("a fifth request allowed: each instance spent its own burst")
	}
	if !a.Spent(ctx, "1.2.3.4", rule) || !b.Spent(ctx, "1.2.3.4", rule) {
		t.Fatal("Spent does not see the bucket the other instance drained")
	}
	if !b.Allow(ctx, "5.6.7.8", rule) {
		t.Fatal("another key shares the bucket")
	}
	// One token every 10 s: the microsecond before it the bucket is still
	// empty, at 10 s there is one token and only one.
	c.advance(10*time.Second - time.Microsecond)
	if b.Allow(ctx, "1.2.3.4", rule) {
		t.Fatal("a token came back before its 10 s")
	}
	c.advance(time.Microsecond)
	if !b.Allow(ctx, "1.2.3.4", rule) {
		t.Fatal("no token back after 10 s")
	}
	if a.Allow(ctx, "1.2.3.4", rule) {
		t.Fatal("one token back was spent twice")
	}
}

func TestSharedBucketChangedRuleAppliesAtOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, b, _ := twoInstances(t, "signin.account")
	for range 2 {
		if !a.Allow(ctx, "zhangsan", Rule{PerMinute: 60, Burst: 2}) {
			t.Fatal("refused inside the burst")
		}
	}
	// The administrator raises the burst: the same bucket has room again.
	if !b.Allow(ctx, "zhangsan", Rule{PerMinute: 60, Burst: 3}) {
		t.Fatal("a raised burst does not apply to the existing bucket")
	}
}

// Parallel requests on both instances cannot spend one token twice: the
// decision and the spending are one statement.
func TestSharedBucketParallelRequestsSpendTheBurstOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, b, _ := twoInstances(t, "captcha.addr")
	rule := Rule{PerMinute: 1, Burst: 10}
	var allowed atomic.Int32
	var wg sync.WaitGroup
	for i := range 60 {
		inst := a
		if i%2 == 1 {
			inst = b
		}
		wg.Go(func() {
			if inst.Allow(ctx, "10.0.0.1", rule) {
				allowed.Add(1)
			}
		})
	}
	wg.Wait()
	if n := allowed.Load(); n != 10 {
		t.Fatalf("%d of 60 parallel requests allowed on two instances, want the burst of 10", n)
	}
}

func TestPurgeDropsOnlyFullBuckets(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, _, c := twoInstances(t, "signin.addr")
	rule := Rule{PerMinute: 60, Burst: 2}
	a.Allow(ctx, "full-soon", rule)
	c.advance(30 * time.Second)
	a.Allow(ctx, "drained", rule)
	a.Allow(ctx, "drained", rule)
	c.advance(1500 * time.Millisecond) // full-soon refilled long ago; drained still owes a token
	if err := Purge(ctx, a.db, c.now()); err != nil {
		t.Fatal(err)
	}
	var left []string
	if err := a.db.NewRaw(`SELECT bucket FROM sys_rate_bucket ORDER BY bucket`).Scan(ctx, &left); err != nil {
		t.Fatal(err)
	}
	if len(left) != 1 || left[0] != "signin.addr|drained" {
		t.Fatalf("buckets after the purge: %v, want only the drained one", left)
	}
}
