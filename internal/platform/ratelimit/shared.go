package ratelimit

import (
	"context"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Shared is a set of buckets kept in the database (sys_rate_bucket), so
// that several instances behind one load balancer spend one budget per key:
// with buckets in each process, two instances would let a password guesser
// try twice as often. A bucket in memory stands in front of it with the same
// rule: a flood from one address is turned away before it reaches the
// database, and an instance never allows more than the rule on its own.
//
// The database bucket is GCRA (the generic cell rate algorithm): one number
// per key, the theoretical arrival time (TAT) of the next request, moved by
// one UPSERT that decides and spends in the same statement, so parallel
// requests on any instance cannot spend a token twice.
type Shared struct {
	db    bun.IDB
	scope string
	local *Keyed
	now   func() time.Time
}

// NewShared makes the buckets of scope (a short name such as "signin.addr",
// kept apart from other scopes' keys) over database; maxKeys bounds the
// memory in front.
func NewShared(database bun.IDB, scope string, maxKeys int) *Shared {
	return &Shared{db: database, scope: scope, local: New(maxKeys), now: time.Now}
}

// SetClock replaces the clock of both layers (tests).
func (s *Shared) SetClock(now func() time.Time) {
	s.now = now
	s.local.SetClock(now)
}

// maxKeyLen bounds a bucket's key in the table (scope, '|', key).
const maxKeyLen = 200

func (s *Shared) bucket(key string) string {
	b := s.scope + "|" + key
	if len(b) > maxKeyLen {
		b = b[:maxKeyLen]
	}
	return b
}

// gcra is a rule in microseconds: the emission interval (one token back
// every t) and the tolerance (how far ahead of now the TAT may run: the
// burst less the request being decided).
func (r Rule) gcra() (t, tolerance int64) {
	per := max(r.PerMinute, 1)
	burst := max(r.Burst, 1)
	t = int64(time.Minute/time.Microsecond) / int64(per)
	return t, t * int64(burst-1)
}

// Allow takes one token from key's bucket under rule, on every instance at
// once, and tells whether there was one. When the database cannot answer,
// the bucket in memory decides alone (sign-in must not depend on a second
// write succeeding; the account lockout is the database's guard too).
func (s *Shared) Allow(ctx context.Context, key string, rule Rule) bool {
	if !s.local.Allow(key, rule) {
		return false
	}
	now := s.now().UnixMicro()
	t, tolerance := rule.gcra()
	var ok int
	// The SET expressions all read the row as it was; start is the later of
	// the stored TAT and now (a bucket that has filled up again starts now).
	err := s.db.NewRaw(`INSERT INTO sys_rate_bucket AS b (bucket, tat, ok) VALUES (?0, ?1 + ?2, 1)
		ON CONFLICT (bucket) DO UPDATE SET
			ok = CASE WHEN (CASE WHEN b.tat > ?1 THEN b.tat ELSE ?1 END) - ?1 <= ?3 THEN 1 ELSE 0 END,
			tat = CASE WHEN (CASE WHEN b.tat > ?1 THEN b.tat ELSE ?1 END) - ?1 <= ?3
				THEN (CASE WHEN b.tat > ?1 THEN b.tat ELSE ?1 END) + ?2 ELSE b.tat END
		RETURNING ok`, s.bucket(key), now, t, tolerance).Scan(ctx, &ok)
	if err != nil {
		if ctx.Err() == nil {
			slog.Warn("shared rate limit: the database did not answer; this instance's bucket decides", "scope", s.scope, "err", err)
		}
		return true
	}
	return ok == 1
}

// Spent tells whether key's bucket under rule has no token left now on any
// instance, without taking one (see Keyed.Spent).
func (s *Shared) Spent(ctx context.Context, key string, rule Rule) bool {
	if s.local.Spent(key, rule) {
		return true
	}
	now := s.now().UnixMicro()
	_, tolerance := rule.gcra()
	var tat int64
	// No row (sql.ErrNoRows) is a full bucket; an error leaves the decision
	// to the bucket in memory, as in Allow.
	if err := s.db.NewRaw(`SELECT tat FROM sys_rate_bucket WHERE bucket = ?`, s.bucket(key)).Scan(ctx, &tat); err != nil {
		return false
	}
	return tat-now > tolerance
}

// Purge drops the buckets that have filled up again (their TAT has passed):
// a full bucket behaves exactly like a missing one. The system's job
// system.purgeExpired calls it.
func Purge(ctx context.Context, database bun.IDB, now time.Time) error {
	_, err := database.NewRaw(`DELETE FROM sys_rate_bucket WHERE tat < ?`, now.UnixMicro()).Exec(ctx)
	return err
}

// Migrations creates sys_rate_bucket: the bucket (scope|key) and its TAT in
// microseconds since 1970; ok is the last decision, read back by RETURNING.
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121406, Name: "platform: rate limits shared by the instances (sys_rate_bucket)",
		Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx, `CREATE TABLE sys_rate_bucket (bucket VARCHAR(200) NOT NULL PRIMARY KEY,
				tat BIGINT NOT NULL, ok SMALLINT NOT NULL)`, `CREATE INDEX idx_sys_rate_bucket_tat ON sys_rate_bucket(tat)`)
		}}}
}
