package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"zhdj/internal/app"
	"zhdj/internal/config"
	"zhdj/internal/demo"
	"zhdj/internal/platform/backup"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/files"
)

// drillDB is a database of the pass's kind (ZHDJ_TEST_DB): a SQLite file in
// dir, or a new PostgreSQL database dropped at the end of the test. wipe
// destroys it and leaves an empty one of the same name (createdb's).
type drillDB struct {
	dsn  string
	wipe func(t *testing.T)
}

func newDrillDB(t *testing.T, dir string) drillDB {
	t.Helper()
	server := os.Getenv(db.TestDSNEnv)
	if server == "" || server == "sqlite" {
		dsn := filepath.Join(dir, "zhdj.db")
		return drillDB{dsn: dsn, wipe: func(t *testing.T) {
			for _, p := range []string{dsn, dsn + "-wal", dsn + "-shm"} {
				if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
					t.Fatal(err)
				}
			}
		}}
	}
	for _, tool := range []string{"pg_dump", "pg_restore"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: the PostgreSQL backup cannot be taken", tool)
		}
	}
	u, err := url.Parse(server)
	if err != nil {
		t.Fatal(err)
	}
	admin, err := db.Open(context.Background(), server)
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("zhdj_drill_%d", time.Now().UnixNano())
	create := func(t *testing.T) {
		if _, err := admin.ExecContext(context.Background(), "CREATE DATABASE "+name); err != nil {
			t.Fatal(err)
		}
	}
	create(t)
	t.Cleanup(func() {
		admin.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") //nolint:errcheck
		admin.Close()
	})
	u.Path = "/" + name
	return drillDB{dsn: u.String(), wipe: func(t *testing.T) {
		if _, err := admin.ExecContext(context.Background(), "DROP DATABASE "+name+" WITH (FORCE)"); err != nil {
			t.Fatal(err)
		}
		create(t)
	}}
}

// drillConfig is the configuration of a database and a data directory.
func drillConfig(dsn, dir string) config.Config {
	cfg := config.Defaults()
	cfg.DB, cfg.DataDir, cfg.PasswordCost, cfg.CaptchaOff = dsn, dir, 4, true
	return cfg
}

// personal is a member's decrypted ID number and phone.
type personal struct{ id, phone string }

// readPersonal decrypts the ID numbers and phones of the first members.
func readPersonal(t *testing.T, cfg config.Config) map[int64]personal {
	t.Helper()
	ctx := context.Background()
	cipher, err := crypto.Load(cfg.KeyDir())
	if err != nil {
		t.Fatal(err)
	}
	database, err := db.Open(ctx, cfg.DB)
	if err != nil {
		t.Fatal(err)
	}
	defer database.Close()
	var rows []struct {
		ID    int64  `bun:"id"`
		IDEnc string `bun:"id_number_enc"`
		Phone string `bun:"phone_enc"`
	}
	if err := database.NewSelect().Table("dyjbxx").Column("id", "id_number_enc", "phone_enc").Order("id").Limit(40).Scan(ctx, &rows); err != nil {
		t.Fatal(err)
	}
	out := map[int64]personal{}
	for _, r := range rows {
		id, err := cipher.Decrypt(r.IDEnc)
		if err != nil {
			t.Fatalf("member %d: %v", r.ID, err)
		}
		phone, err := cipher.Decrypt(r.Phone)
		if err != nil {
			t.Fatalf("member %d: %v", r.ID, err)
		}
		out[r.ID] = personal{id, phone}
	}
	if len(out) != 40 {
		t.Fatalf("%d members read", len(out))
	}
	return out
}

func tableCounts(t *testing.T, dsn string) map[string]int64 {
	t.Helper()
	database, err := db.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer database.Close()
	counts, err := backup.Counts(context.Background(), database)
	if err != nil {
		t.Fatal(err)
	}
	return counts
}

// The restore drill of docs/backup.md: seed a university through the app,
// upload a file, back up, wipe the database and the data directory,
// restore, and find the same rows, files and readable personal fields; the
// refusals on the way (no --keys, the wrong key, a changed archive, a
// database not empty, a start with another key) change nothing.
func TestRestoreDrill(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := t.TempDir()
	target := newDrillDB(t, src)
	cfg := drillConfig(target.dsn, src)
	a, err := app.Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cipher, err := crypto.Load(cfg.KeyDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := demo.Seed(ctx, a.DB, cipher, demo.Options{Members: demo.MinMembers, Seed: 7}); err != nil {
		t.Fatal(err)
	}
	a.Close()
	store, err := files.NewStore(cfg.UploadDir())
	if err != nil {
		t.Fatal(err)
	}
	uploads := map[string][]byte{}
	for _, body := range [][]byte{[]byte("%PDF-1.4 会议记录"), bytes.Repeat([]byte("支部学习材料 "), 5000)} {
		saved, err := store.Save(ctx, bytes.NewReader(body), "pdf", 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		uploads[saved.Name] = body
	}
	counts := tableCounts(t, cfg.DB)
	people := readPersonal(t, cfg)

	out := t.TempDir()
	file, keys := filepath.Join(out, "zhdj.tar.gz"), filepath.Join(t.TempDir(), "keys.tar.gz")
	flags := []string{"--db", cfg.DB, "--data-dir", cfg.DataDir}
	if err := runBackup(append([]string{file}, flags...)); !errors.Is(err, errNoKeys) {
		t.Fatalf("backup without --keys: %v", err)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Fatalf("the refused backup left %s", entries[0].Name())
	}
	if err := runBackup(append([]string{file, "--keys", keys}, flags...)); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{file, keys} {
		if info, err := os.Stat(p); err != nil || info.Mode().Perm() != 0o600 {
			t.Fatalf("%s: %v %v", p, info.Mode(), err)
		}
	}
	if entries, _ := os.ReadDir(out); len(entries) != 1 {
		t.Fatalf("the backup left %d files beside it", len(entries)-1)
	}
	archived := unpacked(t, file)
	if _, ok := archived[backup.KeysPrefix+crypto.KeyFile]; ok {
		t.Fatal("the data archive holds the field key")
	}
	for _, p := range people {
		for _, v := range []string{p.id, p.phone} {
			for name, body := range archived {
				if bytes.Contains(body, []byte(v)) {
					t.Fatalf("%s holds %s in clear", name, v)
				}
			}
		}
	}

	t.Run("refusals", func(t *testing.T) {
		// Each restores into a database and a data directory of its own
		// and must leave both as they were.
		untouched := func(t *testing.T, dir, dsn string) {
			t.Helper()
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Fatalf("the refused restore left %s", entries[0].Name())
			}
			if !strings.Contains(dsn, "://") {
				if _, err := os.Stat(dsn); !errors.Is(err, os.ErrNotExist) {
					t.Fatalf("the refused restore made %s", dsn)
				}
			} else if n := len(tableCounts(t, dsn)); n != 0 {
				t.Fatalf("the refused restore made %d tables", n)
			}
		}
		restoreInto := func(t *testing.T, file, keys string) (check func(), err error) {
			dir, dbDir := t.TempDir(), t.TempDir()
			dsn := newDrillDB(t, dbDir).dsn
			err = runRestore([]string{file, "--keys", keys, "--db", dsn, "--data-dir", dir})
			return func() { untouched(t, dir, dsn) }, err
		}
		t.Run("wrong key", func(t *testing.T) {
			t.Parallel()
			other := t.TempDir()
			c, err := crypto.LoadOrCreate(filepath.Join(other, "keys"))
			if err != nil {
				t.Fatal(err)
			}
			wrong := filepath.Join(other, "wrong.tar.gz")
			if _, err := backup.WriteKeys(wrong, filepath.Join(other, "keys"), c.Fingerprint()); err != nil {
				t.Fatal(err)
			}
			check, err := restoreInto(t, file, wrong)
			if err == nil || !strings.Contains(err.Error(), "指纹不符") {
				t.Fatalf("restore with another installation's key: %v", err)
			}
			check()
		})
		t.Run("changed member", func(t *testing.T) {
			t.Parallel()
			changed := filepath.Join(t.TempDir(), "changed.tar.gz")
			rewrite(t, file, changed, func(name string, body []byte) []byte {
				if strings.HasPrefix(name, backup.FilesPrefix) {
					body = bytes.Clone(body)
					body[0] ^= 1 // same size: only the checksum tells
				}
				return body
			})
			check, err := restoreInto(t, changed, keys)
			if !errors.Is(err, backup.ErrDamaged) {
				t.Fatalf("restore of a changed archive: %v", err)
			}
			check()
		})
		t.Run("cut short", func(t *testing.T) {
			t.Parallel()
			cut := filepath.Join(t.TempDir(), "cut.tar.gz")
			rewrite(t, file, cut, func(name string, body []byte) []byte {
				if name == backup.ManifestName {
					return nil // left out
				}
				return body
			})
			check, err := restoreInto(t, cut, keys)
			if !errors.Is(err, backup.ErrDamaged) {
				t.Fatalf("restore of an archive without its manifest: %v", err)
			}
			check()
		})
		t.Run("database not empty", func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			err := runRestore([]string{file, "--keys", keys, "--db", cfg.DB, "--data-dir", dir})
			if err == nil || !strings.Contains(err.Error(), "不为空") {
				t.Fatalf("restore over the live database: %v", err)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Fatalf("the refused restore left %s", entries[0].Name())
			}
		})
	})

	// The drill proper: nothing left of the installation but the two archives.
	target.wipe(t)
	if err := os.RemoveAll(src); err != nil {
		t.Fatal(err)
	}
	if err := runRestore(append([]string{file, "--keys", keys}, flags...)); err != nil {
		t.Fatal(err)
	}
	if got := tableCounts(t, cfg.DB); len(backup.Diff(counts, got)) > 0 {
		t.Fatalf("restored counts differ:\n%s", strings.Join(backup.Diff(counts, got), "\n"))
	}
	if counts["dyjbxx"] < int64(demo.MinMembers) {
		t.Fatalf("%d members before the backup", counts["dyjbxx"])
	}
	for id, want := range readPersonal(t, cfg) {
		if got := people[id]; got != want {
			t.Fatalf("member %d: restored %v, was %v", id, want, got)
		}
	}
	for name, body := range uploads {
		r, err := store.Open(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		r.Close()
		if err != nil || !bytes.Equal(got, body) {
			t.Fatalf("upload %s: %d bytes restored, %d backed up (%v)", name, len(got), len(body), err)
		}
	}
	if info, err := os.Stat(filepath.Join(cfg.KeyDir(), crypto.KeyFile)); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("restored key: %v", err)
	}
	// The restored installation starts with its own key, and with no other.
	a, err = app.Open(ctx, cfg)
	if err != nil {
		t.Fatalf("start after the restore: %v", err)
	}
	a.Close()
	if _, err := app.Open(ctx, drillConfig(cfg.DB, t.TempDir())); !errors.Is(err, crypto.ErrKeyMismatch) {
		t.Fatalf("start with a new key on the restored database: %v", err)
	}
	// A second restore finds the database restored: refused.
	if err := runRestore(append([]string{file, "--keys", keys}, flags...)); err == nil || !strings.Contains(err.Error(), "不为空") {
		t.Fatalf("restore over a restored database: %v", err)
	}
}

// unpacked is every member of the archive at path, in memory (a test's).
func unpacked(t *testing.T, path string) map[string][]byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	out := map[string][]byte{}
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		if out[h.Name], err = io.ReadAll(tr); err != nil {
			t.Fatal(err)
		}
	}
}

// rewrite copies the archive src to dst with every member passed through
// edit (nil: left out), headers kept.
func rewrite(t *testing.T, src, dst string, edit func(name string, body []byte) []byte) {
	t.Helper()
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	gin, err := gzip.NewReader(in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	gout := gzip.NewWriter(out)
	tr, tw := tar.NewReader(gin), tar.NewWriter(gout)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if body = edit(h.Name, body); body == nil {
			continue
		}
		h.Size = int64(len(body))
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write(body); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gout.Close(); err != nil {
		t.Fatal(err)
	}
}
