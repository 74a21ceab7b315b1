package system

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/ratelimit"
)

// Lockout policy (README 登录安全): wrong passwords are counted per account
// AND client address (sys_login_failure) and per account (sys_user). The
// pair is locked after lockMaxFailures in the window, so someone guessing
// from one address locks only themselves out, not the real user at another
// address; the whole account is locked only after lockAccountMaxFailures
// from all addresses together, which stops a guess spread over many
// addresses. Both counters are single atomic statements.

const lockMaxFailuresRemark = "统计时间内同一账号从同一客户端地址输错密码达到此次数，即锁定该账号在该地址的登录（其他地址不受影响）"

// migrateSignInSecurity (2026112410) adds the per-address failure table and
// the settings of the sign-in hardening.
func migrateSignInSecurity(ctx context.Context, tx bun.Tx) error {
	if err := db.DDL(ctx, tx, `CREATE TABLE sys_login_failure (
			user_id BIGINT NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
			client VARCHAR(64) NOT NULL,
			failed_count INTEGER NOT NULL,
			failed_since TIMESTAMP NOT NULL,
			locked_until TIMESTAMP NULL,
			PRIMARY KEY (user_id, client))`,
		`CREATE INDEX idx_sys_login_failure_since ON sys_login_failure(failed_since)`); err != nil {
		return err
	}
	if err := insertMissingConfigs(ctx, tx, signInSecuritySeeds()); err != nil {
		return err
	}
	_, err := tx.NewUpdate().Model((*Config)(nil)).Set("remark = ?", lockMaxFailuresRemark).
		Where("config_key = ?", CfgLockMaxFailures).Exec(ctx)
	return err
}

type lockPolicy struct {
	window, lockFor     time.Duration
	pairMax, accountMax int
}

func (s *Service) lockPolicy(ctx context.Context) lockPolicy {
	return lockPolicy{
		window:     time.Duration(s.SettingInt(ctx, CfgLockWindowMin, 15)) * time.Minute,
		lockFor:    time.Duration(s.SettingInt(ctx, CfgLockMinutes, 30)) * time.Minute,
		pairMax:    s.SettingInt(ctx, CfgLockMaxFailures, 5),
		accountMax: s.SettingInt(ctx, CfgLockAccountMaxFailures, 50),
	}
}

// clientKey is how a client address is stored with its failures: IPv6 by
// its /64, like the rate limiter, so one subscriber is one client.
func clientKey(ip string) string { return ratelimit.AddrKey(ip) }

// failureCount is what the counting statements return.
type failureCount struct {
	Count       int        `bun:"failed_count"`
	LockedUntil *time.Time `bun:"locked_until"`
}

// recordFailure counts one wrong password for the account and for the
// account at this client, each in one statement that also sets the lock
// from the count it produced, and tells whether either is now locked (for
// the login log; the answer to the client does not change). The two
// statements commit together: one commit, not two, is what a wrong password
// adds to the work of a missing user's refusal (a commit waits for the disk
// on PostgreSQL).
func (s *Service) recordFailure(ctx context.Context, userID int64, client string) (locked bool, err error) {
	now := s.now()
	p := s.lockPolicy(ctx)
	windowStart, until := now.Add(-p.window), now.Add(p.lockFor)
	// A first failure locks at once only with a limit of 1: a constant, so
	// it is decided here (PostgreSQL cannot type a bare CASE of literals).
	var firstLock *time.Time
	if p.pairMax <= 1 {
		firstLock = &until
	}
	var pair, account failureCount
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		// The account's row first, then the client's: the order clearLocks
		// takes them in, so the two never wait on each other.
		err := tx.NewRaw(`UPDATE sys_user SET
			failed_count = CASE WHEN failed_since > ?1 THEN failed_count + 1 ELSE 1 END,
			failed_since = CASE WHEN failed_since > ?1 THEN failed_since ELSE ?0 END,
			locked_until = CASE
				WHEN locked_until > ?0 THEN locked_until
				WHEN (CASE WHEN failed_since > ?1 THEN failed_count + 1 ELSE 1 END) >= ?2 THEN ?3
				ELSE locked_until END
		WHERE id = ?4
		RETURNING failed_count, locked_until`,
			now, windowStart, p.accountMax, until, userID).Scan(ctx, &account)
		if err != nil {
			return fmt.Errorf("count failure per account: %w", err)
		}
		err = tx.NewRaw(`INSERT INTO sys_login_failure AS f (user_id, client, failed_count, failed_since, locked_until)
		VALUES (?0, ?1, 1, ?2, ?6)
		ON CONFLICT (user_id, client) DO UPDATE SET
			failed_count = CASE WHEN f.failed_since > ?3 THEN f.failed_count + 1 ELSE 1 END,
			failed_since = CASE WHEN f.failed_since > ?3 THEN f.failed_since ELSE ?2 END,
			locked_until = CASE
				WHEN f.locked_until > ?2 THEN f.locked_until
				WHEN (CASE WHEN f.failed_since > ?3 THEN f.failed_count + 1 ELSE 1 END) >= ?4 THEN ?5
				ELSE NULL END
		RETURNING failed_count, locked_until`,
			userID, clientKey(client), now, windowStart, p.pairMax, until, firstLock).Scan(ctx, &pair)
		if err != nil {
			return fmt.Errorf("count failure per client: %w", err)
		}
		return nil
	})
	if err != nil {
		return false, err
	}
	isLocked := func(t *time.Time) bool { return t != nil && t.After(now) }
	return isLocked(pair.LockedUntil) || isLocked(account.LockedUntil), nil
}

// lockedUntil is when the lock on the account, or on the account at this
// client, ends; zero when neither is locked.
func (s *Service) lockedUntil(ctx context.Context, u *User, client string) (time.Time, error) {
	now := s.now()
	var end time.Time
	if u.Locked(now) {
		end = *u.LockedUntil
	}
	var pair time.Time
	err := s.db.NewSelect().Table("sys_login_failure").Column("locked_until").
		Where("user_id = ?", u.ID).Where("client = ?", clientKey(client)).Where("locked_until > ?", now).
		Scan(ctx, &pair)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, err
	}
	if pair.After(end) {
		end = pair
	}
	return end, nil
}

// checkPassword is the one comparison every password check makes: it always
// runs bcrypt once (also for a locked account, so a lock cannot be told from
// a wrong password by its speed), counts a wrong password and answers wrong
// with wrongMsg whether or not the account is locked. Only the right
// password of a locked account learns of the lock. reason is for the log.
func (s *Service) checkPassword(ctx context.Context, u *User, plain, client, wrongMsg string) (reason string, err error) {
	until, err := s.lockedUntil(ctx, u, client)
	if err != nil {
		return "", httpx.Internal(err)
	}
	if !s.hasher.Check(u.PasswordHash, plain) {
		nowLocked, err := s.recordFailure(ctx, u.ID, client)
		if err != nil {
			return "", httpx.Internal(err)
		}
		reason = "密码错误"
		if nowLocked {
			reason = "密码错误（账号已锁定）"
		}
		return reason, httpx.BadRequest("%s", wrongMsg)
	}
	if !until.IsZero() {
		e := lockedError(until.Sub(s.now()))
		return e.Message, e
	}
	return "", nil
}

func lockedError(left time.Duration) *httpx.Error {
	mins := int(left.Minutes()) + 1
	return httpx.BadRequest("账号已锁定，请%d分钟后再试", mins)
}

// clearLocks lifts every lock of the accounts: the account-wide counter and
// the per-client rows.
func clearLocks(ctx context.Context, idb bun.IDB, userIDs []int64) error {
	if _, err := idb.NewUpdate().Model((*User)(nil)).Set("failed_count = 0").Set("failed_since = NULL").
		Set("locked_until = NULL").Where("id IN (?)", bun.In(userIDs)).Exec(ctx); err != nil {
		return err
	}
	_, err := idb.NewDelete().Table("sys_login_failure").Where("user_id IN (?)", bun.In(userIDs)).Exec(ctx)
	return err
}

// UnlockByName is the command-line unlock (`zhdj user unlock NAME`).
func (s *Service) UnlockByName(ctx context.Context, username string) error {
	var id int64
	err := s.db.NewSelect().Model((*User)(nil)).Column("id").Where("username = ?", username).Scan(ctx, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("user %q not found", username)
	} else if err != nil {
		return err
	}
	return clearLocks(ctx, s.db, []int64{id})
}

// purgeFailures drops per-client rows whose window and lock are both over.
func (s *Service) purgeFailures(ctx context.Context) error {
	now := s.now()
	_, err := s.db.NewDelete().Table("sys_login_failure").
		Where("failed_since < ?", now.Add(-s.lockPolicy(ctx).window)).
		Where("locked_until IS NULL OR locked_until < ?", now).Exec(ctx)
	return err
}
