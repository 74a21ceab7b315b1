package crypto

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// The database remembers the fingerprint of the field key its personal
// fields were encrypted with. An instance started with another key (a second
// instance with its own data directory, a restore with the wrong keys) would
// otherwise run, write values no other instance can read and show every ID
// number as unreadable; with the fingerprint it refuses to start.

// fingerprintName is the row of the field key in sys_key_fingerprint (a
// table of rows, so another key may be guarded the same way later).
const fingerprintName = "field.key"

// Migrations creates the table of key fingerprints, the table of data keys
// (keyring.go) and the re-encryption job's progress (rekey.go). It records
// no fingerprint: the first start with a key does (Guard), so a migrated
// template database belongs to no key.
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026121404, Name: "sys_key_fingerprint (the field key the data was encrypted with)",
		Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx, `CREATE TABLE sys_key_fingerprint (
				name VARCHAR(40) PRIMARY KEY,
				fingerprint VARCHAR(64) NOT NULL,
				created_at TIMESTAMP NOT NULL)`)
		}}, keyMigration(), rekeyMigration()}
}

// ErrKeyMismatch means the database was encrypted with another field key.
var ErrKeyMismatch = errors.New("字段加密密钥与数据库不符：数据库中的身份证号、手机号等是用另一把密钥加密的，用这把密钥启动将无法读取它们。" +
	"请使用与数据库配套的 keys 目录（--data-dir 指向原数据目录，或用 zhdj restore --keys 恢复备份的密钥）")

// Guard compares c with the fingerprint the database holds, recording c's
// when there is none. Two instances starting at once on an empty database
// both insert; one row wins (ON CONFLICT DO NOTHING) and both compare with it.
func Guard(ctx context.Context, idb bun.IDB, c *FieldCipher) error {
	if _, err := idb.NewRaw(`INSERT INTO sys_key_fingerprint (name, fingerprint, created_at) VALUES (?, ?, ?)
		ON CONFLICT (name) DO NOTHING`, fingerprintName, c.Fingerprint(), time.Now().UTC()).Exec(ctx); err != nil {
		return fmt.Errorf("record the field key fingerprint: %w", err)
	}
	stored, _, err := StoredFingerprint(ctx, idb)
	if err != nil {
		return err
	}
	if stored != c.Fingerprint() {
		return ErrKeyMismatch
	}
	return nil
}

// StoredFingerprint is the fingerprint of the field key the database
// records, ok false when none is recorded yet.
func StoredFingerprint(ctx context.Context, idb bun.IDB) (fp string, ok bool, err error) {
	var rows []string
	if err := idb.NewSelect().Table("sys_key_fingerprint").Column("fingerprint").
		Where("name = ?", fingerprintName).Scan(ctx, &rows); err != nil {
		return "", false, fmt.Errorf("read the field key fingerprint: %w", err)
	}
	if len(rows) == 0 {
		return "", false, nil
	}
	return rows[0], true, nil
}
