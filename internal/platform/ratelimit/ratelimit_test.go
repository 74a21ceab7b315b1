package ratelimit

import (
	"fmt"
	"testing"
	"time"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

func newAt(max int) (*Keyed, *clock) {
	c := &clock{t: time.Date(2026, 1, 1, 8, 0, 0, 0, time.UTC)}
	k := New(max)
	k.SetClock(c.now)
	return k, c
}

func TestBurstThenRefusedThenRefilled(t *testing.T) {
	t.Parallel()
	k, c := newAt(100)
	rule := Rule{PerMinute: 6, Burst: 3}
	for i := 0; i < 3; i++ {
		if !k.Allow("1.2.3.4", rule) {
			t.Fatalf("request %d inside the burst refused", i+1)
		}
	}
	if k.Allow("1.2.3.4", rule) {
		t.Fatal("request past the burst allowed")
	}
	if !k.Allow("5.6.7.8", rule) {
		t.Fatal("another key shares the bucket")
	}
	c.advance(10 * time.Second) // 6 per minute: one token every 10 s
	if !k.Allow("1.2.3.4", rule) || k.Allow("1.2.3.4", rule) {
		t.Fatal("refill is not one token per 10 s")
	}
}

func TestChangedRuleAppliesToExistingBuckets(t *testing.T) {
	t.Parallel()
	k, _ := newAt(100)
	k.Allow("a", Rule{PerMinute: 1, Burst: 1})
	if k.Allow("a", Rule{PerMinute: 1, Burst: 1}) {
		t.Fatal("second request allowed under burst 1")
	}
	// A lower limit takes effect at once too.
	k.Allow("b", Rule{PerMinute: 60, Burst: 10})
	k.Allow("b", Rule{PerMinute: 60, Burst: 10})
	k.Allow("b", Rule{PerMinute: 1, Burst: 1}) // the bucket now holds at most one token
	if k.Allow("b", Rule{PerMinute: 1, Burst: 1}) {
		t.Fatal("lowered burst ignored")
	}
}

// A flood of made-up keys (spoofed user names) cannot grow the map past its
// cap, and the bucket of a client being held back survives the flood.
func TestFloodOfKeysStaysBoundedAndKeepsDrainedBuckets(t *testing.T) {
	t.Parallel()
	k, _ := newAt(1000)
	rule := Rule{PerMinute: 5, Burst: 5}
	for i := 0; i < 5; i++ {
		k.Allow("victim", rule)
	}
	if k.Allow("victim", rule) {
		t.Fatal("victim not drained")
	}
	for i := 0; i < 20_000; i++ {
		k.Allow(fmt.Sprintf("flood-%d", i), rule)
		if n := k.Len(); n > 1000 {
			t.Fatalf("%d buckets after %d keys, cap 1000", n, i+1)
		}
	}
	if k.Allow("victim", rule) {
		t.Fatal("the flood reset the drained bucket")
	}
}

func TestIdleBucketsAreDropped(t *testing.T) {
	t.Parallel()
	k, c := newAt(1000)
	rule := Rule{PerMinute: 60, Burst: 2}
	for i := 0; i < 50; i++ {
		k.Allow(fmt.Sprintf("k%d", i), rule)
	}
	c.advance(2 * time.Minute) // every bucket is full again
	k.Allow("late", rule)
	if n := k.Len(); n != 1 {
		t.Fatalf("%d buckets after the idle sweep, want 1", n)
	}
}

func TestAddrKeyGroupsIPv6ByPrefix(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"203.0.113.7":          "203.0.113.7",
		"::ffff:203.0.113.7":   "203.0.113.7",
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::1": "2001:db8:1:2::/64",
		"not an address":       "not an address",
	}
	for in, want := range cases {
		if got := AddrKey(in); got != want {
			t.Errorf("AddrKey(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSpentCountsOnlyWhatAllowTakes(t *testing.T) {
	t.Parallel()
	k, c := newAt(100)
	rule := Rule{PerMinute: 6, Burst: 2}
	for range 10 {
		if k.Spent("1.2.3.4", rule) {
			t.Fatal("asking spent a token")
		}
	}
	k.Allow("1.2.3.4", rule)
	if k.Spent("1.2.3.4", rule) {
		t.Fatal("spent after one of two tokens")
	}
	k.Allow("1.2.3.4", rule)
	if !k.Spent("1.2.3.4", rule) {
		t.Fatal("not spent after both tokens")
	}
	c.advance(10 * time.Second)
	if k.Spent("1.2.3.4", rule) {
		t.Fatal("still spent after a token came back")
	}
}
