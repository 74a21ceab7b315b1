package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/app"
	"zhdj/internal/config"
	"zhdj/internal/platform/backup"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/files"
)

const restoreUsage = "用法: zhdj restore FILE --keys KEYFILE [--db ...] [--data-dir ...]"

// runRestore puts a backup back: the checksums of both archives and the key's
// fingerprint are checked before anything is written; the database must be
// empty; keys and files already present must be the backup's own; the
// database comes last (SQLite: a file renamed into place; PostgreSQL:
// pg_restore in one transaction), so a failure leaves no half database.
func runRestore(args []string) error {
	if len(args) < 1 || strings.HasPrefix(args[0], "-") {
		return errors.New(restoreUsage)
	}
	file := args[0]
	cfg, keysPath, err := commandFlags("restore", args[1:], nil)
	if err != nil {
		return err
	}
	if keysPath == "" {
		return errors.New("必须用 --keys 指定备份时写出的密钥文件：没有字段加密密钥，恢复出的身份证号、手机号等无法读取。\n" + restoreUsage)
	}
	m, err := backup.Verify(file)
	if err != nil {
		return err
	}
	keys, _, err := backup.ReadKeys(keysPath)
	if err != nil {
		return err
	}
	fieldKey, ok := keys[backup.KeysPrefix+crypto.KeyFile]
	if !ok {
		return fmt.Errorf("%s 中没有字段加密密钥 %s", keysPath, crypto.KeyFile)
	}
	cipher, err := crypto.FromKey(fieldKey, keysPath)
	if err != nil {
		return err
	}
	if cipher.Fingerprint() != m.KeyFingerprint {
		return fmt.Errorf("密钥文件 %s 与备份 %s 不配套（字段加密密钥指纹不符）：请使用与此备份同时写出的密钥文件（备份时写在 %s）",
			keysPath, file, m.Keys)
	}
	if want := map[bool]string{true: backup.Postgres, false: backup.SQLite}[cfg.IsPostgres()]; m.Database != want {
		return fmt.Errorf("备份是 %s 数据库的，不能恢复到 %s 数据库", m.Database, want)
	}
	if m.Schema > app.NewestMigration() {
		return fmt.Errorf("备份的数据库结构版本 %d 比本程序所知的最新版本 %d 新：请用较新版本的 zhdj 恢复", m.Schema, app.NewestMigration())
	}
	ctx := context.Background()
	if err := targetEmpty(ctx, cfg); err != nil {
		return err
	}
	if err := keysFit(cfg.KeyDir(), keys); err != nil {
		return err
	}
	// An object store is opened (its bucket checked) before anything is written.
	var bucket *files.Store
	if cfg.FileStore == config.FileStoreS3 {
		if bucket, err = cfg.OpenFileStore(ctx); err != nil {
			return err
		}
		err = bucketFits(ctx, bucket, m)
	} else {
		err = filesFit(cfg.UploadDir(), m)
	}
	if err != nil {
		return err
	}
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return err
	}
	staging, err := os.MkdirTemp(cfg.DataDir, ".zhdj-restore-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(staging) //nolint:errcheck
	if err := backup.Extract(file, m, staging); err != nil {
		return err
	}
	var counts map[string]int64
	if !cfg.IsPostgres() {
		// The snapshot is checked where it lies, before it becomes the database.
		if counts, err = checkedSQLite(ctx, filepath.Join(staging, filepath.FromSlash(backup.SQLiteMember)), m); err != nil {
			return err
		}
	}
	nKeys, err := placeKeys(cfg.KeyDir(), keys)
	if err != nil {
		return err
	}
	extracted := filepath.Join(staging, strings.TrimSuffix(backup.FilesPrefix, "/"))
	var nFiles int
	if bucket != nil {
		nFiles, err = putFiles(ctx, extracted, bucket, m)
	} else {
		nFiles, err = placeFiles(extracted, cfg.UploadDir())
	}
	if err != nil {
		return err
	}
	if cfg.IsPostgres() {
		counts, err = restorePostgres(ctx, cfg.DB, filepath.Join(staging, filepath.FromSlash(backup.PostgresMember)), m)
	} else {
		err = placeSQLite(filepath.Join(staging, filepath.FromSlash(backup.SQLiteMember)), cfg.DB)
	}
	if err != nil {
		return err
	}
	var rows int64
	for _, n := range counts {
		rows += n
	}
	fmt.Printf("已从 %s 恢复（备份时间 %s）：%s 数据库 %d 个表共 %d 行，与备份清单逐表一致；结构版本 %d；上传文件 %d 个；密钥 %d 个（新写入 %d 个）\n",
		file, m.Created.Local().Format("2006-01-02 15:04:05"), m.Database, len(counts), rows, m.Schema, nFiles, len(keys), nKeys)
	if m.Schema < app.NewestMigration() {
		fmt.Printf("备份的结构版本 %d 比本程序的 %d 旧：下次启动（zhdj serve 或 zhdj migrate）时会自动升级。\n", m.Schema, app.NewestMigration())
	}
	return nil
}

// targetEmpty refuses a database that holds any table: a restore never
// mixes a backup into other data or overwrites it.
func targetEmpty(ctx context.Context, cfg config.Config) error {
	if !cfg.IsPostgres() {
		for _, p := range []string{cfg.DB, cfg.DB + "-wal"} {
			info, err := os.Stat(p)
			if errors.Is(err, fs.ErrNotExist) || (err == nil && info.Size() == 0) {
				continue
			}
			if err != nil {
				return err
			}
			return fmt.Errorf("目标数据库 %s 已存在且不为空：恢复不会覆盖已有数据。请换一个 --db 路径，或先把该文件移走（确认不再需要后）", p)
		}
		return nil
	}
	database, err := db.Open(ctx, cfg.DB)
	if err != nil {
		return fmt.Errorf("连接目标数据库（须先用 createdb 建好一个空库）: %w", err)
	}
	defer database.Close()
	tables, err := backup.Tables(ctx, database)
	if err != nil {
		return err
	}
	if len(tables) > 0 {
		return fmt.Errorf("目标数据库不为空（已有 %d 个表，如 %s）：恢复不会覆盖已有数据，请恢复到新建的空库（createdb）", len(tables), tables[0])
	}
	return nil
}

// keysFit refuses keys already in dir that differ from the backup's: the
// data directory may belong to another installation.
func keysFit(dir string, keys map[string][]byte) error {
	for name, body := range keys {
		p := filepath.Join(dir, strings.TrimPrefix(name, backup.KeysPrefix))
		have, err := os.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if string(have) != string(body) {
			return fmt.Errorf("密钥 %s 已存在且与备份中的不同：恢复不会覆盖已有密钥。请使用新的数据目录（--data-dir），或确认该目录不再使用后移走它", p)
		}
	}
	return nil
}

// filesFit refuses uploaded files already in dir that differ from the
// backup's copy of the same name (a repeated restore finds its own).
func filesFit(dir string, m backup.Manifest) error {
	for _, x := range m.Members {
		rel, ok := strings.CutPrefix(x.Name, backup.FilesPrefix)
		if !ok {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(rel))
		sum, err := fileSHA256(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if sum != x.SHA256 {
			return fmt.Errorf("上传文件 %s 已存在且内容与备份不同：请恢复到新的数据目录（--data-dir）", p)
		}
	}
	return nil
}

func fileSHA256(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// placeKeys writes the keys dir lacks (0600, each linked into place so an
// existing key is never replaced) and returns how many it wrote.
func placeKeys(dir string, keys map[string][]byte) (int, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return 0, err
	}
	n := 0
	for name, body := range keys {
		p := filepath.Join(dir, strings.TrimPrefix(name, backup.KeysPrefix))
		tmp, err := os.CreateTemp(dir, ".restore-*")
		if err != nil {
			return n, err
		}
		_, err = tmp.Write(body)
		if err == nil {
			err = tmp.Sync()
		}
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Link(tmp.Name(), p)
		}
		os.Remove(tmp.Name()) //nolint:errcheck
		if errors.Is(err, fs.ErrExist) {
			continue // checked by keysFit: the same key
		}
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// placeFiles moves the extracted uploads (staging, on the data directory's
// file system) into dir, leaving files already there (filesFit found them
// equal). It returns how many files the backup held.
func placeFiles(staging, dir string) (int, error) {
	n := 0
	err := filepath.WalkDir(staging, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && p == staging {
			return fs.SkipAll // a backup without uploads
		}
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(staging, p)
		if err != nil {
			return err
		}
		dst := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o750); err != nil {
			return err
		}
		n++
		if err := os.Link(p, dst); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		return nil
	})
	return n, err
}

// bucketFits is filesFit for an object store.
func bucketFits(ctx context.Context, store *files.Store, m backup.Manifest) error {
	for _, x := range m.Members {
		rel, ok := strings.CutPrefix(x.Name, backup.FilesPrefix)
		if !ok {
			continue
		}
		name := path.Base(rel)
		_, sum, err := store.Checksum(ctx, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if sum != x.SHA256 {
			return fmt.Errorf("%s 中的文件 %s 已存在且内容与备份不同：请恢复到新的存储桶或前缀（ZHDJ_S3_BUCKET、ZHDJ_S3_PREFIX）", store, name)
		}
	}
	return nil
}

// putFiles copies the extracted uploads into an object store, each
// checked against the manifest's checksum on the way (Put refuses a copy
// that differs). It returns how many files the backup held.
func putFiles(ctx context.Context, staging string, store *files.Store, m backup.Manifest) (int, error) {
	n := 0
	for _, x := range m.Members {
		rel, ok := strings.CutPrefix(x.Name, backup.FilesPrefix)
		if !ok {
			continue
		}
		n++
		f, err := os.Open(filepath.Join(staging, filepath.FromSlash(rel)))
		if err != nil {
			return n, err
		}
		err = store.Put(ctx, path.Base(rel), f, x.Size, x.SHA256)
		f.Close()
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// checkedSQLite compares the extracted snapshot with the manifest: its
// schema version and every table's row count.
func checkedSQLite(ctx context.Context, path string, m backup.Manifest) (map[string]int64, error) {
	snap, err := backup.OpenSQLiteReadOnly(path)
	if err != nil {
		return nil, err
	}
	defer snap.Close()
	return checked(ctx, snap, m)
}

func checked(ctx context.Context, idb bun.IDB, m backup.Manifest) (map[string]int64, error) {
	v, err := db.SchemaVersion(ctx, idb)
	if err != nil {
		return nil, err
	}
	if v != m.Schema {
		return nil, fmt.Errorf("恢复出的数据库结构版本 %d 与备份清单的 %d 不符", v, m.Schema)
	}
	counts, err := backup.Counts(ctx, idb)
	if err != nil {
		return nil, err
	}
	if diff := backup.Diff(m.Tables, counts); len(diff) > 0 {
		return nil, fmt.Errorf("恢复出的数据与备份清单不符：\n  %s", strings.Join(diff, "\n  "))
	}
	return counts, nil
}

// placeSQLite makes the checked snapshot the database file (0600). The
// target was found empty; a rename across file systems falls back to a
// copy beside the target, renamed in its turn.
func placeSQLite(snap, target string) error {
	if err := os.MkdirAll(filepath.Dir(target), 0o700); err != nil {
		return err
	}
	if err := os.Chmod(snap, 0o600); err != nil {
		return err
	}
	if err := os.Rename(snap, target); err == nil {
		return nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), ".zhdj-restore-*.db")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) //nolint:errcheck // renamed or abandoned
	src, err := os.Open(snap)
	if err != nil {
		tmp.Close()
		return err
	}
	_, err = io.Copy(tmp, src)
	src.Close()
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), target)
}

// restorePostgres loads the dump into the empty database in one
// transaction (a failure leaves it empty) and checks it against m.
func restorePostgres(ctx context.Context, dsn, dump string, m backup.Manifest) (map[string]int64, error) {
	cmd := exec.CommandContext(ctx, "pg_restore", "--no-owner", "--exit-on-error", "--single-transaction", "--dbname="+dsn, dump)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("pg_restore（数据库未改动）: %w", err)
	}
	database, err := db.Open(ctx, dsn)
	if err != nil {
		return nil, err
	}
	defer database.Close()
	return checked(ctx, database, m)
}
