// Package ratelimit keeps one token bucket (golang.org/x/time/rate) per key —
// a client address, an account name — in a map of bounded size, so a flood of
// made-up keys cannot grow memory without limit.
package ratelimit

import (
	"net/netip"
	"sort"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Rule is a rate: PerMinute tokens come back every minute, up to Burst.
type Rule struct {
	PerMinute int
	Burst     int
}

func (r Rule) limit() rate.Limit { return rate.Limit(float64(r.PerMinute) / 60) }

// sweepEvery is how often buckets that have filled up again are dropped: a
// full bucket behaves exactly like a missing one, so dropping it loses nothing.
const sweepEvery = time.Minute

// Keyed is a set of buckets, one per key, at most max of them.
type Keyed struct {
	mu        sync.Mutex
	max       int
	buckets   map[string]*rate.Limiter
	lastSweep time.Time
	now       func() time.Time
}

// New makes a set holding at most maxKeys buckets.
func New(maxKeys int) *Keyed {
	if maxKeys < 8 {
		maxKeys = 8
	}
	return &Keyed{max: maxKeys, buckets: make(map[string]*rate.Limiter), now: time.Now}
}

// SetClock replaces the clock (tests).
func (k *Keyed) SetClock(now func() time.Time) { k.now = now }

// Allow takes one token from key's bucket under rule and tells whether there
// was one. The rule is passed on every call, so a changed setting applies at
// once to existing buckets.
func (k *Keyed) Allow(key string, rule Rule) bool {
	now := k.now()
	k.mu.Lock()
	defer k.mu.Unlock()
	if now.Sub(k.lastSweep) >= sweepEvery {
		k.dropFull(now)
		k.lastSweep = now
	}
	b, ok := k.buckets[key]
	if !ok {
		if len(k.buckets) >= k.max {
			k.shrink(now)
		}
		b = rate.NewLimiter(rule.limit(), rule.Burst)
		k.buckets[key] = b
	} else if b.Limit() != rule.limit() || b.Burst() != rule.Burst {
		b.SetLimitAt(now, rule.limit())
		b.SetBurstAt(now, rule.Burst)
	}
	return b.AllowN(now, 1)
}

// Spent tells whether key's bucket under rule has no token left now,
// without taking one: a guard that counts only failures asks Spent before
// the work and Allow after a failure (the valid requests of a hall behind
// one address are not held back, the guesses are).
func (k *Keyed) Spent(key string, rule Rule) bool {
	now := k.now()
	k.mu.Lock()
	defer k.mu.Unlock()
	b, ok := k.buckets[key]
	if !ok {
		return false
	}
	if b.Limit() != rule.limit() || b.Burst() != rule.Burst {
		b.SetLimitAt(now, rule.limit())
		b.SetBurstAt(now, rule.Burst)
	}
	return b.TokensAt(now) < 1
}

// Len is the number of buckets held.
func (k *Keyed) Len() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.buckets)
}

func (k *Keyed) dropFull(now time.Time) {
	for key, b := range k.buckets {
		if b.TokensAt(now) >= float64(b.Burst()) {
			delete(k.buckets, key)
		}
	}
}

// shrink makes room when the set is full: idle buckets go first, then the
// fullest ones (those that have spent the least, such as the one-request keys
// of a flood), so a drained bucket — a client being held back — survives
// longest. It frees an eighth of the room, so the sort runs once per many inserts.
func (k *Keyed) shrink(now time.Time) {
	k.dropFull(now)
	target := k.max - k.max/8
	if len(k.buckets) <= target {
		return
	}
	type entry struct {
		key  string
		fill float64
	}
	list := make([]entry, 0, len(k.buckets))
	for key, b := range k.buckets {
		fill := 1.0
		if b.Burst() > 0 {
			fill = b.TokensAt(now) / float64(b.Burst())
		}
		list = append(list, entry{key, fill})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].fill > list[j].fill })
	for _, e := range list[:len(list)-target] {
		delete(k.buckets, e.key)
	}
}

// AddrKey is the bucket key of a client address: an IPv4 address as it is,
// an IPv6 address by its /64 prefix (one subscriber usually holds a whole
// /64, so single addresses would give one client endless fresh buckets).
func AddrKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	p, err := a.Prefix(64)
	if err != nil {
		return a.String()
	}
	return p.String()
}
