package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zhdj/internal/app"
	"zhdj/internal/config"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/files"
	"zhdj/internal/platform/files/s3test"
)

// useBucket points the commands at bucket, as an operator's ZHDJ_S3_*
// settings do.
func useBucket(t *testing.T, b files.S3Config) {
	t.Setenv("ZHDJ_FILE_STORE", config.FileStoreS3)
	t.Setenv("ZHDJ_S3_ENDPOINT", b.Endpoint)
	t.Setenv("ZHDJ_S3_BUCKET", b.Bucket)
	t.Setenv("ZHDJ_S3_PREFIX", b.Prefix)
	t.Setenv("ZHDJ_S3_ACCESS_KEY", b.AccessKey)
	t.Setenv("ZHDJ_S3_SECRET_KEY", b.SecretKey)
	t.Setenv("ZHDJ_S3_INSECURE", map[bool]string{true: "true"}[b.Insecure])
}

// zhdj files migrate copies the local uploads into the bucket and reads
// every copy back; a file damaged on disk is reported and not copied, a
// second run copies only what is missing or differs; zhdj files verify
// finds an object gone; and a backup of the bucket restores into another.
func TestFilesMigrateVerifyAndBackupOnObjectStorage(t *testing.T) {
	dir, dbPath := useSQLite(t)
	ctx := context.Background()
	cfg := config.Defaults().FromEnv()
	a, err := app.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	bodies := [][]byte{[]byte("%PDF-1.4 支部会议记录"), bytes.Repeat([]byte("三会一课 "), 30000), []byte("%PDF-1.4 入党申请书")}
	var names []string
	for i, body := range bodies {
		f, _, err := a.System.SaveFileBytes(ctx, a.DB, "材料.pdf", body, "test", "")
		if err != nil {
			t.Fatal(i, err)
		}
		names = append(names, f.StoredName)
	}
	a.Close()
	src, err := files.NewStore(cfg.UploadDir())
	if err != nil {
		t.Fatal(err)
	}
	// A finished export's file has no file record (nor a recorded checksum).
	export, err := src.Save(ctx, strings.NewReader("导出的花名册"), "xlsx", 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	database, err := db.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer database.Close()

	bucket := s3test.Bucket(t)
	dst, err := files.NewS3Store(ctx, bucket, filepath.Join(dir, ".staging"))
	if err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(cfg.UploadDir(), names[2][:2], names[2])
	if err := os.WriteFile(damaged, []byte("%PDF-1.4 入党申请书（被改过）"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := migrateFiles(ctx, database, src, dst, &out); !errors.Is(err, errFilesDamaged) ||
		!strings.Contains(out.String(), "损坏："+names[2]) || !strings.Contains(out.String(), "新复制 3 个，目标中已有且一致 0 个，未通过校验 1 个") {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if _, err := dst.Open(ctx, names[2]); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the damaged file reached the bucket: %v", err)
	}

	// Repaired on disk; meanwhile an object in the bucket was replaced by
	// other bytes: the second run copies both again and nothing else.
	if err := os.WriteFile(damaged, bodies[2], 0o600); err != nil {
		t.Fatal(err)
	}
	other := []byte("别的内容")
	if err := dst.Put(ctx, names[0], bytes.NewReader(other), int64(len(other)),
		"c4b1b43d4fe5b6a3d5e2bb3cda0c3f6b64a65feb8b3a0e4e5f0a4ccc1bd4f5b1"); err == nil {
		t.Fatal("Put took a wrong checksum")
	}
	_, sum, _ := checksumOf(other)
	if err := dst.Put(ctx, names[0], bytes.NewReader(other), int64(len(other)), sum); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := migrateFiles(ctx, database, src, dst, &out); err != nil ||
		!strings.Contains(out.String(), "共 4 个文件：新复制 2 个，目标中已有且一致 2 个，未通过校验 0 个") {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for i, name := range names {
		if n, got, err := dst.Checksum(ctx, name); err != nil || n != int64(len(bodies[i])) {
			t.Fatalf("%s in the bucket: %d bytes %s %v", name, n, got, err)
		}
	}
	out.Reset()
	if err := verifyFiles(ctx, database, dst, &out); err != nil || !strings.Contains(out.String(), "共校验 3 个文件，缺失或不一致 0 个") {
		t.Fatalf("%v\n%s", err, out.String())
	}

	// A backup taken with the bucket as the store holds its objects, and a
	// restore into an empty database and another bucket puts them there.
	useBucket(t, bucket)
	archive, keys := filepath.Join(t.TempDir(), "b.tar.gz"), filepath.Join(t.TempDir(), "keys.tar.gz")
	if err := runBackup([]string{archive, "--keys", keys}); err != nil {
		t.Fatal(err)
	}
	target := s3test.Bucket(t)
	useBucket(t, target)
	newDir := t.TempDir()
	useDB(t, newDir, filepath.Join(newDir, "zhdj.db"))
	if err := runRestore([]string{archive, "--keys", keys}); err != nil {
		t.Fatal(err)
	}
	restored, err := files.NewS3Store(ctx, target, filepath.Join(newDir, ".staging"))
	if err != nil {
		t.Fatal(err)
	}
	restoredDB, err := db.Open(ctx, filepath.Join(newDir, "zhdj.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer restoredDB.Close()
	out.Reset()
	if err := verifyFiles(ctx, restoredDB, restored, &out); err != nil || !strings.Contains(out.String(), "共校验 3 个文件，缺失或不一致 0 个") {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if _, sum, err := restored.Checksum(ctx, export.Name); err != nil || sum != export.SHA256 {
		t.Fatalf("the export file: %s %v", sum, err)
	}

	// An object lost from the bucket is named by verify, which fails.
	if err := restored.Remove(ctx, names[1]); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := verifyFiles(ctx, restoredDB, restored, &out); !errors.Is(err, errFilesDamaged) || !strings.Contains(out.String(), "缺失："+names[1]) {
		t.Fatalf("%v\n%s", err, out.String())
	}
}

func checksumOf(b []byte) (int64, string, error) {
	sum := sha256.Sum256(b)
	return int64(len(b)), hex.EncodeToString(sum[:]), nil
}
