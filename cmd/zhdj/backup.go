package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/config"
	"zhdj/internal/platform/backup"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
)

const backupUsage = "用法: zhdj backup FILE --keys KEYFILE [--db ...] [--data-dir ...]"

// errNoKeys explains why a backup names a place for the keys: the archive
// holds ID numbers and phones encrypted, and only field.key opens them.
var errNoKeys = errors.New(`必须用 --keys 指定密钥备份文件的位置，备份才会进行。
备份中的身份证号、手机号等个人信息是加密保存的，只有数据目录 keys 下的 field.key 能解开；
密钥一旦丢失，恢复出的数据中这些字段将永远无法读取。为防备份文件与密钥一同泄露，密钥不会写进备份文件，
而是写到您指定的另一处（例如另一台机器、加密 U 盘或密钥保管系统），例如：
  zhdj backup /backup/zhdj-20261204.tar.gz --keys /secure/zhdj-keys-20261204.tar.gz
详见 docs/backup.md。`)

// commandFlags parses args (after the archive's name) into the common
// settings and the --keys flag; restore adds its own flags via more.
func commandFlags(name string, args []string, more func(*flag.FlagSet)) (config.Config, string, error) {
	cfg := config.Defaults().FromEnv()
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	cfg.BindFlags(fs)
	keys := fs.String("keys", "", "the keys archive (written by backup, read by restore)")
	if more != nil {
		more(fs)
	}
	if err := fs.Parse(args); err != nil {
		return cfg, "", err
	}
	if fs.NArg() > 0 {
		return cfg, "", fmt.Errorf("多余的参数: %s", strings.Join(fs.Args(), " "))
	}
	if err := cfg.Check(); err != nil {
		return cfg, "", err
	}
	slog.SetDefault(newLogger(cfg.LogFormat, os.Stderr)) // as load does for the other commands
	return cfg, *keys, nil
}

// runBackup writes FILE (the database, the uploaded files and a manifest) and
// KEYFILE (the keys directory), both new files readable by their owner only.
func runBackup(args []string) error {
	if len(args) < 1 || strings.HasPrefix(args[0], "-") {
		return errors.New(backupUsage)
	}
	file := args[0]
	cfg, keysPath, err := commandFlags("backup", args[1:], nil)
	if err != nil {
		return err
	}
	if keysPath == "" {
		return errNoKeys
	}
	if err := apart(file, keysPath); err != nil {
		return err
	}
	// The key as it is on disk, never a new one: a data directory without
	// its key has nothing a backup could save.
	cipher, err := crypto.Load(cfg.KeyDir())
	if err != nil {
		return fmt.Errorf("读取字段加密密钥失败（%v）：没有密钥的备份无法恢复个人信息字段", err)
	}
	ctx := context.Background()
	database, err := db.Open(ctx, cfg.DB)
	if err != nil {
		return err
	}
	defer database.Close()
	// The key backed up must be the database's: one of another installation
	// would make the backup useless.
	if stored, ok, err := crypto.StoredFingerprint(ctx, database); err == nil && ok && stored != cipher.Fingerprint() {
		return fmt.Errorf("%w (%s)", crypto.ErrKeyMismatch, cfg.KeyDir())
	}
	keyCount, err := backup.WriteKeys(keysPath, cfg.KeyDir(), cipher.Fingerprint())
	if err != nil {
		return fmt.Errorf("写入密钥备份 %s: %w", keysPath, err)
	}
	done := false
	defer func() {
		if !done {
			os.Remove(keysPath) //nolint:errcheck // no keys archive without its backup
		}
	}()
	w, err := backup.Create(file)
	if err != nil {
		return err
	}
	defer w.Abort()
	m := backup.Manifest{Created: time.Now().UTC(), KeyFingerprint: cipher.Fingerprint(), Keys: keysPath}
	if abs, err := filepath.Abs(keysPath); err == nil {
		m.KeysAbs = abs
	}
	// The snapshot goes through a private directory beside the archive
	// (a tar member's size must be known before its bytes).
	staging, err := os.MkdirTemp(filepath.Dir(file), ".zhdj-backup-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(staging) //nolint:errcheck
	if cfg.IsPostgres() {
		err = snapshotPostgres(ctx, database, cfg.DB, staging, w, &m)
	} else {
		err = snapshotSQLite(ctx, database, staging, w, &m)
	}
	if err != nil {
		return err
	}
	// After the database: a file the snapshot names was uploaded before it.
	nFiles, err := addFiles(ctx, w, cfg)
	if err != nil {
		return fmt.Errorf("备份上传文件: %w", err)
	}
	if err := w.Finish(m); err != nil {
		return err
	}
	done = true
	fmt.Printf("已备份到 %s：%s 数据库 %d 个表共 %d 行（结构版本 %d），上传文件 %d 个\n", file, m.Database, len(m.Tables), m.Rows(), m.Schema, nFiles)
	fmt.Printf("密钥（%d 个文件，字段加密密钥指纹 %s…）已写入 %s：请把它与备份文件分开保存，恢复时两者缺一不可。\n",
		keyCount, m.KeyFingerprint[:12], keysPath)
	return nil
}

// apart refuses a keys archive at the data archive's path; a keys archive
// beside the data archive is allowed but named as a risk.
func apart(file, keys string) error {
	a, errA := filepath.Abs(file)
	b, errB := filepath.Abs(keys)
	if errA != nil || errB != nil {
		return errors.Join(errA, errB)
	}
	if a == b {
		return errors.New("--keys 不能与备份文件相同：密钥必须与数据分开保存")
	}
	if filepath.Dir(a) == filepath.Dir(b) {
		fmt.Fprintf(os.Stderr, "注意：密钥备份 %s 与数据备份在同一目录；请把它移到另一处保存（拿到两者的人即可读取全部个人信息）。\n", keys)
	}
	return nil
}

// snapshotSQLite adds a consistent copy of the database (VACUUM INTO, which
// the running server does not notice) and counts its rows.
func snapshotSQLite(ctx context.Context, database *bun.DB, staging string, w *backup.Writer, m *backup.Manifest) error {
	snap := filepath.Join(staging, "zhdj.db")
	if _, err := database.ExecContext(ctx, "VACUUM INTO ?", snap); err != nil {
		return fmt.Errorf("SQLite 快照: %w", err)
	}
	if err := os.Chmod(snap, 0o600); err != nil {
		return err
	}
	copyDB, err := backup.OpenSQLiteReadOnly(snap)
	if err != nil {
		return err
	}
	m.Database = backup.SQLite
	m.Tables, err = backup.Counts(ctx, copyDB)
	if err == nil {
		m.Schema, err = db.SchemaVersion(ctx, copyDB)
	}
	if cerr := copyDB.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return w.AddFile(backup.SQLiteMember, snap)
}

// snapshotPostgres dumps the database with pg_dump (custom format) from a
// snapshot it shares with the row counts: a transaction exports its
// snapshot, counts in it, and pg_dump reads the same one.
func snapshotPostgres(ctx context.Context, database *bun.DB, dsn, staging string, w *backup.Writer, m *backup.Manifest) error {
	tx, err := database.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // read only
	var snapshot string
	if err := tx.NewRaw("SELECT pg_export_snapshot()").Scan(ctx, &snapshot); err != nil {
		return fmt.Errorf("PostgreSQL 快照: %w", err)
	}
	m.Database = backup.Postgres
	if m.Tables, err = backup.Counts(ctx, tx); err != nil {
		return err
	}
	if m.Schema, err = db.SchemaVersion(ctx, tx); err != nil {
		return err
	}
	dump := filepath.Join(staging, "zhdj.dump")
	cmd := exec.CommandContext(ctx, "pg_dump", "--format=custom", "--snapshot="+snapshot, "--file="+dump, "--dbname="+dsn)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("pg_dump: %w", err)
	}
	return w.AddFile(backup.PostgresMember, dump)
}

// addFiles copies the uploaded files into the archive: the directory, or
// every object of the bucket under the same member names (the first two
// characters of a name as its directory), so a backup of either store
// restores into either.
func addFiles(ctx context.Context, w *backup.Writer, cfg config.Config) (int, error) {
	if cfg.FileStore != config.FileStoreS3 {
		return w.AddDir(backup.FilesPrefix, cfg.UploadDir())
	}
	store, err := cfg.OpenFileStore(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	err = store.Walk(ctx, func(name string, size int64) error {
		f, err := store.Open(ctx, name)
		if err != nil {
			return err
		}
		defer f.Close()
		n++
		return w.Add(backup.FilesPrefix+name[:2]+"/"+name, size, io.LimitReader(f, size))
	})
	return n, err
}
